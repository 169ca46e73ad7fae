/**
 * Filter and sort over a whole list of records (the record index), as pure
 * functions of the records and the list's columns.
 *
 * - Filter: every word of the query appears, case-insensitively, in the
 *   record's name, its id or one of the given (visible) columns.
 * - Sort: by one column, ascending or descending; numbers compare as
 *   numbers, text by a locale-aware, numeric-aware comparison; empty cells
 *   last either way; ties keep the server's order.
 */
import { compareText } from './collation.js';
import type { ApiRecord } from '../api/record.js';

/** What the list's filter and sort read of a column (the presentation layer's columns have this shape). */
export interface Column {
  id: string;
  header: string;
  get(record: ApiRecord, now?: number): string;
  /** What sorting compares when the shown text does not sort (AGE). */
  sortKey?(record: ApiRecord): string;
}

/** The words of a query, lower-cased; none for a blank query. */
export function queryWords(query: string): string[] {
  // NUL separates a record's texts (searchText): a word never holds it.
  return query.toLowerCase().replaceAll('\u0000', ' ').split(/\s+/).filter(Boolean);
}

/**
 * What a record can be found by: name, id and the columns' texts, lower-cased,
 * each text once (the NAME and ID columns repeat the first two). The texts are
 * joined by a character no query word holds, so a word never spans two texts
 * and leaving out a repeated one changes no match; the filter keeps one such
 * text per record held, so every character counts.
 */
export function searchText(record: ApiRecord, columns: readonly Column[]): string {
  const name = typeof record.name === 'string' ? record.name : '';
  const texts = [name, record.id];
  for (const column of columns) {
    const text = column.get(record);
    if (!texts.includes(text)) texts.push(text);
  }
  return texts.join('\u0000').toLowerCase();
}

/**
 * A filter over a list that is asked again as the user types: the search
 * texts are worked out once per record (for these columns) and kept.
 */
export class RecordFilter {
  private readonly texts = new WeakMap<ApiRecord, string>();

  constructor(private readonly columns: readonly Column[]) {}

  matches(record: ApiRecord, words: readonly string[]): boolean {
    if (words.length === 0) return true;
    let text = this.texts.get(record);
    if (text === undefined) {
      text = searchText(record, this.columns);
      this.texts.set(record, text);
    }
    return words.every((w) => text.includes(w));
  }

  filter(records: readonly ApiRecord[], query: string): ApiRecord[] {
    const words = queryWords(query);
    return records.filter((r) => this.matches(r, words));
  }
}

export function filterRecords(records: readonly ApiRecord[], query: string, columns: readonly Column[]): ApiRecord[] {
  return new RecordFilter(columns).filter(records, query);
}

export interface SortOrder {
  /** A column id of the resource. */
  column: string;
  descending: boolean;
}

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/** The number a cell reads as, else NaN; most cells (names, ids) are told at their first character. */
function numberOf(cell: string): number {
  const first = cell.charCodeAt(0);
  // A number starts with a digit, a sign, a point or a space (NUMBER); a letter never does.
  if (first > 57) return NaN;
  return NUMBER.test(cell) ? Number(cell) : NaN;
}

/** Numbers as numbers, else text (numeric-aware: "sli-9" before "sli-10"). */
export function compareCells(a: string, b: string): number {
  if (NUMBER.test(a) && NUMBER.test(b)) return Number(a) - Number(b);
  return compareText(a, b);
}

/** The records in the order asked (a new array; unknown column: the order as given). */
export function sortRecords(records: readonly ApiRecord[], order: SortOrder, columns: readonly Column[]): ApiRecord[] {
  const column = columns.find((c) => c.id === order.column);
  if (!column) return [...records];
  const keyed = records.map((record) => ({ record, cell: (column.sortKey ?? column.get)(record).trim() }));
  const sign = order.descending ? -1 : 1;
  // Empty cells last, as they came; array sorting is stable, so ties keep the order given too.
  const filled = keyed.filter((k) => k.cell !== '').sort((a, b) => sign * compareCells(a.cell, b.cell));
  return [...filled, ...keyed.filter((k) => k.cell === '')].map((k) => k.record);
}

/** `o`: the next column (ascending), after the last column back to the first. */
export function nextSortColumn(columns: readonly Column[], current: SortOrder | undefined): SortOrder | undefined {
  if (columns.length === 0) return undefined;
  const at = current ? columns.findIndex((c) => c.id === current.column) : -1;
  const next = columns[(at + 1) % columns.length]!;
  return { column: next.id, descending: false };
}

/** `O`: the same column the other way (the first column descending when unsorted). */
export function reverseSort(columns: readonly Column[], current: SortOrder | undefined): SortOrder | undefined {
  if (current) return { column: current.column, descending: !current.descending };
  const first = columns[0];
  return first ? { column: first.id, descending: true } : undefined;
}

/** "sorted by NAME ↑" for the status line. */
export function describeSort(order: SortOrder, columns: readonly Column[]): string {
  const column = columns.find((c) => c.id === order.column);
  return `sorted by ${column?.header ?? order.column} ${order.descending ? '↓' : '↑'}`;
}

/** The whole list's query: words to match and an order, either of them optional. */
export interface ListQuery {
  text: string;
  sort?: SortOrder;
}

export const isActive = (query: ListQuery): boolean => queryWords(query.text).length > 0 || query.sort !== undefined;

/** What the holder of the records says of them besides their version (the record index's status). */
export interface RecordsShape {
  /** Moves on whenever the records change other than by records added at their end. */
  reshaped: number;
  /** No more records are being added: an order put off while they arrived is worked out now. */
  complete: boolean;
}

/** While records arrive, the order is worked out again once the matches have grown by this share. */
const RESORT_GROWTH = 0.25;

/** The matches of one filter text, in the records' order, grown as records are added. */
interface Found {
  text: string;
  words: string[];
  /** Records examined so far (records[0..scanned)). */
  scanned: number;
  /** Positions in the records of the matches, and the matches. */
  at: number[];
  matches: ApiRecord[];
}

/** The matches in a column's order, as last worked out, with the matches found since at the end. */
interface Ordered {
  key: string;
  /** The matches it orders (a Found's, or the records themselves). */
  source: readonly ApiRecord[];
  /** How many of them were sorted; those after were appended as they came. */
  sorted: number;
  shown: ApiRecord[];
}

/**
 * The records a query selects, in its order, for records that grow while
 * they are gathered: work is done once per record, not once per update.
 *
 * - Filter: only the records added since the last call are examined; a text
 *   that narrows the last one (each of its words within a word of the new
 *   text) filters the last matches rather than every record. Search texts
 *   sit in an array aligned with the records, worked out once each.
 * - Order: worked out again while records arrive only once the matches have
 *   grown by a quarter since the last time (the ones found in between stand
 *   after them), and once more when the records are complete; the sort keys
 *   are kept per record for the column.
 * - Anything else (records replaced or removed, another set, other columns)
 *   starts again. Without a shape, any new version starts again.
 *
 * `examined` and `keyed` count the work (records filtered, sort keys worked
 * out), so tests can hold it linear. The arrays given back are valid until the
 * next call (the matches grow in place).
 */
export class ListQueryView {
  /** Records examined by the filter since the view was made. */
  examined = 0;
  /** Records sorted since the view was made (each sort counts all it sorts). */
  sortedRecords = 0;
  private base: { records: readonly ApiRecord[]; reshaped: number } | undefined;
  private texts: string[] = [];
  private found: Found | undefined;
  private ordered: Ordered | undefined;
  private cells: { column: string; source: readonly ApiRecord[]; of: string[] } | undefined;

  constructor(private readonly columns: readonly Column[]) {}

  matches(
    records: readonly ApiRecord[],
    version: number,
    query: ListQuery,
    shape: RecordsShape = { reshaped: version, complete: true },
  ): readonly ApiRecord[] {
    const sortKey = query.sort ? `${query.sort.column}:${query.sort.descending}` : '';
    if (this.base?.records !== records || this.base.reshaped !== shape.reshaped) {
      this.base = { records, reshaped: shape.reshaped };
      this.texts = [];
      this.found = undefined;
      this.ordered = undefined;
      this.cells = undefined;
    }
    // Asked again with nothing new, the filter examines nothing and the order is not due: the same array comes back.
    const filtered = this.filtered(records, query.text);
    return query.sort ? this.sorted(filtered, query.sort, sortKey, shape.complete) : filtered;
  }

  private filtered(records: readonly ApiRecord[], text: string): readonly ApiRecord[] {
    const words = queryWords(text);
    if (words.length === 0) {
      this.found = undefined;
      return records;
    }
    let found = this.found;
    if (found?.text !== text) {
      found =
        found && narrows(found.words, words)
          ? this.narrowed(records, found, text, words)
          : { text, words, scanned: 0, at: [], matches: [] };
      this.found = found;
    }
    for (let i = found.scanned; i < records.length; i++) {
      if (this.matchesAt(records, i, words)) {
        found.at.push(i);
        found.matches.push(records[i]!);
      }
    }
    found.scanned = records.length;
    return found.matches;
  }

  /** The last matches filtered by a text that narrows theirs. */
  private narrowed(records: readonly ApiRecord[], from: Found, text: string, words: string[]): Found {
    const found: Found = { text, words, scanned: from.scanned, at: [], matches: [] };
    for (const i of from.at) {
      if (this.matchesAt(records, i, words)) {
        found.at.push(i);
        found.matches.push(records[i]!);
      }
    }
    return found;
  }

  private matchesAt(records: readonly ApiRecord[], i: number, words: readonly string[]): boolean {
    this.examined++;
    // Worked out in the records' order, so the array stays dense.
    for (let k = this.texts.length; k <= i; k++) this.texts.push(searchText(records[k]!, this.columns));
    const text = this.texts[i]!;
    for (const word of words) if (!text.includes(word)) return false;
    return true;
  }

  private sorted(
    filtered: readonly ApiRecord[],
    order: SortOrder,
    key: string,
    complete: boolean,
  ): readonly ApiRecord[] {
    const column = this.columns.find((c) => c.id === order.column);
    if (!column) return filtered;
    const ordered = this.ordered;
    if (ordered && ordered.key === key && ordered.source === filtered) {
      const due = complete ? filtered.length > ordered.sorted : filtered.length >= ordered.sorted * (1 + RESORT_GROWTH);
      if (!due) {
        for (let k = ordered.shown.length; k < filtered.length; k++) ordered.shown.push(filtered[k]!);
        return ordered.shown;
      }
    }
    const shown = this.sortNow(filtered, column, order.descending);
    this.ordered = { key, source: filtered, sorted: filtered.length, shown };
    return shown;
  }

  /** The matches in the column's order; ties (and empty cells, last) keep the records' order. */
  private sortNow(filtered: readonly ApiRecord[], column: Column, descending: boolean): ApiRecord[] {
    this.sortedRecords += filtered.length;
    const cells = this.cellsOf(filtered, column);
    const count = filtered.length;
    // Whether each cell reads as a number, worked out once rather than at every comparison (none: no array).
    let numbers: Float64Array | undefined;
    for (let k = 0; k < count; k++) {
      const value = numberOf(cells[k]!);
      if (!Number.isNaN(value)) (numbers ??= new Float64Array(count).fill(NaN))[k] = value;
    }
    const sign = descending ? -1 : 1;
    // Empty cells last, in the records' order; array sorting is stable, so ties keep it too.
    const order: number[] = [];
    const empty: number[] = [];
    for (let k = 0; k < count; k++) (cells[k] === '' ? empty : order).push(k);
    order.sort((a, b) => {
      // As compareCells: numbers as numbers when both are, else text.
      if (numbers) {
        const m = numbers[a]!;
        const n = numbers[b]!;
        if (!Number.isNaN(m) && !Number.isNaN(n)) return sign * (m - n);
      }
      return sign * compareText(cells[a]!, cells[b]!);
    });
    for (const k of empty) order.push(k);
    return order.map((k) => filtered[k]!);
  }

  /** The sort keys of the column, aligned with the matches (kept while the same matches grow). */
  private cellsOf(filtered: readonly ApiRecord[], column: Column): string[] {
    if (this.cells?.column !== column.id || this.cells.source !== filtered)
      this.cells = { column: column.id, source: filtered, of: [] };
    const of = this.cells.of;
    const key = column.sortKey ?? column.get;
    for (let k = of.length; k < filtered.length; k++) of.push(key(filtered[k]!).trim());
    return of;
  }
}

/** Every word of the last text lies within a word of the new one: what the new one matches, the last one did. */
function narrows(last: readonly string[], next: readonly string[]): boolean {
  return last.every((word) => next.some((w) => w.includes(word)));
}

/** One page of items: the page asked for, clamped to the pages there are (at least one, even when empty). */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size: number,
): { items: T[]; page: number; pages: number } {
  const per = Math.max(1, Math.floor(size));
  const pages = Math.max(1, Math.ceil(items.length / per));
  const at = Math.max(0, Math.min(pages - 1, Math.floor(page)));
  return { items: items.slice(at * per, at * per + per), page: at, pages };
}

/** "12 of 5,030 match"; "12 of 1,200 gathered match" while the list is still being gathered. */
export function matchText(matches: number, held: number, complete: boolean): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return complete ? `${n(matches)} of ${n(held)} match` : `${n(matches)} of ${n(held)} gathered match`;
}
