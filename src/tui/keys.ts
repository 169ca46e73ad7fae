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

export type KeyContext = 'always' | 'global' | 'list' | 'detail' | 'help' | 'filter' | 'command';

export type KeyGroup = 'Resources' | 'Moving around' | 'Records' | 'Details' | 'Filter' | 'Command line' | 'Help' | 'Program';

/** What a binding's `enabled` sees: facts about the session, not about the screen. */
export interface KeyEnv {
  readOnly: boolean;
}

export type BindingId =
  | 'quit-now' | 'quit' | 'switch-resource' | 'command-open' | 'help-open'
  | 'select-up' | 'select-down' | 'page-next' | 'page-prev' | 'page-first' | 'page-last'
  | 'open-detail' | 'filter-open' | 'filter-clear-list' | 'reload'
  | 'record-create' | 'record-edit' | 'record-delete'
  | 'scroll-up' | 'scroll-down' | 'scroll-page-up' | 'scroll-page-down' | 'scroll-top' | 'scroll-bottom'
  | 'open-reference' | 'detail-reload' | 'back'
  | 'filter-keep' | 'filter-cancel'
  | 'command-run' | 'command-complete' | 'command-cancel'
  | 'help-close' | 'help-scroll-up' | 'help-scroll-down';

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
}

const writable = (env: KeyEnv): boolean => !env.readOnly;

export const BINDINGS: readonly Binding[] = [
  // Program
  { id: 'quit-now', keys: ['Ctrl+C'], description: 'quit (the terminal is left as it was found)', group: 'Program', when: ['always'] },
  { id: 'quit', keys: ['q'], description: 'quit', hint: 'quit', group: 'Program', when: ['global'] },
  { id: 'help-open', keys: ['?'], description: 'help: every key', hint: 'help', group: 'Program', when: ['global'] },
  { id: 'command-open', keys: [':'], description: 'command line (:slos, :profile NAME, :q)', hint: 'command', group: 'Program', when: ['global'] },

  // Resources
  { id: 'switch-resource', keys: ['1', '2', '3', '4'], description: 'switch resource: SLIs, SLOs, organizations, agreements', hint: 'resource', group: 'Resources', when: ['global'] },

  // Moving around the list
  { id: 'select-up', keys: ['↑', 'k'], description: 'move the selection up', group: 'Moving around', when: ['list'] },
  { id: 'select-down', keys: ['↓', 'j'], description: 'move the selection down', group: 'Moving around', when: ['list'] },
  { id: 'page-next', keys: ['n', '→', 'PgDn'], description: 'next page', hint: 'next', group: 'Moving around', when: ['list'] },
  { id: 'page-prev', keys: ['p', '←', 'PgUp'], description: 'previous page', hint: 'prev', group: 'Moving around', when: ['list'] },
  { id: 'page-first', keys: ['g'], description: 'first page', hint: 'first', group: 'Moving around', when: ['list'] },
  { id: 'page-last', keys: ['G'], description: 'last page', hint: 'last', group: 'Moving around', when: ['list'] },
  { id: 'open-detail', keys: ['Enter'], description: 'details of the selected record', hint: 'details', group: 'Moving around', when: ['list'] },
  { id: 'filter-open', keys: ['/'], description: 'filter the rows on screen', hint: 'filter', group: 'Moving around', when: ['list'] },
  { id: 'filter-clear-list', keys: ['Esc'], description: 'clear the filter', hint: 'clear filter', group: 'Moving around', when: ['list'] },
  { id: 'reload', keys: ['r'], description: 'reload (or retry after an error)', hint: 'reload', group: 'Moving around', when: ['list'] },

  // Records (create, edit, delete): absent in read-only mode.
  { id: 'record-create', keys: ['c'], description: 'create a record', hint: 'create', group: 'Records', when: ['list'], enabled: writable },
  { id: 'record-edit', keys: ['e'], description: 'edit the selected record', hint: 'edit', group: 'Records', when: ['list'], enabled: writable },
  { id: 'record-delete', keys: ['d'], description: 'delete the selected record, after asking to confirm', hint: 'delete', group: 'Records', when: ['list'], enabled: writable },

  // Details
  { id: 'back', keys: ['Esc'], description: 'back to the list, on the same row', hint: 'back', group: 'Details', when: ['detail'] },
  { id: 'scroll-up', keys: ['↑', 'k'], description: 'scroll up', hint: 'scroll', group: 'Details', when: ['detail'] },
  { id: 'scroll-down', keys: ['↓', 'j'], description: 'scroll down', group: 'Details', when: ['detail'] },
  { id: 'scroll-page-up', keys: ['PgUp'], description: 'scroll up a screen', group: 'Details', when: ['detail'] },
  { id: 'scroll-page-down', keys: ['PgDn'], description: 'scroll down a screen', group: 'Details', when: ['detail'] },
  { id: 'scroll-top', keys: ['g'], description: 'scroll to the top', group: 'Details', when: ['detail'] },
  { id: 'scroll-bottom', keys: ['G'], description: 'scroll to the bottom', group: 'Details', when: ['detail'] },
  { id: 'open-reference', keys: ['s'], description: "open the SLO's SLI", hint: 'open SLI', group: 'Details', when: ['detail'] },
  { id: 'detail-reload', keys: ['r'], description: 'read the record again', hint: 'reload', group: 'Details', when: ['detail'] },

  // Filter input
  { id: 'filter-keep', keys: ['Enter'], description: 'keep the filter and return to the list', hint: 'keep', group: 'Filter', when: ['filter'] },
  { id: 'filter-cancel', keys: ['Esc'], description: 'clear the filter', hint: 'clear', group: 'Filter', when: ['filter'] },

  // Command line
  { id: 'command-run', keys: ['Enter'], description: 'run the command', hint: 'run', group: 'Command line', when: ['command'] },
  { id: 'command-complete', keys: ['Tab'], description: 'complete what is typed', hint: 'complete', group: 'Command line', when: ['command'] },
  { id: 'command-cancel', keys: ['Esc'], description: 'close the command line', hint: 'cancel', group: 'Command line', when: ['command'] },

  // Help overlay
  { id: 'help-close', keys: ['Esc', '?'], description: 'close the help', hint: 'close', group: 'Help', when: ['help'] },
  { id: 'help-scroll-up', keys: ['↑', 'k'], description: 'scroll the help up', group: 'Help', when: ['help'] },
  { id: 'help-scroll-down', keys: ['↓', 'j'], description: 'scroll the help down', hint: 'scroll', group: 'Help', when: ['help'] },
];

/** Commands of the command line, for the help overlay and the README. */
export const COMMAND_HELP: readonly { command: string; description: string }[] = [
  { command: ':slis  :slos  :orgs  :agreements', description: 'switch resource (singular forms too)' },
  { command: ':profile NAME', description: 'switch to another profile' },
  { command: ':help', description: 'this help' },
  { command: ':q', description: 'quit' },
];

export const GROUP_ORDER: readonly KeyGroup[] = ['Resources', 'Moving around', 'Records', 'Details', 'Filter', 'Command line', 'Help', 'Program'];

export function isEnabled(binding: Binding, env: KeyEnv): boolean {
  return binding.enabled ? binding.enabled(env) : true;
}

/** Does the pressed key (as Ink reports it) match a binding's display key? */
export function matchesKey(display: string, input: string, key: Key): boolean {
  switch (display) {
    case '↑': return key.upArrow;
    case '↓': return key.downArrow;
    case '←': return key.leftArrow;
    case '→': return key.rightArrow;
    case 'PgUp': return key.pageUp;
    case 'PgDn': return key.pageDown;
    case 'Enter': return key.return;
    case 'Esc': return key.escape;
    case 'Tab': return key.tab && !key.shift;
    case 'Shift+Tab': return key.tab && key.shift;
    case 'Ctrl+C': return key.ctrl && input === 'c';
    case 'Ctrl+S': return key.ctrl && input === 's';
    default:
      return !key.ctrl && !key.meta && input === display;
  }
}

/** The binding's key that was pressed, if any. */
export function pressedKey(binding: Binding, input: string, key: Key): string | undefined {
  return binding.keys.find((k) => matchesKey(k, input, key));
}

/** Bindings available in the given contexts and session, in declaration order. */
export function bindingsFor(contexts: readonly KeyContext[], env: KeyEnv): Binding[] {
  return BINDINGS.filter((b) => b.when.some((c) => contexts.includes(c)) && isEnabled(b, env));
}

/** Bindings grouped for the help overlay and the README, groups in a stable order. */
export function groupedBindings(env: KeyEnv): { group: KeyGroup; bindings: Binding[] }[] {
  return GROUP_ORDER.map((group) => ({ group, bindings: BINDINGS.filter((b) => b.group === group && isEnabled(b, env)) }))
    .filter((g) => g.bindings.length > 0);
}

const code = (k: string): string => `\`${k}\``;

/** The README's key table (Markdown), generated from the bindings so it cannot drift. */
export function keyTableMarkdown(): string {
  const lines = ['| keys | action | where |', '|---|---|---|'];
  for (const { group, bindings } of groupedBindings({ readOnly: false })) {
    for (const b of bindings) {
      const where = b.when.includes('always') || b.when.includes('global') ? 'everywhere' : b.when.join(', ');
      const note = b.enabled ? ' (not with `--read-only`)' : '';
      lines.push(`| ${b.keys.map(code).join(' ')} | ${b.description}${note} | ${group === 'Program' || group === 'Resources' ? 'everywhere' : where} |`);
    }
  }
  lines.push('', '| command | action |', '|---|---|');
  for (const c of COMMAND_HELP) lines.push(`| ${c.command.split(/\s{2,}/).map(code).join(' ')} | ${c.description} |`);
  return lines.join('\n');
}
