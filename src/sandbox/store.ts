/**
 * The sandbox's data: per resource an array in creation order (which is
 * chronological order, so a page is one slice, no sorting per request) plus a
 * Map from id to the same record objects for reads and updates.
 */
import { WIRE_REGISTRY, type Registry, type ResourceName } from '../api/resources.js';

export type StoredRecord = { id: string; created_at: string; updated_at: string } & Record<string, unknown>;

export interface CollectionSnapshot {
  /** Number of the next id; ids are never reused, even after a delete. */
  nextNumber: number;
  records: StoredRecord[];
}

/** Collections by resource name; a resource without one has no records yet. */
export type DataSnapshot = Partial<Record<string, CollectionSnapshot>>;

/** `sli-000042`: the id prefix from the registry, the number zero-padded. */
export function formatId(prefix: string, n: number): string {
  return `${prefix}-${String(n).padStart(6, '0')}`;
}

export class Collection {
  readonly records: StoredRecord[];
  private readonly byId = new Map<string, StoredRecord>();
  /** Moves on at every write, so what was made from the records (a page's JSON) knows it is stale. */
  private writes = 0;

  constructor(
    readonly prefix: string,
    public nextNumber: number,
    records: StoredRecord[],
  ) {
    this.records = records;
    for (const r of records) this.byId.set(r.id, r);
  }

  get version(): number {
    return this.writes;
  }

  get total(): number {
    return this.records.length;
  }

  page(offset: number, limit: number): StoredRecord[] {
    return this.records.slice(offset, offset + limit);
  }

  get(id: string): StoredRecord | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  insert(fields: Record<string, unknown>, timestamp: string): StoredRecord {
    let id = formatId(this.prefix, this.nextNumber++);
    // A hand-edited data file might already hold the id: skip ahead (bounded by the collection size).
    while (this.byId.has(id)) id = formatId(this.prefix, this.nextNumber++);
    const record: StoredRecord = { id, ...fields, created_at: timestamp, updated_at: timestamp };
    this.writes++;
    this.records.push(record);
    this.byId.set(id, record);
    return record;
  }

  update(id: string, fields: Record<string, unknown>, timestamp: string): StoredRecord | undefined {
    const record = this.byId.get(id);
    if (!record) return undefined;
    this.writes++;
    for (const [key, value] of Object.entries(fields)) {
      if (key !== 'id' && key !== 'created_at' && key !== 'updated_at') record[key] = value;
    }
    record.updated_at = timestamp;
    return record;
  }

  remove(id: string): boolean {
    const record = this.byId.get(id);
    if (!record) return false;
    this.writes++;
    this.byId.delete(id);
    // Linear, but only on delete; lists stay a plain slice.
    this.records.splice(this.records.indexOf(record), 1);
    return true;
  }

  snapshot(): CollectionSnapshot {
    return { nextNumber: this.nextNumber, records: this.records };
  }
}

export class Store {
  readonly collections: Record<ResourceName, Collection>;
  private lastMs: number;

  /** Collections of resources the registry does not know (from a data file): kept as they are, written back. */
  private readonly others: DataSnapshot;

  constructor(
    data: DataSnapshot,
    private readonly clock: () => number = Date.now,
    readonly registry: Registry = WIRE_REGISTRY,
  ) {
    this.collections = Object.fromEntries(
      registry.defs.map((def) => {
        const c = data[def.name] ?? { nextNumber: 1, records: [] };
        return [def.name, new Collection(def.idPrefix, c.nextNumber, c.records)];
      }),
    ) as Record<ResourceName, Collection>;
    this.others = Object.fromEntries(Object.entries(data).filter(([name]) => !registry.has(name)));
    this.lastMs = latestTimestamp(data);
  }

  /**
   * An ISO timestamp strictly after every one already handed out, so creation
   * order stays chronological even when two writes share a millisecond or the
   * loaded data carries timestamps from a clock ahead of ours.
   */
  timestamp(): string {
    this.lastMs = Math.max(this.clock(), this.lastMs + 1);
    return new Date(this.lastMs).toISOString();
  }

  snapshot(): DataSnapshot {
    return {
      ...this.others,
      ...Object.fromEntries(this.registry.names.map((name) => [name, this.collections[name].snapshot()])),
    };
  }
}

function latestTimestamp(data: DataSnapshot): number {
  let latest = 0;
  for (const collection of Object.values(data)) {
    for (const r of collection?.records ?? []) {
      const created = Date.parse(r.created_at);
      const updated = Date.parse(r.updated_at);
      if (created > latest) latest = created;
      if (updated > latest) latest = updated;
    }
  }
  return latest;
}
