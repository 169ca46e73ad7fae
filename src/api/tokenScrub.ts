/**
 * The last line of defence for the token: no message leaves a client with it
 * in it, whatever the server echoed (case-insensitively: a host name in a link
 * is lower-cased).
 */
import { SlotuiError } from './errors.js';

export interface TokenScrub {
  /** The text with every occurrence of the token (any letter case) replaced. */
  scrub(text: string): string;
  /** The error with the token taken out of its message and field messages (the same error when it holds none). */
  guard<E>(error: E): E | SlotuiError;
}

export function tokenScrub(token: string | undefined): TokenScrub {
  const secret = token ? new RegExp(token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi') : undefined;
  const scrub = (text: string): string => (secret ? text.replace(secret, '[redacted]') : text);
  function guard<E>(error: E): E | SlotuiError {
    if (!(error instanceof SlotuiError) || !token) return error;
    const fieldTexts = JSON.stringify(error.fieldErrors ?? null);
    if (scrub(error.message) === error.message && scrub(fieldTexts) === fieldTexts) return error;
    const fieldErrors = error.fieldErrors
      ? Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [scrub(k), v.map(scrub)]))
      : undefined;
    return new SlotuiError(error.kind, scrub(error.message), {
      status: error.status,
      fieldErrors,
      retryAfterMs: error.retryAfterMs,
      cause: error.cause,
    });
  }
  return { scrub, guard };
}
