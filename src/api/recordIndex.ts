/**
 * The record index: every record of a resource, gathered on demand in the
 * background by following the server's `next` links, so the dashboard can
 * filter, sort, pick and relate across the whole list while it keeps paging
 * one page at a time for what the user sees.
 *
 * - Pages come from a PageWalk: in the program, the client's `pages()`, the
 *   one iterator that refuses loops and runaway lists; never a copy of it.
 * - Bounded: at most `maxRecords` are held; past that the index says so and
 *   works on the records it holds.
 * - Packed: the records are held as compact bytes (packedRecords.ts), a
 *   million in about 200 MB; each one asked for is read back, a new object.
 * - Cancellable: `cancel()` and `close()` abort the walk (its AbortSignal).
 * - Refreshable: `refresh()` gathers again while the records already held
 *   stay usable; they are replaced when the new walk completes. `reread()`
 *   (the dashboard's refresh every few seconds) reads the pages again
 *   quietly and changes only what changed.
 * - Observable: listeners hear each change of state and the progress, at
 *   most once per `progressIntervalMs` while pages arrive.
 *
 * Plain TypeScript: no UI here.
 */
import { describeError, SlotuiError } from './errors.js';
import { WIRE_REGISTRY, type Registry, type ResourceName } from './resources.js';
import type { ApiRecord } from './record.js';
import { MAX_NESTING } from './nesting.js';
import { PackCodec, PackedRecords, type HeldRecords } from './packedRecords.js';
import type { Page } from './types.js';
import { grouped } from '../text/count.js';

/** How many records an index holds at most when the profile does not say. */
const DEFAULT_INDEX_MAX_RECORDS = 200_000;
/** Records asked for a page while gathering: fewer round trips (servers cap it; the sandbox at 100). */
const INDEX_PAGE_SIZE = 100;
const DEFAULT_PROGRESS_INTERVAL_MS = 100;
/** Progress comes at most once per this many times what telling it cost (at most a fifth of the time). */
const PROGRESS_COST_FACTOR = 5;

export type PageWalk = (resource: ResourceName, options: { limit: number; signal: AbortSignal }) => AsyncIterable<Page>;

type IndexState =
  | 'idle' // never asked for
  | 'gathering' // a walk is under way
  | 'complete' // every record is held
  | 'capped' // the maximum was reached before the end of the list
  | 'stopped' // cancelled before the end
  | 'failed'; // a page failed; `message` says why

export interface IndexStatus {
  resource: ResourceName;
  /** The resource's title in sentences ("SLIs"). */
  title: string;
  state: IndexState;
  /** Records usable now (`records()`). */
  held: number;
  /** Records read by the walk under way (equals `held` unless an earlier set is kept during a refresh). */
  gathered: number;
  /** The server's total, from the latest page read; undefined before the first. */
  total: number | undefined;
  /** True while a refresh runs and the records usable are those of the earlier walk. */
  refreshing: boolean;
  /** One sentence, for `capped` and `failed`. */
  message?: string;
  /** Increases whenever the records usable change (for memoised views). */
  version: number;
  /**
   * Increases whenever the records usable change other than by records added
   * at their end (one replaced or removed): a view that kept work for the
   * records it saw may keep it while this stays the same.
   */
  reshaped: number;
}

export interface RecordIndexOptions {
  walk: PageWalk;
  /** The resources it holds, for their titles in messages (default: the service's). */
  registry?: Registry;
  /** Records held at most per resource (a profile's `indexMaxRecords`). */
  maxRecords?: number;
  pageSize?: number;
  /** Progress notifications while pages arrive come at most this often (state changes come at once). */
  progressIntervalMs?: number;
  /** How a failed page is said in `message` (default: as the CLI says it; the dashboard gives its own advice). */
  describeFailure?: (error: unknown) => string;
}

export type IndexListener = (status: IndexStatus) => void;

interface Walk {
  controller: AbortController;
  records: PackedRecords;
  done: Promise<void>;
}

class ResourceIndex {
  state: IndexState = 'idle';
  /** What the records' bytes refer to: one for every store of the resource, so bytes copy between them. */
  readonly codec = new PackCodec();
  /** The records usable now: the last finished walk's, or the running walk's while none has finished. */
  records = new PackedRecords(this.codec);
  total: number | undefined;
  message: string | undefined;
  version = 0;
  reshaped = 0;
  walk: Walk | undefined;
  /** How the walk that gave `records` ended, once one has (complete or capped). */
  finished: { state: 'complete' | 'capped'; message?: string } | undefined;
  /** A quiet read of every page again (`reread`), under way. */
  rereading: AbortController | undefined;
  /** What the last `reread` found: `+` a record new to the list, `~` one whose fields changed. */
  changes: ReadonlyMap<string, '+' | '~'> = NO_CHANGES;

  constructor(readonly resource: ResourceName) {}
}

export class RecordIndex {
  private readonly walkPages: PageWalk;
  private readonly registry: Registry;
  readonly maxRecords: number;
  private readonly pageSize: number;
  private readonly progressIntervalMs: number;
  private readonly describeFailure: (error: unknown) => string;
  private readonly indexes = new Map<ResourceName, ResourceIndex>();
  private readonly listeners = new Set<IndexListener>();
  private readonly pendingProgress = new Map<ResourceName, ReturnType<typeof setTimeout>>();
  private readonly lastProgressAt = new Map<ResourceName, number>();
  /** What the listeners took at the last change told (ms). */
  private readonly emitCost = new Map<ResourceName, number>();
  private closed = false;

  constructor(options: RecordIndexOptions) {
    const max = options.maxRecords ?? DEFAULT_INDEX_MAX_RECORDS;
    if (!Number.isSafeInteger(max) || max < 1) {
      throw new SlotuiError(
        'config',
        `The index maximum (indexMaxRecords) must be a whole number of at least 1 (got ${String(max)}).`,
      );
    }
    this.walkPages = options.walk;
    this.registry = options.registry ?? WIRE_REGISTRY;
    this.maxRecords = max;
    this.pageSize = options.pageSize ?? INDEX_PAGE_SIZE;
    this.progressIntervalMs = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
    this.describeFailure = options.describeFailure ?? describeError;
  }

  /** Hears every change of every resource's index; returns the unsubscribe. */
  subscribe(listener: IndexListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  status(resource: ResourceName): IndexStatus {
    const index = this.entry(resource);
    return {
      resource,
      title: this.titleOf(resource),
      state: index.state,
      held: index.records.length,
      gathered: index.walk ? index.walk.records.length : index.records.length,
      total: index.total,
      refreshing: index.walk !== undefined && index.finished !== undefined,
      ...(index.message !== undefined ? { message: index.message } : {}),
      version: index.version,
      reshaped: index.reshaped,
    };
  }

  /**
   * The records usable now, in the server's order (possibly partial: see `status()`), held packed:
   * each read gives a new copy, so a reader keeps positions or ids rather than the records.
   */
  records(resource: ResourceName): HeldRecords {
    return this.entry(resource).records;
  }

  get(resource: ResourceName, id: string): ApiRecord | undefined {
    const records = this.entry(resource).records;
    const at = records.positionOf(id);
    return at === undefined ? undefined : records.at(at);
  }

  /** Whether every record of the resource is held (an id not found then points nowhere). */
  isComplete(resource: ResourceName): boolean {
    return this.entry(resource).state === 'complete';
  }

  /**
   * Starts gathering unless a walk runs or the records are held already
   * (a failed or stopped index starts again). Resolves when that walk ends
   * (it never rejects: a failure is the `failed` state).
   */
  ensure(resource: ResourceName): Promise<void> {
    const index = this.entry(resource);
    if (index.walk) return index.walk.done;
    if (index.state === 'complete' || index.state === 'capped') return Promise.resolve();
    return this.start(index);
  }

  /** Gathers again (after `r` or a write). The records held stay usable until the new walk completes. */
  refresh(resource: ResourceName): Promise<void> {
    const index = this.entry(resource);
    if (index.walk) this.abortWalk(index);
    return this.start(index);
  }

  /** What the last `reread` found: `+` a record new to the list, `~` one whose fields changed. */
  changes(resource: ResourceName): ReadonlyMap<string, '+' | '~'> {
    return this.entry(resource).changes;
  }

  /**
   * Reads every page again, quietly: the state stays as it is (no "gathering"
   * while it reads), and once the pages are in only what changed changes.
   * A record whose fields are the same stays as it is (while every record
   * is, the records stay the same object, so what was worked out from them
   * stays valid, and memory stays flat however often this runs), a changed
   * one is replaced, a new one added, one gone dropped.
   * Only an index that was gathered whole (or to its cap) is read again; a
   * walk under way is left alone. Resolves whether the service answered: a
   * failure keeps the records as they were.
   */
  async reread(resource: ResourceName): Promise<boolean> {
    const index = this.entry(resource);
    if (this.closed || index.walk || index.rereading || (index.state !== 'complete' && index.state !== 'capped'))
      return true;
    const controller = new AbortController();
    index.rereading = controller;
    // At rest nothing changes: the records read again are the ones held, in their order, and no
    // copy of them is made unless one differs.
    const read = new ReadAgain(index.records);
    let total: number | undefined;
    let capped = false;
    try {
      for await (const page of this.walkPages(index.resource, { limit: this.pageSize, signal: controller.signal })) {
        if (index.rereading !== controller) return true;
        total = page.total;
        for (const record of page.results) {
          if (read.length >= this.maxRecords && !read.has(record.id)) {
            capped = true;
            break;
          }
          read.place(record);
        }
        if (capped || (read.length >= this.maxRecords && page.next !== null)) {
          capped = true;
          break;
        }
      }
    } catch {
      const superseded = index.rereading !== controller;
      if (!superseded) index.rereading = undefined;
      return superseded;
    } finally {
      controller.abort();
    }
    if (index.rereading !== controller || this.closed) return true;
    index.rereading = undefined;
    const records = read.result();
    const changes = read.changes;
    const moved = records !== index.records;
    index.total = total;
    const hadChanges = index.changes.size > 0;
    index.changes = changes.size > 0 ? changes : NO_CHANGES;
    if (moved) {
      index.records = records;
      index.finished = capped
        ? { state: 'capped', message: cappedMessage(this.titleOf(index.resource), this.maxRecords, index.total) }
        : { state: 'complete' };
      index.state = index.finished.state;
      index.message = index.finished.message;
      index.version++;
    }
    if (moved || hadChanges) this.emit(index);
    return true;
  }

  /** Gathers again only the resources that were asked for before (what `r` does). */
  refreshStarted(resource: ResourceName): Promise<void> {
    return this.entry(resource).state === 'idle' ? Promise.resolve() : this.refresh(resource);
  }

  /**
   * A write the user made: the records held reflect it at once, and a
   * resource that was gathered is gathered again so the server's view wins.
   */
  noteWrite(resource: ResourceName, change: { saved: ApiRecord } | { removed: string }): void {
    const index = this.entry(resource);
    if (index.state === 'idle') return;
    if ('saved' in change) index.records.place(change.saved);
    else index.records.remove(change.removed);
    index.version++;
    index.reshaped++;
    this.emit(index);
    void this.refresh(resource);
  }

  /** Stops the walk under way; the records read so far stay usable. */
  cancel(resource: ResourceName): void {
    const index = this.entry(resource);
    if (!index.walk) return;
    this.abortWalk(index);
    if (index.finished) {
      index.state = index.finished.state;
      index.message = index.finished.message;
    } else {
      index.state = 'stopped';
      index.message = undefined;
    }
    this.emit(index);
  }

  /** Stops every walk; the index answers nothing new afterwards. */
  close(): void {
    this.closed = true;
    for (const index of this.indexes.values()) {
      if (index.walk) this.abortWalk(index);
      this.abortReread(index);
    }
    for (const timer of this.pendingProgress.values()) clearTimeout(timer);
    this.pendingProgress.clear();
    this.listeners.clear();
  }

  private titleOf(resource: ResourceName): string {
    return this.registry.has(resource) ? this.registry.get(resource).title : resource;
  }

  private entry(resource: ResourceName): ResourceIndex {
    let index = this.indexes.get(resource);
    if (!index) {
      index = new ResourceIndex(resource);
      this.indexes.set(resource, index);
    }
    return index;
  }

  private abortWalk(index: ResourceIndex): void {
    index.walk?.controller.abort();
    index.walk = undefined;
  }

  /** A quiet read again gives way to anything the user asked for. */
  private abortReread(index: ResourceIndex): void {
    index.rereading?.abort();
    index.rereading = undefined;
  }

  private start(index: ResourceIndex): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.abortReread(index);
    const controller = new AbortController();
    const walk: Walk = { controller, records: new PackedRecords(index.codec), done: Promise.resolve() };
    index.walk = walk;
    index.state = 'gathering';
    index.message = undefined;
    if (!index.finished) {
      // Nothing finished to keep: the records read show as they arrive.
      index.records = walk.records;
      index.version++;
    }
    this.emit(index);
    walk.done = this.run(index, walk);
    return walk.done;
  }

  private async run(index: ResourceIndex, walk: Walk): Promise<void> {
    const { signal } = walk.controller;
    const current = () => index.walk === walk && !signal.aborted;
    let capped = false;
    try {
      for await (const page of this.walkPages(index.resource, { limit: this.pageSize, signal })) {
        if (!current()) return;
        index.total = page.total;
        for (const record of page.results) {
          if (walk.records.length >= this.maxRecords && !walk.records.has(record.id)) {
            capped = true;
            break;
          }
          // A record read twice (the list shifted while it was read) replaces the first.
          if (walk.records.place(record) === 'replaced') index.reshaped++;
        }
        if (!index.finished) index.version++;
        if (capped || (walk.records.length >= this.maxRecords && page.next !== null)) {
          capped = true;
          break;
        }
        this.progress(index);
      }
      if (!current()) return;
      index.records = walk.records;
      index.finished = capped
        ? { state: 'capped', message: cappedMessage(this.titleOf(index.resource), this.maxRecords, index.total) }
        : { state: 'complete' };
      index.state = index.finished.state;
      index.message = index.finished.message;
      index.walk = undefined;
      index.version++;
      this.emit(index);
    } catch (error) {
      if (!current()) return;
      index.walk = undefined;
      index.state = 'failed';
      index.message = `Gathering ${this.titleOf(index.resource)} stopped after ${grouped(walk.records.length)}: ${this.describeFailure(error)}`;
      this.emit(index);
    } finally {
      if (index.walk === walk) index.walk = undefined;
      // Ends the walk's requests (a break leaves the iterator to close itself).
      walk.controller.abort();
    }
  }

  /** Progress while pages arrive, at most once per interval; the last one is never lost. */
  private progress(index: ResourceIndex): void {
    if (this.pendingProgress.has(index.resource)) return;
    const now = Date.now();
    // Spaced by what the last one cost its listeners too, so updates never take more than a share of the time.
    const spacing = Math.max(this.progressIntervalMs, (this.emitCost.get(index.resource) ?? 0) * PROGRESS_COST_FACTOR);
    const wait = (this.lastProgressAt.get(index.resource) ?? -Infinity) + spacing - now;
    if (wait <= 0) {
      this.emit(index);
      return;
    }
    this.pendingProgress.set(
      index.resource,
      setTimeout(() => {
        this.pendingProgress.delete(index.resource);
        if (index.state === 'gathering') this.emit(index);
      }, wait),
    );
  }

  private emit(index: ResourceIndex): void {
    if (this.closed) return;
    const timer = this.pendingProgress.get(index.resource);
    if (timer !== undefined && index.state !== 'gathering') {
      clearTimeout(timer);
      this.pendingProgress.delete(index.resource);
    }
    const started = Date.now();
    const status = this.status(index.resource);
    for (const listener of [...this.listeners]) listener(status);
    const ended = Date.now();
    this.emitCost.set(index.resource, ended - started);
    this.lastProgressAt.set(index.resource, ended);
  }
}

const NO_CHANGES: ReadonlyMap<string, '+' | '~'> = new Map();

/** The same fields with the same values (nested values compared as JSON). */
function sameRecord(a: ApiRecord, b: ApiRecord): boolean {
  return sameValue(a, b, 0);
}

/** Records are JSON refused past MAX_NESTING levels: equal values, objects compared field by field, no copies made. */
function sameValue(x: unknown, y: unknown, depth: number): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || depth > MAX_NESTING) return false;
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  const a = x as Record<string, unknown>;
  const b = y as Record<string, unknown>;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !sameValue(a[key], b[key], depth + 1)) return false;
  }
  return true;
}

/**
 * The records of a read again, in the order read. While they are the records held, in the same
 * order, only their count is kept; the first that differs starts a store of their own, which takes
 * the bytes of those before it as they are. What changed is noted as the records come.
 */
class ReadAgain {
  private same = 0;
  private records: PackedRecords | undefined;
  /** `+` a record new to the list, `~` one whose fields changed. */
  readonly changes = new Map<string, '+' | '~'>();

  constructor(private readonly held: PackedRecords) {}

  get length(): number {
    return this.records ? this.records.length : this.same;
  }

  has(id: string): boolean {
    if (this.records) return this.records.has(id);
    const at = this.held.positionOf(id);
    return at !== undefined && at < this.same;
  }

  place(record: ApiRecord): void {
    const at = this.held.positionOf(record.id);
    const unchanged = at !== undefined && sameAt(this.held, at, record);
    if (at === undefined) this.changes.set(record.id, '+');
    else if (!unchanged) this.changes.set(record.id, '~');
    if (!this.records && unchanged && at === this.same) {
      this.same++;
      return;
    }
    if (!this.records) {
      this.records = new PackedRecords(this.held.codec);
      for (let p = 0; p < this.same; p++) this.records.copyFrom(this.held, p);
    }
    this.records.place(record);
  }

  /** The held records themselves when every one was read again unchanged, in their order. */
  result(): PackedRecords {
    if (this.records) return this.records;
    if (this.same === this.held.length) return this.held;
    const records = new PackedRecords(this.held.codec);
    for (let p = 0; p < this.same; p++) records.copyFrom(this.held, p);
    return records;
  }
}

/** The record held at `at` has the fields of `record`: the same bytes, else (bytes can differ for equal fields) compared field by field. */
function sameAt(held: PackedRecords, at: number, record: ApiRecord): boolean {
  return held.sameBytes(at, record) || sameRecord(held.at(at)!, record);
}

/** What a capped index says: how many it holds (of how many), and the setting that holds more. */
function cappedMessage(title: string, max: number, total: number | undefined): string {
  const of = total !== undefined && total > max ? ` of ${grouped(total)}` : '';
  return `Only the first ${grouped(max)}${of} ${title} are held for filtering and sorting (the profile's indexMaxRecords); raise it to hold them all.`;
}

/**
 * The status line's words for an index: "gathering 1,200 of 5,030 SLIs",
 * "5,030 SLIs held", the capped or failed sentence; undefined when idle.
 */
export function describeIndexStatus(status: IndexStatus): string | undefined {
  const title = status.title;
  switch (status.state) {
    case 'idle':
      return undefined;
    case 'gathering':
      return status.total !== undefined
        ? `gathering ${grouped(status.gathered)} of ${grouped(status.total)} ${title}`
        : `gathering ${title}`;
    case 'complete':
      return `${grouped(status.held)} ${title} held`;
    case 'stopped':
      return `gathering stopped at ${grouped(status.held)}${status.total !== undefined ? ` of ${grouped(status.total)}` : ''} ${title}`;
    case 'capped':
    case 'failed':
      return status.message;
  }
}
