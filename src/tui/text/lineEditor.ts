/**
 * A one-line text editor as pure state (value and cursor), for the filter,
 * the command line, the token setup and the forms. Being plain data, keys
 * that arrive faster than React renders are applied in order, none lost.
 *
 * The cursor is a UTF-16 offset, always between two code points, and every
 * edit is a slice at the cursor: a key costs the same in a 1 MiB value as in
 * a short one (no array of characters is built per key).
 */
import type { Key } from 'ink';
import { cleanInput } from './input.js';

export interface EditorState {
  value: string;
  /** Cursor position in UTF-16 code units, never inside a surrogate pair. */
  cursor: number;
}

export const EMPTY_EDITOR: EditorState = { value: '', cursor: 0 };

/** Longest value accepted (a huge paste is cut, not a hang). */
const MAX_INPUT = 1000;

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** The offset one code point before `at`. */
function previousCodePoint(text: string, at: number): number {
  if (at <= 0) return 0;
  return at >= 2 && isLow(text.charCodeAt(at - 1)) && isHigh(text.charCodeAt(at - 2)) ? at - 2 : at - 1;
}

/** The offset one code point after `at`. */
export function nextCodePoint(text: string, at: number): number {
  if (at >= text.length) return text.length;
  return isHigh(text.charCodeAt(at)) && at + 1 < text.length && isLow(text.charCodeAt(at + 1)) ? at + 2 : at + 1;
}

/** `at` clamped into the text and moved off the middle of a surrogate pair. */
export function clampCursor(text: string, at: number): number {
  const c = Math.max(0, Math.min(text.length, Math.floor(at)));
  return c > 0 && c < text.length && isLow(text.charCodeAt(c)) && isHigh(text.charCodeAt(c - 1)) ? c - 1 : c;
}

/** Code points in a text, counted only up to `limit` (enough to know whether more would fit). */
function codePointsUpTo(text: string, limit: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n <= limit; i = nextCodePoint(text, i)) n++;
  return n;
}

/**
 * Applies one key to the editor; returns the new state, or undefined when the
 * key is not an editing key (Enter, Esc, Tab, arrows up/down: the caller's).
 */
export function editLine(
  state: EditorState,
  input: string,
  key: Key,
  maxLength: number = MAX_INPUT,
): EditorState | undefined {
  const { value } = state;
  const cursor = clampCursor(value, state.cursor);
  if (key.return || key.escape || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown)
    return undefined;
  if (key.leftArrow) return { value, cursor: previousCodePoint(value, cursor) };
  if (key.rightArrow) return { value, cursor: nextCodePoint(value, cursor) };
  if (key.home || (key.ctrl && input === 'a')) return { value, cursor: 0 };
  if (key.end || (key.ctrl && input === 'e')) return { value, cursor: value.length };
  if (key.ctrl && input === 'u') return { value: value.slice(cursor), cursor: 0 };
  // Many terminals send DEL (0x7f) for the Backspace key, which Ink reports as delete.
  if (key.backspace || key.delete) {
    if (cursor === 0) return state;
    const from = previousCodePoint(value, cursor);
    return { value: value.slice(0, from) + value.slice(cursor), cursor: from };
  }
  if (key.ctrl || key.meta) return state;
  return insertText(state, cleanInput(input.replace(/[\r\n\t]+/g, ' ')), maxLength);
}

/** Text put in at the cursor as it is (the caller cleaned it), cut at `maxLength` code points. */
export function insertText(state: EditorState, typed: string, maxLength: number = MAX_INPUT): EditorState {
  const { value } = state;
  const cursor = clampCursor(value, state.cursor);
  if (typed === '') return state;
  // maxLength (code points): the token field takes a whole JWT, longer than any filter. A value
  // already longer (a record's) is kept whole; only what is typed is refused beyond the limit.
  let inserted = typed;
  if (Number.isFinite(maxLength)) {
    const room = Math.max(0, maxLength - codePointsUpTo(value, maxLength));
    if (codePointsUpTo(typed, room) > room) inserted = Array.from(typed).slice(0, room).join('');
  }
  if (inserted === '') return state;
  return { value: value.slice(0, cursor) + inserted + value.slice(cursor), cursor: cursor + inserted.length };
}
