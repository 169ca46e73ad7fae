/** Whether a key as Ink reports it is a binding's key, written as the help shows it ('↑', 'PgDn', 'Ctrl+S', 'G'). */
import type { Key } from 'ink';

export function matchesKey(display: string, input: string, key: Key): boolean {
  switch (display) {
    case '↑':
      return key.upArrow;
    case '↓':
      return key.downArrow;
    case '←':
      return key.leftArrow;
    case '→':
      return key.rightArrow;
    case 'PgUp':
      return key.pageUp;
    case 'PgDn':
      return key.pageDown;
    case 'Enter':
      return key.return;
    case 'Esc':
      return key.escape;
    case 'Tab':
      return key.tab && !key.shift;
    case 'Shift+Tab':
      return key.tab && key.shift;
    case 'Space':
      return input === ' ' && !key.ctrl && !key.meta;
    case 'Home':
      return key.home;
    case 'End':
      return key.end;
    case 'Backspace':
      // Ink reports the DEL most terminals send for Backspace as `delete`: the two are one key here.
      return key.backspace || key.delete;
    default:
      // Ctrl+C, Ctrl+S, Ctrl+O, Ctrl+P…: the letter with ctrl.
      if (/^Ctrl\+[A-Z]$/.test(display)) return key.ctrl && input === display.slice(5).toLowerCase();
      if (/^Alt\+.$/.test(display)) return key.meta && !key.ctrl && input === display.slice(4);
      if (/^F(?:[1-9]|1[0-2])$/.test(display)) return functionKeyOf(key) === Number(display.slice(1));
      return !key.ctrl && !key.meta && input === display;
  }
}

/** Which function key a key event is (1–12: App.tsx adds `functionKey` to what Ink gives), or undefined. */
export function functionKeyOf(key: Key): number | undefined {
  return 'functionKey' in key && typeof key.functionKey === 'number' ? key.functionKey : undefined;
}
