/**
 * A plain table of text cells for commands whose rows are not one
 * resource's records (used-by, report's summary): columns as wide as their
 * content, two spaces apart. On a terminal the last column is cut to fit the
 * width; into a pipe nothing is cut. Cells are sanitised here.
 */
import { sanitizeLine } from '../text/sanitize.js';
import { COLUMN_GAP } from '../text/columns.js';
import { fit, textWidth, truncate } from '../text/width.js';

/** Wider than any terminal: beyond this a cell is cut even into a pipe. */
const MAX_CELL = 200;

export function plainTable(headers: readonly string[], rows: readonly (readonly string[])[], width?: number): string {
  const clean = rows.map((row) => headers.map((_, i) => truncate(sanitizeLine(row[i] ?? ''), MAX_CELL)));
  const widths = headers.map((h, i) => Math.max(textWidth(h), ...clean.map((row) => textWidth(row[i]!))));
  if (width !== undefined && widths.length > 0) {
    const others = widths.slice(0, -1).reduce((a, b) => a + b + COLUMN_GAP, 0);
    const last = widths.length - 1;
    widths[last] = Math.max(textWidth(headers[last]!), Math.min(widths[last]!, width - others));
  }
  const line = (cells: readonly string[]) =>
    `${cells
      .map((c, i) => fit(c, widths[i]!))
      .join(' '.repeat(COLUMN_GAP))
      .trimEnd()}\n`;
  return [line(headers), ...clean.map(line)].join('');
}
