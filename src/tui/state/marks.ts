/**
 * The marked records of a session, by resource (Space, `*`): what `d`, `e`,
 * `y`, `Y` and `:export` act on when there are any. Kept by id with the copy
 * last seen, so marks survive paging, filtering and refreshes; the copy is
 * what an action starts from when no fresher one is known.
 */
import type { ApiRecord } from '../../api/record.js';
import type { ResourceName } from '../../api/resources.js';
import { Store } from './store.js';

export type Marks = ReadonlyMap<ResourceName, ReadonlyMap<string, ApiRecord>>;

const NONE: ReadonlyMap<string, ApiRecord> = new Map();

export class MarksStore extends Store<Marks> {
  constructor() {
    super(new Map());
  }

  of(resource: ResourceName): ReadonlyMap<string, ApiRecord> {
    return this.getSnapshot().get(resource) ?? NONE;
  }

  count(resource: ResourceName): number {
    return this.of(resource).size;
  }

  has(resource: ResourceName, id: string): boolean {
    return this.of(resource).has(id);
  }

  /** Marks the record, or unmarks it; returns whether it is marked now. */
  toggle(resource: ResourceName, record: ApiRecord): boolean {
    const next = new Map(this.of(resource));
    const marked = !next.delete(record.id);
    if (marked) next.set(record.id, record);
    this.put(resource, next);
    return marked;
  }

  /** Marks them all, or, when all of them are marked already, unmarks them; returns how many are marked now. */
  toggleAll(resource: ResourceName, records: readonly ApiRecord[]): number {
    const next = new Map(this.of(resource));
    const all = records.length > 0 && records.every((r) => next.has(r.id));
    for (const record of records) {
      if (all) next.delete(record.id);
      else next.set(record.id, record);
    }
    this.put(resource, next);
    return next.size;
  }

  /** Unmarks these ids (an action done on them), or every one of the resource. */
  clear(resource: ResourceName, ids?: Iterable<string>): void {
    if (this.count(resource) === 0) return;
    if (ids === undefined) return this.put(resource, new Map());
    const next = new Map(this.of(resource));
    for (const id of ids) next.delete(id);
    this.put(resource, next);
  }

  private put(resource: ResourceName, marks: ReadonlyMap<string, ApiRecord>): void {
    const all = new Map(this.getSnapshot());
    if (marks.size === 0) all.delete(resource);
    else all.set(resource, marks);
    this.set(all);
  }
}
