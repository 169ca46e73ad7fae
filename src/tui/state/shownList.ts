/**
 * The list as shown, whichever source it comes from: the server's page
 * (ListStore) or, while a filter or an order is set, the whole list
 * (WholeList). The list's keys and the view read it through this one
 * interface, so neither chooses between the two.
 */
import type { ApiRecord } from '../../api/record.js';
import type { Column } from '../../presentation/resources.js';
import type { FittedColumn } from '../../text/columns.js';
import { visibleRows, type VisibleRow } from '../screens/rows.js';
import type { ListStore } from './listStore.js';
import type { WholeList } from './wholeList.js';

export interface ShownList {
  /** The whole list, filtered or sorted, rather than the server's page. */
  whole: boolean;
  rows: readonly VisibleRow[];
  /** Index into rows (clamped). */
  selected: number;
  selectedRecord: ApiRecord | undefined;
  /** The filter in force ('' for none). */
  filter: string;
  clearFilter(): void;
  moveSelection(delta: number): void;
  next(): void;
  prev(): void;
  first(): void;
  last(): void;
}

export function shownList(list: ListStore, whole: WholeList, fitted: readonly FittedColumn<Column>[]): ShownList {
  const w = whole.getSnapshot();
  const snap = list.getSnapshot();
  const rows = w.active ? visibleRows(w.rows, fitted, '') : visibleRows(snap.page?.results, fitted, snap.filter);
  const selected = Math.max(0, Math.min(w.active ? w.selected : snap.selected, rows.length - 1));
  const source = w.active
    ? {
        moveSelection: (delta: number) => whole.moveSelection(delta),
        next: () => void whole.next(),
        prev: () => void whole.prev(),
        first: () => whole.first(),
        last: () => whole.last(),
      }
    : {
        moveSelection: (delta: number) => list.moveSelection(delta, rows.length),
        next: () => list.next(),
        prev: () => list.prev(),
        first: () => list.first(),
        last: () => list.last(),
      };
  return {
    whole: w.active,
    rows,
    selected,
    selectedRecord: rows[selected]?.record,
    filter: w.query.text || snap.filter,
    clearFilter: () => (w.query.text ? whole.clearText() : list.setFilter('')),
    ...source,
  };
}
