/** The API client's contract, shared by the CLI and the dashboard. */
import type { FieldNames } from './fieldNames.js';
import type { Registry, ResourceName } from './resources.js';
import type { ApiRecord } from './record.js';

export interface Timeouts {
  /** TCP + TLS connect. */
  connectMs: number;
  /** Until the response headers arrive. */
  headersMs: number;
  /** Between body chunks. */
  bodyMs: number;
  /**
   * The whole of one try, from sending to the last byte of the body: the body
   * timeout restarts with every chunk, so a server trickling a byte at a time
   * would otherwise hold a request for ever.
   */
  totalMs: number;
}

export interface RetryPolicy {
  /** Total tries of a GET, the first included (3). POST, PATCH and DELETE are tried once. */
  tries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface ClientOptions {
  /** https only; `/v1/...` paths are added by the client. */
  baseUrl: string;
  token?: string;
  /** Extra trusted CA certificates (PEM), beside the system ones. */
  ca?: string | string[];
  /** Per-resource path overrides from the profile, e.g. { slos: '/v1/objectives/' }. */
  paths?: Partial<Record<ResourceName, string>>;
  /** The service's names for fields slotui assumes (checked: a 'config' error names an unknown one). */
  fields?: FieldNames;
  /** No create, update or delete: refused where requests are sent. */
  readOnly?: boolean;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  /** Injected for tests (backoff waits); defaults to a real timer that honours the signal. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Keep-alive connections to the origin (default: as many as requests under way). */
  connections?: number;
  /** Identifies us to the server. */
  userAgent?: string;
  /** The resources it knows (default: WIRE_REGISTRY). */
  registry?: Registry;
  /** Told when a request starts (a retry is the same request); the function it returns, when it ends either way. */
  onRequest?: RequestObserver;
  /**
   * Tests only: where requests go instead of the connection pools (a fake API's undici MockAgent).
   * Every gate (read-only, same origin, token, cancelled) still stands before it.
   */
  dispatcher?: RequestDispatcher;
}

/** An undici dispatcher, as far as the transport uses one. */
export type RequestDispatcher = import('undici').Dispatcher;

export type RequestObserver = (request: { method: string; url: URL }) => () => void;

export interface Page<T = ApiRecord> {
  total: number;
  results: T[];
  next: string | null;
  previous: string | null;
  /** The URL this page was read from. */
  url: string;
  /** limit and offset as they stand in `url` (what the server was asked for). */
  limit: number;
  offset: number;
  /**
   * Records of the page that do not fit their schema (by index in what the
   * server sent): those with an id are in `results`, marked (record.ts's
   * ODD_RECORD); those without are left out. Absent when every record fits.
   */
  odd?: OddRecord[];
}

export interface OddRecord {
  index: number;
  /** Absent when the record has no usable id (it is then not in `results`). */
  id?: string;
  reason: string;
}

export interface ListOptions extends RequestOptions {
  limit?: number;
  offset?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Work made in case (a prefetch, a count, gathering records for an index): sent over a
   * connection of its own, so a request the user waits for never queues behind it.
   */
  background?: boolean;
}

export interface ApiClient {
  readonly baseUrl: string;
  readonly readOnly: boolean;
  /** The full URL of a resource's list (base URL + profile or default path). */
  resourceUrl(resource: ResourceName): string;
  /** The first request: sends limit and offset. */
  listPage(resource: ResourceName, options?: ListOptions): Promise<Page>;
  /** Follows a `next` or `previous` URL exactly as the server gave it (same origin only). */
  followPage(resource: ResourceName, url: string, options?: RequestOptions): Promise<Page>;
  /** Every page from the first, following `next`; stops on null, refuses a loop. */
  pages(resource: ResourceName, options?: ListOptions): AsyncIterableIterator<Page>;
  get(resource: ResourceName, id: string, options?: RequestOptions): Promise<ApiRecord>;
  create(resource: ResourceName, body: Record<string, unknown>, options?: RequestOptions): Promise<ApiRecord>;
  update(
    resource: ResourceName,
    id: string,
    patch: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<ApiRecord>;
  remove(resource: ResourceName, id: string, options?: RequestOptions): Promise<void>;
  /** A plain authenticated GET of a path under the base URL (used to verify a token). */
  probe(options?: RequestOptions): Promise<void>;
  /** Ends its connections; `{ abort: true }` cancels the requests under way first (a quit never waits on them). */
  close(options?: CloseOptions): Promise<void>;
}

export interface CloseOptions {
  /** Cancel the requests under way rather than let them finish. */
  abort?: boolean;
  /**
   * The process ends next: with no request under way, the connections are left
   * for the system to close at exit (undici never lets an idle one hold the
   * process) rather than torn down one by one, which cost a one-shot command
   * about 4 ms. Requests are refused from then on, as after any close.
   */
  leaveIdle?: boolean;
}
