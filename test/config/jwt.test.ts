import { describe, expect, test } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import { decodeClaims, isExpired, parseTokenInput, tokenUser, tryDecodeClaims } from '../../src/config/jwt.js';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) =>
  `${b64(header)}.${b64(payload)}.c2lnbmF0dXJlLWJ5dGVz`;

const NOT_A_TOKEN = 'That is not a JWT or the JSON {"jwt": ...} answer of the token endpoint.';

function refusal(text: string): SlotuiError {
  try {
    parseTokenInput(text);
  } catch (error) {
    if (error instanceof SlotuiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseTokenInput', () => {
  const token = jwt({ sub: 'user-7', user_id: 'u-7', iat: 1_700_000_000, exp: 1_731_536_000 });

  test('a bare JWT, with whitespace around it', () => {
    const parsed = parseTokenInput(`\n  ${token}  \n`);
    expect(parsed.token).toBe(token);
    expect(parsed.claims).toEqual({
      sub: 'user-7',
      userId: 'u-7',
      iat: new Date(1_700_000_000_000),
      exp: new Date(1_731_536_000_000),
    });
  });

  test('the JSON answer of the token endpoint', () => {
    const parsed = parseTokenInput(`{"jwt": "${token}"}\n`);
    expect(parsed.token).toBe(token);
    expect(tokenUser(parsed.claims)).toBe('u-7');
  });

  test('pretty-printed JSON and "Bearer " prefixes', () => {
    expect(parseTokenInput(JSON.stringify({ jwt: token, other: 1 }, null, 2)).token).toBe(token);
    expect(parseTokenInput(`Bearer ${token}`).token).toBe(token);
  });

  test('sub alone names the user; numeric ids are read', () => {
    expect(tokenUser(parseTokenInput(jwt({ sub: 42 })).claims)).toBe('42');
    expect(tokenUser(parseTokenInput(jwt({})).claims)).toBeUndefined();
  });

  test.each([
    ['empty', ''],
    ['garbage', 'hello world'],
    ['two parts', 'abc.def'],
    ['four parts', 'a.b.c.d'],
    ['not base64url', 'a+b.c/d.e=f'],
    ['payload not JSON', `${b64({ alg: 'HS256' })}.bm90IGpzb24.sig`],
    ['payload an array', `${b64({ alg: 'HS256' })}.${b64([1])}.sig`],
    ['JSON without jwt', '{"token": "a.b.c"}'],
    ['JSON with a non-JWT', '{"jwt": "secret-value"}'],
    ['broken JSON', '{"jwt": "a.b.c"'],
  ])('refuses %s with one sentence that does not echo the input', (_name, text) => {
    const error = refusal(text);
    expect(error.kind).toBe('validation');
    expect(error.message).toBe(NOT_A_TOKEN);
  });

  test('a secret-looking input is never in the message', () => {
    const secret = 'sk_live_DO_NOT_PRINT_1234567890';
    expect(refusal(secret).message).not.toContain(secret);
    expect(refusal(`{"jwt": "${secret}"}`).message).not.toContain(secret);
  });
});

describe('claims', () => {
  test('expiry', () => {
    const claims = decodeClaims(jwt({ exp: 1000 }));
    expect(isExpired(claims, new Date(999_000))).toBe(false);
    expect(isExpired(claims, new Date(1_000_000))).toBe(true);
    expect(isExpired(decodeClaims(jwt({})), new Date())).toBe(false);
  });

  test('tryDecodeClaims gives undefined for a token that is not a JWT', () => {
    expect(tryDecodeClaims('opaque-token')).toBeUndefined();
    expect(tryDecodeClaims(jwt({ sub: 'x' }))?.sub).toBe('x');
  });

  test('control characters in claims are dropped (they are shown)', () => {
    expect(decodeClaims(jwt({ sub: 'ev\u001b[31mil' })).sub).toBe('ev[31mil');
  });
});
