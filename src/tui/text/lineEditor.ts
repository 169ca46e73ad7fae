/**
 * A one-line text editor as pure state (value and cursor), for the filter
 * and the command line (and later the forms). Being plain data, keys that
 * arrive faster than React renders are applied in order, none lost.
 */
import type { Key } from 'ink';
import { cleanInput } from './input.js';

export interface EditorState {
  value: string;
  /** Cursor position in code points. */
  cursor: number;
}

export const EMPTY_EDITOR: EditorState = { value: '', cursor: 0 };

/** Longest value accepted (a huge paste is cut, not a hang). */
export const MAX_INPUT = 1000;

const chars = (s: string): string[] => Array.from(s);

/**
 * Applies one key to the editor; returns the new state, or undefined when the
 * key is not an editing key (Enter, Esc, Tab, arrows up/down: the caller's).
 */
export function editLine(state: EditorState, input: string, key: Key, maxLength: number = MAX_INPUT): EditorState | undefined {
  const text = chars(state.value);
  const cursor = Math.max(0, Math.min(text.length, state.cursor));
  if (key.return || key.escape || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown) return undefined;
  if (key.leftArrow) return { value: state.value, cursor: Math.max(0, cursor - 1) };
  if (key.rightArrow) return { value: state.value, cursor: Math.min(text.length, cursor + 1) };
  if (key.home || (key.ctrl && input === 'a')) return { value: state.value, cursor: 0 };
  if (key.end || (key.ctrl && input === 'e')) return { value: state.value, cursor: text.length };
  if (key.ctrl && input === 'u') return { value: chars(state.value).slice(cursor).join(''), cursor: 0 };
  if (key.backspace) {
    if (cursor === 0) return state;
    text.splice(cursor - 1, 1);
    return { value: text.join(''), cursor: cursor - 1 };
  }
  if (key.delete) {
    // Many terminals send DEL (0x7f) for the Backspace key, which Ink reports as delete.
    if (cursor === 0) return state;
    text.splice(cursor - 1, 1);
    return { value: text.join(''), cursor: cursor - 1 };
  }
  if (key.ctrl || key.meta) return state;
  const typed = chars(cleanInput(input.replace(/[\r\n\t]+/g, ' ')));
  if (typed.length === 0) return state;
  // maxLength: the token field takes a whole JWT, longer than any filter.
  const room = Math.max(0, maxLength - text.length);
  const inserted = typed.slice(0, room);
  text.splice(cursor, 0, ...inserted);
  return { value: text.join(''), cursor: cursor + inserted.length };
}
