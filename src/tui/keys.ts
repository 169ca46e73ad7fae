/**
 * Every key of the dashboard, as data. The hint bar, the `?` help overlay,
 * the README's key table and the dispatcher all read this one list, so a key
 * documented is a key that works, and the other way round.
 *
 * Contexts say where a binding applies: a screen ('list', 'detail'), an
 * overlay that owns the keyboard ('filter', 'command', 'help'), 'global'
 * (below any screen) or 'always' (even inside text inputs). Later screens
 * (forms) add their own context names.
 */
import type { Key } from 'ink';
import { REGISTRY, shortName, type Registry } from '../api/resources.js';

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
  | 'profiles';

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
  | 'Profiles';

/** What a binding's `enabled` sees: facts about the session, not about the screen. */
export interface KeyEnv {
  readOnly: boolean;
  /** The session's resources (number keys 1..N, their names in the help); default: the service's. */
  registry?: Registry;
}

export type BindingId =
  | 'quit-now'
  | 'quit'
  | 'suspend'
  | 'switch-resource'
  | 'command-open'
  | 'help-open'
  | 'select-up'
  | 'select-down'
  | 'page-next'
  | 'page-prev'
  | 'page-first'
  | 'page-last'
  | 'open-detail'
  | 'filter-open'
  | 'filter-clear-list'
  | 'gather-stop'
  | 'reload'
  | 'record-create'
  | 'record-edit'
  | 'record-delete'
  | 'scroll-up'
  | 'scroll-down'
  | 'scroll-page-up'
  | 'scroll-page-down'
  | 'scroll-top'
  | 'scroll-bottom'
  | 'open-reference'
  | 'reference-next'
  | 'reference-prev'
  | 'detail-reload'
  | 'back'
  | 'burn-open'
  | 'burn-keep'
  | 'burn-cancel'
  | 'filter-keep'
  | 'filter-cancel'
  | 'command-run'
  | 'command-complete'
  | 'command-cancel'
  | 'help-close'
  | 'help-scroll-up'
  | 'help-scroll-down'
  | 'help-scroll-page-up'
  | 'help-scroll-page-down'
  | 'help-scroll-top'
  | 'help-scroll-bottom'
  // Token setup
  | 'welcome-connect'
  | 'welcome-demo'
  | 'setup-submit'
  | 'setup-back'
  | 'setup-open-browser'
  | 'setup-copy'
  // Forms
  | 'record-edit-external'
  | 'form-next'
  | 'form-prev'
  | 'form-enter'
  | 'form-submit'
  | 'form-pick'
  | 'form-accept-suggestion'
  | 'form-add-query'
  | 'form-remove-query'
  | 'form-cancel'
  | 'picker-up'
  | 'picker-down'
  | 'picker-more'
  | 'picker-choose'
  | 'picker-cancel'
  | 'confirm-yes'
  | 'confirm-no'
  | 'draft-restore'
  | 'draft-fresh'
  | 'draft-close'
  // The whole list at hand
  | 'sort-next'
  | 'sort-reverse'
  | 'used-by'
  | 'relations'
  | 'copy-id'
  | 'copy-summary'
  | 'relations-up'
  | 'relations-down'
  | 'relations-open'
  | 'relations-close'
  // The profile list
  | 'profiles-up'
  | 'profiles-down'
  | 'profiles-choose'
  | 'profiles-close';

export interface Binding {
  id: BindingId;
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

/** `1`..`N`, one a resource (at most 9). */
const numberKeys = (count: number): string[] => Array.from({ length: Math.min(9, count) }, (_, i) => String(i + 1));
const registryOf = (env: KeyEnv): Registry => env.registry ?? REGISTRY;
const switchResource = (registry: Registry): string =>
  `switch resource: ${registry.defs.map((d) => d.plural).join(', ')}`;

const writable = (env: KeyEnv): boolean => !env.readOnly;

export const BINDINGS: readonly Binding[] = [
  // Program
  {
    id: 'quit-now',
    keys: ['Ctrl+C'],
    description: 'quit (the terminal is left as it was found)',
    group: 'Program',
    when: ['always'],
  },
  { id: 'quit', keys: ['q'], description: 'quit', hint: 'quit', group: 'Program', when: ['global', 'help'] },
  {
    id: 'suspend',
    keys: ['Ctrl+Z'],
    description: 'suspend to the shell, the terminal as found (`fg` comes back)',
    group: 'Program',
    when: ['always'],
  },
  { id: 'help-open', keys: ['?'], description: 'help: every key', hint: 'help', group: 'Program', when: ['global'] },
  {
    id: 'command-open',
    keys: [':'],
    description: 'command line (:slos, :profile NAME, :q)',
    hint: 'command',
    group: 'Program',
    when: ['global'],
  },

  // Resources
  {
    id: 'switch-resource',
    keys: numberKeys(REGISTRY.names.length),
    keysFor: (env) => numberKeys(registryOf(env).names.length),
    description: switchResource(REGISTRY),
    descriptionFor: (env) => switchResource(registryOf(env)),
    hint: 'resource',
    group: 'Resources',
    when: ['global'],
  },

  // Moving around the list
  { id: 'select-up', keys: ['↑', 'k'], description: 'move the selection up', group: 'Moving around', when: ['list'] },
  {
    id: 'select-down',
    keys: ['↓', 'j'],
    description: 'move the selection down',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'page-next',
    keys: ['n', '→', 'PgDn'],
    description: 'next page',
    hint: 'next',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'page-prev',
    keys: ['p', '←', 'PgUp'],
    description: 'previous page',
    hint: 'prev',
    group: 'Moving around',
    when: ['list'],
  },
  { id: 'page-first', keys: ['g'], description: 'first page', hint: 'first', group: 'Moving around', when: ['list'] },
  { id: 'page-last', keys: ['G'], description: 'last page', hint: 'last', group: 'Moving around', when: ['list'] },
  {
    id: 'open-detail',
    keys: ['Enter'],
    description: 'details of the selected record',
    hint: 'details',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'filter-open',
    keys: ['/'],
    description:
      'filter the whole list: name, id and the columns shown (records are gathered in the background; "N of M match")',
    hint: 'filter',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'sort-next',
    keys: ['o'],
    description: "sort the whole list by the next column (after the last: the server's order)",
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'sort-reverse',
    keys: ['O'],
    description: 'reverse the order of the whole list',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'filter-clear-list',
    keys: ['Esc'],
    description: 'clear the filter',
    hint: 'clear filter',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'gather-stop',
    keys: ['Esc'],
    description: 'stop gathering the whole list, no filter set (what is held stays usable; /, o or r gathers again)',
    hint: 'stop gathering',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'reload',
    keys: ['r'],
    description: 'reload (or retry after an error)',
    hint: 'reload',
    group: 'Moving around',
    when: ['list'],
  },

  // Records (create, edit, delete): absent in read-only mode.
  {
    id: 'record-create',
    keys: ['c'],
    description: 'create a record',
    hint: 'create',
    group: 'Records',
    when: ['list'],
    enabled: writable,
    disabledReason: 'read-only: creating is off',
  },
  {
    id: 'record-edit',
    keys: ['e'],
    description: 'edit the selected record',
    hint: 'edit',
    group: 'Records',
    when: ['list', 'detail'],
    enabled: writable,
    disabledReason: 'read-only: editing is off',
  },
  {
    id: 'record-delete',
    keys: ['d'],
    description: 'delete the selected record, after asking to confirm',
    hint: 'delete',
    group: 'Records',
    when: ['list', 'detail'],
    enabled: writable,
    disabledReason: 'read-only: deleting is off',
  },
  {
    id: 'record-edit-external',
    keys: ['E'],
    description: 'edit the selected record as JSON in $VISUAL or $EDITOR',
    group: 'Records',
    when: ['list', 'detail'],
    enabled: writable,
    disabledReason: 'read-only: editing is off',
  },

  // Relations and copying, on the list's selection and in the details
  {
    id: 'used-by',
    keys: ['u'],
    description: "used by: the records that refer to it (an SLI's SLOs, an SLO's or an organization's agreements)",
    group: 'Relations',
    when: ['list', 'detail'],
  },
  {
    id: 'relations',
    keys: ['x'],
    description: 'relations tree: organization → agreements → SLOs → SLI, ids that point nowhere marked',
    group: 'Relations',
    when: ['list', 'detail'],
  },
  {
    id: 'copy-id',
    keys: ['y'],
    description: 'copy the id (OSC 52, through tmux too)',
    group: 'Relations',
    when: ['list', 'detail'],
  },
  {
    id: 'copy-summary',
    keys: ['Y'],
    description: 'copy a Markdown summary (an SLO: target, window, budget, SLI, first page tier)',
    group: 'Relations',
    when: ['list', 'detail'],
  },
  { id: 'relations-up', keys: ['↑', 'k'], description: 'move up', group: 'Relations', when: ['relations'] },
  {
    id: 'relations-down',
    keys: ['↓', 'j'],
    description: 'move down',
    hint: 'move',
    group: 'Relations',
    when: ['relations'],
  },
  {
    id: 'relations-open',
    keys: ['Enter'],
    description: 'open the selected record',
    hint: 'open',
    group: 'Relations',
    when: ['relations'],
  },
  {
    id: 'relations-close',
    keys: ['Esc'],
    description: 'close used-by or the relations tree',
    hint: 'close',
    group: 'Relations',
    when: ['relations'],
  },

  // The profile list (`:profile` alone)
  { id: 'profiles-up', keys: ['↑'], description: 'move up', group: 'Profiles', when: ['profiles'] },
  {
    id: 'profiles-down',
    keys: ['↓'],
    description: 'move down',
    hint: 'move',
    group: 'Profiles',
    when: ['profiles'],
  },
  {
    id: 'profiles-choose',
    keys: ['Enter'],
    description: 'switch to the selected profile (typing narrows the list by name)',
    hint: 'switch',
    group: 'Profiles',
    when: ['profiles'],
  },
  {
    id: 'profiles-close',
    keys: ['Esc'],
    description: 'back, keeping the profile in use',
    hint: 'back',
    group: 'Profiles',
    when: ['profiles'],
  },

  // Details
  {
    id: 'back',
    keys: ['Esc'],
    description: 'back to the list, on the same row',
    hint: 'back',
    group: 'Details',
    when: ['detail'],
  },
  { id: 'scroll-up', keys: ['↑', 'k'], description: 'scroll up', group: 'Details', when: ['detail'] },
  // Shown as "↓ scroll": details open at the top, where only down scrolls.
  {
    id: 'scroll-down',
    keys: ['↓', 'j'],
    description: 'scroll down',
    hint: 'scroll',
    group: 'Details',
    when: ['detail'],
  },
  { id: 'scroll-page-up', keys: ['PgUp'], description: 'scroll up a screen', group: 'Details', when: ['detail'] },
  { id: 'scroll-page-down', keys: ['PgDn'], description: 'scroll down a screen', group: 'Details', when: ['detail'] },
  { id: 'scroll-top', keys: ['g'], description: 'scroll to the top', group: 'Details', when: ['detail'] },
  { id: 'scroll-bottom', keys: ['G'], description: 'scroll to the bottom', group: 'Details', when: ['detail'] },
  {
    id: 'open-reference',
    keys: ['Enter', 's'],
    description: "open the record marked › (an SLO's SLI, an agreement's organization or SLOs)",
    hint: 'open',
    group: 'Details',
    when: ['detail'],
  },
  {
    id: 'reference-next',
    keys: ['Tab'],
    description: 'mark the next record it refers to',
    hint: 'next ref',
    group: 'Details',
    when: ['detail'],
  },
  {
    id: 'reference-prev',
    keys: ['Shift+Tab'],
    description: 'mark the previous record it refers to',
    group: 'Details',
    when: ['detail'],
  },
  {
    id: 'detail-reload',
    keys: ['r'],
    description: 'read the record again',
    hint: 'reload',
    group: 'Details',
    when: ['detail'],
  },
  {
    id: 'burn-open',
    keys: ['b'],
    description: 'burn calculator: type an error rate (2%) or the bad time spent (12m) (SLO details)',
    hint: 'burn',
    group: 'Details',
    when: ['detail'],
  },

  // Burn calculator: the answer follows what is typed.
  {
    id: 'burn-keep',
    keys: ['Enter'],
    description: 'keep the answer in the details',
    hint: 'keep',
    group: 'Burn calculator',
    when: ['burn'],
  },
  {
    id: 'burn-cancel',
    keys: ['Esc'],
    description: 'close the calculator and clear its answer',
    hint: 'clear',
    group: 'Burn calculator',
    when: ['burn'],
  },

  // Filter input
  {
    id: 'filter-keep',
    keys: ['Enter'],
    description: 'keep the filter and return to the list',
    hint: 'keep',
    group: 'Filter',
    when: ['filter'],
  },
  {
    id: 'filter-cancel',
    keys: ['Esc'],
    description: 'clear the filter',
    hint: 'clear',
    group: 'Filter',
    when: ['filter'],
  },

  // Command line
  {
    id: 'command-run',
    keys: ['Enter'],
    description: 'run the command',
    hint: 'run',
    group: 'Command line',
    when: ['command'],
  },
  {
    id: 'command-complete',
    keys: ['Tab'],
    description: 'complete what is typed',
    hint: 'complete',
    group: 'Command line',
    when: ['command'],
  },
  {
    id: 'command-cancel',
    keys: ['Esc'],
    description: 'close the command line',
    hint: 'cancel',
    group: 'Command line',
    when: ['command'],
  },

  // Help overlay
  { id: 'help-close', keys: ['Esc', '?'], description: 'close the help', hint: 'close', group: 'Help', when: ['help'] },
  { id: 'help-scroll-up', keys: ['↑', 'k'], description: 'scroll the help up', group: 'Help', when: ['help'] },
  {
    id: 'help-scroll-down',
    keys: ['↓', 'j'],
    description: 'scroll the help down',
    hint: 'scroll',
    group: 'Help',
    when: ['help'],
  },
  {
    id: 'help-scroll-page-up',
    keys: ['PgUp'],
    description: 'scroll the help up a screen',
    group: 'Help',
    when: ['help'],
  },
  {
    id: 'help-scroll-page-down',
    keys: ['PgDn'],
    description: 'scroll the help down a screen',
    group: 'Help',
    when: ['help'],
  },
  { id: 'help-scroll-top', keys: ['g'], description: 'the top of the help', group: 'Help', when: ['help'] },
  { id: 'help-scroll-bottom', keys: ['G'], description: 'the end of the help', group: 'Help', when: ['help'] },

  // Token setup: the welcome screen of a first run, and the setup flow.
  {
    id: 'welcome-connect',
    keys: ['c'],
    description: 'connect to a service (token setup)',
    hint: 'connect',
    group: 'Token setup',
    when: ['welcome'],
  },
  {
    id: 'welcome-demo',
    keys: ['d'],
    description: 'try the demo sandbox',
    hint: 'demo',
    group: 'Token setup',
    when: ['welcome'],
  },
  {
    id: 'setup-submit',
    keys: ['Enter'],
    description: 'confirm the field; on the token, verify and store it',
    hint: 'next',
    group: 'Token setup',
    when: ['setup'],
  },
  {
    id: 'setup-back',
    keys: ['Esc'],
    description: 'back to the previous field (cancel on the first)',
    hint: 'back',
    group: 'Token setup',
    when: ['setup'],
  },
  {
    id: 'setup-copy',
    keys: ['Ctrl+Y'],
    description: "put the token page's address on the clipboard (OSC 52, where the terminal allows it)",
    hint: 'copy address',
    group: 'Token setup',
    when: ['setup'],
  },
  {
    id: 'setup-open-browser',
    keys: ['Ctrl+O'],
    description: 'open the token page in the browser (only with a local display)',
    hint: 'open in browser',
    group: 'Token setup',
    when: ['setup'],
  },

  // Forms: create and edit forms, the record picker, yes/no questions.
  {
    id: 'form-submit',
    keys: ['Ctrl+S'],
    description: 'save the form',
    hint: 'save',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-next',
    keys: ['Tab', '↓'],
    description: 'next field',
    hint: 'next',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-prev',
    keys: ['Shift+Tab', '↑'],
    description: 'previous field',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-enter',
    keys: ['Enter'],
    description: 'next field; on the last field, save',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-pick',
    keys: ['Ctrl+P'],
    description: 'pick the record from a list (SLI, organization, SLOs)',
    hint: 'pick',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-accept-suggestion',
    keys: ['→'],
    description: 'at the end of the text: take the value suggested under the field (again: the next one)',
    hint: 'accept',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-add-query',
    keys: ['Ctrl+N'],
    description: 'add a named query (SLI form)',
    hint: 'add query',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-remove-query',
    keys: ['Ctrl+D'],
    description: 'remove the query the cursor is in (SLI form)',
    hint: 'remove query',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-cancel',
    keys: ['Esc'],
    description: 'cancel the form (asks first when something was typed)',
    hint: 'cancel',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  { id: 'picker-up', keys: ['↑'], description: 'move up', group: 'Picker', when: ['picker'], enabled: writable },
  {
    id: 'picker-down',
    keys: ['↓'],
    description: 'move down',
    hint: 'move',
    group: 'Picker',
    when: ['picker'],
    enabled: writable,
  },
  {
    id: 'picker-more',
    keys: ['PgDn'],
    description: 'the next page of records (read from the service when not loaded yet)',
    hint: 'more',
    group: 'Picker',
    when: ['picker'],
    enabled: writable,
  },
  {
    id: 'picker-choose',
    keys: ['Enter'],
    description: 'use the selected record (typing searches the whole list by name and id)',
    hint: 'choose',
    group: 'Picker',
    when: ['picker'],
    enabled: writable,
  },
  {
    id: 'picker-cancel',
    keys: ['Esc'],
    description: 'close the picker',
    hint: 'close',
    group: 'Picker',
    when: ['picker'],
    enabled: writable,
  },
  {
    id: 'draft-restore',
    keys: ['r', 'Enter'],
    description: 'restore the draft kept when the form was left with Ctrl+C (Enter: the default)',
    hint: 'restore',
    group: 'Forms',
    when: ['draft'],
    enabled: writable,
  },
  {
    id: 'draft-fresh',
    keys: ['n'],
    description: 'start fresh: the draft is removed',
    hint: 'start fresh',
    group: 'Forms',
    when: ['draft'],
    enabled: writable,
  },
  {
    id: 'draft-close',
    keys: ['Esc'],
    description: 'close the form, the draft kept for the next time',
    hint: 'close',
    group: 'Forms',
    when: ['draft'],
    enabled: writable,
  },
  {
    id: 'confirm-yes',
    keys: ['y'],
    description: 'yes (delete, or discard the form); only y says yes',
    hint: 'yes',
    group: 'Confirm',
    when: ['confirm'],
    enabled: writable,
  },
  {
    id: 'confirm-no',
    keys: ['n', 'Esc', 'Enter'],
    description: 'no (the default: Enter alone keeps everything)',
    hint: 'no',
    group: 'Confirm',
    when: ['confirm'],
    enabled: writable,
  },
];

/** Commands of the command line, for the help overlay and the README. */
export const commandLineHelp = (env: KeyEnv): readonly { command: string; description: string }[] => [
  {
    command: registryOf(env)
      .defs.map((d) => `:${shortName(d)}`)
      .join('  '),
    description: 'switch resource (singular forms too)',
  },
  { command: ':slo ID', description: "open that record's details (any resource: :sli sli-000123, :org org-000001)" },
  { command: ':profile NAME', description: 'switch to another profile (Tab completes the name)' },
  { command: ':profile', description: 'pick a profile from the list (the one in use marked)' },
  { command: ':help', description: 'this help' },
  { command: ':q', description: 'quit' },
];

export const GROUP_ORDER: readonly KeyGroup[] = [
  'Resources',
  'Moving around',
  'Records',
  'Relations',
  'Details',
  'Burn calculator',
  'Filter',
  'Command line',
  'Profiles',
  'Help',
  'Program',
  'Token setup',
  'Forms',
  'Picker',
  'Confirm',
];

export function isEnabled(binding: Binding, env: KeyEnv): boolean {
  return binding.enabled ? binding.enabled(env) : true;
}

/** Does the pressed key (as Ink reports it) match a binding's display key? */
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
    case 'Ctrl+C':
      return key.ctrl && input === 'c';
    case 'Ctrl+S':
      return key.ctrl && input === 's';
    case 'Ctrl+O':
      return key.ctrl && input === 'o'; // token setup: open in the browser
    default:
      // Forms: Ctrl+P, Ctrl+N, Ctrl+D.
      if (/^Ctrl\+[A-Z]$/.test(display)) return key.ctrl && input === display.slice(5).toLowerCase();
      return !key.ctrl && !key.meta && input === display;
  }
}

/** The binding's keys in this session. */
export function keysOf(binding: Binding, env: KeyEnv): readonly string[] {
  return binding.keysFor ? binding.keysFor(env) : binding.keys;
}

/** The binding's key that was pressed, if any. */
export function pressedKey(
  binding: Binding,
  input: string,
  key: Key,
  env: KeyEnv = { readOnly: false },
): string | undefined {
  return keysOf(binding, env).find((k) => matchesKey(k, input, key));
}

/** Bindings available in the given contexts and session, in declaration order. */
export function bindingsFor(contexts: readonly KeyContext[], env: KeyEnv): Binding[] {
  return BINDINGS.filter((b) => b.when.some((c) => contexts.includes(c)) && isEnabled(b, env));
}

/** Bindings grouped for the help overlay and the README, groups in a stable order. */
export function groupedBindings(env: KeyEnv): { group: KeyGroup; bindings: Binding[] }[] {
  const forSession = (b: Binding): Binding => ({
    ...b,
    keys: keysOf(b, env),
    description: b.descriptionFor ? b.descriptionFor(env) : b.description,
  });
  return GROUP_ORDER.map((group) => ({
    group,
    bindings: BINDINGS.filter((b) => b.group === group && isEnabled(b, env)).map(forSession),
  })).filter((g) => g.bindings.length > 0);
}

const code = (k: string): string => `\`${k}\``;

/** The README's key table (Markdown), generated from the bindings so it cannot drift. */
export function keyTableMarkdown(): string {
  const env: KeyEnv = { readOnly: false };
  const lines = ['| keys | action | where |', '|---|---|---|'];
  for (const { group, bindings } of groupedBindings(env)) {
    for (const b of bindings) {
      const where = b.when.includes('always') || b.when.includes('global') ? 'everywhere' : b.when.join(', ');
      const note = b.enabled ? ' (not with `--read-only`)' : '';
      lines.push(
        `| ${b.keys.map(code).join(' ')} | ${b.description}${note} | ${group === 'Program' || group === 'Resources' ? 'everywhere' : where} |`,
      );
    }
  }
  lines.push('', '| command | action |', '|---|---|');
  for (const c of commandLineHelp(env))
    lines.push(
      `| ${c.command
        .split(/\s{2,}/)
        .map(code)
        .join(' ')} | ${c.description} |`,
    );
  return lines.join('\n');
}
