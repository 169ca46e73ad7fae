/**
 * Names of the records that list columns refer to (an SLO's SLI, an
 * agreement's organization), for the list tables: from the session's record
 * index when it holds the resource, else from the pages already read and the
 * records read one by one. It never asks the server for anything: a name
 * shows once something else has read its record, and the tables redraw when
 * that happens (the version below changes).
 *
 * Which columns refer to which resource comes from the registry: a column
 * whose `field` is a field with `references`.
 */
import type { RecordIndex } from '../../api/recordIndex.js';
import type { ResourceName } from '../../api/resources.js';
import type { Column, ViewRegistry, ResourceView } from '../../presentation/resources.js';
import type { ApiRecord } from '../../api/record.js';
import type { ListStore } from './listStore.js';
import type { RecordStore } from './recordStore.js';
import { Store } from './store.js';

/** The resource a list column's ids point to, when the column shows a single reference field. */
export function referencedBy(def: ResourceView, column: Column): ResourceName | undefined {
  if (column.field === undefined) return undefined;
  const field = def.fields.find((f) => f.key === column.field);
  return field?.kind === 'reference' ? field.references : undefined;
}

/** Every resource some list column refers to. */
export function referencedResources(registry: ViewRegistry): Set<ResourceName> {
  const out = new Set<ResourceName>();
  for (const def of registry.defs)
    for (const column of def.columns) {
      const to = referencedBy(def, column);
      if (to !== undefined && registry.has(to)) out.add(to);
    }
  return out;
}

/** The cell of a reference column: the id first (it stays when the column is narrow), then the name. */
export function idWithName(id: string, name: string | undefined): string {
  return name && name !== id ? `${id} ${name}` : id;
}

export interface ReferenceNamesOptions {
  registry: ViewRegistry;
  index: RecordIndex;
  stores: Record<ResourceName, ListStore>;
  records: RecordStore;
}

/** What a table reads names from; a new one whenever a name may have become known. */
export interface NameLookup {
  name(resource: ResourceName, id: string): string | undefined;
}

/** Looks names up; its snapshot is replaced whenever a name may have become known. */
export class ReferenceNames extends Store<NameLookup> {
  private readonly registry: ViewRegistry;
  private readonly index: RecordIndex;
  private readonly stores: Record<ResourceName, ListStore>;
  private readonly records: RecordStore;
  private readonly watched: Set<ResourceName>;
  /** The loaded pages' records by id, per resource, rebuilt when that list changed. */
  private readonly loaded = new Map<ResourceName, { at: unknown; byId: Map<string, ApiRecord> }>();
  private readonly unsubscribes: (() => void)[] = [];

  constructor(options: ReferenceNamesOptions) {
    super({ name: (resource, id) => this.name(resource, id) });
    this.registry = options.registry;
    this.index = options.index;
    this.stores = options.stores;
    this.records = options.records;
    this.watched = referencedResources(options.registry);
    const bump = () => this.set({ name: (resource, id) => this.name(resource, id) });
    this.unsubscribes.push(
      this.index.subscribe((status) => {
        if (this.watched.has(status.resource)) bump();
      }),
      this.records.subscribe(bump),
    );
    for (const resource of this.watched) {
      const store = this.stores[resource];
      if (store) this.unsubscribes.push(store.subscribe(bump));
    }
  }

  /** The name of a record, if it has been read; undefined otherwise. */
  name(resource: ResourceName, id: string): string | undefined {
    if (!this.registry.has(resource)) return undefined;
    const def = this.registry.get(resource);
    const read = this.records.get(resource, id);
    // A record deleted (here or elsewhere) has no name to show beside its id any more.
    if (read.deleted) return undefined;
    const record = this.index.get(resource, id) ?? this.fromPages(resource, id) ?? read.record;
    return record ? def.label(record) : undefined;
  }

  dispose(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    this.loaded.clear();
  }

  private fromPages(resource: ResourceName, id: string): ApiRecord | undefined {
    const store = this.stores[resource];
    if (!store) return undefined;
    const at = store.getSnapshot();
    let entry = this.loaded.get(resource);
    if (!entry || entry.at !== at) {
      entry = { at, byId: new Map(store.loadedRecords().map((r) => [r.id, r])) };
      this.loaded.set(resource, entry);
    }
    return entry.byId.get(id);
  }
}
