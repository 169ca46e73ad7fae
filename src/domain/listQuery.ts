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
import { compareText, compareTextIn, textKeyIn } from './collation.js';
import { bothNumbers, cellIn, ColumnKeys, numberIn } from './columnKeys.js';
import { orderByKey, orderTies } from './keyOrder.js';
import type { ApiRecord } from '../api/record.js';
import { grouped } from '../text/count.js';

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
 * What a record can be found by: the columns' texts, in the columns' order,
 * then its name and id unless a column shows them already (NAME and ID
 * do), lower-cased. The texts are joined by NUL, which no query word holds
 * (a NUL within a text is read as a space, which none holds either), so a
 * word never spans two texts and leaving out a repeated one changes no
 * match; the filter keeps one such text per record held, so every
 * character counts. The text of the column at index k is the k-th part,
 * which the whole list sorts by.
 */
export function searchText(record: ApiRecord, columns: readonly Column[]): string {
  const texts = columns.map((column) => column.get(record));
  const name = typeof record.name === 'string' ? record.name : '';
  if (!texts.includes(name)) texts.push(name);
  if (!texts.includes(record.id)) texts.push(record.id);
  return texts.map(withoutNul).join('\u0000').toLowerCase();
}

const withoutNul = (text: string): string => (text.includes('\u0000') ? text.replaceAll('\u0000', ' ') : text);

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

/** Numbers as numbers, else text (numeric-aware: "sli-9" before "sli-10"). */
export function compareCells(a: string, b: string): number {
  if (bothNumbers(a, b)) return Number(a) - Number(b);
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

/**
 * Records by position: an array, or the record index's records (read from
 * their packed bytes at each `at`, so the view keeps positions, not records).
 */
export interface RecordList {
  readonly length: number;
  at(position: number): ApiRecord | undefined;
}

/** The matches of one filter text, in the records' order, grown as records are added. */
interface Found {
  text: string;
  words: string[];
  /** Records examined so far (records[0..scanned)). */
  scanned: number;
  /** Positions in the records of the matches. */
  at: number[];
}

/** The matches in a column's order, as last worked out, with the matches found since at the end. */
interface Ordered {
  key: string;
  /** The matches it orders (a Found's positions, or every position). */
  source: readonly number[];
  /** How many of them were sorted; those after were appended as they came. */
  sorted: number;
  shown: number[];
}

/**
 * The records a query selects, in its order, for records that grow while
 * they are gathered: work is done once per record, not once per update.
 * What it gives back are positions in the records (the page shown reads its
 * records at those positions).
 *
 * - Filter: only the records added since the last call are examined; a text
 *   that narrows the last one (each of its words within a word of the new
 *   text) filters the last matches rather than every record. Search texts
 *   sit in an array aligned with the records, worked out once each.
 * - Order: worked out again while records arrive only once the matches have
 *   grown by a quarter since the last time (the ones found in between stand
 *   after them), and once more when the records are complete. A column's
 *   text is read from the search texts (lower-cased: the order is blind to
 *   case), so a sort reads no record; a column with a sort key of its own
 *   (AGE) reads the records once per column and keeps the keys. Each text
 *   column's sort keys are made with the search texts (columnKeys.ts): a
 *   column of texts is ordered by them, reading a cell's text only where
 *   keys tie; a column with numbers or text beyond ASCII reads every cell.
 * - Anything else (records replaced or removed, another set, other columns)
 *   starts again. Without a shape, any new version starts again.
 *
 * `examined`, `sortedRecords`, `keyed` and `cellsRead` count the work
 * (records filtered, records sorted, cells keyed, cells read by sorts), and
 * `read` the records read, so tests can hold it linear. The
 * arrays given back are valid until the next call (the matches grow in
 * place).
 */
export class ListQueryView {
  /** Records examined by the filter since the view was made. */
  examined = 0;
  /** Records sorted since the view was made (each sort counts all it sorts). */
  sortedRecords = 0;
  /** Records read from the list since the view was made. */
  read = 0;
  /** Cells found within their search texts by sorts (a column of texts with keys: only where keys tie). */
  cellsRead = 0;
  private base: { records: RecordList; reshaped: number } | undefined;
  private texts: string[] = [];
  /** The texts' sort keys for the columns sorted by their text, made with the texts. */
  private columnKeys: ColumnKeys;
  /** Every position, in order (the matches of no filter). */
  private all: number[] = [];
  private found: Found | undefined;
  private ordered: Ordered | undefined;
  private keys: { column: string; of: string[] } | undefined;

  constructor(private readonly columns: readonly Column[]) {
    this.columnKeys = new ColumnKeys(columns);
  }

  /** Cells keyed for sorting since the view was made (one a record a column sorted by its text). */
  get keyed(): number {
    return this.columnKeys.keyed + this.keyedBefore;
  }

  private keyedBefore = 0;

  matches(
    records: RecordList,
    version: number,
    query: ListQuery,
    shape: RecordsShape = { reshaped: version, complete: true },
  ): readonly number[] {
    const sortKey = query.sort ? `${query.sort.column}:${query.sort.descending}` : '';
    if (this.base?.records !== records || this.base.reshaped !== shape.reshaped) {
      this.base = { records, reshaped: shape.reshaped };
      this.texts = [];
      this.keyedBefore += this.columnKeys.keyed;
      this.columnKeys = new ColumnKeys(this.columns);
      this.all = [];
      this.found = undefined;
      this.ordered = undefined;
      this.keys = undefined;
    }
    // Asked again with nothing new, the filter examines nothing and the order is not due: the same array comes back.
    const filtered = this.filtered(records, query.text);
    return query.sort ? this.sorted(records, filtered, query.sort, sortKey, shape.complete) : filtered;
  }

  private filtered(records: RecordList, text: string): readonly number[] {
    const words = queryWords(text);
    if (words.length === 0) {
      this.found = undefined;
      for (let k = this.all.length; k < records.length; k++) this.all.push(k);
      return this.all;
    }
    let found = this.found;
    if (found?.text !== text) {
      found =
        found && narrows(found.words, words) ? this.narrowed(found, text, words) : { text, words, scanned: 0, at: [] };
      this.found = found;
    }
    const end = records.length;
    // The search texts made first, then one pass over them: a text typed afresh over a million
    // records reads one array of strings, with no call a record.
    if (end > found.scanned) this.textAt(records, end - 1);
    this.examined += end - found.scanned;
    const texts = this.texts;
    const at = found.at;
    if (words.length === 1) {
      const word = words[0]!;
      for (let i = found.scanned; i < end; i++) if (texts[i]!.includes(word)) at.push(i);
    } else {
      for (let i = found.scanned; i < end; i++) if (holdsAll(texts[i]!, words)) at.push(i);
    }
    found.scanned = end;
    return at;
  }

  /** The last matches filtered by a text that narrows theirs (their search texts are made already). */
  private narrowed(from: Found, text: string, words: string[]): Found {
    const found: Found = { text, words, scanned: from.scanned, at: [] };
    this.examined += from.at.length;
    const texts = this.texts;
    for (const i of from.at) if (holdsAll(texts[i]!, words)) found.at.push(i);
    return found;
  }

  /** The search text of the record at `i`, worked out in the records' order, so the array stays dense. */
  private textAt(records: RecordList, i: number): string {
    for (let k = this.texts.length; k <= i; k++) {
      const text = searchText(this.recordAt(records, k), this.columns);
      this.texts.push(text);
      this.columnKeys.add(text);
    }
    return this.texts[i]!;
  }

  private recordAt(records: RecordList, k: number): ApiRecord {
    this.read++;
    return records.at(k)!;
  }

  private sorted(
    records: RecordList,
    filtered: readonly number[],
    order: SortOrder,
    key: string,
    complete: boolean,
  ): readonly number[] {
    const at = this.columns.findIndex((c) => c.id === order.column);
    if (at < 0) return filtered;
    const ordered = this.ordered;
    if (ordered && ordered.key === key && ordered.source === filtered) {
      const due = complete ? filtered.length > ordered.sorted : filtered.length >= ordered.sorted * (1 + RESORT_GROWTH);
      if (!due) {
        for (let k = ordered.shown.length; k < filtered.length; k++) ordered.shown.push(filtered[k]!);
        return ordered.shown;
      }
    }
    const shown = this.sortNow(records, filtered, at, order.descending);
    this.ordered = { key, source: filtered, sorted: filtered.length, shown };
    return shown;
  }

  /** The matches in the column's order; ties (and empty cells, last) keep the records' order. */
  private sortNow(records: RecordList, filtered: readonly number[], at: number, descending: boolean): number[] {
    this.sortedRecords += filtered.length;
    if (!this.columns[at]!.sortKey && filtered.length > 0) {
      this.textAt(records, Math.max(filtered[0]!, filtered[filtered.length - 1]!));
      const kinds = this.columnKeys.ofFewKinds(at);
      const ranks = kinds && ranksOf(kinds.cells, descending);
      if (kinds && ranks) return byRank(filtered, kinds.kindOf, ranks);
      const keys = this.columnKeys.ofTextColumn(at);
      if (keys) return this.sortByKeys(filtered, keys, at, descending);
    }
    const { texts, from, to } = this.cellsOf(records, filtered, this.columns[at]!, at);
    const count = filtered.length;
    // Whether each cell reads as a number (none: no array), and its text's key (textKeyIn), worked
    // out once rather than at every comparison.
    let numbers: Float64Array | undefined;
    const keys = new Float64Array(count);
    // Empty cells last, in the records' order; array sorting is stable, so ties keep it too. The
    // arrays are made at their size: grown a push at a time, their copies fill the young generation
    // the gathering keeps small (src/startup/heap.ts), and a million pushes collect it many times.
    let blank = 0;
    for (let k = 0; k < count; k++) if (from[k] === to[k]) blank++;
    const order = new Uint32Array(count - blank);
    const empty = new Array<number>(blank);
    let o = 0;
    let e = 0;
    // A text beyond printable ASCII has no key (NaN): only the compare function orders it.
    let unkeyed = false;
    for (let k = 0; k < count; k++) {
      const start = from[k]!;
      const end = to[k]!;
      if (start === end) {
        empty[e++] = k;
        continue;
      }
      order[o++] = k;
      const text = texts[filtered[k]!]!;
      const value = numberIn(text, start, end);
      if (!Number.isNaN(value)) (numbers ??= new Float64Array(count).fill(NaN))[k] = value;
      textKeyIn(text, start, end, keys, k);
      if (Number.isNaN(keys[k]!)) unkeyed = true;
    }
    const sign = descending ? -1 : 1;
    const byText = (a: number, b: number) =>
      sign * compareTextIn(texts[filtered[a]!]!, from[a]!, to[a]!, texts[filtered[b]!]!, from[b]!, to[b]!);
    if (!numbers && !unkeyed) {
      // Texts alone, each with a key: ordered by the keys without a compare function, then each run
      // of equal keys by its texts (the order the compare function below gives, much sooner).
      const byKey = orderByKey(order, keys, descending);
      orderTies(byKey, keys, byText);
      return shownFrom(filtered, byKey, empty);
    }
    const sorted = Array.from(order).sort((a, b) => {
      // As compareCells: numbers as numbers when both are, else text.
      if (numbers) {
        const m = numbers[a]!;
        const n = numbers[b]!;
        if (!Number.isNaN(m) && !Number.isNaN(n)) return sign * (m - n);
      }
      // Keys that differ give the texts' order (the same answer, so the same sort); equal keys or
      // NaN (a text beyond printable ASCII) leave it to the texts.
      const d = keys[a]! - keys[b]!;
      if (d < 0) return -sign;
      if (d > 0) return sign;
      return byText(a, b);
    });
    return shownFrom(filtered, sorted, empty);
  }

  /**
   * sortNow for a column of texts that all have keys (kept since the texts were made): ordered by
   * the keys without a compare function, then each run of equal keys by its texts (the order the
   * compare function gives, much sooner). Empty cells (key 0) last, in the records' order.
   */
  private sortByKeys(filtered: readonly number[], keys: Float64Array, at: number, descending: boolean): number[] {
    const count = filtered.length;
    let blank = 0;
    for (let k = 0; k < count; k++) if (keys[filtered[k]!] === 0) blank++;
    const order = new Uint32Array(count - blank);
    const shown = new Array<number>(count);
    let o = 0;
    let e = count - blank;
    for (let k = 0; k < count; k++) {
      const p = filtered[k]!;
      if (keys[p] === 0) shown[e++] = p;
      else order[o++] = p;
    }
    const texts = this.texts;
    const from = new Int32Array(2);
    const to = new Int32Array(2);
    const sign = descending ? -1 : 1;
    const byKey = orderByKey(order, keys, descending);
    let compared = 0;
    orderTies(byKey, keys, (a, b) => {
      compared++;
      const x = texts[a]!;
      const y = texts[b]!;
      cellIn(x, at, from, to, 0);
      cellIn(y, at, from, to, 1);
      return sign * compareTextIn(x, from[0]!, to[0]!, y, from[1]!, to[1]!);
    });
    this.cellsRead += 2 * compared;
    for (let k = 0; k < byKey.length; k++) shown[k] = byKey[k]!;
    return shown;
  }

  /**
   * Where each match's cell of the column lies (trimmed), and in which texts by position: its part
   * of the search text, or the column's own sort key (kept per record while the records are the same).
   * The cells are read in place, not cut out: a sort of a million makes no million strings.
   */
  private cellsOf(
    records: RecordList,
    filtered: readonly number[],
    column: Column,
    at: number,
  ): { texts: readonly string[]; from: Int32Array; to: Int32Array } {
    const count = filtered.length;
    const from = new Int32Array(count);
    const to = new Int32Array(count);
    const sortKey = column.sortKey;
    if (!sortKey) {
      this.cellsRead += count;
      for (let k = 0; k < count; k++) {
        const text = this.textAt(records, filtered[k]!);
        cellIn(text, at, from, to, k);
      }
      return { texts: this.texts, from, to };
    }
    if (this.keys?.column !== column.id) this.keys = { column: column.id, of: [] };
    const of = this.keys.of;
    // Only the matches' keys: a narrow filter sorted by AGE reads its few records, not all of them.
    for (let k = 0; k < count; k++) {
      const p = filtered[k]!;
      of[p] ??= sortKey(this.recordAt(records, p)).trim();
      to[k] = of[p].length;
    }
    return { texts: of, from, to };
  }
}

/** The records of the matches at `ordered`, then those of the empty cells (`empty`), as positions. */
function shownFrom(filtered: readonly number[], ordered: ArrayLike<number>, empty: readonly number[]): number[] {
  const shown = new Array<number>(ordered.length + empty.length);
  for (let k = 0; k < ordered.length; k++) shown[k] = filtered[ordered[k]!]!;
  for (let k = 0; k < empty.length; k++) shown[ordered.length + k] = filtered[empty[k]!]!;
  return shown;
}

/**
 * Each kind's place in the order (the cells ranked by compareCells, the other way when descending;
 * cells that compare equal share a place), -1 for the empty cell; undefined when the cells mix
 * numbers and texts (a number compares as one only with another: the compare function decides).
 */
function ranksOf(cells: readonly string[], descending: boolean): Int32Array | undefined {
  const filled = cells.flatMap((cell, kind) => (cell === '' ? [] : [kind]));
  const numbers = filled.filter((kind) => !Number.isNaN(numberIn(cells[kind]!, 0, cells[kind]!.length))).length;
  if (numbers > 0 && numbers < filled.length) return undefined;
  const sign = descending ? -1 : 1;
  filled.sort((a, b) => sign * compareCells(cells[a]!, cells[b]!));
  const ranks = new Int32Array(cells.length).fill(-1);
  let rank = 0;
  filled.forEach((kind, i) => {
    if (i > 0 && compareCells(cells[filled[i - 1]!]!, cells[kind]!) !== 0) rank++;
    ranks[kind] = rank;
  });
  return ranks;
}

/** The positions ordered by their kinds' ranks (a counting sort: stable, so ties keep the records' order), empty cells last. */
function byRank(filtered: readonly number[], kindOf: Uint8Array, ranks: Int32Array): number[] {
  const starts = new Array<number>(ranks.length + 1).fill(0);
  for (const p of filtered) {
    const rank = ranks[kindOf[p]!]!;
    starts[rank < 0 ? ranks.length : rank]!++;
  }
  let sum = 0;
  for (let r = 0; r < starts.length; r++) {
    const here = starts[r]!;
    starts[r] = sum;
    sum += here;
  }
  const shown = new Array<number>(filtered.length);
  for (const p of filtered) {
    const rank = ranks[kindOf[p]!]!;
    shown[starts[rank < 0 ? ranks.length : rank]!++] = p;
  }
  return shown;
}

/** The text holds every word. */
function holdsAll(text: string, words: readonly string[]): boolean {
  for (const word of words) if (!text.includes(word)) return false;
  return true;
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
  return complete
    ? `${grouped(matches)} of ${grouped(held)} match`
    : `${grouped(matches)} of ${grouped(held)} gathered match`;
}
