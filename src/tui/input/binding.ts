/**
 * What a key binding is, as data: the rows each controller exports beside
 * its handlers (src/tui/controllers/, src/tui/forms/*Controller.ts), which
 * keys.ts gathers into the one keymap. An action id names what a key does;
 * the same id may stand in several contexts (`up` moves the list's selection
 * and scrolls the details), and the keymap replaces an id's keys everywhere.
 */
import type { Key } from 'ink';
import type { ViewRegistry } from '../../presentation/resources.js';

/**
 * Where a binding applies: a screen ('list', 'detail'), an overlay that owns
 * the keyboard ('filter', 'command', 'help', 'burn'), 'global' (below any
 * screen) or 'always' (even inside text inputs).
 */
export type KeyContext =
  | 'always'
  | 'global'
  | 'list'
  | 'detail'
  | 'help'
  | 'filter'
  | 'command'
  | 'burn'
  // Token setup: the first-run welcome screen and the setup flow.
  | 'welcome'
  | 'setup'
  // Forms: a create/edit form, the record picker inside it, a yes/no question.
  | 'form'
  | 'picker'
  | 'confirm'
  // A kept draft offered when a form opens.
  | 'draft'
  // The whole list at hand: who uses a record, the relations tree.
  | 'relations'
  // `:profile` alone: the list of stored profiles.
  | 'profiles'
  // A plugin of settings.yaml: its question, or its output.
  | 'plugin';

export type KeyGroup =
  | 'Resources'
  | 'Moving around'
  | 'Records'
  | 'Details'
  | 'Burn calculator'
  | 'Filter'
  | 'Command line'
  | 'Help'
  | 'Program'
  | 'Token setup'
  | 'Forms'
  | 'Picker'
  | 'Confirm'
  | 'Relations'
  | 'Profiles'
  | 'Plugins';

/** What a binding's `enabled` sees: facts about the session, not about the screen. */
export interface KeyEnv {
  readOnly: boolean;
  /** The session's resources (number keys 1..N, their names in the help); default: the service's. */
  registry?: ViewRegistry;
}

export interface Binding<Id extends string = string> {
  /** The action: what settings name to rebind it (`next-page`, `delete`). */
  id: Id;
  /** Display form, also what is matched: 'n', 'G', '→', 'PgDn', 'Enter', 'Esc', 'Tab', 'Ctrl+C'. */
  keys: readonly string[];
  description: string;
  /** Short label for the hint bar; bindings without one are only in the help. */
  hint?: string;
  group: KeyGroup;
  when: readonly KeyContext[];
  /** Absent means always enabled. */
  enabled?: (env: KeyEnv) => boolean;
  /** Said on the message line when the key is pressed while disabled ("read-only: creating is off"). */
  disabledReason?: string;
  /** Keys that depend on the session (the number keys of its resources); `keys` is the default. */
  keysFor?: (env: KeyEnv) => readonly string[];
  /** A description that depends on the session (the names of its resources); `description` is the default. */
  descriptionFor?: (env: KeyEnv) => string;
}

export type KeyHandler = (pressed: string) => void;

/** A controller's handlers, by the action ids of its own rows (a typo fails to compile). */
export type HandlersOf<Rows extends readonly { id: string }[]> = Partial<Record<Rows[number]['id'], KeyHandler>>;

/** The handlers of a layer, whichever controller made them. */
export type KeyHandlers = Partial<Record<string, KeyHandler>>;

export interface KeyLayer {
  context: KeyContext;
  handlers: KeyHandlers;
  /** Stops keys from reaching the layers below. */
  owns?: boolean;
  /** Gets the keys no binding of this layer took (a text input); true when it used the key. */
  text?: (input: string, key: Key) => boolean;
  /** Takes a bracketed paste itself (a field of several lines); without it a paste is typed into `text` as one line (input/paste.ts). */
  paste?: (text: string) => { kind: 'handled' } | { kind: 'refused'; reason: string };
}

/** Create, edit, delete: off in a read-only session. */
export const writable = (env: KeyEnv): boolean => !env.readOnly;
