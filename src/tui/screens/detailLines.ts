/**
 * A record as lines for the detail view: the registry's detail order first,
 * then every other field the server sent (records are loose: unknown fields
 * are shown, not dropped). Timestamps as local time with "3 days ago", an
 * SLI's queries as a table, long text wrapped. Everything from the server is
 * sanitised here, before it can reach the terminal.
 */
import type { ResourceView } from '../../presentation/resources.js';
import { clipNesting } from '../../api/nesting.js';
import type { ApiRecord } from '../../api/record.js';
import { sanitizeLine, sanitizeText } from '../../text/sanitize.js';
import { fitColumns, formatHeader, formatRow, type ColumnSpec } from '../../text/columns.js';
import { describeTimestamp, isTimestamp } from '../text/time.js';
import { fit, textWidth, truncate, wrap } from '../../text/width.js';

export interface DetailLine {
  /** The field name, on the first line of a field only. */
  label?: string;
  text: string;
  tone?: 'dim' | 'heading' | 'note';
  /** Brought into view while its input line is open (the burn calculator's answer), wherever the details are scrolled. */
  inView?: boolean;
}

/** Extra lines a wrapping screen puts under a field (e.g. an SLO's SLI name). */
export type Annotations = Partial<Record<string, DetailLine[]>>;

const MAX_LABEL = 28;
const INDENT = 2;

// The WHERE clause says most about a query, so it is the last to be squeezed.
const QUERY_COLUMNS: readonly ColumnSpec[] = [
  { id: 'name', header: 'NAME', width: 16, minWidth: 4, priority: 10 },
  { id: 'where', header: 'WHERE', width: 40, minWidth: 8, priority: 9 },
  { id: 'select', header: 'SELECT', width: 30, minWidth: 8, priority: 8 },
  { id: 'from', header: 'FROM', width: 20, minWidth: 6, priority: 7 },
  { id: 'limit', header: 'LIMIT', width: 5, minWidth: 5, priority: 6, align: 'right' },
];
const QUERY_ORDER = ['name', 'select', 'from', 'where', 'limit'];

const cell = (v: unknown): string =>
  v === undefined || v === null ? '' : sanitizeLine(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function queryTable(queries: Record<string, unknown>, width: number): DetailLine[] {
  const names = Object.keys(queries);
  if (names.length === 0) return [{ text: '(none)', tone: 'dim' }];
  const rows = names.map((name) => {
    const q = queries[name];
    const query = q !== null && typeof q === 'object' ? (q as Record<string, unknown>) : {};
    const values: Record<string, unknown> = {
      name,
      select: query.select,
      from: query.from,
      where: query.where,
      limit: query.limit,
    };
    return Object.fromEntries(QUERY_ORDER.map((id) => [id, cell(values[id])]));
  });
  // A table when every cell fits whole; otherwise each query as a block, every value wrapped, none cut.
  const whole = QUERY_ORDER.map((id) =>
    Math.max(textWidth(QUERY_COLUMNS.find((c) => c.id === id)!.header), ...rows.map((r) => textWidth(r[id] ?? ''))),
  );
  if (whole.reduce((a, b) => a + b, 0) + 2 * (whole.length - 1) <= width) {
    const ordered = QUERY_ORDER.map((id, i) => ({
      ...QUERY_COLUMNS.find((c) => c.id === id)!,
      width: whole[i]!,
      minWidth: whole[i]!,
    }));
    const fitted = fitColumns(ordered, width, { growLead: false });
    const lines: DetailLine[] = [{ text: formatHeader(fitted), tone: 'heading' }];
    for (const row of rows)
      lines.push({
        text: formatRow(
          fitted,
          fitted.map((f) => row[f.column.id] ?? ''),
        ),
      });
    return lines;
  }
  return rows.flatMap((row) => queryBlock(row, width));
}

const QUERY_PARTS = ['select', 'from', 'where', 'limit'] as const;
const PART_WIDTH = 'select'.length + 2;

/** One query on narrow screens: its name, then each part on its own lines, wrapped under the part. */
function queryBlock(row: Record<string, string>, width: number): DetailLine[] {
  const lines: DetailLine[] = [{ text: truncate(row.name ?? '', width), tone: 'heading' }];
  const room = Math.max(8, width - INDENT - PART_WIDTH);
  for (const part of QUERY_PARTS) {
    wrap(row[part] ?? '', room).forEach((text, i) => {
      lines.push({
        text: `${' '.repeat(INDENT)}${i === 0 ? part.toUpperCase().padEnd(PART_WIDTH) : ' '.repeat(PART_WIDTH)}${text}`,
      });
    });
  }
  return lines;
}

/** The value of one field as lines of at most `width` cells. */
function valueLines(key: string, value: unknown, width: number, now: Date): DetailLine[] {
  if (value === undefined || value === null) return [{ text: '—', tone: 'dim' }];
  if (typeof value === 'string') {
    if (value === '') return [{ text: '(empty)', tone: 'dim' }];
    if (isTimestamp(value)) return wrap(describeTimestamp(value, now), width).map((text) => ({ text }));
    return sanitizeText(value)
      .split('\n')
      .flatMap((line) => wrap(line.replace(/\t/g, '  '), width))
      .map((text) => ({ text }));
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return [{ text: String(value) }];
  if (key === 'queries' && typeof value === 'object' && !Array.isArray(value))
    return queryTable(value as Record<string, unknown>, width);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    if (value.length === 0) return [{ text: '(none)', tone: 'dim' }];
    return wrap(value.map((v) => cell(v)).join(', '), width).map((text) => ({ text }));
  }
  // Any other structure (unknown nested fields): indented JSON, each line sanitised and wrapped.
  return (JSON.stringify(clipNesting(value), null, 2) ?? '')
    .split('\n')
    .flatMap((line) => wrap(sanitizeLine(line), width))
    .map((text) => ({ text }));
}

/** Field names in display order: the registry's order, then the rest as the server sent them. */
function fieldOrder(def: ResourceView, record: ApiRecord): string[] {
  const rest = Object.keys(record).filter((k) => !def.detailOrder.includes(k));
  return [...def.detailOrder, ...rest];
}

export function buildDetailLines(
  def: ResourceView,
  record: ApiRecord,
  width: number,
  now: Date,
  annotations: Annotations = {},
): DetailLine[] {
  const keys = fieldOrder(def, record);
  const labelWidth = Math.min(MAX_LABEL, Math.max(...keys.map((k) => sanitizeLine(k).length), 8)) + INDENT;
  const valueWidth = Math.max(10, width - labelWidth);
  const lines: DetailLine[] = [];
  for (const key of keys) {
    const label = fit(truncate(sanitizeLine(key), labelWidth - INDENT), labelWidth);
    const value = record[key];
    // A table (queries) gets the full width under its label.
    const isTable =
      key === 'queries' &&
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.keys(value).length > 0;
    if (isTable) {
      lines.push({
        label,
        text: `${Object.keys(value).length} ${Object.keys(value).length === 1 ? 'query' : 'queries'}`,
      });
      for (const line of valueLines(key, value, width - INDENT, now))
        lines.push({ ...line, text: ' '.repeat(INDENT) + line.text });
    } else {
      valueLines(key, value, valueWidth, now).forEach((line, i) => {
        lines.push({ ...line, label: i === 0 ? label : ' '.repeat(labelWidth) });
      });
    }
    // An own lookup: a field may be called constructor or toString (the object's own members are no notes).
    const notes = Object.hasOwn(annotations, key) ? annotations[key] : undefined;
    for (const note of notes ?? [])
      for (const text of wrap(note.text, valueWidth)) lines.push({ ...note, label: ' '.repeat(labelWidth), text });
  }
  return lines;
}
