/**
 * The sandbox's data: per resource an array in creation order (which is
 * chronological order, so a page is one slice, no sorting per request) plus a
 * Map from id to the same record objects for reads and updates.
 */
import { RESOURCE_NAMES, type ResourceName } from '../api/resources.js';

export type StoredRecord = { id: string; created_at: string; updated_at: string } & Record<string, unknown>;

export interface CollectionSnapshot {
  /** Number of the next id; ids are never reused, even after a delete. */
  nextNumber: number;
  records: StoredRecord[];
}

export type DataSnapshot = Record<ResourceName, CollectionSnapshot>;

export const ID_PREFIX: Record<ResourceName, string> = {
  slis: 'sli',
  slos: 'slo',
  organizations: 'org',
  agreements: 'agr',
};

export function formatId(resource: ResourceName, n: number): string {
  return `${ID_PREFIX[resource]}-${String(n).padStart(6, '0')}`;
}

export class Collection {
  readonly records: StoredRecord[];
  private readonly byId = new Map<string, StoredRecord>();

  constructor(readonly resource: ResourceName, public nextNumber: number, records: StoredRecord[]) {
    this.records = records;
    for (const r of records) this.byId.set(r.id, r);
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
    let id = formatId(this.resource, this.nextNumber++);
    // A hand-edited data file might already hold the id: skip ahead (bounded by the collection size).
    while (this.byId.has(id)) id = formatId(this.resource, this.nextNumber++);
    const record: StoredRecord = { id, ...fields, created_at: timestamp, updated_at: timestamp };
    this.records.push(record);
    this.byId.set(id, record);
    return record;
  }

  update(id: string, fields: Record<string, unknown>, timestamp: string): StoredRecord | undefined {
    const record = this.byId.get(id);
    if (!record) return undefined;
    for (const [key, value] of Object.entries(fields)) {
      if (key !== 'id' && key !== 'created_at' && key !== 'updated_at') record[key] = value;
    }
    record.updated_at = timestamp;
    return record;
  }

  remove(id: string): boolean {
    const record = this.byId.get(id);
    if (!record) return false;
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

  constructor(data: DataSnapshot, private readonly clock: () => number = Date.now) {
    this.collections = Object.fromEntries(
      RESOURCE_NAMES.map((name) => [name, new Collection(name, data[name].nextNumber, data[name].records)]),
    ) as Record<ResourceName, Collection>;
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
    return Object.fromEntries(RESOURCE_NAMES.map((name) => [name, this.collections[name].snapshot()])) as DataSnapshot;
  }
}

function latestTimestamp(data: DataSnapshot): number {
  let latest = 0;
  for (const name of RESOURCE_NAMES) {
    for (const r of data[name].records) {
      const created = Date.parse(r.created_at);
      const updated = Date.parse(r.updated_at);
      if (created > latest) latest = created;
      if (updated > latest) latest = updated;
    }
  }
  return latest;
}
