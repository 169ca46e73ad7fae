/**
 * The list as drawn: the shown rows (state/shownList.ts) as table lines with
 * the names of referenced records beside their ids, the header, the
 * selection, and what to say when there is nothing to show.
 */
import type { IndexStatus } from '../../api/recordIndex.js';
import type { Column, ResourceView } from '../../presentation/resources.js';
import { formatHeader, formatRow, type FittedColumn } from '../../text/columns.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import type { TableRow } from '../components/Table.js';
import type { ListSnapshot } from '../state/listStore.js';
import { idWithName, referencedBy, type NameLookup } from '../state/referenceNames.js';
import type { ShownList } from '../state/shownList.js';
import type { WholeListSnapshot } from '../state/wholeList.js';
import { memoLast } from '../view/memo.js';
import type { SortOrder } from '../../domain/listQuery.js';
import type { VisibleRow } from './rows.js';
import { grouped } from '../../text/count.js';

export interface ListBody {
  kind: 'list';
  header: string;
  rows: readonly TableRow[];
  selected: number;
  /** Old rows dimmed while a new page loads. */
  dim: boolean;
  /** Shown instead of rows when there are none. */
  empty: string;
}

const tableRows = memoLast(
  (
    def: ResourceView,
    rows: readonly VisibleRow[],
    fitted: readonly FittedColumn<Column>[],
    lookup: NameLookup | null,
    changes: ReadonlyMap<string, '+' | '~'>,
    marked: ReadonlyMap<string, unknown>,
  ): TableRow[] => {
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
      // At the start of the row: ✓ marked (Space), then what the last refresh found, `+` new, `~` changed.
      const mark = `${marked.has(row.record.id) ? '✓' : ''}${changes.get(row.record.id) ?? ''}`;
      const withMark = mark === '' ? cells : [`${mark} ${cells[0] ?? ''}`, ...cells.slice(1)];
      const text = formatRow(fitted, withMark);
      return changes.has(row.record.id)
        ? { key: `${i}:${row.record.id}`, text, changed: true }
        : { key: `${i}:${row.record.id}`, text };
    });
  },
);

/** The header, the sorted column carrying ↑ or ↓ (as the status line's "sorted by NAME ↑"). */
function headerLine(fitted: readonly FittedColumn<Column>[], sort: SortOrder | undefined): string {
  if (!sort) return formatHeader(fitted);
  const arrow = sort.descending ? '↓' : '↑';
  return formatRow(
    fitted,
    fitted.map((f) => (f.column.id === sort.column ? `${f.column.header} ${arrow}` : f.column.header)),
  );
}

export function listBody(
  def: ResourceView,
  fitted: readonly FittedColumn<Column>[],
  shown: ShownList,
  snap: ListSnapshot,
  whole: WholeListSnapshot,
  lookup: NameLookup | null,
  marked: ReadonlyMap<string, unknown> = new Map(),
): ListBody {
  const empty = shown.whole
    ? noWholeMatch(def, whole.index, truncate(sanitizeLine(whole.query.text), 40))
    : !snap.page
      ? (snap.loading ?? (snap.error !== null ? `No ${def.title} shown: the first page could not be read.` : ''))
      : snap.page.results.length === 0
        ? `No ${def.title} here: the list is empty. c creates one.`
        : `No ${def.title} on this page match “${truncate(sanitizeLine(snap.filter), 40)}”. Esc clears the filter.`;
  return {
    kind: 'list',
    header: headerLine(fitted, shown.whole ? whole.query.sort : undefined),
    rows: tableRows(def, shown.rows, fitted, lookup, shown.whole ? whole.changes : snap.changes, marked),
    selected: shown.selected,
    dim: snap.loading !== null,
    empty,
  };
}

/**
 * Why the whole list shows nothing. A list held only in part (capped at the
 * profile's maximum, or a page failed) says so here, whole, rather than
 * "no match": the record sought may be among those not held.
 */
function noWholeMatch(def: ResourceView, index: IndexStatus, query: string): string {
  const held = grouped(index.held);
  // Sorted without a filter: nothing is held yet, there is no text to match.
  if (query === '') return noneHeld(def, index);
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

/** Why a sorted list with no filter shows nothing: nothing gathered yet, or why the gathering ended. */
function noneHeld(def: ResourceView, index: IndexStatus): string {
  switch (index.state) {
    case 'idle':
    case 'gathering':
      return `Gathering ${def.title}…`;
    case 'failed':
    case 'capped':
      return `No ${def.title} held. ${sanitizeLine(index.message ?? '')} r gathers them again.`;
    case 'stopped':
      return `No ${def.title} held: gathering stopped before the first. r gathers them again.`;
    case 'complete':
      return `No ${def.title} here: the list is empty. c creates one.`;
  }
}
