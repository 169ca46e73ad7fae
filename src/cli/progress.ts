/**
 * A one-line progress reporter for long work (`list --all`, `export`, `apply`):
 * drawn on stderr only when stderr is a terminal, so scripts and logs never see
 * it and stdout (the data) is never touched. The line is redrawn in place at
 * most every `intervalMs`, nothing is drawn for a run shorter than `delayMs`
 * (a quick command stays clean, as gh's spinner does), and `clear()` leaves the
 * line empty for whatever is printed next.
 */
import { sanitizeLine } from '../text/sanitize.js';
import { truncate } from '../text/width.js';

export interface ProgressReporter {
  /** Shows `text` (throttled): the latest state wins. */
  update(text: string): void;
  /** Erases the line if something is drawn; safe to call any number of times. */
  clear(): void;
}

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  env?: NodeJS.ProcessEnv;
  /** Nothing is drawn before this long after the reporter was made (default 300 ms). */
  delayMs?: number;
  /** At most one redraw per interval (default 100 ms). */
  intervalMs?: number;
  /** Milliseconds, injected by tests. */
  now?: () => number;
}

/** Erase the whole line and go back to its start. */
const CLEAR_LINE = '\r\x1b[2K';

const SILENT: ProgressReporter = { update() {}, clear() {} };

export function createProgress(stream: ProgressStream, options: ProgressOptions = {}): ProgressReporter {
  // A dumb terminal cannot erase a line: no progress rather than a smear of half lines.
  if (stream.isTTY !== true || options.env?.TERM === 'dumb') return SILENT;
  const now = options.now ?? (() => performance.now());
  const delayMs = options.delayMs ?? 300;
  const intervalMs = options.intervalMs ?? 100;
  const shownFrom = now() + delayMs;
  let drawnAt = Number.NEGATIVE_INFINITY;
  let drawn = false;

  const write = (text: string): void => {
    try {
      stream.write(text);
    } catch {
      // stderr is gone: progress is not worth failing the command for.
    }
  };

  return {
    update(text) {
      const at = now();
      if (at < shownFrom || at - drawnAt < intervalMs) return;
      drawnAt = at;
      // One column short of the width: writing the last column wraps on some terminals.
      const room = Math.max(10, (stream.columns && stream.columns > 0 ? stream.columns : 80) - 1);
      write(`${CLEAR_LINE}${truncate(sanitizeLine(text), room)}`);
      drawn = true;
    },
    clear() {
      if (!drawn) return;
      drawn = false;
      drawnAt = Number.NEGATIVE_INFINITY;
      write(CLEAR_LINE);
    },
  };
}

/** "SLIs: 300 of 5030 (6%)"; without a total, "SLIs: 300". */
export function countText(noun: string, done: number, total?: number): string {
  if (total === undefined || total <= 0) return `${noun}: ${done}`;
  const percent = Math.min(100, Math.floor((done / total) * 100));
  return `${noun}: ${done} of ${total} (${percent}%)`;
}
