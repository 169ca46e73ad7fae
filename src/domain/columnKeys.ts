/**
 * The cells of a whole list's search texts (listQuery.ts's searchText: the columns' texts joined by
 * NUL, lower-cased) and their sort keys, kept per column as the texts are made.
 */
import { textKeyIn } from './collation.js';

/** A cell that reads as a number (sorted as one); anything else sorts as text. */
const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/** The number a cell reads as, else NaN; most cells (names, ids) are told at their first character. */
function numberOf(cell: string): number {
  const first = cell.charCodeAt(0);
  // A number starts with a digit, a sign, a point or a space (NUMBER); a letter never does.
  if (first > 57) return NaN;
  return NUMBER.test(cell) ? Number(cell) : NaN;
}

/** Both cells read as numbers. */
export function bothNumbers(a: string, b: string): boolean {
  return NUMBER.test(a) && NUMBER.test(b);
}

/** numberOf for the part of `text` from `from` to `to`. */
export function numberIn(text: string, from: number, to: number): number {
  if (text.charCodeAt(from) > 57) return NaN;
  return numberOf(text.slice(from, to));
}

/** Where the text of the column at `at` lies within a search text, trimmed: into from[k] and to[k]. */
export function cellIn(text: string, at: number, from: Int32Array, to: Int32Array, k: number): void {
  let start = 0;
  for (let i = 0; i < at; i++) start = text.indexOf('\u0000', start) + 1;
  let end = text.indexOf('\u0000', start);
  if (end < 0) end = text.length;
  trimmedInto(text, start, end, from, to, k);
}

function trimmedInto(text: string, start: number, end: number, from: Int32Array, to: Int32Array, k: number): void {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  from[k] = start;
  to[k] = end;
}

/** What String.prototype.trim removes (white space and line ends). */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));
}

/** A column with at most this many different cells is kept as kinds too (TYPE, UNIT, a count). */
const MOST_KINDS = 256;

/** A column's different cells (trimmed, as in the search texts) and each position's kind among them. */
export interface Kinds {
  cells: readonly string[];
  kindOf: Uint8Array;
}

/**
 * Each search text's key (collation.ts's textKeyIn) for every column that sorts by its shown text,
 * worked out as the text is added, while it is fresh in memory: an order of a million by such a
 * column then reads one array of numbers rather than a million strings. An empty cell's key is 0
 * (every character weighs at least 1). A column is marked once any of its cells reads as a number
 * or holds a character beyond printable ASCII (its key NaN): its order then needs the texts.
 *
 * While a column has no more than MOST_KINDS different cells, each position's kind is kept as well:
 * a column of a few kinds is ordered by ranking its kinds, however its keys tie.
 */
export class ColumnKeys {
  /** Cells keyed since made (a test holds it to one a record a column, whatever the sorts). */
  keyed = 0;
  private length = 0;
  private readonly keys: (Float64Array | undefined)[];
  private readonly textOnly: boolean[];
  private readonly kinds: (Map<string, number> | undefined)[];
  private readonly kindOf: (Uint8Array | undefined)[];
  private readonly from = new Int32Array(1);
  private readonly to = new Int32Array(1);

  constructor(columns: readonly { sortKey?: unknown }[]) {
    this.keys = columns.map((column) => (column.sortKey ? undefined : new Float64Array(1024)));
    this.textOnly = columns.map((column) => !column.sortKey);
    this.kinds = columns.map((column) => (column.sortKey ? undefined : new Map()));
    this.kindOf = columns.map((column) => (column.sortKey ? undefined : new Uint8Array(1024)));
  }

  /** The next search text (the one at position `length`). */
  add(text: string): void {
    const at = this.length++;
    let start = 0;
    for (let c = 0; c < this.keys.length; c++) {
      let end = text.indexOf('\u0000', start);
      if (end < 0) end = text.length;
      let keys = this.keys[c];
      if (keys) {
        if (at === keys.length) keys = this.keys[c] = grown(keys, new Float64Array(keys.length * 2));
        trimmedInto(text, start, end, this.from, this.to, 0);
        const from = this.from[0]!;
        const to = this.to[0]!;
        textKeyIn(text, from, to, keys, at);
        this.keyed++;
        if (this.textOnly[c] && (Number.isNaN(keys[at]!) || (from < to && !Number.isNaN(numberIn(text, from, to)))))
          this.textOnly[c] = false;
        if (this.kinds[c]) this.addKind(c, at, text.slice(from, to));
      }
      start = end + 1;
    }
  }

  private addKind(c: number, at: number, cell: string): void {
    const kinds = this.kinds[c]!;
    let kind = kinds.get(cell);
    if (kind === undefined) {
      if (kinds.size === MOST_KINDS) {
        this.kinds[c] = undefined;
        this.kindOf[c] = undefined;
        return;
      }
      kind = kinds.size;
      kinds.set(cell, kind);
    }
    let kindOf = this.kindOf[c]!;
    if (at === kindOf.length) kindOf = this.kindOf[c] = grown(kindOf, new Uint8Array(kindOf.length * 2));
    kindOf[at] = kind;
  }

  /** The keys of the column at `at` by position, when every cell of it so far is text with a key; else undefined. */
  ofTextColumn(at: number): Float64Array | undefined {
    return this.textOnly[at] ? this.keys[at] : undefined;
  }

  /** The kinds of the column at `at`, while it has no more than MOST_KINDS different cells; else undefined. */
  ofFewKinds(at: number): Kinds | undefined {
    const kinds = this.kinds[at];
    const kindOf = this.kindOf[at];
    return kinds && kindOf ? { cells: [...kinds.keys()], kindOf } : undefined;
  }
}

/** `into` (twice the size) holding `from`'s values. */
function grown<T extends Float64Array | Uint8Array>(from: T, into: T): T {
  into.set(from);
  return into;
}
