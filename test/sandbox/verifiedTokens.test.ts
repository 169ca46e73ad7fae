/**
 * The sandbox's remembered token checks: a token verified once is taken on its
 * word until it expires, then refused as expired; a token that failed is never
 * remembered; the memory is bounded.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken } from '../../src/sandbox/jwt.js';
import { VerifiedTokens } from '../../src/sandbox/verifiedTokens.js';

const secret = randomBytes(32);
const NOW = 1_800_000_000;
const token = (exp: number, sub = 'user-1') => signToken(secret, { sub, user_id: sub, iat: NOW - 10, exp });

describe('VerifiedTokens', () => {
  it('takes a token verified before until its expiry, then refuses it as expired', () => {
    const tokens = new VerifiedTokens(secret);
    const given = token(NOW + 60);
    expect(tokens.check(given, NOW)).toMatchObject({ ok: true, claims: { sub: 'user-1', exp: NOW + 60 } });
    expect(tokens.size).toBe(1);
    expect(tokens.check(given, NOW + 59)).toMatchObject({ ok: true });
    expect(tokens.check(given, NOW + 60)).toEqual({ ok: false, reason: 'The token has expired.' });
    expect(tokens.size).toBe(0);
    expect(tokens.check(given, NOW + 61)).toEqual({ ok: false, reason: 'The token has expired.' });
  });

  it('refuses a forged token each time, also after a valid one with the same claims', () => {
    const tokens = new VerifiedTokens(secret);
    const good = token(NOW + 60);
    const forged = signToken(randomBytes(32), { sub: 'user-1', user_id: 'user-1', iat: NOW - 10, exp: NOW + 60 });
    expect(tokens.check(good, NOW).ok).toBe(true);
    expect(tokens.check(forged, NOW)).toEqual({ ok: false, reason: 'The token signature is not valid.' });
    expect(tokens.check(forged, NOW)).toEqual({ ok: false, reason: 'The token signature is not valid.' });
  });

  it('remembers at most its limit, the oldest going first, and still checks the ones it let go', () => {
    const tokens = new VerifiedTokens(secret, 2);
    const [a, b, c] = ['a', 'b', 'c'].map((sub) => token(NOW + 60, sub)) as [string, string, string];
    for (const t of [a, b, c]) expect(tokens.check(t, NOW).ok).toBe(true);
    expect(tokens.size).toBe(2);
    // a was let go: checked again from its signature (still valid, and still refused once expired).
    expect(tokens.check(a, NOW).ok).toBe(true);
    expect(tokens.check(a, NOW + 60).ok).toBe(false);
  });
});
