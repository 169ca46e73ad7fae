import { describe, expect, test } from 'vitest';
import { checkHttpsUrl } from '../../src/config/tokenSetup.js';
import { withScheme } from '../../src/config/urls.js';

describe('addresses as typed', () => {
  test.each([
    ['slo.example.com', 'https://slo.example.com'],
    ['slo.example.com/', 'https://slo.example.com'],
    ['localhost:8443/api', 'https://localhost:8443/api'],
    ['  https://slo.example.com/v2/ ', 'https://slo.example.com/v2'],
  ])('%j is %s', (typed, url) => {
    expect(checkHttpsUrl(typed, 'The base URL')).toEqual({ ok: true, url });
  });

  test('a scheme is kept as typed: http is refused, never upgraded', () => {
    expect(withScheme('http://slo.example.com')).toBe('http://slo.example.com');
    expect(checkHttpsUrl('http://slo.example.com', 'The base URL')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('must start with https://'),
    });
    expect(checkHttpsUrl('', 'The base URL')).toMatchObject({ ok: false });
    expect(checkHttpsUrl('not a host', 'The base URL')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('not a valid URL'),
    });
  });
});
