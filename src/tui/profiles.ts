/**
 * Profiles in the dashboard: `:profile NAME` (checked against the stored
 * names, with "did you mean"), Tab completion of the name, and `:profile`
 * alone, a list to pick from with the profile in use marked, as k9s's `:ctx`,
 * driven as the form's record picker is: ↑/↓, typing narrows the names,
 * Enter switches, Esc goes back.
 * The names are read when asked for (Tab, `:profile`), never at start-up.
 */
import { sanitizeLine } from '../text/sanitize.js';
import { closestWord } from '../text/suggest.js';
import { truncate } from '../text/width.js';
import { errorSentence } from './text/errorSentence.js';
import type { Key } from 'ink';
import { EMPTY_EDITOR, editLine, type EditorState } from './text/lineEditor.js';
import { Store } from './state/store.js';
import type { Session } from './session.js';
import type { ProfileEntry } from './types.js';

export interface ProfilePickerView {
  entries: readonly ProfileEntry[];
  /** The profile in use (marked in the list). */
  current: string;
  /** Typed to narrow the list (part of a name, any case). */
  search: EditorState;
  /** Index into the rows the search leaves (profileRows). */
  selected: number;
}

/** The profiles the search leaves, in name order. */
export function profileRows(view: ProfilePickerView): readonly ProfileEntry[] {
  const typed = view.search.value.trim().toLowerCase();
  return typed === '' ? view.entries : view.entries.filter((e) => e.name.toLowerCase().includes(typed));
}

export interface ProfileSwitcherDeps {
  /** The stored profiles (reads the config file; may throw a SlotuiError); absent: names are not known here. */
  list?: () => readonly ProfileEntry[];
  /** The profile of the session shown. */
  current: () => string;
  /** Opens another profile's session (the dashboard's switch). */
  open: (name: string) => void;
  say: (text: string, tone?: 'info' | 'error') => void;
}

export interface ProfileSwitcher {
  /** The picker's state; null while it is closed. */
  picker: Store<ProfilePickerView | null>;
  /** The stored names, for Tab (throws when the config cannot be read). */
  names(): string[];
  /** `:profile NAME`: opens it, or says there is none by that name (and which one was probably meant). */
  open(name: string): void;
  /** `:profile` alone: the list to pick from. */
  pick(): void;
  /** The picker's selection moves (↑ ↓). */
  move(delta: number): void;
  /** Switches to the selected profile. */
  choose(): void;
  /** Back, keeping the profile in use. */
  close(): void;
  /** Typing narrows the names; true when the key was text. */
  type(input: string, key: Key): boolean;
}

const shown = (name: string): string => truncate(sanitizeLine(name), 40);
/** Profile names are at most 64 characters: a longer search matches nothing. */
const MAX_SEARCH = 64;

export function createProfileSwitcher(deps: ProfileSwitcherDeps): ProfileSwitcher {
  const picker = new Store<ProfilePickerView | null>(null);

  /** The stored profiles, or undefined when the file cannot be read (the switch itself then says why). */
  const stored = (): readonly ProfileEntry[] | undefined => {
    try {
      return deps.list?.();
    } catch {
      return undefined;
    }
  };

  const open = (name: string) => {
    const entries = stored();
    if (entries && !entries.some((e) => e.name === name)) {
      const names = entries.map((e) => e.name);
      const meant = closestWord(name, names, (n) => n);
      const hint = meant
        ? ` Did you mean :profile ${shown(meant)}?`
        : names.length > 0
          ? ' :profile alone lists them.'
          : ' `slotui auth login --profile NAME` stores one.';
      deps.say(`There is no profile named "${shown(name)}".${hint}`, 'error');
      return;
    }
    deps.open(name);
  };

  const pick = () => {
    if (!deps.list) {
      deps.say('Name one profile: :profile NAME.', 'error');
      return;
    }
    let entries: readonly ProfileEntry[];
    try {
      entries = [...deps.list()].sort((a, b) => a.name.localeCompare(b.name));
    } catch (error) {
      deps.say(errorSentence(error), 'error');
      return;
    }
    if (entries.length === 0) {
      deps.say('No profile is stored yet: `slotui auth login --profile NAME` stores one.', 'error');
      return;
    }
    const current = deps.current();
    picker.set({
      entries,
      current,
      search: EMPTY_EDITOR,
      selected: Math.max(
        0,
        entries.findIndex((e) => e.name === current),
      ),
    });
  };

  const move = (delta: number) =>
    picker.update((view) =>
      view ? { ...view, selected: Math.max(0, Math.min(profileRows(view).length - 1, view.selected + delta)) } : view,
    );

  const choose = () => {
    const view = picker.getSnapshot();
    if (!view) return;
    const entry = profileRows(view)[view.selected];
    if (!entry) {
      deps.say(
        `No profile matches “${shown(view.search.value)}”: Backspace widens the search, Esc goes back.`,
        'error',
      );
      return;
    }
    picker.set(null);
    if (entry.name === view.current) deps.say(`Profile ${shown(entry.name)} is the one in use.`);
    else deps.open(entry.name);
  };

  /** Typing narrows the list by name; true when the key was text. */
  const type = (input: string, key: Key): boolean => {
    const view = picker.getSnapshot();
    if (!view) return false;
    const edited = editLine(view.search, input, key, MAX_SEARCH);
    if (!edited) return false;
    picker.set({ ...view, search: edited, selected: 0 });
    return true;
  };

  return {
    picker,
    names: () => (deps.list?.() ?? []).map((e) => e.name),
    open,
    pick,
    move,
    choose,
    close: () => picker.set(null),
    type,
  };
}

export interface ProfileSwitchDeps {
  /** Opens the named profile's session (reads the config, builds a client); throws a SlotuiError. */
  open: (name: string) => Promise<Session>;
  /** Puts the opened session in place of the one shown; gives what could not be used of its kept pages, as sentences. */
  replace: (next: Session) => readonly string[];
  /** The dashboard was closed while the profile opened. */
  closed: () => boolean;
  say: (text: string, tone?: 'info' | 'error') => void;
}

/**
 * `:profile NAME` carried out: the profile's session is opened, then put in
 * place of the one shown. Only the last switch asked for takes effect or says
 * how it went: one overtaken while it opened has its client closed as it
 * arrives, and its error, which would show under the other profile, unsaid.
 */
export function profileSwitch(deps: ProfileSwitchDeps): (name: string) => Promise<void> {
  let switches = 0;
  return async (name) => {
    const named = shown(name);
    const ticket = ++switches;
    const current = () => !deps.closed() && ticket === switches;
    deps.say(`Opening profile ${named}…`);
    try {
      const next = await deps.open(name);
      if (!current()) {
        void next.client.close().catch(() => undefined);
        return;
      }
      const problems = deps.replace(next);
      if (problems.length > 0) deps.say([`Profile ${named}.`, ...problems].join(' '), 'error');
      else deps.say(`Profile ${named}.`);
    } catch (error) {
      if (current()) deps.say(errorSentence(error), 'error');
    }
  };
}
