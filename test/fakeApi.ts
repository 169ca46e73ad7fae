/**
 * A fake of the service for unit tests, as gh's `pkg/httpmock`: requests go
 * to an undici MockAgent (no socket, no TLS), which hands each to this fake.
 *
 * - **Stubs** (`stub`): a request is answered by the first stub that matches
 *   it (method, path and query, body), each used once unless told otherwise.
 * - **A service in memory** (`serve`): the project's own sandbox API
 *   (src/sandbox/api.ts, its store and sample data) answers what no stub
 *   matched, with the same rules as over TLS: the bearer token is checked.
 * - **Strict**: `verify()` (call it in afterEach) fails on every request that
 *   nothing answered (it was answered 599 and named) and every stub left
 *   unused. Connections to anything real are refused.
 *
 * The client under test is the real one (createClient with `dispatcher`), so
 * every gate, check and message of the wire is exercised.
 */
import MockAgent from 'undici/lib/mock/mock-agent.js';
import { createRegistry, WIRE_REGISTRY, type Registry } from '../src/api/resources.js';
import { handleApi } from '../src/sandbox/api.js';
import { addSampleData, addSeededSlis, emptyData } from '../src/sandbox/sample.js';
import { FaultInjector } from '../src/sandbox/faults.js';
import { Store } from '../src/sandbox/store.js';
import type { Faults } from '../src/sandbox/types.js';
import type { DataSnapshot } from '../src/sandbox/store.js';

export const FAKE_ORIGIN = 'https://api.test';
export const FAKE_TOKEN = 'fake.token.for-tests';

export interface FakeRequest {
  method: string;
  /** Path and query: `/v1/slis/?limit=10&offset=0`. */
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  json(): unknown;
}

export interface FakeReply {
  status: number;
  /** An object or array is sent as JSON; a string as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface StubOptions {
  /** How many requests it answers (default 1); `Infinity`: any number, at least one. */
  times?: number;
  /** Only requests whose body this accepts. */
  body?: (json: unknown) => boolean;
}

interface Stub {
  method: string;
  path: string | RegExp;
  reply: FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);
  times: number;
  used: number;
  body?: (json: unknown) => boolean;
}

export interface ServeOptions {
  /** The records to serve, as a sandbox data file holds them (instead of the sample). */
  data?: DataSnapshot;
  /** The sandbox's sample records (default true). */
  sample?: boolean;
  /** Generated SLIs beside them. */
  seed?: number;
  registry?: Registry;
  maxLimit?: number;
}

/** A request as received (the sandbox's RecordedRequest has the same fields). */
export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** The JSON body, if any. */
  body?: unknown;
  /** It carried the bearer token the fake accepts. */
  authorized: boolean;
}

export interface FakeApi {
  origin: string;
  token: string;
  dispatcher: MockAgent;
  /** Every request received, newest last. */
  requests: ReceivedRequest[];
  /**
   * The sandbox's faults (src/sandbox/faults.ts, the same dice): errors and HTML pages are answered;
   * what only a socket can do (reset, hang, truncate, latency) needs the sandbox over TLS.
   */
  setFaults(faults: Faults): void;
  stub(method: string, path: string | RegExp, reply: Stub['reply'], options?: StubOptions): void;
  /** Serves the sandbox's API from memory for what no stub matches; returns its store. */
  serve(options?: ServeOptions): Store;
  /** Throws listing every request nothing answered and every stub left unused. */
  verify(): void;
  close(): Promise<void>;
}

const headerRecord = (headers: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) out[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
  } else if (headers && typeof headers === 'object') {
    for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = String(v);
  }
  return out;
};

const matches = (path: string | RegExp, actual: string) =>
  typeof path === 'string' ? path === actual : path.test(actual);

export function fakeApi(origin = FAKE_ORIGIN, token = FAKE_TOKEN): FakeApi {
  const agent = new MockAgent({ connections: 1 });
  agent.disableNetConnect();
  const stubs: Stub[] = [];
  const unexpected: string[] = [];
  const requests: ReceivedRequest[] = [];
  let service: { store: Store; registry: Registry; maxLimit: number } | undefined;
  const faults = new FaultInjector();

  const answer = async (request: FakeRequest): Promise<FakeReply> => {
    const json = (() => {
      try {
        return request.json();
      } catch {
        return undefined;
      }
    })();
    const stub = stubs.find(
      (s) =>
        s.used < s.times &&
        s.method.split('|').includes(request.method) &&
        matches(s.path, request.path) &&
        (!s.body || s.body(json)),
    );
    if (stub) {
      stub.used++;
      return typeof stub.reply === 'function' ? stub.reply(request) : stub.reply;
    }
    if (
      service &&
      /^\/v1\/[^/]+\//.test(request.url.pathname) &&
      service.registry.has(request.url.pathname.split('/')[2]!)
    ) {
      if (request.headers.authorization !== `Bearer ${token}`)
        return { status: 401, body: { detail: 'Authentication credentials were not provided or are not valid.' } };
      const fault = faults.decide();
      if (fault.kind === 'error')
        return {
          status: fault.status,
          body: { detail: 'The service failed to handle this request.' },
          headers:
            fault.status === 429 || fault.status === 503 ? { 'retry-after': String(fault.retryAfterSeconds) } : {},
        };
      if (fault.kind === 'html')
        return {
          status: 200,
          body: '<!doctype html><html><head><title>Maintenance</title></head><body>Back soon</body></html>',
          headers: { 'content-type': 'text/html' },
        };
      if (fault.kind !== 'none') throw new Error(`fakeApi: a ${fault.kind} fault needs the sandbox over TLS.`);
      const reply = await handleApi(
        {
          store: service.store,
          registry: service.registry,
          maxLimit: service.maxLimit,
          origin,
          persist: async () => {},
        },
        { method: request.method, url: request.url, contentType: request.headers['content-type'], body: request.body },
      );
      return { status: reply.status, body: reply.body, headers: reply.headers };
    }
    unexpected.push(`${request.method} ${request.path}`);
    return { status: 599, body: { detail: `fakeApi: unexpected request ${request.method} ${request.path}` } };
  };

  agent
    .get(origin)
    .intercept({ path: () => true, method: () => true })
    .reply(async (opts) => {
      const path = String(opts.path);
      const body =
        typeof opts.body === 'string'
          ? opts.body
          : opts.body
            ? Buffer.from(opts.body as Uint8Array).toString('utf8')
            : '';
      const request: FakeRequest = {
        method: String(opts.method).toUpperCase(),
        path,
        url: new URL(path, origin),
        headers: headerRecord(opts.headers),
        body,
        json: () => JSON.parse(body) as unknown,
      };
      requests.push({
        method: request.method,
        path,
        authorized: request.headers.authorization === `Bearer ${token}`,
        ...(body === ''
          ? {}
          : {
              body: (() => {
                try {
                  return JSON.parse(body) as unknown;
                } catch {
                  return body;
                }
              })(),
            }),
      });
      const reply = await answer(request);
      const text =
        typeof reply.body === 'string' ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
      const headers = {
        ...(typeof reply.body === 'string' ? {} : { 'content-type': 'application/json' }),
        ...reply.headers,
      };
      return { statusCode: reply.status, data: text, responseOptions: { headers } };
    })
    .persist();

  return {
    origin,
    token,
    dispatcher: agent,
    requests,
    setFaults: (next) => {
      if (next.resetRate || next.hangRate || next.truncateRate || next.latencyMs)
        throw new Error('fakeApi: socket faults (reset, hang, truncate, latency) need the sandbox over TLS.');
      faults.set(next);
    },
    stub(method, path, reply, options = {}) {
      stubs.push({
        method: method.toUpperCase(),
        path,
        reply,
        times: options.times ?? 1,
        used: 0,
        ...(options.body ? { body: options.body } : {}),
      });
    },
    serve(options = {}) {
      const registry = options.registry ?? WIRE_REGISTRY;
      const data = options.data ?? emptyData(registry);
      if (!options.data && options.sample !== false) addSampleData(data, registry);
      if (options.seed) addSeededSlis(data, options.seed);
      const store = new Store(data, Date.now, registry);
      service = { store, registry: createRegistry(registry.defs), maxLimit: options.maxLimit ?? 100 };
      return store;
    },
    verify() {
      const unused = stubs.filter((s) => s.used === 0 || (Number.isFinite(s.times) && s.used < s.times));
      const problems = [
        ...unexpected.map((r) => `unexpected request: ${r}`),
        ...unused.map(
          (s) =>
            `unused stub: ${s.method} ${String(s.path)} (${s.used} of ${s.times === Infinity ? 'at least 1' : s.times})`,
        ),
      ];
      unexpected.length = 0;
      if (problems.length > 0) throw new Error(`fakeApi:\n${problems.join('\n')}`);
    },
    close: () => agent.close(),
  };
}

/** What a handler written for a test HTTPS server (test/api/helpers.ts) gets as its request. */
export interface HandlerRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What a handler writes its answer to: the subset of ServerResponse these handlers use. */
export interface HandlerResponse {
  statusCode: number;
  setHeader(name: string, value: string | number): void;
  writeHead(status: number, headers?: Record<string, string | number>): HandlerResponse;
  write(chunk: string | Buffer): boolean;
  end(chunk?: string | Buffer): void;
}

/**
 * The fake API answering every request with `handler`, as a test HTTPS server would, for
 * handlers that answer whole (a status, headers and a body): what only a socket can do
 * (cut a body off, stall, reset) needs a real server.
 */
export function handlerApi(
  handler: (req: HandlerRequest, res: HandlerResponse, self: { origin: string }) => void | Promise<void>,
  origin = FAKE_ORIGIN,
): FakeApi {
  const api = fakeApi(origin);
  api.stub(
    'GET|POST|PATCH|PUT|DELETE',
    /.*/,
    (request) =>
      new Promise<FakeReply>((resolve, reject) => {
        const headers: Record<string, string> = {};
        const chunks: string[] = [];
        const res: HandlerResponse = {
          statusCode: 200,
          setHeader: (name, value) => {
            headers[name.toLowerCase()] = String(value);
          },
          writeHead(status, more = {}) {
            res.statusCode = status;
            for (const [k, v] of Object.entries(more)) res.setHeader(k, v);
            return res;
          },
          write: (chunk) => (chunks.push(chunk.toString()), true),
          end: (chunk) => {
            if (chunk !== undefined) chunks.push(chunk.toString());
            delete headers['content-length'];
            resolve({ status: res.statusCode, body: chunks.join(''), headers });
          },
        };
        Promise.resolve(
          handler({ method: request.method, url: request.path, headers: request.headers, body: request.body }, res, {
            origin,
          }),
        ).catch(reject);
      }),
    { times: Infinity },
  );
  return api;
}

/** The fake API serving the sandbox from memory, shaped as the sandbox's handle as far as tests read it. */
export interface FakeSandbox {
  api: FakeApi;
  store: Store;
  baseUrl: string;
  token: string;
  requests: ReceivedRequest[];
  stats(): { connections: number; requests: number };
  setFaults(faults: Faults): void;
  close(): Promise<void>;
}

let sandboxes = 0;

/** A sandbox without sockets: what a test of the client's behaviour needs of one (see FakeSandbox). */
export function fakeSandbox(options: ServeOptions & { faults?: Faults } = {}): FakeSandbox {
  const api = fakeApi(`https://sandbox-${++sandboxes}.test`);
  const { faults, ...serve } = options;
  const store = api.serve(serve);
  if (faults) api.setFaults(faults);
  return {
    api,
    store,
    baseUrl: api.origin,
    token: api.token,
    requests: api.requests,
    // No connection is ever made: the fake answers in memory.
    stats: () => ({ connections: 0, requests: api.requests.length }),
    setFaults: api.setFaults,
    close: async () => {
      api.verify();
      await api.close();
    },
  };
}
