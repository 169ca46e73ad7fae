/**
 * The steps of token setup that need no UI and no network of their own: the
 * addresses (both https), where the token endpoint is, and checking a pasted
 * token (a JWT, not expired, accepted by one authenticated request that the
 * caller makes: `probe`). Used by `auth login --with-token` and by the
 * interactive flow in the dashboard, so both say the same sentences.
 *
 * No message here ever contains the token or the pasted text.
 */
import { withScheme } from './urls.js';
import { SlotuiError, isSlotuiError } from '../api/errors.js';
import { isExpired, parseTokenInput, tokenUser, type TokenClaims } from './jwt.js';

const TOKEN_PATH = '/api/service/v1/users/m2m-token';
/** Fewer days than this left on the token: the dashboard warns. */
const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/** The URL, or the one sentence that says why it cannot be used. */
export type UrlCheck = { ok: true; url: string } | { ok: false; problem: string };

/** An https address (docs/service-api.md, Authentication): anything else is refused with a sentence naming `what`. */
export function checkHttpsUrl(text: string, what: string): UrlCheck {
  const value = withScheme(text.trim());
  if (value === '') return { ok: false, problem: `${what} is empty; type an address such as https://slo.example.com.` };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { ok: false, problem: `${what} is not a valid URL; type an address such as https://slo.example.com.` };
  }
  if (parsed.protocol !== 'https:') {
    return {
      ok: false,
      problem: `${what} must start with https:// (the service is served over HTTPS only, and the token must not travel in clear text).`,
    };
  }
  // Kept as typed (a base URL may carry a path), minus a trailing slash the client adds itself.
  return { ok: true, url: value.replace(/\/+$/, '') };
}

/** The frontend defaults to the base URL's origin (scheme, host, port). */
export function defaultFrontendUrl(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** `{frontend_url}/api/service/v1/users/m2m-token` (docs/service-api.md, Authentication). */
export function tokenEndpointUrl(frontendUrl: string): string {
  return new URL(TOKEN_PATH, new URL(frontendUrl).origin).href;
}

/** "2026-11-21" (UTC): a token's expiry is a day, not a moment. */
export function formatDay(date: Date | undefined): string {
  return date ? date.toISOString().slice(0, 10) : 'an unknown date';
}

function daysLeft(exp: Date, now: Date): number {
  return Math.floor((exp.getTime() - now.getTime()) / DAY_MS);
}

/** The warning the status line shows when the token ends within 30 days (undefined otherwise). */
export function expiryWarning(claims: TokenClaims | undefined, now: Date): string | undefined {
  if (!claims?.exp) return undefined;
  if (isExpired(claims, now)) return `token expired on ${formatDay(claims.exp)}`;
  const days = daysLeft(claims.exp, now);
  if (days >= EXPIRY_WARNING_DAYS) return undefined;
  return `token expires ${days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`} (${formatDay(claims.exp)})`;
}

export interface VerifiedToken {
  token: string;
  claims: TokenClaims;
  /** Who the token belongs to (sub or a user id claim). */
  user?: string;
  expiresAt?: Date;
}

export interface VerifyOptions {
  now: Date;
  /** Where a new token comes from, named in the "expired" and "refused" sentences. */
  endpoint: string;
  /** One authenticated GET with this token (client.probe()); throws a SlotuiError. */
  probe(token: string): Promise<void>;
  /** Told the token as soon as it is read, before anything can fail (redaction lists). */
  onSecret?(token: string): void;
}

/**
 * Reads a pasted token and checks it: a JWT (or the endpoint's JSON answer),
 * not expired by its claims, accepted by the service. Throws a SlotuiError
 * whose message is one sentence: not a JWT (validation), expired (auth),
 * refused by the service (auth), or the client's own network sentence.
 */
export async function verifyToken(input: string, options: VerifyOptions): Promise<VerifiedToken> {
  const { token, claims } = parseTokenInput(input);
  options.onSecret?.(token);
  if (isExpired(claims, options.now)) {
    throw new SlotuiError(
      'auth',
      `This token expired on ${formatDay(claims.exp)}. Get a new one from ${options.endpoint} and try again.`,
    );
  }
  try {
    await options.probe(token);
  } catch (error) {
    if (isSlotuiError(error) && error.kind === 'auth') {
      throw new SlotuiError(
        'auth',
        `The service refused this token (HTTP ${error.status ?? 401}); it was not stored. Check that it is the whole token from ${options.endpoint}, for this service, and try again.`,
        { status: error.status },
      );
    }
    throw error;
  }
  const verified: VerifiedToken = { token, claims };
  const user = tokenUser(claims);
  if (user !== undefined) verified.user = user;
  if (claims.exp) verified.expiresAt = claims.exp;
  return verified;
}

const TIME_UNITS: [number, string][] = [
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
];

/**
 * When the token ends: a day ("expires on 2026-06-01") when a day or more is
 * left; within a day, how long, with a warning, since a day would read as if
 * it lasted until midnight ("expires in 25 seconds, so slotui will soon ask for a new one").
 */
export function expiryClause(exp: Date | undefined, now: Date): string {
  if (!exp) return 'the token carries no expiry date';
  const left = exp.getTime() - now.getTime();
  if (left >= DAY_MS) return `the token expires on ${formatDay(exp)}`;
  const [size, unit] = TIME_UNITS.find(([ms]) => left >= ms) ?? [1_000, 'second'];
  const count = Math.max(1, Math.floor(left / size));
  return `the token expires in ${count} ${unit}${count === 1 ? '' : 's'}, so slotui will soon ask for a new one`;
}

/** "Logged in to host as user (profile p); the token expires on 2026-06-01." */
export function loggedInSentence(
  who: { host: string; profile: string; user?: string; expiresAt?: Date },
  now: Date,
): string {
  const user = who.user ?? 'an unnamed user';
  return `Logged in to ${who.host} as ${user} (profile ${who.profile}); ${expiryClause(who.expiresAt, now)}.`;
}
