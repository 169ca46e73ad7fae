/**
 * `keys:` of settings.yaml made into keymap overrides: each action id names
 * the keys that replace its defaults (`[]` turns it off). What cannot be
 * used is a problem said in one line, and that action keeps its defaults:
 * an unknown action (with a did-you-mean), a key name slotui does not read,
 * a key a terminal sends exactly as another (Ctrl+I is Tab), or a key that
 * another action of the same screen already has.
 */
import { closestWord } from '../../text/suggest.js';
import type { Binding, KeyContext } from './binding.js';
import { buildKeymap } from './keymap.js';

/** What settings.yaml's `keys:` holds: action id → a key or a list of keys. */
export type KeySettings = Readonly<Partial<Record<string, string | readonly string[]>>>;

interface KeyProblem {
  /** `['keys', ACTION]`, or `['keys', ACTION, INDEX]` for a key of a list: where in settings.yaml. */
  path: string[];
  message: string;
}

export interface KeyOverrides {
  /** Action id → the keys in effect, as the keymap writes them ('Ctrl+F', 'PgDn', 'x'). */
  overrides: Record<string, string[]>;
  /** What cannot be used; that action keeps its default keys. */
  problems: KeyProblem[];
}

const NAMED: Readonly<Record<string, string>> = {
  enter: 'Enter',
  return: 'Enter',
  esc: 'Esc',
  escape: 'Esc',
  tab: 'Tab',
  'shift+tab': 'Shift+Tab',
  space: 'Space',
  backspace: 'Backspace',
  // Terminals send DEL for Backspace, and the Delete key reaches slotui the same way: one key.
  delete: 'Backspace',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  home: 'Home',
  end: 'End',
  pgup: 'PgUp',
  pgdn: 'PgDn',
  pageup: 'PgUp',
  pagedown: 'PgDn',
};

/** Keys a terminal sends exactly as another: they could never be told apart. */
const SAME_AS: Readonly<Record<string, string>> = {
  'ctrl+i': 'tab',
  'ctrl+m': 'enter',
  'ctrl+j': 'enter',
  'ctrl+[': 'esc',
  'ctrl+h': 'backspace',
};

/** The keymap's name of a key written in settings.yaml, or why it cannot be one. */
export function keyName(written: string): { key: string } | { problem: string } {
  const lower = written.trim().toLowerCase();
  if (written.length === 1 && written !== ' ' && written >= '!' && written <= '~') return { key: written };
  if (Object.hasOwn(NAMED, lower)) return { key: NAMED[lower]! };
  if (Object.hasOwn(SAME_AS, lower))
    return { problem: `"${written}" reaches slotui as ${SAME_AS[lower]} (a terminal sends the two alike)` };
  const ctrl = /^ctrl\+([a-z])$/.exec(lower);
  if (ctrl) return { key: `Ctrl+${ctrl[1]!.toUpperCase()}` };
  const alt = /^alt\+(.)$/.exec(written.trim().replace(/^alt\+/i, 'alt+'));
  if (alt && alt[1]! >= '!' && alt[1]! <= '~') return { key: `Alt+${alt[1]}` };
  if (/^f([1-9]|1[0-2])$/.test(lower)) return { key: lower.toUpperCase() };
  const meant = closestWord(lower, Object.keys(NAMED));
  return {
    problem: `"${written}" is not a key name${meant ? ` (did you mean "${meant}"?)` : ''}: a character, enter, esc, tab, space, up, down, left, right, home, end, pgup, pgdn, f1…f12, ctrl+LETTER or alt+KEY`,
  };
}

/** The overrides `keys:` asks for over these bindings, and what of it cannot be used. */
export function keyOverrides(settings: KeySettings | undefined, bindings: readonly Binding[]): KeyOverrides {
  const ids = [...new Set(bindings.map((b) => b.id))];
  const overrides: Record<string, string[]> = {};
  const problems: KeyProblem[] = [];
  const problem = (id: string, message: string, index?: number) =>
    problems.push({ path: index === undefined ? ['keys', id] : ['keys', id, String(index)], message });
  for (const [id, value] of Object.entries(settings ?? {})) {
    if (!ids.includes(id)) {
      const meant = closestWord(id, ids);
      problem(id, `no action is called "${id}"${meant ? ` (did you mean "${meant}"?)` : ''}`);
      continue;
    }
    // Each key that cannot be one is said at its place; one is enough for the action to keep its defaults.
    const keys: string[] = [];
    let bad = false;
    for (const [index, written] of (typeof value === 'string' ? [value] : (value ?? [])).entries()) {
      const named = keyName(written);
      if ('problem' in named) {
        problem(id, named.problem, typeof value === 'string' ? undefined : index);
        bad = true;
      } else if (!keys.includes(named.key)) keys.push(named.key);
    }
    if (!bad) overrides[id] = keys;
  }
  // A key two actions of one screen answer to: the later one in the file goes back to its defaults.
  for (const id of Object.keys(overrides)) {
    const clash = clashOf(id, overrides, bindings);
    if (clash) {
      problem(id, clash);
      delete overrides[id];
    }
  }
  return { overrides, problems };
}

const SCREENS: readonly KeyContext[] = ['list', 'detail'];

/** The contexts whose keys are live together with this one's (the program's keys stand beside the screens'). */
function sharedWith(context: KeyContext): KeyContext[] {
  if (context === 'always') return ['always', 'global', ...SCREENS];
  if (context === 'global') return ['global', 'always', ...SCREENS];
  if (SCREENS.includes(context)) return [context, 'global', 'always'];
  return [context, 'always'];
}

/** Why `id`'s keys clash with another action in a screen they share, if they do (a clash as shipped does not count). */
function clashOf(id: string, overrides: Record<string, string[]>, bindings: readonly Binding[]): string | undefined {
  const keymap = buildKeymap(bindings, overrides);
  // The keymap keeps the rows' order: row i is bindings[i] with its keys in effect.
  const shipped = new Map(keymap.bindings.map((b, i) => [b, bindings[i]!.keys]));
  for (const binding of keymap.bindings.filter((b) => b.id === id)) {
    const added = binding.keys.filter((key) => !shipped.get(binding)!.includes(key));
    for (const context of binding.when.flatMap(sharedWith)) {
      for (const other of keymap.inContext(context)) {
        if (other.id === id) continue;
        const shared = added.find((key) => keymap.keysOf(other, { readOnly: false }).includes(key));
        if (shared) return `${shared} is already ${other.id} where ${id} is (${context}): give one of them another key`;
      }
    }
  }
  return undefined;
}
