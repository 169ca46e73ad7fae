/**
 * createClient: the API client of the ApiClient contract (types.ts), on one
 * undici keep-alive pool to the base URL's origin. Configuration problems
 * (http base URL, bad path, unreadable CA) are thrown synchronously, before
 * any socket exists; undici itself is loaded at the first request.
 */
import { SlotuiError } from './errors.js';
import { extraCertificates } from './ca.js';
import { checkFieldNames, fieldTranslation } from './fieldNames.js';
import type { Target } from './failures.js';
import type { Transport } from './http.js';
import { lazyTransport } from './lazyTransport.js';
import { DEFAULT_RETRY, DEFAULT_TIMEOUTS, realSleep } from './requestPolicy.js';
import { checkRecordId, itemUnder, joinUnderBase, parseBaseUrl, sameOriginLink } from './origin.js';
import { DEFAULT_LIMIT, DEFAULT_OFFSET, parsePage, walkPages, type PeekText } from './pagination.js';
import { WIRE_REGISTRY, type ResourceName } from './resources.js';
import type { ApiRecord } from './record.js';
import { checkEnvelope, checkRecord } from './validate.js';
import { sanitizeServerText } from './text.js';
import type { ApiClient, ClientOptions, ListOptions, Page, RequestOptions, RetryPolicy, Timeouts } from './types.js';

export { caFileWarning, readCaFile } from './ca.js';

const USER_AGENT = 'slotui';

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new SlotuiError('config', `The ${name} must be a positive number of milliseconds (got ${String(value)}).`);
  }
  return value;
}

function resolveTimeouts(given: Partial<Timeouts> = {}): Timeouts {
  const t = { ...DEFAULT_TIMEOUTS, ...stripUndefined(given) };
  return {
    connectMs: positive('connect timeout', t.connectMs),
    headersMs: positive('headers timeout', t.headersMs),
    bodyMs: positive('body timeout', t.bodyMs),
    totalMs: positive('request deadline', t.totalMs),
  };
}

function resolveRetry(given: Partial<RetryPolicy> = {}): RetryPolicy {
  const r = { ...DEFAULT_RETRY, ...stripUndefined(given) };
  if (!Number.isInteger(r.tries) || r.tries < 1)
    throw new SlotuiError(
      'config',
      `The number of tries must be a whole number of at least 1 (got ${String(r.tries)}).`,
    );
  if (!(r.baseDelayMs >= 0) || !(r.maxDelayMs >= 0))
    throw new SlotuiError('config', 'Retry delays must be zero or more milliseconds.');
  return r;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function checkPaging(limit: number, offset: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new SlotuiError(
      'usage',
      `The page size (limit) must be a whole number of at least 1 (got ${String(limit)}).`,
    );
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new SlotuiError('usage', `The offset must be a whole number of 0 or more (got ${String(offset)}).`);
}

export function createClient(options: ClientOptions): ApiClient {
  const base = parseBaseUrl(options.baseUrl);
  const registry = options.registry ?? WIRE_REGISTRY;
  const listUrls = new Map<ResourceName, URL>(
    registry.defs.map((def) => [def.name, joinUnderBase(base, options.paths?.[def.name] ?? def.defaultPath)]),
  );
  const fields = fieldTranslation(checkFieldNames(options.fields, registry));
  /** A list answer with each record's fields under slotui's names. */
  const listFromService = (resource: ResourceName, json: unknown): unknown => {
    if (json === null || typeof json !== 'object' || !Array.isArray((json as { results?: unknown }).results))
      return json;
    const envelope = json as { results: unknown[] };
    return { ...envelope, results: envelope.results.map((item) => fields.fromService(resource, item)) };
  };
  // The HTTP stack loads at the first request (the dashboard draws a kept page before it).
  const transport: Transport = lazyTransport({
    base,
    token: options.token,
    readOnly: options.readOnly ?? false,
    ca: extraCertificates(options.ca),
    timeouts: resolveTimeouts(options.timeouts),
    retry: resolveRetry(options.retry),
    sleep: options.sleep ?? realSleep,
    userAgent: options.userAgent ?? USER_AGENT,
    connections: options.connections,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });

  const listUrl = (resource: ResourceName): URL => {
    const url = listUrls.get(resource);
    if (!url)
      throw new SlotuiError(
        'usage',
        `Unknown resource "${sanitizeServerText(String(resource), 40)}". Use one of: ${registry.names.join(', ')}.`,
      );
    return new URL(url.href);
  };
  /** The URL of one record; an unknown resource or an id that is not one path segment is refused first. */
  const recordUrl = (resource: ResourceName, id: string): URL => {
    const list = listUrl(resource);
    checkRecordId(registry.get(resource), id);
    return itemUnder(list, id);
  };
  const target = (resource: ResourceName, action: Target['action'], id?: string): Target => ({
    resource,
    def: registry.get(resource),
    action,
    id,
  });

  /** A record answer (get, create, update), checked against the resource's schema. */
  const asRecord = (resource: ResourceName, url: URL, json: unknown): ApiRecord => {
    const parsed = checkRecord(registry.get(resource).recordFields, fields.fromService(resource, json));
    if (parsed.success) return parsed.data;
    const { issue } = parsed;
    const reason =
      json === undefined
        ? 'the answer is empty'
        : sanitizeServerText(`${issue.path.map(String).join('.') || 'record'}: ${issue.message}`, 120);
    throw new SlotuiError(
      'protocol',
      `The server's answer to ${sanitizeServerText(url.pathname, 120)} is not a record of ${registry.get(resource).title} (${reason}). Check the base URL and the profile's path for ${resource}.`,
    );
  };

  const listPage = async (resource: ResourceName, opts: ListOptions = {}, peek?: PeekText): Promise<Page> => {
    const limit = opts.limit ?? DEFAULT_LIMIT;
    const offset = opts.offset ?? DEFAULT_OFFSET;
    checkPaging(limit, offset);
    const url = listUrl(resource);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('offset', String(offset));
    const answer = await transport.send({
      method: 'GET',
      url,
      target: target(resource, 'list'),
      signal: opts.signal,
      background: opts.background,
      recordsMeasuredByReader: true,
      peek,
    });
    return parsePage(registry.get(resource), url, listFromService(resource, answer.json), {
      tooDeep: answer.tooDeepResults,
      scrub: transport.scrub,
    });
  };

  const followFrom = async (
    resource: ResourceName,
    link: string,
    relativeTo: string | URL,
    signal?: AbortSignal,
    background?: boolean,
    peek?: PeekText,
  ): Promise<Page> => {
    const url = sameOriginLink(base, link, relativeTo);
    const answer = await transport.send({
      method: 'GET',
      url,
      target: target(resource, 'page'),
      signal,
      background,
      recordsMeasuredByReader: true,
      peek,
    });
    return parsePage(registry.get(resource), url, listFromService(resource, answer.json), {
      tooDeep: answer.tooDeepResults,
      scrub: transport.scrub,
    });
  };

  /** Every method's errors pass the transport's guard, so no message carries the token (even in a link or record key). */
  const guarded =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (error) {
        throw transport.guard(error);
      }
    };
  async function* guardedPages(pages: AsyncGenerator<Page, void, undefined>): AsyncGenerator<Page, void, undefined> {
    try {
      yield* pages;
    } catch (error) {
      throw transport.guard(error);
    }
  }

  return {
    baseUrl: base.href.replace(/\/+$/, ''),
    readOnly: options.readOnly ?? false,

    resourceUrl: (resource) => listUrl(resource).href,

    listPage: guarded(listPage),

    followPage: guarded((resource: ResourceName, link: string, opts: RequestOptions = {}) =>
      followFrom(resource, link, listUrl(resource), opts.signal, opts.background),
    ),

    pages(resource, opts = {}) {
      return guardedPages(
        walkPages(
          registry.get(resource),
          {
            first: (signal, peek) =>
              listPage(resource, { limit: opts.limit, offset: opts.offset, signal, background: opts.background }, peek),
            follow: (link, relativeTo, signal, peek) =>
              followFrom(resource, link, relativeTo, signal, opts.background, peek),
            resolve: (link, relativeTo) => sameOriginLink(base, link, relativeTo),
          },
          opts.signal,
          { readAhead: true },
        ),
      );
    },

    get: guarded(async (resource: ResourceName, id: string, opts: RequestOptions = {}) => {
      const url = recordUrl(resource, id);
      const answer = await transport.send({
        method: 'GET',
        url,
        target: target(resource, 'get', id),
        signal: opts.signal,
        background: opts.background,
      });
      return asRecord(resource, url, answer.json);
    }),

    create: guarded(async (resource: ResourceName, body: Record<string, unknown>, opts: RequestOptions = {}) => {
      const url = listUrl(resource);
      const answer = await transport.send({
        method: 'POST',
        url,
        body: fields.toService(resource, body),
        target: target(resource, 'create'),
        signal: opts.signal,
      });
      return asRecord(resource, url, answer.json);
    }),

    update: guarded(
      async (resource: ResourceName, id: string, patch: Record<string, unknown>, opts: RequestOptions = {}) => {
        const url = recordUrl(resource, id);
        const answer = await transport.send({
          method: 'PATCH',
          url,
          body: fields.toService(resource, patch),
          target: target(resource, 'update', id),
          signal: opts.signal,
        });
        return asRecord(resource, url, answer.json);
      },
    ),

    remove: guarded(async (resource: ResourceName, id: string, opts: RequestOptions = {}) => {
      const url = recordUrl(resource, id);
      await transport.send({ method: 'DELETE', url, target: target(resource, 'remove', id), signal: opts.signal });
    }),

    probe: guarded(async (opts: RequestOptions = {}) => {
      // The first resource's list: a GET every service of this kind answers.
      const first = registry.defs[0]!;
      const url = listUrl(first.name);
      url.searchParams.set('limit', '1');
      url.searchParams.set('offset', '0');
      const answer = await transport.send({
        method: 'GET',
        url,
        target: target(first.name, 'probe'),
        signal: opts.signal,
      });
      if (!checkEnvelope(answer.json).success) {
        throw new SlotuiError(
          'protocol',
          `The server's answer to ${sanitizeServerText(url.pathname, 120)} is not a list of ${first.plural}. Check the base URL and the profile's path for ${first.name}.`,
        );
      }
    }),

    close: (options) => transport.close(options),
  };
}
