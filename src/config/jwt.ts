/**
 * Reading a token the user pastes or pipes in: a bare JWT, or the JSON answer
 * of the token endpoint, {"jwt": "..."} (docs/service-api.md, Authentication).
 *
 * The claims are decoded WITHOUT verifying the signature: only the service can
 * verify it (one authenticated request does). The claims are read to tell the
 * user who the token belongs to and when it expires, nothing more.
 *
 * Error messages never echo the input: it is a secret, or close to one.
 */
import { SlotuiError } from '../api/errors.js';

export interface TokenClaims {
  sub?: string;
  /** A user id claim other than sub (user_id, userId, uid), when the token has one. */
  userId?: string;
  exp?: Date;
  iat?: Date;
}

export interface ParsedToken {
  token: string;
  claims: TokenClaims;
}

const NOT_A_TOKEN = 'That is not a JWT or the JSON {"jwt": ...} answer of the token endpoint.';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const USER_ID_CLAIMS = ['user_id', 'userId', 'uid'] as const;
/** Far more than any real token; stops a pasted file from being decoded. */
const MAX_TOKEN_LENGTH = 16_384;

/** Accepts a bare JWT, "Bearer <jwt>", or {"jwt": "<jwt>"}, surrounding whitespace trimmed. */
export function parseTokenInput(text: string): ParsedToken {
  const input = text.trim();
  let token: string;
  if (input.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(input);
    } catch {
      throw notAToken();
    }
    const jwt = json && typeof json === 'object' ? (json as { jwt?: unknown }).jwt : undefined;
    if (typeof jwt !== 'string') throw notAToken();
    token = jwt.trim();
  } else {
    token = input.replace(/^bearer\s+/i, '');
  }
  return { token, claims: decodeClaims(token) };
}

/** The claims of a JWT (not verified); throws the one-sentence validation error when it is not one. */
export function decodeClaims(token: string): TokenClaims {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) throw notAToken();
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) throw notAToken();
  const [header, payload] = parts.map((part) => decodeJsonPart(part));
  if (!header || !payload) throw notAToken();
  return claimsOf(payload);
}

/** Like decodeClaims, or undefined for a token that is not a JWT (SLOTUI_TOKEN may hold anything). */
export function tryDecodeClaims(token: string): TokenClaims | undefined {
  try {
    return decodeClaims(token);
  } catch {
    return undefined;
  }
}

/** Who the token belongs to, as the service identifies the caller (docs/service-api.md, Authentication). */
export function tokenUser(claims: TokenClaims): string | undefined {
  return claims.userId ?? claims.sub;
}

export function isExpired(claims: TokenClaims, now: Date): boolean {
  return claims.exp !== undefined && claims.exp.getTime() <= now.getTime();
}

function decodeJsonPart(part: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function claimsOf(payload: Record<string, unknown>): TokenClaims {
  const claims: TokenClaims = {};
  const sub = idClaim(payload.sub);
  if (sub !== undefined) claims.sub = sub;
  for (const key of USER_ID_CLAIMS) {
    const value = idClaim(payload[key]);
    if (value !== undefined) {
      claims.userId = value;
      break;
    }
  }
  const exp = dateClaim(payload.exp);
  if (exp) claims.exp = exp;
  const iat = dateClaim(payload.iat);
  if (iat) claims.iat = iat;
  return claims;
}

/** Ids are strings or whole numbers; anything else is ignored. Kept short and printable (it is shown). */
function idClaim(value: unknown): string | undefined {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isSafeInteger(value)
        ? String(value)
        : undefined;
  if (text === undefined) return undefined;
  const clean = text
    .replace(/[^\x20-\x7e\u00a0-\u024f]/g, '')
    .trim()
    .slice(0, 100);
  return clean === '' ? undefined : clean;
}

/** NumericDate: seconds since the epoch (RFC 7519). */
function dateClaim(value: unknown): Date | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const date = new Date(value * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function notAToken(): SlotuiError {
  return new SlotuiError('validation', NOT_A_TOKEN);
}
