/**
 * The generic list screen: the current page of any resource as a table whose
 * columns come from the registry, fitted to the width. A view of its
 * ListStore (page, selection, filter, loading); the keys are the controller's.
 */
import React, { useMemo, useSyncExternalStore } from 'react';
import type { ResourceDef } from '../../api/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import type { ListStore } from '../state/listStore.js';
import { formatHeader, formatRow } from '../../text/columns.js';
import { truncate } from '../../text/width.js';
import { Table, type TableRow } from '../components/Table.js';
import { fittedColumns, visibleRows } from './rows.js';
import type { WholeList } from '../state/wholeList.js';
import type { IndexStatus } from '../../api/recordIndex.js';
import { idWithName, referencedBy, type NameLookup, type ReferenceNames } from '../state/referenceNames.js';

export interface ListScreenProps {
  def: ResourceDef;
  store: ListStore;
  /** The whole list, filtered or sorted: shown instead of the server's page while it is active. */
  whole?: WholeList;
  /** Names beside the ids of reference columns, when their records have been read. */
  names?: ReferenceNames;
  width: number;
  height: number;
}

const NO_WHOLE = { subscribe: () => () => undefined, getSnapshot: () => null };
const NO_NAMES = { subscribe: () => () => undefined, getSnapshot: () => null };

export function ListScreen({ def, store, whole, names, width, height }: ListScreenProps): React.JSX.Element {
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const wholeSource = whole ?? NO_WHOLE;
  const wholeSnap = useSyncExternalStore(wholeSource.subscribe, wholeSource.getSnapshot);
  const namesSource = names ?? NO_NAMES;
  const lookup: NameLookup | null = useSyncExternalStore(namesSource.subscribe, namesSource.getSnapshot);
  const fitted = fittedColumns(def, width);
  const wholeOn = wholeSnap?.active === true;
  const rows = wholeOn ? visibleRows(wholeSnap.rows, fitted, '') : visibleRows(snap.page?.results, fitted, snap.filter);
  const tableRows = useMemo<TableRow[]>(() => {
    // Reference columns: the name of the record named beside its id, when it has been read.
    const references = fitted.map((f) => referencedBy(def, f.column));
    const withNames = lookup !== null && references.some((r) => r !== undefined);
    return rows.map((row, i) => {
      const cells = withNames
        ? row.cells.map((cell, c) => {
            const to = references[c];
            const name = to && cell ? lookup.name(to, cell) : undefined;
            return name === undefined ? cell : idWithName(cell, sanitizeLine(name));
          })
        : row.cells;
      return { key: `${i}:${row.record.id}`, text: formatRow(fitted, cells) };
    });
  }, [rows, fitted, def, lookup]);
  const header = useMemo(() => formatHeader(fitted), [fitted]);
  const selected = Math.min(wholeOn ? wholeSnap.selected : snap.selected, Math.max(0, rows.length - 1));

  const empty = wholeOn
    ? noWholeMatch(def, wholeSnap.index, truncate(sanitizeLine(wholeSnap.query.text), 40))
    : !snap.page
      ? (snap.loading ?? (snap.error !== null ? `No ${def.title} shown: the first page could not be read.` : ''))
      : snap.page.results.length === 0
        ? `No ${def.title} here: the list is empty.`
        : `No ${def.title} on this page match “${truncate(sanitizeLine(snap.filter), 40)}”. Esc clears the filter.`;

  return (
    <Table
      header={header}
      rows={tableRows}
      selected={selected}
      height={height}
      width={width}
      dim={snap.loading !== null}
      empty={empty}
    />
  );
}

/**
 * Why the whole list shows nothing. A list held only in part (capped at the
 * profile's maximum, or a page failed) says so here, whole, rather than
 * "no match": the record sought may be among those not held.
 */
function noWholeMatch(def: ResourceDef, index: IndexStatus, query: string): string {
  const held = index.held.toLocaleString('en-US');
  switch (index.state) {
    case 'idle':
    case 'gathering':
      return `No ${def.title} gathered so far match “${query}”; still gathering…`;
    case 'capped':
      return `None of the ${held} ${def.title} held match “${query}”. ${sanitizeLine(index.message ?? '')}`;
    case 'failed':
      return `None of the ${held} ${def.title} gathered match “${query}”. ${sanitizeLine(index.message ?? '')} Enter, then r, gathers them again; Esc clears the filter.`;
    case 'stopped':
      return `None of the ${held} ${def.title} gathered match “${query}”; gathering stopped before the end. Enter, then r, gathers them again.`;
    case 'complete':
      return `No ${def.title} match “${query}”. Esc clears the filter.`;
  }
}
