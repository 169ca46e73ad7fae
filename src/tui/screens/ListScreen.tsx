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

export interface ListScreenProps {
  def: ResourceDef;
  store: ListStore;
  width: number;
  height: number;
}

export function ListScreen({ def, store, width, height }: ListScreenProps): React.JSX.Element {
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const fitted = fittedColumns(def, width);
  const rows = visibleRows(snap.page?.results, fitted, snap.filter);
  const tableRows = useMemo<TableRow[]>(() => rows.map((row, i) => ({ key: `${i}:${row.record.id}`, text: formatRow(fitted, row.cells) })), [rows, fitted]);
  const header = useMemo(() => formatHeader(fitted), [fitted]);
  const selected = Math.min(snap.selected, Math.max(0, rows.length - 1));

  const empty = !snap.page
    ? snap.loading ?? (snap.error !== null ? `No ${def.title} shown: the first page could not be read.` : '')
    : snap.page.results.length === 0
      ? `No ${def.title} here: the list is empty.`
      : `No ${def.title} on this page match “${truncate(sanitizeLine(snap.filter), 40)}”. Esc clears the filter.`;

  return <Table header={header} rows={tableRows} selected={selected} height={height} width={width} dim={snap.loading !== null} empty={empty} />;
}
