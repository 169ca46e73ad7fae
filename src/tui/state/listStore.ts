/**
 * The view-model of one resource's list: which page is shown, the selection,
 * the filter, what is loading and what failed. No React in here: screens read
 * it with useSyncExternalStore and call its methods; tests can drive it alone.
 *
 * Paging rules:
 * - the first page is asked with limit/offset; after that `next`/`previous`
 *   are followed exactly as the server gave them. The last page is the one
 *   place an offset is computed (from total and limit).
 * - pages seen are kept in a bounded LRU; after a page shows, the next one is
 *   fetched in the background (the RequestPool: background requests go over
 *   a connection of their own, so they never hold up one the user waits for).
 * - paging faster than the network accumulates the steps ("two pages on from
 *   the one shown") and walks them, showing only the page asked for last;
 *   requests nobody wants any more are aborted (a prefetch already sent is let
 *   finish into the cache instead: aborting a request on the wire closes the
 *   connection, and the next request would pay a new TLS handshake), and a
 *   generation number makes sure a late answer never replaces a newer page.
 * - while loading, the old page stays (the screen dims it); a failure keeps
 *   it too and `reload` retries what failed. "Loading…" reaches the screen
 *   only when the answer takes longer than LOADING_NOTICE_DELAY_MS: a page
 *   that comes quickly is drawn with no frame in between (the snapshot says
 *   it is loading at once, for whoever reads it).
 */
import type { ApiClient, Page } from '../../api/types.js';
import type { ApiRecord } from '../../api/record.js';
import { type ResourceName } from '../../api/resources.js';
import { REGISTRY, type ResourceView } from '../../presentation/resources.js';
import { fieldChanges } from '../../domain/recordChanges.js';
import { DEFAULT_CACHE_PAGES, PageCache, offsetKey, pageKeys, urlKey } from './pageCache.js';
import { RequestPool, type Hold } from './requestPool.js';
import type { RequestGate } from './requestGate.js';
import { Store } from './store.js';

export type StartPoint =
  | { kind: 'current' }
  | { kind: 'first' }
  | { kind: 'last' }
  | { kind: 'reload'; url: string }
  /** The shown page's own offset at the current page size (a reload after the terminal was resized). */
  | { kind: 'resized'; offset: number };

interface Intent {
  start: StartPoint;
  steps: number;
  /** Steps were asked past the first or last page (and cut there): say so when the walk ends. */
  edge?: 'first' | 'last';
}

export interface ListSnapshot {
  resource: ResourceName;
  page: Page | null;
  /** Index into the rows on screen (after the filter). */
  selected: number;
  filter: string;
  /** What is being fetched for the screen, e.g. "Loading page 3 of SLIs…". */
  loading: string | null;
  /** The last failure (a SlotuiError, usually); null once something succeeds. */
  error: unknown;
  /** A short remark such as "This is the last page." */
  notice: string | null;
  /** When the page shown was read from the service (ms since the epoch); null before any. */
  readAt: number | null;
  /** The last refresh failed: the page shown is the last one read. */
  stale: boolean;
  /** The page shown comes from the private cache of the last run, not yet from the service. */
  cached: boolean;
  /** What the last refresh found: `+` a record new to this list, `~` one whose fields changed. */
  changes: ReadonlyMap<string, '+' | '~'>;
}

/** A page kept from an earlier run (src/config/pageCache.ts), drawn in the first frame. */
export interface KeptPage {
  page: Page;
  readAt: number;
}

export interface ListStoreOptions {
  client: ApiClient;
  resource: ResourceName;
  /** The resource's definition (default: the service registry's). */
  def?: ResourceView;
  pageSize: number;
  cachePages?: number;
  /** Shared by the stores of one dashboard (one connection); default: one of its own. */
  gate?: RequestGate;
  /** The first page (offset 0, limit pageSize), asked for before the dashboard loaded. */
  firstPage?: EarlyPage;
  /** The page this list showed in the last run: drawn at once, marked cached, until the service answers. */
  kept?: KeptPage;
  /** Every page shown (to keep the last one for the next start, and to refresh the records it holds). */
  onShow?: (page: Page) => void;
  clock?: () => number;
}

const NO_CHANGES: ReadonlyMap<string, '+' | '~'> = new Map();
/** Ids remembered as seen, so a refresh tells a record new to the list from one that moved onto this page. */
const MAX_SEEN_IDS = 100_000;

/** A first page requested early (src/cli/commands/dashboard.ts), so the request overlaps loading the dashboard. */
export interface EarlyPage {
  promise: Promise<Page>;
  /** Set once the answer is in: the first frame can show it. */
  page?: Page;
}

/** A page that takes longer than this gets its "Loading…" line drawn. */
export const LOADING_NOTICE_DELAY_MS = 100;

/** Page X of Y, from the page's own offset and limit. */
export function pagePosition(page: Page): { number: number; count: number } {
  // A server that caps `limit` sends fewer records than asked: count with what it sends.
  const capped = page.next !== null && page.results.length > 0 && page.results.length < page.limit;
  const limit = Math.max(1, capped ? page.results.length : page.limit);
  return { number: Math.floor(page.offset / limit) + 1, count: Math.max(1, Math.ceil(page.total / limit)) };
}

/** An empty page after the end of a list that is not empty: the list shrank since its offset was chosen. */
const isPastTheEnd = (page: Page): boolean => page.results.length === 0 && page.total > 0 && page.offset >= page.total;

/** Offset of the last page (the one place an offset is computed). */
export function lastPageOffset(total: number, limit: number): number {
  return total > 0 ? Math.floor((total - 1) / limit) * limit : 0;
}

export class ListStore extends Store<ListSnapshot> {
  readonly resource: ResourceName;
  private readonly title: string;
  private readonly client: ApiClient;
  private readonly cache: PageCache;
  private readonly pool: RequestPool<Page>;
  private pageSize: number;

  private page: Page | null = null;
  private selected = 0;
  private filter = '';
  private loading: string | null = null;
  private error: unknown = null;
  private notice: string | null = null;
  private readAt: number | null = null;
  private stale = false;
  private cached = false;
  private changes: ReadonlyMap<string, '+' | '~'> = NO_CHANGES;
  private readonly seen = new Set<string>();
  private readonly clock: () => number;
  private readonly onShow: ((page: Page) => void) | undefined;

  private gen = 0;
  private intent: Intent | null = null;
  private failedIntent: Intent | null = null;
  private walkHolds: Hold<Page>[] = [];
  private prefetchHold: Hold<Page> | null = null;
  private warmHold: Hold<Page> | null = null;
  private disposed = false;
  /** Forms: set by invalidate(); the shown page's total may be out of date. */
  private totalStale = false;

  /** Listeners told of a "Loading…" snapshot later (emitSoon). */
  private soonTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: ListStoreOptions) {
    super(emptySnapshot(options.resource));
    this.client = options.client;
    this.resource = options.resource;
    this.title = (options.def ?? REGISTRY.get(options.resource)).title;
    this.pageSize = options.pageSize;
    this.cache = new PageCache(options.cachePages ?? DEFAULT_CACHE_PAGES);
    this.pool = new RequestPool<Page>({
      gate: options.gate,
      onResult: (key, page) => {
        if (!this.disposed) this.cache.put([key, ...pageKeys(page)], page);
      },
    });
    this.clock = options.clock ?? Date.now;
    this.onShow = options.onShow;
    if (options.firstPage) this.adopt(offsetKey(0, this.pageSize), options.firstPage);
    // The page kept from the last run is drawn while the first page is still on its way (a slow or silent service).
    if (options.kept && !options.firstPage?.page) {
      // Kept at another terminal height: drawn at this one's (the service's answer follows at once).
      const { page } = options.kept;
      this.page =
        page.limit === this.pageSize
          ? page
          : { ...page, limit: this.pageSize, results: page.results.slice(0, this.pageSize) };
      this.readAt = options.kept.readAt;
      this.cached = true;
    }
    this.setQuietly(this.makeSnapshot());
  }

  get cachedPages(): number {
    return this.cache.size;
  }

  /** The records of the pages read and still held (the page shown and the cache), for names beside ids. */
  loadedRecords(): ApiRecord[] {
    const pages = this.cache.pages();
    if (this.page && !pages.includes(this.page)) pages.push(this.page);
    return pages.flatMap((page) => page.results);
  }

  /** Requests in flight (for tests of cancellation). */
  get pendingRequests(): number {
    return this.pool.pending;
  }

  setPageSize(size: number): void {
    this.pageSize = size;
  }

  /** Shows the first page unless something is shown or coming; a page kept from the last run is read again. */
  ensureLoaded(): void {
    if (this.intent !== null || this.error !== null) return;
    if (this.page === null) this.run({ start: { kind: 'first' }, steps: 0 });
    else if (this.cached) this.run({ start: { kind: 'resized', offset: this.page.offset }, steps: 0 });
  }

  /**
   * Reads the page shown again, quietly (the dashboard's refresh): no "Loading…", the selection
   * stays on its record, and what changed is marked. A failure keeps the page, marked stale.
   * Resolves whether the service answered. Nothing happens while the user pages.
   */
  async refresh(): Promise<boolean> {
    const shown = this.page;
    if (this.disposed || shown === null || this.cached || this.intent !== null) return true;
    const gen = this.gen;
    try {
      const page = await this.client.followPage(this.resource, shown.url, { background: true });
      if (this.disposed || gen !== this.gen || this.page !== shown) return true; // the user moved on meanwhile
      if (isPastTheEnd(page)) {
        // Records deleted elsewhere left this page empty: the list's last page now, as the user would page there.
        this.cache.clear();
        this.run({ start: { kind: 'resized', offset: lastPageOffset(page.total, this.pageSize) }, steps: 0 });
        return true;
      }
      const before = new Map(shown.results.map((record) => [record.id, record]));
      const changes = new Map<string, '+' | '~'>();
      for (const record of page.results) {
        const old = before.get(record.id);
        if (old === undefined) {
          if (!this.seen.has(record.id)) changes.set(record.id, '+');
        } else if (Object.keys(fieldChanges(old, record)).length > 0) changes.set(record.id, '~');
      }
      const selectedId = this.filter === '' ? shown.results[this.selected]?.id : undefined;
      const at = selectedId === undefined ? -1 : page.results.findIndex((r) => r.id === selectedId);
      if (at >= 0) this.selected = at;
      this.cache.put(pageKeys(page), page);
      this.changes = changes;
      this.display(page);
      this.changed();
      return true;
    } catch {
      if (this.disposed || this.page !== shown) return false;
      if (!this.stale) {
        this.stale = true;
        this.changed();
      }
      return false;
    }
  }

  next(): void {
    this.step(1);
  }

  prev(): void {
    this.step(-1);
  }

  first(): void {
    this.run({ start: { kind: 'first' }, steps: 0 });
  }

  last(): void {
    this.run({ start: { kind: 'last' }, steps: 0 });
  }

  /**
   * Forms: the data changed (a create, edit or delete). Drops the cached pages,
   * and the next `last()` reads the total afresh instead of trusting the shown page's.
   */
  invalidate(): void {
    this.cache.clear();
    this.totalStale = true;
  }

  /**
   * Retries what failed, or reads the shown page again (cache dropped: the data may have changed);
   * after a resize it reads from the same record at the new page size.
   */
  reload(): void {
    if (this.error !== null && this.failedIntent !== null) {
      this.run(this.failedIntent);
      return;
    }
    this.cache.clear();
    if (!this.page) this.run({ start: { kind: 'first' }, steps: 0 });
    else if (this.page.limit !== this.pageSize)
      this.run({ start: { kind: 'resized', offset: this.page.offset }, steps: 0 });
    else this.run({ start: { kind: 'reload', url: this.page.url }, steps: 0 });
  }

  /**
   * After a new token: what failed is read again, and a list never read is warmed (its count for the
   * header); a list that is fine is left alone.
   */
  recover(): void {
    if (this.disposed) return;
    if (this.error !== null) this.reload();
    else this.warm();
  }

  /** Fetches the first page quietly (totals for the header, an instant first switch); failures are ignored. */
  warm(): void {
    if (this.page !== null || this.intent !== null || this.warmHold !== null || this.disposed) return;
    const limit = this.pageSize;
    const hold = this.pool.acquire(
      offsetKey(0, limit),
      (signal, background) => this.client.listPage(this.resource, { limit, offset: 0, signal, background }),
      'background',
    );
    this.warmHold = hold;
    hold.promise.then(
      (page) => {
        this.warmHold = null;
        if (this.page === null && this.intent === null && !this.disposed) this.show(page, false);
      },
      () => {
        this.warmHold = null;
      },
    );
  }

  moveSelection(delta: number, rowCount: number): void {
    const current = Math.max(0, Math.min(rowCount - 1, this.selected));
    const next = Math.max(0, Math.min(rowCount - 1, current + delta));
    if (next !== this.selected) {
      this.selected = next;
      this.changed();
    }
  }

  select(index: number): void {
    if (index !== this.selected) {
      this.selected = Math.max(0, index);
      this.changed();
    }
  }

  setFilter(text: string): void {
    if (text === this.filter) return;
    this.filter = text;
    this.selected = 0;
    this.changed();
  }

  clearNotice(): void {
    if (this.notice !== null) {
      this.notice = null;
      this.changed();
    }
  }

  dispose(): void {
    this.disposed = true;
    if (this.soonTimer) clearTimeout(this.soonTimer);
    this.gen++;
    this.pool.dispose();
    this.dropListeners();
  }

  private step(delta: number): void {
    if (this.page === null && this.intent === null) {
      this.ensureLoaded();
      return;
    }
    const base = this.intent ?? { start: { kind: 'current' } as StartPoint, steps: 0 };
    const steps = base.steps + delta;
    // Steps added up while pages load stop at the first and last page (as far as the shown
    // page's total tells), so `n n n p` near the end comes back one page from the last. A
    // single step from a settled page still follows the server's link, whatever the total said.
    const bounds = this.intent ? this.stepBounds(base.start) : undefined;
    if (bounds && steps > bounds.max) this.run({ start: base.start, steps: bounds.max, edge: 'last' });
    else if (bounds && steps < bounds.min) this.run({ start: base.start, steps: bounds.min, edge: 'first' });
    else this.run({ start: base.start, steps });
  }

  /** How many steps from `start` stay within the list, from the shown page's position and total. */
  private stepBounds(start: StartPoint): { min: number; max: number } | undefined {
    if (!this.page || this.page.limit <= 0) return undefined;
    const { number, count } = pagePosition(this.page);
    if (start.kind === 'current') return { min: 1 - number, max: count - number };
    if (start.kind === 'first') return { min: 0, max: count - 1 };
    if (start.kind === 'last') return { min: 1 - count, max: 0 };
    return undefined;
  }

  private run(intent: Intent): void {
    if (this.disposed) return;
    const gen = ++this.gen;
    const hadMessage = this.notice !== null || this.error !== null;
    const superseded = this.walkHolds;
    this.walkHolds = [];
    this.notice = null;
    this.error = null;
    this.failedIntent = null;
    this.loading = null;
    if (intent.start.kind === 'current' && intent.steps === 0) {
      // Paging back to where we are: nothing to fetch.
      this.intent = null;
      if (intent.edge) this.notice = edgeNotice(intent.edge);
      for (const hold of superseded) hold.release();
      this.changed();
      return;
    }
    this.intent = intent;
    // The walk's synchronous start takes its holds before the superseded ones are let go,
    // so a request both walks want is kept rather than aborted and sent again.
    void this.walk(gen, intent);
    for (const hold of superseded) hold.release();
    // A walk that finished at once (cached pages) has been drawn; one still going is loading.
    if (gen === this.gen && this.intent === intent) {
      if (hadMessage) this.changed();
      else this.changedSoon();
    }
  }

  private async walk(gen: number, intent: Intent): Promise<void> {
    try {
      // Awaiting only real requests keeps cached steps synchronous, so the first request of a
      // walk is held before run() lets go of the walk it replaces.
      const start = this.resolveStart(gen, intent);
      let page = start instanceof Promise ? await start : start;
      let steps = intent.steps;
      let clamped = false;
      while (steps !== 0) {
        const url = steps > 0 ? page.next : page.previous;
        if (!url) {
          clamped = true;
          break;
        }
        const got = this.obtain(gen, intent, urlKey(url), (signal) =>
          this.client.followPage(this.resource, url, { signal }),
        );
        page = got instanceof Promise ? await got : got;
        steps -= Math.sign(steps);
      }
      if (isPastTheEnd(page)) {
        // The list shrank under the page asked for (a page kept from the last run, records deleted elsewhere): its last page.
        const offset = lastPageOffset(page.total, this.pageSize);
        const got = this.obtain(gen, intent, offsetKey(offset, this.pageSize), (signal) =>
          this.client.listPage(this.resource, { limit: this.pageSize, offset, signal }),
        );
        page = got instanceof Promise ? await got : got;
      }
      if (gen !== this.gen) return;
      this.intent = null;
      this.loading = null;
      const holds = this.walkHolds;
      this.walkHolds = [];
      if (clamped || intent.edge) this.notice = edgeNotice(intent.edge ?? (intent.steps > 0 ? 'last' : 'first'));
      const reloaded = intent.start.kind === 'reload' || intent.start.kind === 'resized';
      this.show(page, reloaded || (clamped && page === this.page));
      for (const hold of holds) hold.release();
    } catch (error) {
      if (gen !== this.gen) return; // superseded: its failure (often our own abort) no longer matters
      this.intent = null;
      this.loading = null;
      this.failedIntent = intent;
      this.error = error;
      const holds = this.walkHolds;
      this.walkHolds = [];
      for (const hold of holds) hold.release();
      this.changed();
    }
  }

  private resolveStart(gen: number, intent: Intent): Page | Promise<Page> {
    const start = intent.start;
    const limit = this.pageSize;
    const first = () =>
      this.obtain(gen, intent, offsetKey(0, limit), (signal) =>
        this.client.listPage(this.resource, { limit, offset: 0, signal }),
      );
    switch (start.kind) {
      case 'current':
        return this.page ?? first();
      case 'first':
        return first();
      case 'reload':
        return this.obtain(gen, intent, urlKey(start.url), (signal) =>
          this.client.followPage(this.resource, start.url, { signal }),
        );
      case 'resized':
        return this.obtain(gen, intent, offsetKey(start.offset, limit), (signal) =>
          this.client.listPage(this.resource, { limit, offset: start.offset, signal }),
        );
      case 'last': {
        const fromTotal = (total: number) => {
          const offset = lastPageOffset(total, limit);
          return this.obtain(gen, intent, offsetKey(offset, limit), (signal) =>
            this.client.listPage(this.resource, { limit, offset, signal }),
          );
        };
        if (this.page && !this.totalStale) return fromTotal(this.page.total);
        const known = first();
        return known instanceof Promise ? known.then((p) => fromTotal(p.total)) : fromTotal(known.total);
      }
    }
  }

  /** A page from the cache, or a request held by this walk. */
  private obtain(
    gen: number,
    intent: Intent,
    key: string,
    fetcher: (signal: AbortSignal) => Promise<Page>,
  ): Page | Promise<Page> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    if (gen !== this.gen) return Promise.reject(new Error('superseded'));
    const hold = this.pool.acquire(key, fetcher);
    this.walkHolds.push(hold);
    const label = this.loadingLabel(intent);
    if (this.loading !== label) {
      this.loading = label;
      this.changedSoon();
    }
    return hold.promise;
  }

  private loadingLabel(intent: Intent): string {
    const { title } = this;
    switch (intent.start.kind) {
      case 'first':
        return intent.steps === 0 ? `Loading the first page of ${title}…` : `Loading ${title}…`;
      case 'last':
        return intent.steps === 0 ? `Loading the last page of ${title}…` : `Loading ${title}…`;
      case 'reload':
      case 'resized':
        return `Reloading ${title}…`;
      case 'current': {
        if (!this.page) return `Loading ${title}…`;
        const { number, count } = pagePosition(this.page);
        const target = Math.max(1, Math.min(count, number + intent.steps));
        return `Loading page ${target} of ${title}…`;
      }
    }
  }

  /** Takes over a first page asked for by the caller: cached if it is in, else shared like a request of ours. */
  private adopt(key: string, early: EarlyPage): void {
    if (early.page) this.cache.put([key, ...pageKeys(early.page)], early.page);
    else this.pool.adopt(key, early.promise);
  }

  private show(page: Page, keepSelection: boolean): void {
    this.totalStale = false;
    if (!keepSelection) this.selected = 0;
    if (page !== this.page) this.changes = NO_CHANGES;
    this.display(page);
    this.prefetchNext(page);
    this.changed();
  }

  /** The page becomes the one shown, as read now from the service. */
  private display(page: Page): void {
    this.page = page;
    this.readAt = this.clock();
    this.stale = false;
    this.cached = false;
    if (this.seen.size > MAX_SEEN_IDS) this.seen.clear();
    for (const record of page.results) this.seen.add(record.id);
    this.onShow?.(page);
  }

  private prefetchNext(page: Page): void {
    this.prefetchHold?.release();
    this.prefetchHold = null;
    const url = page.next;
    if (!url || this.cache.has(urlKey(url))) return;
    const hold = this.pool.acquire(
      urlKey(url),
      (signal, background) => this.client.followPage(this.resource, url, { signal, background }),
      'background',
    );
    // A failed prefetch is silent: paging there asks again and shows its error then.
    hold.promise.catch(() => undefined);
    this.prefetchHold = hold;
  }

  private makeSnapshot(): ListSnapshot {
    return {
      resource: this.resource,
      page: this.page,
      selected: this.selected,
      filter: this.filter,
      loading: this.loading,
      error: this.error,
      notice: this.notice,
      readAt: this.readAt,
      stale: this.stale,
      cached: this.cached,
      changes: this.changes,
    };
  }

  private changed(): void {
    if (this.disposed) return;
    if (this.soonTimer) {
      clearTimeout(this.soonTimer);
      this.soonTimer = null;
    }
    this.setQuietly(this.makeSnapshot());
    this.emit();
  }

  /** The snapshot changes now; listeners hear of it after LOADING_NOTICE_DELAY_MS unless an emit() comes first. */
  private changedSoon(): void {
    if (this.disposed) return;
    this.setQuietly(this.makeSnapshot());
    this.soonTimer ??= setTimeout(() => {
      this.soonTimer = null;
      if (!this.disposed) this.emit();
    }, LOADING_NOTICE_DELAY_MS);
  }
}

function emptySnapshot(resource: ResourceName): ListSnapshot {
  return {
    resource,
    page: null,
    selected: 0,
    filter: '',
    loading: null,
    error: null,
    notice: null,
    readAt: null,
    stale: false,
    cached: false,
    changes: NO_CHANGES,
  };
}

const edgeNotice = (edge: 'first' | 'last'): string =>
  edge === 'last' ? 'This is the last page.' : 'This is the first page.';
