/**
 * Plain-text output of records: a table fitted to the terminal's width (the
 * registry's columns; low-priority ones are dropped first, then the rest
 * shrink to their minimum), and a two-column "field  value" listing of one
 * record. All server text is sanitised here, just before it is printed.
 */
import type { Column, ResourceDef } from '../api/resources.js';
import { sanitizeLine, sanitizeText } from '../api/sanitize.js';
import type { ApiRecord } from '../api/schemas.js';

const GAP = 2;
/** Wider than any terminal: beyond this a cell is cut even if the column could grow. */
const MAX_CELL = 200;
/** Share of its wanted width a column keeps before lower-priority columns are dropped instead. */
const SOFT_SHARE = 0.6;

/** Code points, so a cut never splits a surrogate pair. (East Asian wide characters count as one: good enough for a CLI table.) */
const chars = (text: string): string[] => Array.from(text);
const width = (text: string): number => chars(text).length;

export function truncate(text: string, max: number): string {
  const all = chars(text);
  if (all.length <= max) return text;
  if (max <= 1) return all.slice(0, max).join('');
  return `${all.slice(0, max - 1).join('')}…`;
}

const pad = (text: string, size: number, align: 'left' | 'right' = 'left'): string => {
  const room = Math.max(0, size - width(text));
  return align === 'right' ? ' '.repeat(room) + text : text + ' '.repeat(room);
};

export interface TableLayout {
  columns: { column: Column; width: number }[];
}

/** A cell's text: sanitised, one line. */
export function cellText(column: Column, record: ApiRecord): string {
  let value: string;
  try {
    value = column.get(record);
  } catch {
    value = '';
  }
  return truncate(sanitizeLine(value), MAX_CELL);
}

/**
 * Chooses columns and widths for the records at hand and the available width.
 * Widths follow the content (up to the registry's width); the id column is
 * never cut, since an id is only useful whole.
 */
export function layoutTable(def: ResourceDef, records: readonly ApiRecord[], available: number): TableLayout {
  const wants = def.columns.map((column) => {
    const content = Math.max(width(column.header), ...records.map((r) => width(cellText(column, r))));
    const fixed = column.id === 'id';
    const desired = fixed ? content : Math.min(content, column.width);
    const hard = fixed ? content : Math.min(desired, Math.max(column.minWidth, width(column.header)));
    // Before a column shrinks below SOFT_SHARE of what it wants, the least important
    // columns are dropped instead (a readable NAME beats a cramped extra column).
    const soft = fixed ? content : Math.max(hard, Math.min(desired, Math.ceil(desired * SOFT_SHARE)));
    return { column, width: desired, soft, hard };
  });
  type Want = (typeof wants)[number];
  const total = (list: Want[], key: 'width' | 'soft' | 'hard') => list.reduce((sum, c) => sum + c[key], 0) + GAP * Math.max(0, list.length - 1);

  // Drop the lowest-priority columns while their softened widths do not fit (keep at least one).
  let kept = [...wants];
  while (kept.length > 1 && total(kept, 'soft') > available) {
    const lowest = kept.reduce((a, b) => (b.column.priority < a.column.priority ? b : a));
    kept = kept.filter((c) => c !== lowest);
  }
  // Then shrink, lowest priority first: to the soft minimums, then the hard ones, then (one column left) to the width.
  let excess = total(kept, 'width') - available;
  const byPriority = [...kept].sort((a, b) => a.column.priority - b.column.priority);
  for (const floor of ['soft', 'hard', 'last'] as const) {
    for (const c of byPriority) {
      if (excess <= 0) break;
      const min = floor === 'last' ? (kept.length === 1 ? Math.max(1, available) : c.hard) : c[floor];
      const give = Math.max(0, Math.min(excess, c.width - min));
      c.width -= give;
      excess -= give;
    }
  }
  return { columns: kept.map(({ column, width: w }) => ({ column, width: w })) };
}

export function tableHeader(layout: TableLayout): string {
  return joinRow(layout.columns.map(({ column, width: w }) => pad(column.header, w, column.align)));
}

export function tableRow(layout: TableLayout, record: ApiRecord): string {
  return joinRow(layout.columns.map(({ column, width: w }) => pad(truncate(cellText(column, record), w), w, column.align)));
}

const joinRow = (cells: string[]): string => `${cells.join(' '.repeat(GAP)).trimEnd()}\n`;

// JSON.stringify escapes C0 controls but leaves DEL, C1 controls (U+009B is CSI to some terminals),
// bidi overrides, invisible marks and line separators as they are. Escaped as \uXXXX the JSON means
// exactly the same, and `--json` printed on a terminal can no longer reorder or rewrite what it shows.
// They can only occur inside JSON strings, so replacing them in the text is safe.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

/** JSON.stringify with the characters above escaped: same data, safe on a terminal. */
export function terminalSafeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** "page 2 of 14 · total 137" from what the server was asked for. */
export function pageSummary(page: { offset: number; limit: number; total: number; results: readonly unknown[] }): string {
  const limit = Math.max(1, page.limit);
  const pages = Math.max(1, Math.ceil(page.total / limit));
  const current = Math.min(pages, Math.floor(page.offset / limit) + 1);
  return `page ${current} of ${pages} · total ${page.total}`;
}

/**
 * One record as "field  value" lines: the registry's detail order first, then
 * every other field the server sent. Nested values are compact JSON; long text
 * keeps its line breaks, indented under the value column.
 */
export function detailListing(def: ResourceDef, record: ApiRecord): string {
  const keys = [
    ...def.detailOrder.filter((key) => Object.hasOwn(record, key)),
    ...Object.keys(record).filter((key) => !def.detailOrder.includes(key)),
  ];
  const labels = keys.map((key) => sanitizeLine(key));
  const labelWidth = Math.max(0, ...labels.map(width));
  const indent = ' '.repeat(labelWidth + GAP);
  return keys.map((key, index) => {
    const lines = valueText(record[key]).split('\n');
    const first = `${pad(labels[index] ?? '', labelWidth)}${' '.repeat(GAP)}${lines[0] ?? ''}`.trimEnd();
    return [first, ...lines.slice(1).map((line) => `${indent}${line}`.trimEnd())].join('\n');
  }).join('\n') + '\n';
}

function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return sanitizeText(value).replace(/\t/g, '  ');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return sanitizeLine(JSON.stringify(value));
}
