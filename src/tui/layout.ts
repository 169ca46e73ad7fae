/**
 * The dashboard's size arithmetic, in a module of its own without React or
 * Ink: the CLI uses it to ask for the first page before the dashboard's code
 * has loaded (src/cli/commands/dashboard.ts).
 */

export interface TerminalSize {
  columns: number;
  rows: number;
}

const DEFAULT_SIZE: TerminalSize = { columns: 80, rows: 24 };

/** The stream's size, or 80x24 when it doesn't say (tests, pipes) rather than asking the OS. */
export function readSize(stream: NodeJS.WritableStream): TerminalSize {
  const { columns: c, rows: r } = stream as { columns?: number; rows?: number };
  const columns = c && c > 0 ? c : DEFAULT_SIZE.columns;
  const rows = r && r > 0 ? r : DEFAULT_SIZE.rows;
  return { columns, rows };
}

/** Header (2), table header (1), status (1), message (1), hints (1). */
const CHROME_ROWS = 6;
const MIN_PAGE_SIZE = 5;
const MAX_PAGE_SIZE = 100;

/** Records per page: the rows that fit the terminal, clamped to 5..100. */
export function pageSizeFor(rows: number): number {
  return Math.max(MIN_PAGE_SIZE, Math.min(MAX_PAGE_SIZE, rows - CHROME_ROWS));
}
