/**
 * The rows of a list page as shown: each record's visible cells (sanitised),
 * narrowed by the filter. Shared by the list screen (drawing) and the
 * controller (which row Enter opens), memoised per page so neither pays twice.
 */
import type { Column, ResourceView } from '../../presentation/resources.js';
import { oddReason, type ApiRecord } from '../../api/record.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { fitColumns, type FittedColumn } from '../../text/columns.js';

export interface VisibleRow {
  record: ApiRecord;
  cells: string[];
}

/** Rows whose visible cells contain the filter text, case-insensitively. */
function filterRows(rows: readonly VisibleRow[], filter: string): VisibleRow[] {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return [...rows];
  return rows.filter((row) => row.cells.some((c) => c.toLowerCase().includes(needle)));
}

interface Cached {
  fitted: readonly FittedColumn<Column>[];
  all: VisibleRow[];
  filter: string;
  rows: VisibleRow[];
}

const cache = new WeakMap<readonly ApiRecord[], Cached>();
const EMPTY: readonly ApiRecord[] = [];

export function visibleRows(
  records: readonly ApiRecord[] | undefined,
  fitted: readonly FittedColumn<Column>[],
  filter: string,
): VisibleRow[] {
  const list = records ?? EMPTY;
  let entry = cache.get(list);
  if (!entry || entry.fitted !== fitted) {
    const all = list.map((record) => ({ record, cells: cellsOf(record, fitted) }));
    entry = { fitted, all, filter, rows: filterRows(all, filter) };
    cache.set(list, entry);
  } else if (entry.filter !== filter) {
    entry.filter = filter;
    entry.rows = filterRows(entry.all, filter);
  }
  return entry.rows;
}

/**
 * A record's cells. One that does not fit its resource's fields (shown as the
 * service sent it) is marked `!` in its first cell, and a value a column
 * cannot read leaves its cell empty rather than failing the whole list.
 */
function cellsOf(record: ApiRecord, fitted: readonly FittedColumn<Column>[]): string[] {
  const mark = oddReason(record) === undefined ? '' : '!';
  return fitted.map((f, index) => {
    let text: string;
    try {
      text = sanitizeLine(f.column.get(record));
    } catch {
      text = '';
    }
    return index === 0 ? mark + text : text;
  });
}

/** By the columns themselves (a view in settings.yaml gives a resource other columns), then by width. */
const fittedCache = new WeakMap<readonly Column[], Map<number, FittedColumn<Column>[]>>();

/** The list columns shown for a resource at a width (the same array each time, so row caches hold). */
export function fittedColumns(def: ResourceView, width: number): FittedColumn<Column>[] {
  let byWidth = fittedCache.get(def.columns);
  if (!byWidth) {
    byWidth = new Map();
    fittedCache.set(def.columns, byWidth);
  }
  let fitted = byWidth.get(width);
  if (!fitted) {
    if (byWidth.size > 64) byWidth.clear();
    fitted = fitColumns(def.columns, width);
    byWidth.set(width, fitted);
  }
  return fitted;
}
