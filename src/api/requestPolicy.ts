/**
 * The request policy every client starts from (timeouts, retries, the wait
 * between tries), apart from http.ts so that making a client does not load
 * the HTTP stack: that is loaded at the first request (lazyTransport.ts).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { SlotuiError } from './errors.js';
import type { RetryPolicy, Timeouts } from './types.js';

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000, totalMs: 60_000 };
export const DEFAULT_RETRY: RetryPolicy = { tries: 3, baseDelayMs: 200, maxDelayMs: 5_000 };

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The default wait between tries: a real timer that ends early (as 'cancelled') when the signal aborts. */
// delay() rejects only when the signal aborts, so any rejection is the cancel.
export const realSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, { signal }).catch(() => {
    throw cancelled();
  });
};

export function cancelled(): SlotuiError {
  return new SlotuiError('cancelled', 'The request was cancelled.');
}
