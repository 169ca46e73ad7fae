/**
 * HS256 JSON Web Tokens on node:crypto: the sandbox signs and checks its own
 * tokens, so no JWT library is needed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  sub: string;
  user_id: string;
  iat: number;
  exp: number;
}

/** Why a token was refused; the sentence goes into the 401 body. */
export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: string };

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function signature(secret: Buffer, signingInput: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

export function signToken(secret: Buffer, claims: TokenClaims): string {
  const signingInput = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${signingInput}.${signature(secret, signingInput).toString('base64url')}`;
}

export function verifyToken(secret: Buffer, token: string, nowSeconds: number): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'The token is not a JWT.' };
  const [header, payload, sig] = parts as [string, string, string];
  let headerJson: unknown;
  let claims: unknown;
  try {
    headerJson = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'The token is not a JWT.' };
  }
  if (!isObject(headerJson) || headerJson.alg !== 'HS256') {
    return { ok: false, reason: 'The token is not signed with HS256.' };
  }
  const expected = signature(secret, `${header}.${payload}`);
  const given = Buffer.from(sig, 'base64url');
  // Constant-time comparison, so the signature can't be guessed byte by byte.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'The token signature is not valid.' };
  }
  if (
    !isObject(claims) ||
    typeof claims.sub !== 'string' ||
    typeof claims.exp !== 'number' ||
    typeof claims.iat !== 'number'
  ) {
    return { ok: false, reason: 'The token lacks the sub, iat or exp claim.' };
  }
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'The token has expired.' };
  return {
    ok: true,
    claims: {
      sub: claims.sub,
      user_id: typeof claims.user_id === 'string' ? claims.user_id : claims.sub,
      iat: claims.iat,
      exp: claims.exp,
    },
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
