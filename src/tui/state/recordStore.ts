/**
 * Records read one by one (details, and the names of the records they refer
 * to), owned by the dashboard: a detail view shows what is here, and its keys
 * (reload, open a reference) act here. Requests of records no longer shown are
 * aborted, a late answer to an older request is dropped, and the number of
 * records kept is bounded.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import type { ApiClient } from '../../api/types.js';
import { Store } from './store.js';

export interface RecordEntry {
  record: ApiRecord | null;
  loading: boolean;
  error: unknown;
  /** The service answered 404 to a refresh, or the dashboard deleted it: what is shown is the last copy. */
  deleted?: boolean;
  /** A refresh failed: what is shown is the last copy read. */
  stale?: boolean;
}

const EMPTY: RecordEntry = { record: null, loading: false, error: null };
const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
const MAX_RECORDS = 200;

export const recordKey = (resource: string, id: string): string => `${resource}/${id}`;

interface Slot extends RecordEntry {
  controller: AbortController | null;
  gen: number;
}

/** Its snapshot is a version number, changed with every change of any record (readers then ask get()). */
export class RecordStore extends Store<number> {
  private readonly slots = new Map<string, Slot>();
  private gen = 0;
  /** Moves on when everything is forgotten: an answer to a request made before belongs to another session. */
  private session = 0;

  constructor(private readonly client: () => ApiClient) {
    super(0);
  }

  get(resource: ResourceName, id: string): RecordEntry {
    return this.slots.get(recordKey(resource, id)) ?? EMPTY;
  }

  /** Shows `initial` (the list's copy) at once, or reads the record. */
  open(resource: ResourceName, id: string, initial?: ApiRecord): void {
    const key = recordKey(resource, id);
    if (initial) {
      const slot = this.slots.get(key);
      slot?.controller?.abort();
      this.put_(key, { record: initial, loading: false, error: null, controller: null, gen: ++this.gen });
      this.emit();
      return;
    }
    this.load(resource, id);
  }

  /**
   * Reads the record unless it is here, coming, or its read failed (names of
   * referenced records). A failed read is not tried again on its own: every
   * change of the store asks again, so that would be a request a change for
   * ever (an id that points nowhere); `load` (r) reads it again.
   */
  ensure(resource: ResourceName, id: string): void {
    const slot = this.slots.get(recordKey(resource, id));
    if (slot && (slot.record || slot.loading || slot.error !== null)) return;
    this.load(resource, id);
  }

  /** Reads the record (again), keeping what is shown until the answer comes. */
  load(resource: ResourceName, id: string): void {
    const key = recordKey(resource, id);
    const old = this.slots.get(key);
    old?.controller?.abort();
    const controller = new AbortController();
    const gen = ++this.gen;
    this.put_(key, { record: old?.record ?? null, loading: true, error: null, controller, gen });
    this.emit();
    this.client()
      .get(resource, id, { signal: controller.signal })
      .then(
        (record) => {
          if (this.slots.get(key)?.gen !== gen) return;
          this.put_(key, { record, loading: false, error: null, controller: null, gen });
          this.emit();
        },
        (error: unknown) => {
          const slot = this.slots.get(key);
          if (slot?.gen !== gen || controller.signal.aborted) return;
          this.put_(key, { ...slot, loading: false, error, controller: null });
          this.emit();
        },
      );
  }

  /**
   * The record as the service now holds it (the answer to a save, a page, a refresh): the one
   * copy every screen reads, so details, names and the next form show it at once.
   */
  put(resource: ResourceName, record: ApiRecord): void {
    const key = recordKey(resource, record.id);
    this.slots.get(key)?.controller?.abort();
    this.put_(key, { record, loading: false, error: null, controller: null, gen: ++this.gen });
    this.emit();
  }

  /** Newer copies of records already here (a page read again); records not here are left alone. */
  refreshFrom(resource: ResourceName, records: readonly ApiRecord[]): void {
    let changed = false;
    for (const record of records) {
      const key = recordKey(resource, record.id);
      const slot = this.slots.get(key);
      if (!slot || slot.loading || slot.record === record) continue;
      this.slots.set(key, { ...slot, record, error: null, deleted: false, stale: false });
      changed = true;
    }
    if (changed) this.emit();
  }

  /** The record is gone (deleted here or elsewhere): its last copy stays for open details, marked. */
  markDeleted(resource: ResourceName, id: string): void {
    const key = recordKey(resource, id);
    const slot = this.slots.get(key);
    slot?.controller?.abort();
    this.put_(key, {
      record: slot?.record ?? null,
      loading: false,
      error: null,
      deleted: true,
      controller: null,
      gen: ++this.gen,
    });
    this.emit();
  }

  /**
   * Reads the record again quietly (the dashboard's refresh): nothing shows as loading; a 404 marks
   * it deleted elsewhere, another failure marks the copy stale. Resolves whether the read succeeded.
   */
  async refresh(resource: ResourceName, id: string): Promise<boolean> {
    const key = recordKey(resource, id);
    const slot = this.slots.get(key);
    if (slot?.loading) return true;
    const gen = ++this.gen;
    const session = this.session;
    try {
      const record = await this.client().get(resource, id, { background: true });
      // Everything was forgotten meanwhile, or a read the user asked for (r) came: that wins.
      if (session !== this.session || this.slots.get(key)?.loading) return true;
      this.put_(key, { record, loading: false, error: null, controller: null, gen });
      this.emit();
      return true;
    } catch (error) {
      if (session !== this.session) return true;
      const now = this.slots.get(key);
      if (isNotFound(error)) {
        this.put_(key, {
          record: now?.record ?? null,
          loading: false,
          error: null,
          deleted: true,
          controller: null,
          gen,
        });
        this.emit();
        return true;
      }
      if (now) {
        this.slots.set(key, { ...now, stale: true });
        this.emit();
      }
      return false;
    }
  }

  /** Aborts the reads of records not in `keep` (they are no longer shown). */
  retain(keep: ReadonlySet<string>): void {
    let changed = false;
    for (const [key, slot] of this.slots) {
      if (keep.has(key) || !slot.loading) continue;
      slot.controller?.abort();
      if (slot.record) this.slots.set(key, { ...slot, loading: false, controller: null, gen: ++this.gen });
      else this.slots.delete(key);
      changed = true;
    }
    if (changed) this.emit();
  }

  /** Everything forgotten (a new session: other data, maybe another service). */
  clear(): void {
    for (const slot of this.slots.values()) slot.controller?.abort();
    this.slots.clear();
    this.session++;
    this.emit();
  }

  dispose(): void {
    for (const slot of this.slots.values()) slot.controller?.abort();
    this.slots.clear();
    this.session++;
    this.dropListeners();
  }

  private put_(key: string, slot: Slot): void {
    this.slots.delete(key);
    this.slots.set(key, slot);
    while (this.slots.size > MAX_RECORDS) {
      const [oldest, entry] = this.slots.entries().next().value as [string, Slot];
      if (entry.loading) break;
      this.slots.delete(oldest);
    }
  }

  protected override emit(): void {
    this.setQuietly(this.getSnapshot() + 1);
    super.emit();
  }
}
