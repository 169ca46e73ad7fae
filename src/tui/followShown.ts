/**
 * What follows what the dashboard shows: the list shown loads, and the other
 * tabs' first pages after it, quietly; the records its reference columns name
 * are gathered when there are few of them; details read their record and the
 * names of the records it refers to (reads of details closed are aborted); a
 * form opened on a record reads the names its reference fields hold; and the
 * history puts a list back as it was left.
 */
import type { ResourceName } from '../api/resources.js';
import type { SortOrder } from '../domain/listQuery.js';
import type { ViewRegistry } from '../presentation/resources.js';
import type { DashboardSession } from './controllers/context.js';
import type { Forms } from './forms/formsController.js';
import { currentDetail, type NavState, type NavStore } from './state/navigation.js';
import { recordKey, type RecordStore } from './state/recordStore.js';
import { referencedBy } from './state/referenceNames.js';
import { referencesOf } from './screens/references.js';

/** A referenced resource of at most this many records is gathered so a list can name its references. */
const NAMES_GATHERED_AT_MOST = 10_000;

export interface FollowDeps {
  nav: NavStore;
  session: () => DashboardSession;
  records: RecordStore;
  /** What is the same in every view (paths, fields, labels). */
  registry: ViewRegistry;
  /** settings.yaml's views as they are now: the columns shown and the order each list opens in. */
  viewed: () => { registry: ViewRegistry; sorts: Partial<Record<string, SortOrder>> };
  forms: Forms['store'];
}

export interface Following {
  /** Loads the list shown (again after a new session), then the other tabs' first pages. */
  watchList(): void;
  /** The first list and details: called once the session is attached. */
  start(): void;
  dispose(): void;
}

export function followShown(deps: FollowDeps): Following {
  const { nav, session, records, registry, viewed, forms } = deps;

  // A form opened on a record shows the names of the records its reference fields hold: read them once, at opening.
  let formNamesFor: unknown = null;
  const unwatchFormNames = forms.subscribe(() => {
    const s = forms.getSnapshot();
    if (s.kind !== 'form' || formNamesFor === s.form.def || s.form.record === undefined) {
      if (s.kind !== 'form') formNamesFor = null;
      return;
    }
    formNamesFor = s.form.def;
    for (const field of s.form.def.fields) {
      const id = field.kind === 'reference' ? s.form.record[field.key] : undefined;
      if (field.references && typeof id === 'string' && id !== '') records.ensure(field.references, id);
    }
  });

  // A list with reference columns (an SLO's SLI, an agreement's organization) shows the names of the
  // records they point to once those are gathered: done for the referenced resources small enough
  // to hold cheaply (their totals from the tabs' first pages); a bigger one is gathered by / or u.
  let unwatchNames: (() => void) | null = null;
  const gatherNamesOfShownList = () => {
    unwatchNames?.();
    unwatchNames = null;
    const s = session();
    const def = viewed().registry.get(nav.getSnapshot().resource);
    const targets = [...new Set(def.columns.map((c) => referencedBy(def, c)))].filter(
      (t): t is ResourceName => t !== undefined && registry.has(t) && s.index.status(t).state === 'idle',
    );
    if (targets.length === 0) return;
    const check = () => {
      for (const t of targets) {
        const total = s.stores[t].getSnapshot().page?.total;
        if (s.index.status(t).state === 'idle' && total !== undefined && total <= NAMES_GATHERED_AT_MOST)
          void s.index.ensure(t);
      }
    };
    const unsubscribes = targets.map((t) => s.stores[t].subscribe(check));
    unwatchNames = () => unsubscribes.forEach((u) => u());
    check();
  };

  // The shown list loads; once its first page is in (or failed), the others' first pages are read quietly.
  let warmedFor: DashboardSession | null = null;
  let unwatchList: (() => void) | null = null;
  const watchList = () => {
    unwatchList?.();
    const s = session();
    const resource = nav.getSnapshot().resource;
    const store = s.stores[resource];
    let namesAsked = false;
    const check = () => {
      const snap = store.getSnapshot();
      if (snap.page === null && snap.error === null) return;
      if (!namesAsked) {
        namesAsked = true;
        gatherNamesOfShownList();
      }
      if (warmedFor === s) return;
      warmedFor = s;
      for (const other of Object.values(s.stores)) if (other !== store) other.warm();
    };
    unwatchList = store.subscribe(check);
    store.ensureLoaded();
    s.wholes[resource].applyViewSort(viewed().sorts[resource]);
    check();
  };

  // Details read their record, and the names of the records they refer to; reads of details closed are aborted.
  const syncRecords = (state: NavState, previous: NavState | null) => {
    if (previous && state.details === previous.details) return;
    const keep = new Set<string>();
    const top = currentDetail(state);
    for (const entry of state.details) keep.add(recordKey(entry.resource, entry.id));
    if (top && (!previous || currentDetail(previous) !== top)) {
      const opened = !previous || !previous.details.includes(top);
      if (opened) records.open(top.resource, top.id, top.record);
    }
    if (top) {
      const shown = records.get(top.resource, top.id).record ?? top.record;
      for (const ref of referencesOf(registry, top.resource, shown)) {
        keep.add(recordKey(ref.resource, ref.id));
        records.ensure(ref.resource, ref.id);
      }
    }
    records.retain(keep);
  };

  // The history keeps each list as it was left, and `[`/`]` put it back so.
  nav.listOf = (resource) => session().wholes[resource].place();
  let lastNav = nav.getSnapshot();
  const unwatchNav = nav.subscribe(() => {
    const state = nav.getSnapshot();
    const previous = lastNav;
    lastNav = state;
    if (state.arrived !== previous.arrived && state.arrived?.list)
      session().wholes[state.resource].restore(state.arrived.list);
    if (state.resource !== previous.resource) watchList();
    syncRecords(state, previous);
  });
  // A detail record read again may name other references: read their names too.
  const unwatchRecords = records.subscribe(() => {
    const top = currentDetail(nav.getSnapshot());
    if (!top) return;
    const shown = records.get(top.resource, top.id).record ?? top.record;
    for (const ref of referencesOf(registry, top.resource, shown)) records.ensure(ref.resource, ref.id);
  });

  return {
    watchList,
    start: () => {
      watchList();
      syncRecords(nav.getSnapshot(), null);
    },
    dispose: () => {
      unwatchNav();
      unwatchRecords();
      unwatchFormNames();
      unwatchList?.();
      unwatchNames?.();
    },
  };
}
