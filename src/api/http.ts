/**
 * The one place requests are sent. Every request passes the same gates before
 * a socket is used (read-only, same origin, token present, not cancelled),
 * goes over a keep-alive pool to the base URL's origin (background requests
 * over a connection of their own, so they never hold up one a user waits
 * for), has its body read
 * or destroyed on every path, and is mapped to a SlotuiError when it fails.
 * Only GETs are retried, with backoff that honours Retry-After.
 */
// undici's Pool and request() from their own modules: the package's index also
// loads fetch, WebSocket, caches, mocks and proxies, about 20 ms at every start.
import Pool from 'undici/lib/dispatcher/pool.js';
import request from 'undici/lib/api/api-request.js';
import { trustContext } from './trust.js';
import { SlotuiError, adviceEverywhere } from './errors.js';
import {
  DEADLINE_CODE,
  headerValue,
  notJsonReason,
  protocolError,
  statusFailure,
  transportFailure,
  type Failure,
  type Method,
  type RequestContext,
  type Target,
} from './failures.js';
import { MAX_NESTING, clipNesting, nestsDeeperThan } from './nesting.js';
import { maxHeaderSize } from './headerLimit.js';
import { assertSameOrigin } from './origin.js';
import { cancelled, type Sleep } from './requestPolicy.js';
import { eitherSignal } from './signals.js';
import { tokenScrub } from './tokenScrub.js';
import type { CloseOptions, RequestDispatcher, RequestObserver, RetryPolicy, Timeouts } from './types.js';

/** A Retry-After longer than this is not waited out: the error is returned at once. */
const MAX_RETRY_AFTER_MS = 30_000;
/** Larger answers are refused (a page of records is far smaller): protects memory from a hostile server. */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export interface TransportOptions {
  base: URL;
  token?: string;
  readOnly: boolean;
  /** Extra trusted CA certificates (PEM, checked), beside the defaults; undefined for the defaults alone. */
  ca?: string[];
  timeouts: Timeouts;
  retry: RetryPolicy;
  sleep: Sleep;
  userAgent: string;
  /** Keep-alive connections to the origin (default: as many as requests under way). */
  connections?: number;
  /** For jitter; injectable so tests can pin it. */
  random?: () => number;
  onRequest?: RequestObserver;
  /** Tests only: requests go here instead of the pools (ClientOptions.dispatcher). */
  dispatcher?: RequestDispatcher;
  /** Tests only: makes the pools in place of undici's Pool (a test sees how each is used and ended). */
  pools?: (origin: string, options: PoolOptions) => RequestDispatcher;
}

type PoolOptions = ConstructorParameters<typeof Pool>[1];

interface Call {
  method: Method;
  url: URL;
  target: Target;
  /** Sent as JSON. */
  body?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Made in case (a prefetch, a count, an index): sent over the background connection. */
  background?: boolean;
  /**
   * The answer is a list page that its reader measures record by record (parsePage measures
   * those that may nest deep): its records are not walked here. Everything else still is.
   */
  recordsMeasuredByReader?: boolean;
  /** Sees the text of a successful answer before it is parsed (a page's next link, read ahead of its records). */
  peek?: (text: string, url: URL) => Promise<void> | undefined;
}

interface Answer {
  status: number;
  /** The parsed JSON body, or undefined when the body is empty (204). */
  json: unknown;
  /**
   * In a list answer, the records nested too deep: each was cut at the limit
   * in `json` (so nothing downstream recurses past it), the others kept whole.
   */
  tooDeepResults?: number[];
}

export interface Transport {
  send(call: Call): Promise<Answer>;
  /** Takes the token out of an error's message and field messages (a hostile server may echo it anywhere). */
  guard(error: unknown): unknown;
  /** Takes the token out of a text made of what the server sent. */
  scrub(text: string): string;
  /** Ends the connections; `abort` first cancels every request under way (quitting never waits on a hung server). */
  close(options?: CloseOptions): Promise<void>;
}

/** Exponential backoff with equal jitter; Retry-After wins when the server gives one. */
export function backoffDelay(
  tryNumber: number,
  retry: RetryPolicy,
  retryAfterMs: number | undefined,
  random: () => number,
): number | undefined {
  if (retryAfterMs !== undefined) return retryAfterMs > MAX_RETRY_AFTER_MS ? undefined : retryAfterMs;
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (tryNumber - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function createTransport(options: TransportOptions): Transport {
  const { base, token, timeouts, retry, sleep } = options;
  const random = options.random ?? Math.random;
  // One secure context for every connection, made from the default one plus
  // the extra CA (see trustContext): building one from the roots costs ~15 ms.
  const connect = options.ca
    ? { secureContext: trustContext(options.ca), rejectUnauthorized: true }
    : { rejectUnauthorized: true };
  const headerLimit = maxHeaderSize();
  const newPool = options.pools ?? ((origin: string, poolOptions: PoolOptions) => new Pool(origin, poolOptions));
  const makePool = (connections: number | null) =>
    newPool(base.origin, {
      connect,
      // Undefined (--max-http-header-size given) leaves undici to read node:http's.
      maxHeaderSize: headerLimit,
      connections,
      connectTimeout: timeouts.connectMs,
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
      maxResponseSize: MAX_RESPONSE_BYTES,
      // HTTP/1.1 keeps the timeouts and error codes predictable (and tested).
      allowH2: false,
    });
  // Unlimited unless asked; the dashboard asks for one (one TLS handshake a session).
  const pool = makePool(options.connections ?? null);
  // Opened on the first background request: one connection, so work made in case never crowds the service.
  let backgroundPool: ReturnType<typeof makePool> | undefined;
  const poolFor = (call: Call) => (call.background ? (backgroundPool ??= makePool(1)) : pool);
  let closed = false;
  /** Requests between send's start and end, waits between tries included. */
  let underWay = 0;
  /** Aborted by close({ abort: true }): every request under way and every wait between tries ends at once. */
  const closing = new AbortController();
  const { scrub: scrubToken, guard } = tokenScrub(token);

  function checkGates(call: Call): void {
    if (options.readOnly && call.method !== 'GET') {
      throw new SlotuiError(
        'read-only',
        `Read-only mode: slotui did not send the ${call.method === 'DELETE' ? 'delete' : call.method === 'POST' ? 'create' : 'update'} request. Run without --read-only to change data.`,
      );
    }
    assertSameOrigin(base, call.url);
    if (!token) {
      throw new SlotuiError('auth', 'No token is set.', {
        advice: adviceEverywhere('Run `slotui auth login` or set SLOTUI_TOKEN.'),
      });
    }
    if (!/^[\x21-\x7e]+$/.test(token)) {
      // A header cannot carry it; refusing here keeps the value out of any lower-level error.
      throw new SlotuiError('auth', 'The token contains spaces, line breaks or other characters a token cannot have.', {
        advice: adviceEverywhere('Run `slotui auth login` to set it again.'),
      });
    }
    if (closed)
      throw new SlotuiError('cancelled', 'The connection to the service was closed; the request was not sent.');
    if (call.signal?.aborted) throw cancelled();
  }

  async function attempt(call: Call, ctx: RequestContext): Promise<{ answer: Answer } | Failure> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'user-agent': options.userAgent,
    };
    let payload: string | undefined;
    if (call.body !== undefined) {
      payload = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    // One deadline for the whole try, headers and body: undici's own timeouts restart with every chunk.
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(Object.assign(new Error('request deadline'), { code: DEADLINE_CODE })),
      timeouts.totalMs,
    );
    timer.unref();
    const linked = call.signal ? eitherSignal(call.signal, deadline.signal) : undefined;
    const signal = linked?.signal ?? deadline.signal;
    const failed = (error: unknown, phase: 'request' | 'body'): Failure => {
      if (call.signal?.aborted) throw cancelled();
      return transportFailure(deadline.signal.aborted ? deadline.signal.reason : error, phase, ctx);
    };
    let response;
    let text: string;
    try {
      try {
        response = await request.call(options.dispatcher ?? poolFor(call), {
          // A pool knows its origin; a test's dispatcher (an agent) is told it.
          ...(options.dispatcher ? { origin: base.origin } : {}),
          path: `${call.url.pathname}${call.url.search}`,
          method: call.method,
          headers,
          body: payload,
          signal,
        });
      } catch (error) {
        return failed(error, 'request');
      }
      try {
        text = await response.body.text();
      } catch (error) {
        response.body.destroy();
        return failed(error, 'body');
      }
    } finally {
      clearTimeout(timer);
      linked?.release();
    }
    const { statusCode: status, headers: responseHeaders } = response;
    if (status < 200 || status >= 300) {
      // Scrubbed before the text is cut short, so not even a piece of the token survives in a message.
      const location = headerValue(responseHeaders.location);
      return statusFailure(
        status,
        { ...responseHeaders, location: location && scrubToken(location) },
        scrubToken(text),
        ctx,
      );
    }
    if (status === 204 || text === '') return { answer: { status, json: undefined } };
    await call.peek?.(text, call.url);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      const reason = notJsonReason(text, headerValue(responseHeaders['content-type']));
      return { error: protocolError(ctx, reason, status), retryable: false };
    }
    // Everything downstream walks answers recursively (validation, output, the dashboard's details).
    // In a list, one record nested too deep is cut there and marked, never hiding the others (a page
    // whose reader measures its records, parsePage, is left to it: it measures only those that may be).
    const tooDeepResults = call.recordsMeasuredByReader ? [] : clipDeepResults(json);
    if (answerDeeperThanAllowed(json))
      return {
        error: protocolError(ctx, `nests more than ${MAX_NESTING} levels deep, which no record does`, status),
        retryable: false,
      };
    return { answer: { status, json, ...(tooDeepResults.length > 0 ? { tooDeepResults } : {}) } };
  }

  async function send(given: Call): Promise<Answer> {
    const linked = given.signal ? eitherSignal(given.signal, closing.signal) : undefined;
    const call = { ...given, signal: linked?.signal ?? closing.signal };
    const ended = options.onRequest?.({ method: call.method, url: call.url });
    underWay++;
    try {
      return await sendTries(call);
    } finally {
      underWay--;
      linked?.release();
      ended?.();
    }
  }

  async function sendTries(call: Call): Promise<Answer> {
    checkGates(call);
    if (call.body !== undefined && nestsDeeperThan(call.body)) {
      throw new SlotuiError(
        'validation',
        `The ${call.method === 'POST' ? 'new record' : 'change'} nests more than ${MAX_NESTING} levels deep, so slotui did not send it. Flatten the nested values and try again.`,
      );
    }
    const ctx: RequestContext = {
      method: call.method,
      url: call.url,
      target: call.target,
      timeouts,
      ...(options.ca && options.ca.length > 0 ? { extraCa: true } : {}),
    };
    const tries = call.method === 'GET' ? Math.max(1, Math.floor(retry.tries)) : 1;
    for (let tryNumber = 1; ; tryNumber++) {
      const outcome = await attempt(call, ctx);
      if ('answer' in outcome) return outcome.answer;
      const { error, retryable } = outcome;
      const wait =
        retryable && tryNumber < tries ? backoffDelay(tryNumber, retry, error.retryAfterMs, random) : undefined;
      if (wait === undefined) throw guard(error);
      await sleep(wait, call.signal);
      if (call.signal?.aborted) throw cancelled();
      if (closed) throw guard(error);
    }
  }

  return {
    send,
    guard,
    scrub: scrubToken,
    async close(closeOptions: CloseOptions = {}) {
      if (closeOptions.leaveIdle && underWay === 0) {
        closed = true;
        return;
      }
      if (closeOptions.abort) closing.abort();
      if (closed) return;
      closed = true;
      const end = (p: typeof pool | undefined) => (closeOptions.abort ? p?.destroy() : p?.close());
      await Promise.all([end(pool), end(backgroundPool)]);
    },
  };
}

/**
 * Whether the answer nests more than MAX_NESTING levels, its list records
 * (each at level 3, already clipped to MAX_NESTING - 2 levels of their own by
 * clipDeepResults) not walked again.
 */
export function answerDeeperThanAllowed(json: unknown): boolean {
  const results = (json as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return nestsDeeperThan(json);
  const answer = json as Record<string, unknown>;
  return Object.keys(answer).some((key) => key !== 'results' && nestsDeeperThan(answer[key], MAX_NESTING - 1));
}

/**
 * The indices of a list answer's records nested too deep (a record sits two
 * levels down: the envelope, then `results`), each replaced in place by its
 * copy cut at the limit. Nothing for an answer that is not a list.
 */
function clipDeepResults(json: unknown): number[] {
  // null has no results, and neither has a number, a text or an array.
  const results = (json as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return [];
  const clipped: number[] = [];
  results.forEach((record: unknown, index) => {
    if (nestsDeeperThan(record, MAX_NESTING - 2)) {
      results[index] = clipNesting(record, MAX_NESTING - 2);
      clipped.push(index);
    }
  });
  return clipped;
}
