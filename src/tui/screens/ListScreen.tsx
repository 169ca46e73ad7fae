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

export interface ListScreenProps {
  def: ResourceDef;
  store: ListStore;
  /** The whole list, filtered or sorted: shown instead of the server's page while it is active. */
  whole?: WholeList;
  width: number;
  height: number;
}

const NO_WHOLE = { subscribe: () => () => undefined, getSnapshot: () => null };

export function ListScreen({ def, store, whole, width, height }: ListScreenProps): React.JSX.Element {
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const wholeSource = whole ?? NO_WHOLE;
  const wholeSnap = useSyncExternalStore(wholeSource.subscribe, wholeSource.getSnapshot);
  const fitted = fittedColumns(def, width);
  const wholeOn = wholeSnap?.active === true;
  const rows = wholeOn ? visibleRows(wholeSnap.rows, fitted, '') : visibleRows(snap.page?.results, fitted, snap.filter);
  const tableRows = useMemo<TableRow[]>(
    () => rows.map((row, i) => ({ key: `${i}:${row.record.id}`, text: formatRow(fitted, row.cells) })),
    [rows, fitted],
  );
  const header = useMemo(() => formatHeader(fitted), [fitted]);
  const selected = Math.min(wholeOn ? wholeSnap.selected : snap.selected, Math.max(0, rows.length - 1));

  const empty = wholeOn
    ? wholeSnap.index.state === 'gathering' || wholeSnap.index.state === 'idle'
      ? `No ${def.title} gathered so far match “${truncate(sanitizeLine(wholeSnap.query.text), 40)}”; still gathering…`
      : `No ${def.title} match “${truncate(sanitizeLine(wholeSnap.query.text), 40)}”. Esc clears the filter.`
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
