import { describe, expect, it } from 'vitest';
import { parseErrorBody, parseRetryAfter } from '../../src/api/failures.js';
import { sanitizeServerText } from '../../src/api/text.js';

describe('sanitizeServerText', () => {
  it('removes escape sequences, controls and bidi overrides, keeps one line', () => {
    const hostile =
      'a\u001b[31mred\u001b[0m \u001b]0;title\u0007b\u001b]8;;https://x\u001b\\link\u001b]8;;\u001b\\ c\u0000d\u009b2Je\u202eevil\u2066\nline2\r';
    const clean = sanitizeServerText(hostile);
    // eslint-disable-next-line no-control-regex -- asserting control characters are gone
    expect(clean).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(clean).toContain('red');
    expect(clean).toContain('link');
    expect(clean).not.toContain('title');
    expect(clean).not.toContain('https://x');
    expect(clean).toContain('line2');
  });

  it('cuts long text to the limit with an ellipsis, never inside a surrogate pair', () => {
    const clean = sanitizeServerText('😀'.repeat(300), 10);
    expect(Array.from(clean)).toHaveLength(10);
    expect(clean.endsWith('…')).toBe(true);
    expect(clean).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(sanitizeServerText('short')).toBe('short');
  });
});

describe('parseErrorBody', () => {
  it('reads the sandbox shape {detail, errors: {field: [msg]}}', () => {
    expect(
      parseErrorBody(
        JSON.stringify({ detail: 'Some fields are not valid.', errors: { name: ['Required.'] } }),
        'application/json',
      ),
    ).toEqual({ detail: 'Some fields are not valid.', fieldErrors: { name: ['Required.'] } });
  });

  it('reads DRF shapes: {field: [msg]}, {detail}, {non_field_errors}', () => {
    expect(parseErrorBody('{"name": ["This field is required."], "limit": "Bad."}', undefined).fieldErrors).toEqual({
      name: ['This field is required.'],
      limit: ['Bad.'],
    });
    expect(parseErrorBody('{"detail": "Not found."}', undefined)).toEqual({ detail: 'Not found.' });
    expect(parseErrorBody('{"non_field_errors": ["Clash."]}', undefined)).toEqual({ detail: 'Clash.' });
    expect(parseErrorBody('{"errors": ["one", "two"]}', undefined)).toEqual({ detail: 'one two' });
  });

  it('tolerates plain text, HTML, empty and hostile bodies', () => {
    expect(parseErrorBody('', undefined)).toEqual({});
    expect(parseErrorBody('<html><body>502 Bad Gateway</body></html>', 'text/html')).toEqual({
      detail: 'an HTML page',
    });
    expect(parseErrorBody('upstream \u001b[2Jfailed', 'text/plain')).toEqual({ detail: 'upstream failed' });
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, ['x'.repeat(1000)]]));
    const parsed = parseErrorBody(JSON.stringify(many), 'application/json');
    expect(Object.keys(parsed.fieldErrors ?? {}).length).toBeLessThanOrEqual(50);
    expect(parsed.fieldErrors?.f0?.[0]?.length).toBeLessThanOrEqual(200);
    expect(parseErrorBody('{"name": {"deep": 1}, "n": 3}', undefined)).toEqual({});
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads seconds and HTTP dates; ignores nonsense', () => {
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
