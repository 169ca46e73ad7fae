/**
 * The stores of one session (a profile's client and settings): a list store
 * a resource, the record index they gather into, the whole lists over it, the
 * names their reference columns show, and the marks. The dashboard makes one
 * at start and one at each `:profile`; disposing of one ends its reads.
 */
import type { ResourceName } from '../api/resources.js';
import { RecordIndex, type PageWalk } from '../api/recordIndex.js';
import type { ApiClient } from '../api/types.js';
import type { Settings } from '../config/types.js';
import type { Column, ResourceView, ViewRegistry } from '../presentation/resources.js';
import type { FittedColumn } from '../text/columns.js';
import type { DashboardSession } from './controllers/context.js';
import { fittedColumns } from './screens/rows.js';
import { gatedWalk } from './state/gatedWalk.js';
import { ListStore } from './state/listStore.js';
import { MarksStore } from './state/marks.js';
import type { RecordStore } from './state/recordStore.js';
import { ReferenceNames } from './state/referenceNames.js';
import { RequestGate } from './state/requestGate.js';
import type { ViewportStore } from './state/viewport.js';
import { WholeList } from './state/wholeList.js';
import { errorSentence } from './text/errorSentence.js';
import type { FirstPage, PageKeepers } from './types.js';

export interface SessionDeps {
  /** What is the same in every view (paths, fields, labels). */
  registry: ViewRegistry;
  /** The registry as settings.yaml's views have it now (the columns shown). */
  viewed: () => ViewRegistry;
  viewport: ViewportStore;
  clock: () => Date;
  /** The copies of records the details and names read: every page shown refreshes them. */
  records: RecordStore;
  /** The last page each list showed, kept for the next start, per profile. */
  keptPages?: PageKeepers;
  /** Called as the record index starts reading a whole list (the program tunes its heap: heap.ts). */
  onGathering?: () => void;
  /** What could not be used of a kept page, as a sentence for the message line. */
  problem: (sentence: string) => void;
}

export interface SessionFactory {
  /** The stores of a session; `owned` when the dashboard opened the client (and so closes it). */
  make(client: ApiClient, settings: Settings, owned: boolean, firstPage?: FirstPage): DashboardSession;
  dispose(session: DashboardSession): void;
}

export function sessionFactory(deps: SessionDeps): SessionFactory {
  const { registry, viewport, clock, records } = deps;
  const shownColumns = shownColumnsOf(viewport, deps.viewed);
  return {
    make(client, settings, owned, firstPage) {
      // One gate a session: its requests share one connection.
      const gate = new RequestGate();
      const pageSize = viewport.pageSize;
      const early = firstPage && firstPage.limit === pageSize ? firstPage : undefined;
      const keeper = deps.keptPages?.(settings);
      // Said once each: a folder that cannot be trusted gives every resource the same sentence.
      const problems = new Set<string>();
      const stores = Object.fromEntries(
        registry.defs.map((def) => {
          const kept = keeper?.load(def.name);
          if (kept?.problem) problems.add(kept.problem);
          return [
            def.name,
            new ListStore({
              client,
              resource: def.name,
              def,
              pageSize,
              gate,
              firstPage: early?.resource === def.name ? early : undefined,
              ...(kept?.kept ? { kept: kept.kept } : {}),
              clock: () => clock().getTime(),
              onShow: (page) => {
                // Every page that carries records refreshes the copies the details and names read.
                records.refreshFrom(def.name, page.results);
                keeper?.save(def.name, page, clock().getTime());
              },
            }),
          ];
        }),
      ) as Record<ResourceName, ListStore>;
      for (const problem of problems) deps.problem(problem);
      // The index reads its pages through the gate too: background requests, over the background connection, one at a time.
      const index = new RecordIndex({
        walk: gathering(gatedWalk(client, gate, registry), deps.onGathering),
        maxRecords: settings.indexMaxRecords,
        registry,
        describeFailure: errorSentence,
      });
      const wholes = Object.fromEntries(
        registry.defs.map((def) => [def.name, new WholeList({ index, def, pageSize, columns: shownColumns(def) })]),
      ) as Record<ResourceName, WholeList>;
      const names = new ReferenceNames({ registry, index, stores, records });
      return {
        client,
        settings,
        owned,
        stores,
        index,
        wholes,
        names,
        marks: new MarksStore(),
        readOnly: settings.readOnly || client.readOnly,
      };
    },
    dispose(session) {
      session.names.dispose();
      for (const store of Object.values(session.stores)) store.dispose();
      for (const whole of Object.values(session.wholes)) whole.dispose();
      session.index.close();
    },
  };
}

/** The walk, telling `onGathering` each time one starts. */
const gathering =
  (walk: PageWalk, onGathering: (() => void) | undefined): PageWalk =>
  (resource, options) => {
    onGathering?.();
    return walk(resource, options);
  };

/**
 * The list columns shown for a resource at the viewport's width, the same
 * array while the width gives the same columns: the whole list keeps its
 * search texts per array, so a new one each time would work them all out
 * again for every record at every change of the index.
 */
function shownColumnsOf(viewport: ViewportStore, registry: () => ViewRegistry) {
  return (def: ResourceView): (() => readonly Column[]) => {
    let last: { fitted: readonly FittedColumn<Column>[]; columns: readonly Column[] } | undefined;
    return () => {
      const fitted = fittedColumns(registry().get(def.name), viewport.getSnapshot().columns);
      if (last?.fitted !== fitted) last = { fitted, columns: fitted.map((f) => f.column) };
      return last.columns;
    };
  };
}
