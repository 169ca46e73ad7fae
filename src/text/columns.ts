/**
 * Fitting table columns to the terminal width: columns shrink towards their
 * minimum (each in proportion to the room it has), and below 80 cells (or
 * when even the minimums don't fit) the least useful columns are dropped, as
 * the registry's priorities say.
 */
import { fit } from './width.js';

export interface ColumnSpec {
  id: string;
  header: string;
  width: number;
  minWidth: number;
  priority: number;
  align?: 'left' | 'right';
}

export interface FittedColumn<C extends ColumnSpec = ColumnSpec> {
  column: C;
  width: number;
}

export const COLUMN_GAP = 2;
/** How far a column may be squeezed before dropping a less useful one is better. */
const COMFORTABLE_SHARE = 0.75;

const totalWidth = (widths: readonly number[]): number =>
  widths.reduce((a, b) => a + b, 0) + COLUMN_GAP * Math.max(0, widths.length - 1);

/** The columns to show and their widths, in the declared order; their total never exceeds `available`. */
export function fitColumns<C extends ColumnSpec>(
  columns: readonly C[],
  available: number,
  options: { growLead?: boolean } = {},
): FittedColumn<C>[] {
  let shown = [...columns];
  const dropLeastUseful = () => {
    const least = shown.reduce((a, b) => (b.priority < a.priority ? b : a));
    shown = shown.filter((c) => c !== least);
  };
  // A column squeezed past three quarters of its width stops being worth its room: drop the least
  // useful instead (in practice only below 80 cells with the registry's widths).
  const comfortable = (c: C) => Math.max(c.minWidth, Math.ceil(c.width * COMFORTABLE_SHARE));
  while (shown.length > 1 && totalWidth(shown.map(comfortable)) > available) dropLeastUseful();

  const widths = new Map(shown.map((c) => [c, c.width]));
  let excess = totalWidth([...widths.values()]) - available;
  if (excess > 0) {
    // Squeeze every column in proportion to the room it can give, so no one column is cut to nothing...
    const slack = shown.reduce((sum, c) => sum + (c.width - c.minWidth), 0);
    if (slack > 0) {
      for (const column of shown) {
        const take = Math.min(
          column.width - column.minWidth,
          Math.floor((excess * (column.width - column.minWidth)) / slack),
        );
        widths.set(column, widths.get(column)! - take);
      }
      excess = totalWidth([...widths.values()]) - available;
    }
    // ...and what rounding left, from the least useful columns first.
    for (const column of [...shown].sort((a, b) => a.priority - b.priority)) {
      if (excess <= 0) break;
      const current = widths.get(column)!;
      const take = Math.min(excess, current - column.minWidth);
      widths.set(column, current - take);
      excess -= take;
    }
  }
  if (excess > 0 && shown.length === 1) widths.set(shown[0]!, Math.max(1, available));
  // Spare room goes to the most useful column (usually the name), all of it, as k9s does: a wide
  // terminal shows long names whole instead of blank space at the end of each row.
  const spare = available - totalWidth([...widths.values()]);
  if (spare > 0 && shown.length > 0 && options.growLead !== false) {
    const lead = shown.reduce((a, b) => (b.priority > a.priority ? b : a));
    widths.set(lead, widths.get(lead)! + spare);
  }
  return shown.map((column) => ({ column, width: widths.get(column)! }));
}

/** One table line from cell texts (already sanitised), each fitted to its column. */
export function formatRow(fitted: readonly FittedColumn[], cells: readonly string[]): string {
  return fitted.map((f, i) => fit(cells[i] ?? '', f.width, f.column.align)).join(' '.repeat(COLUMN_GAP));
}

export function formatHeader(fitted: readonly FittedColumn[]): string {
  return formatRow(
    fitted,
    fitted.map((f) => f.column.header),
  );
}
