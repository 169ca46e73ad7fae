import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { maxHeaderSize } from '../../src/api/headerLimit.js';

describe('the response head limit given to undici', () => {
  it("is node:http's own when Node runs without --max-http-header-size", () => {
    expect(maxHeaderSize([], undefined)).toBe(http.maxHeaderSize);
    expect(maxHeaderSize(['--enable-source-maps'], '--no-warnings')).toBe(http.maxHeaderSize);
  });

  it('is left to undici (node:http read as before) when the option is given', () => {
    expect(maxHeaderSize(['--max-http-header-size=65536'], undefined)).toBeUndefined();
    expect(maxHeaderSize([], '--max-http-header-size 65536')).toBeUndefined();
  });
});
