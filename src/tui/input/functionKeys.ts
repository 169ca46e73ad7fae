/**
 * F1–F12. Ink reads them but hands `useInput` an empty input with no flag
 * set, so which one was pressed is lost there; App.tsx reads the raw
 * sequence beside it and gives the shell a key whose `functionKey` says
 * which. The sequences are those of xterm and its kin (ESC O P…S, ESC [15~…),
 * rxvt and PuTTY (ESC [11~…14~) and the Linux console (ESC [[A…E).
 */
import type { Key } from 'ink';
import { NO_KEY } from './router.js';

/** A key event Ink could not name: F1–F12. */
export interface FunctionKeyEvent extends Key {
  functionKey: number;
}

const SEQUENCES: Readonly<Record<string, number>> = {
  '\u001bOP': 1,
  '\u001bOQ': 2,
  '\u001bOR': 3,
  '\u001bOS': 4,
  '\u001b[11~': 1,
  '\u001b[12~': 2,
  '\u001b[13~': 3,
  '\u001b[14~': 4,
  '\u001b[[A': 1,
  '\u001b[[B': 2,
  '\u001b[[C': 3,
  '\u001b[[D': 4,
  '\u001b[[E': 5,
  '\u001b[15~': 5,
  '\u001b[17~': 6,
  '\u001b[18~': 7,
  '\u001b[19~': 8,
  '\u001b[20~': 9,
  '\u001b[21~': 10,
  '\u001b[23~': 11,
  '\u001b[24~': 12,
};

/** The key event of raw terminal input that is one function key, without modifiers; else undefined. */
export function functionKeyEvent(data: string): FunctionKeyEvent | undefined {
  const number = Object.hasOwn(SEQUENCES, data) ? SEQUENCES[data] : undefined;
  return number === undefined ? undefined : { ...NO_KEY, functionKey: number };
}
