/** Small pieces the auth commands share. */
import { checkHttpsUrl } from '../../config/tokenSetup.js';
import { usageError } from '../args.js';

const TOKEN_PATH = '/api/service/v1/users/m2m-token';

/** "2026-11-21" (UTC): a token's expiry is a day, not a moment. */
export function formatDate(date: Date | undefined): string {
  return date ? date.toISOString().slice(0, 10) : 'an unknown date';
}

/** Where the user gets a token (docs/service-api.md, Authentication): on the frontend, which defaults to the base URL's origin. */
export function tokenEndpoint(frontendUrl: string | undefined, baseUrl: string): string {
  const origin = frontendUrl ?? baseUrl;
  try {
    return new URL(TOKEN_PATH, new URL(origin).origin).href;
  } catch {
    return `{frontend_url}${TOKEN_PATH}`;
  }
}

/**
 * Addresses the token goes to must be https (docs/service-api.md, Authentication); a bare host means
 * https://host. Returns the address to use; a usage error names the flag.
 */
export function requireHttps(url: string, what: string): string {
  const checked = checkHttpsUrl(url, what);
  if (!checked.ok) throw usageError(checked.problem.replace('type an address', 'give an address'), 'auth login');
  return checked.url;
}

/** At most the last 4 characters, and only of a token long enough that they give nothing away. */
export function tokenEnding(token: string): string | undefined {
  return token.length >= 24 ? token.slice(-4) : undefined;
}

/** Whole days from now until the date (negative when past). */
export function daysUntil(date: Date, now: Date): number {
  return Math.floor((date.getTime() - now.getTime()) / 86_400_000);
}
