/**
 * Plain-text output of records: a table fitted to the terminal's width (the
 * registry's columns; low-priority ones are dropped first, then the rest
 * shrink to their minimum), and a two-column "field  value" listing of one
 * record. All server text is sanitised here, just before it is printed.
 */
import { Buffer } from 'node:buffer';
import { clipNesting } from '../api/nesting.js';
import type { Column, ResourceView } from '../presentation/resources.js';
import { sanitizeLine, sanitizeText, UNSAFE_IN_JSON } from '../text/sanitize.js';
import { oddReason, type ApiRecord } from '../api/record.js';
import { COLUMN_GAP, fitColumns, type FittedColumn } from '../text/columns.js';
import { fit, textWidth, truncate } from '../text/width.js';

const GAP = COLUMN_GAP;
/** Wider than any terminal: beyond this a cell is cut even if the column could grow. */
const MAX_CELL = 200;

export { truncate };
const width = textWidth;
const pad = (text: string, size: number, align: 'left' | 'right' = 'left'): string => fit(text, size, align);

export interface TableLayout {
  columns: FittedColumn<Column>[];
  /** Cells are never cut (a pipe, -o wide): a longer cell widens its line. */
  whole?: boolean;
  /** The time AGE is counted to (ms); the current time when not given. */
  now?: number;
}

/** A cell's text: sanitised, one line; cut at `maxCell` cells (Infinity: whole). */
function cellText(column: Column, record: ApiRecord, maxCell = MAX_CELL, now?: number): string {
  let value: string;
  try {
    value = column.get(record, now);
  } catch {
    value = '';
  }
  const clean = sanitizeLine(value);
  return Number.isFinite(maxCell) ? truncate(clean, maxCell) : clean;
}

/**
 * Every given column at the width of its longest cell, nothing cut: the table
 * written into a pipe (so `grep` sees whole names) and `-o wide`. Rows of later
 * pages longer than the first page's widths push their line out rather than
 * being cut.
 */
export function layoutWhole(columns: readonly Column[], records: readonly ApiRecord[], now?: number): TableLayout {
  return {
    whole: true,
    now,
    columns: columns.map((column) => ({
      column,
      width: Math.max(width(column.header), ...records.map((r) => width(cellText(column, r, Infinity, now)))),
    })),
  };
}

/**
 * Chooses columns and widths for the records at hand and the available width,
 * with the dashboard's fitting (src/text/columns.ts). Unlike the dashboard's
 * table, widths follow the content (up to the registry's width), and the id
 * column is never cut, since an id is only useful whole.
 */
export function layoutTable(
  def: ResourceView,
  records: readonly ApiRecord[],
  available: number,
  now?: number,
): TableLayout {
  const specs = def.columns.map((column) => {
    const content = Math.max(width(column.header), ...records.map((r) => width(cellText(column, r, MAX_CELL, now))));
    const fixed = column.id === 'id';
    const wanted = fixed ? content : Math.min(content, column.width);
    const minWidth = fixed ? content : Math.min(wanted, Math.max(column.minWidth, width(column.header)));
    return { ...column, width: wanted, minWidth, content };
  });
  const fitted = fitColumns(specs, available, { growLead: false });
  // Room left over goes to cut cells, the most useful column first (a whole name beats blank space).
  let spare = available - fitted.reduce((sum, f) => sum + f.width, 0) - COLUMN_GAP * Math.max(0, fitted.length - 1);
  for (const f of [...fitted].sort((a, b) => b.column.priority - a.column.priority)) {
    const grow = Math.max(0, Math.min(spare, f.column.content - f.width));
    f.width += grow;
    spare -= grow;
  }
  return {
    now,
    columns: fitted.map((f) => ({ column: def.columns.find((c) => c.id === f.column.id)!, width: f.width })),
  };
}

export function tableHeader(layout: TableLayout): string {
  return joinRow(layout.columns.map(({ column, width: w }) => place(layout, column.header, w, column.align)));
}

export function tableRow(layout: TableLayout, record: ApiRecord): string {
  // A record that does not fit its fields (shown as sent) is marked in its first cell.
  const mark = oddReason(record) === undefined ? '' : '!';
  return joinRow(
    layout.columns.map(({ column, width: w }, index) =>
      place(
        layout,
        (index === 0 ? mark : '') + cellText(column, record, layout.whole ? Infinity : MAX_CELL, layout.now),
        w,
        column.align,
      ),
    ),
  );
}

/** Padded to the width; cut to it only when the layout allows cutting. */
function place(layout: TableLayout, text: string, size: number, align: 'left' | 'right' = 'left'): string {
  if (!layout.whole || width(text) <= size) return pad(text, size, align);
  return text;
}

const joinRow = (cells: string[]): string => `${cells.join(' '.repeat(GAP)).trimEnd()}\n`;

/** A character as JSON writes it escaped: \uXXXX for each UTF-16 unit (beyond U+FFFF, a surrogate pair). */
const jsonEscape = (ch: string): string =>
  Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/** JSON.stringify with the characters above escaped: same data, safe on a terminal. */
export function terminalSafeJson(value: unknown, indent?: number): string {
  return terminalSafeText(JSON.stringify(clipNesting(value), null, indent));
}

/**
 * Any character that needs escaping is at or above U+007F; a text without one (most) is left as it
 * is. Its UTF-8 length equals its length only when every character is below U+0080 (Node counts
 * that natively, about four times faster than a regular expression over a page), and DEL is looked
 * for alone.
 */
const allBelowDel = (text: string): boolean =>
  Buffer.byteLength(text, 'utf8') === text.length && !text.includes('\x7f');

/**
 * JSON text (or several joined by ASCII) with the characters above escaped.
 * A whole page at once costs one check, not one a record; the escapes are the
 * same, character for character.
 */
export function terminalSafeText(json: string): string {
  return allBelowDel(json) ? json : json.replace(UNSAFE_IN_JSON, jsonEscape);
}

export interface PageShape {
  offset: number;
  /** What the server was asked for. */
  limit: number;
  total: number;
  results: readonly unknown[];
  next?: string | null;
  previous?: string | null;
}

export interface PageFacts {
  /** Records a page as the server serves them (it may cap what was asked). */
  size: number;
  /** The server served fewer a page than asked, and more records exist. */
  capped: boolean;
  /** The offset is at or beyond the last record. */
  pastEnd: boolean;
  current: number;
  pages: number;
  /** Where the last page starts, at the served page size. */
  lastOffset: number;
}

/** Page numbers from what the server really returned: its links carry the limit it used. */
export function pageFacts(page: PageShape): PageFacts {
  const size = servedPageSize(page);
  const pages = Math.max(1, Math.ceil(page.total / size));
  return {
    size,
    capped: size < page.limit && page.offset + page.results.length < page.total,
    pastEnd: page.results.length === 0 && page.total > 0 && page.offset >= page.total,
    current: Math.min(pages, Math.floor(page.offset / size) + 1),
    pages,
    lastOffset: (pages - 1) * size,
  };
}

function servedPageSize(page: PageShape): number {
  for (const link of [page.next, page.previous]) {
    const limit = link ? limitOf(link) : undefined;
    if (limit !== undefined) return limit;
  }
  // No link to read it from: fewer records than asked while more exist means the server capped it.
  if (page.results.length > 0 && page.results.length < page.limit && page.offset + page.results.length < page.total)
    return page.results.length;
  return Math.max(1, page.limit);
}

function limitOf(link: string): number | undefined {
  try {
    const limit = Number(new URL(link).searchParams.get('limit'));
    return Number.isSafeInteger(limit) && limit > 0 ? limit : undefined;
  } catch {
    return undefined;
  }
}

/** "page 2 of 14 · total 137", counted at the page size the server served. */
export function pageSummary(page: PageShape): string {
  const facts = pageFacts(page);
  return `page ${facts.current} of ${facts.pages} · total ${page.total}`;
}

/**
 * One record as "field  value" lines: the registry's detail order first, then
 * every other field the server sent. Nested values are compact JSON; long text
 * keeps its line breaks, indented under the value column.
 */
export function detailListing(def: ResourceView, record: ApiRecord): string {
  const keys = [
    ...def.detailOrder.filter((key) => Object.hasOwn(record, key)),
    ...Object.keys(record).filter((key) => !def.detailOrder.includes(key)),
  ];
  const labels = keys.map((key) => sanitizeLine(key));
  const labelWidth = Math.max(0, ...labels.map(width));
  const indent = ' '.repeat(labelWidth + GAP);
  return (
    keys
      .map((key, index) => {
        const lines = valueText(record[key]).split('\n');
        const first = `${pad(labels[index] ?? '', labelWidth)}${' '.repeat(GAP)}${lines[0] ?? ''}`.trimEnd();
        return [first, ...lines.slice(1).map((line) => `${indent}${line}`.trimEnd())].join('\n');
      })
      .join('\n') + '\n'
  );
}

function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return sanitizeText(value).replace(/\t/g, '  ');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return sanitizeLine(JSON.stringify(clipNesting(value)));
}
