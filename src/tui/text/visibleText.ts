/**
 * What a one-line field shows of a value that may be far longer than the
 * field (a 1 MiB description): only a window of the value around the cursor
 * is ever looked at, sanitised and measured, so drawing a field costs what
 * is shown, not what is stored. The value itself is never cut.
 */
import { sanitizeLine } from '../../text/sanitize.js';
import { textWidth, truncate } from '../../text/width.js';
import { clampCursor, nextCodePoint } from './lineEditor.js';

let graphemes: Intl.Segmenter | undefined;
const segmenter = (): Intl.Segmenter => (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));

export interface VisibleOptions {
  /** Server text is sanitised (default); typed text need not be. */
  sanitize?: boolean;
  /** Cell width of a text (injectable so a test can count the work). */
  measure?: (text: string) => number;
}

/**
 * UTF-16 units looked at on each side of the cursor for `width` cells: a
 * cell holds at least one unit, and the margin covers what sanitising takes
 * out (escape sequences, invisible characters) near the edge.
 */
const windowUnits = (width: number): number => Math.max(1, width) * 4 + 64;

/** The part of the value drawn around the cursor, as offsets (never inside a surrogate pair). */
export function windowAround(value: string, cursor: number, width: number): { from: number; at: number; to: number } {
  const at = clampCursor(value, cursor);
  const span = windowUnits(width);
  return { from: clampCursor(value, at - span), at, to: clampCursor(value, at + span) };
}

/** The visible part of a value around the cursor, in at most `width` cells: before it, under it, after it. */
export function visibleAroundCursor(
  value: string,
  cursor: number,
  width: number,
  options: VisibleOptions = {},
): { before: string; at: string; after: string } {
  const clean = options.sanitize === false ? (t: string) => t : sanitizeLine;
  const measure = options.measure ?? textWidth;
  const room = Math.max(1, width);
  const window = windowAround(value, cursor, room);
  const leading = clean(value.slice(window.from, window.at));
  const trailing = clean(value.slice(window.at, window.to));
  const atEnd = nextCodePoint(trailing, 0);
  const at = trailing.slice(0, atEnd) || ' ';
  let used = measure(at);
  // As much of what precedes the cursor as fits, whole graphemes taken from the cursor backwards.
  const pieces = Array.from(segmenter().segment(leading), (s) => s.segment);
  let start = pieces.length;
  while (start > 0) {
    const w = measure(pieces[start - 1]!);
    if (used + w > room) break;
    used += w;
    start--;
  }
  const before = pieces.slice(start).join('');
  const after = truncate(trailing.slice(atEnd), Math.max(0, room - used));
  return { before, at, after };
}

/** The beginning of a value in at most `width` cells (an unfocused field), looking at no more than it needs. */
export function visibleStart(value: string, width: number, options: VisibleOptions = {}): string {
  const clean = options.sanitize === false ? (t: string) => t : sanitizeLine;
  const end = clampCursor(value, windowUnits(width));
  const shown = clean(value.slice(0, end));
  return truncate(end < value.length ? `${shown}…` : shown, width);
}
