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
    return words.length === 0 ? [...records] : records.filter((r) => this.matches(r, words));
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

// Made on first use: building a collator costs milliseconds the first frame does not need.
let collator: Intl.Collator | undefined;
const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/** Numbers as numbers, else text (numeric-aware: "sli-9" before "sli-10"). */
export function compareCells(a: string, b: string): number {
  if (NUMBER.test(a) && NUMBER.test(b)) return Number(a) - Number(b);
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
}

/** The records in the order asked (a new array; unknown column: the order as given). */
export function sortRecords(records: readonly ApiRecord[], order: SortOrder, columns: readonly Column[]): ApiRecord[] {
  const column = columns.find((c) => c.id === order.column);
  if (!column) return [...records];
  const keyed = records.map((record, position) => ({
    record,
    position,
    cell: (column.sortKey ?? column.get)(record).trim(),
  }));
  const sign = order.descending ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.cell === '' || b.cell === '') {
      if (a.cell !== b.cell) return a.cell === '' ? 1 : -1;
      return a.position - b.position;
    }
    return sign * compareCells(a.cell, b.cell) || a.position - b.position;
  });
  return keyed.map((k) => k.record);
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

/**
 * The records a query selects, in its order, worked out again only when the
 * records (their version), the query or the columns change: typing a letter
 * or turning a page costs nothing when nothing else moved.
 */
export class ListQueryView {
  private readonly filter: RecordFilter;
  private last:
    | { records: readonly ApiRecord[]; version: number; text: string; sort: string; result: readonly ApiRecord[] }
    | undefined;

  constructor(private readonly columns: readonly Column[]) {
    this.filter = new RecordFilter(columns);
  }

  matches(records: readonly ApiRecord[], version: number, query: ListQuery): readonly ApiRecord[] {
    const sortKey = query.sort ? `${query.sort.column}:${query.sort.descending ? 'd' : 'a'}` : '';
    const last = this.last;
    if (
      last &&
      last.records === records &&
      last.version === version &&
      last.text === query.text &&
      last.sort === sortKey
    )
      return last.result;
    const filtered = this.filter.filter(records, query.text);
    const result = query.sort ? sortRecords(filtered, query.sort, this.columns) : filtered;
    this.last = { records, version, text: query.text, sort: sortKey, result };
    return result;
  }
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
