/**
 * Every key and command as text: the `?` help's lines and the README's key
 * table (`npm run readme:keys` writes it; test/readme.test.ts fails when they
 * drift), both from the keymap, so they show the keys in effect.
 */
import { shortName } from '../api/resources.js';
import { REGISTRY } from '../presentation/resources.js';
import { fit, textWidth, wrap } from '../text/width.js';
import type { Binding, KeyContext, KeyEnv, KeyGroup } from './input/binding.js';
import { isEnabled, type Keymap } from './input/keymap.js';
import { DEFAULT_KEYMAP } from './keys.js';
import { memoLast } from './view/memo.js';

const GROUP_ORDER: readonly KeyGroup[] = [
  'Resources',
  'Moving around',
  'Records',
  'Plugins',
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

/** Commands of the command line, for the help and the README. */
export const commandLineHelp = (env: KeyEnv): readonly { command: string; description: string }[] => [
  {
    command: (env.registry ?? REGISTRY).defs.map((d) => `:${shortName(d)}`).join('  '),
    description: 'switch resource (singular forms too)',
  },
  {
    command: ':slo ID',
    description:
      "open that record's details (any resource, named as a word or by its id prefix: :sli sli-000123, :agr agr-000001); a word that is no id filters the list",
  },
  { command: ':profile NAME', description: 'switch to another profile (Tab completes the name)' },
  { command: ':profile', description: 'pick a profile from the list (the one in use marked)' },
  {
    command: ':export FILE',
    description:
      'write the marked records (else the list shown) as OpenSLO, as slotui export does; :export! FILE replaces a file',
  },
  { command: ':help', description: 'this help' },
  { command: ':q', description: 'quit' },
];

/** The binding with the session's keys and description. */
const forSession =
  (keymap: Keymap, env: KeyEnv) =>
  (b: Binding): Binding => ({
    ...b,
    keys: keymap.keysOf(b, env),
    description: b.descriptionFor ? b.descriptionFor(env) : b.description,
  });

/** Bindings grouped by topic for the README, groups in a stable order, with the session's keys and names. */
function groupedBindings(keymap: Keymap, env: KeyEnv): { group: KeyGroup; bindings: Binding[] }[] {
  return GROUP_ORDER.map((group) => ({
    group,
    bindings: keymap.bindings
      .filter((b) => b.group === group && isEnabled(b, env))
      .map(forSession(keymap, env))
      .filter((b) => b.keys.length > 0),
  })).filter((g) => g.bindings.length > 0);
}

/** The screen the help was opened over: its keys come first. */
export type HelpFrom = 'list' | 'detail';

/** The help's sections, a screen each (the keys of several contexts that show together). */
const SCREENS: readonly { title: string; contexts: readonly KeyContext[] }[] = [
  { title: 'Everywhere', contexts: ['always', 'global'] },
  { title: 'The list', contexts: ['list'] },
  { title: 'Details', contexts: ['detail'] },
  { title: 'Filter (/) and command line (:)', contexts: ['filter', 'command'] },
  { title: 'Burn calculator (b)', contexts: ['burn'] },
  { title: 'Used by (u) and relations (x)', contexts: ['relations'] },
  { title: 'Forms (c, e)', contexts: ['form', 'picker', 'confirm', 'draft'] },
  { title: 'Profiles (:profile)', contexts: ['profiles'] },
  { title: "A plugin's question and output", contexts: ['plugin'] },
  { title: 'Token setup', contexts: ['welcome', 'setup'] },
  { title: 'This help', contexts: ['help'] },
];

/**
 * Bindings grouped by the screen they work on, the screen the help was opened
 * over first (a key of the list and the details shows under both); within a
 * screen, by topic.
 */
function screenSections(keymap: Keymap, env: KeyEnv, from: HelpFrom): { title: string; bindings: Binding[] }[] {
  const shown = keymap.bindings.filter((b) => isEnabled(b, env)).map(forSession(keymap, env));
  const byTopic = (a: Binding, b: Binding) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group);
  const first = SCREENS.find((s) => s.contexts.includes(from))!;
  const global = SCREENS[0]!;
  const placed = new Set<Binding>();
  return [first, global, ...SCREENS.filter((s) => s !== first && s !== global)]
    .map((screen) => {
      const bindings = shown
        .filter((b) => b.keys.length > 0 && b.when.some((c) => screen.contexts.includes(c)))
        // A key of everywhere is said once; the list's and the details' shared keys under each.
        .filter((b) => !placed.has(b) || !(b.when.includes('global') || b.when.includes('always')))
        .sort(byTopic);
      for (const b of bindings) placed.add(b);
      return { title: screen === first ? `${screen.title} (this screen)` : screen.title, bindings };
    })
    .filter((s) => s.bindings.length > 0);
}

interface HelpLine {
  text: string;
  heading?: boolean;
}

const KEY_COLUMN = 11;
const INDENT = '  ';

/** One entry: keys in their column, the description wrapped beside them. */
function entry(keys: string, description: string, keyWidth: number, width: number): HelpLine[] {
  const descWidth = Math.max(10, width - INDENT.length - keyWidth);
  const keyText = textWidth(keys) < keyWidth ? fit(keys, keyWidth) : null;
  const first = keyText ?? keys;
  const wrapped = wrap(description, descWidth);
  if (keyText === null) {
    // Keys wider than their column (commands): description on the lines below.
    return [{ text: INDENT + first }, ...wrapped.map((t) => ({ text: INDENT + ' '.repeat(keyWidth) + t }))];
  }
  return wrapped.map((t, i) => ({ text: INDENT + (i === 0 ? first : ' '.repeat(keyWidth)) + t }));
}

/** The help's lines at a width: the keys a screen each, then the commands. */
function helpLines(keymap: Keymap, env: KeyEnv, width: number, from: HelpFrom): HelpLine[] {
  const lines: HelpLine[] = [];
  for (const { title, bindings } of screenSections(keymap, env, from)) {
    if (lines.length > 0) lines.push({ text: '' });
    lines.push({ text: title, heading: true });
    for (const b of bindings) lines.push(...entry(b.keys.join(' '), b.description, KEY_COLUMN, width));
  }
  lines.push({ text: '' }, { text: 'Commands', heading: true });
  for (const c of commandLineHelp(env)) lines.push(...entry(c.command, c.description, KEY_COLUMN, width));
  return lines;
}

const code = (k: string): string => `\`${k}\``;

/** The README's key table (Markdown), generated from the keymap so it cannot drift. */
export function keyTableMarkdown(keymap: Keymap = DEFAULT_KEYMAP): string {
  const env: KeyEnv = { readOnly: false };
  const lines = ['| keys | action | where |', '|---|---|---|'];
  for (const { group, bindings } of groupedBindings(keymap, env)) {
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

/** Splits the lines into columns at group boundaries, as evenly as possible. */
function splitColumns(lines: HelpLine[], columns: number): HelpLine[][] {
  if (columns <= 1) return [lines];
  const target = Math.ceil(lines.length / columns);
  const out: HelpLine[][] = [];
  let current: HelpLine[] = [];
  for (const line of lines) {
    // Break at a blank line (between groups) once the column is full enough.
    if (line.text === '' && current.length >= target && out.length < columns - 1) {
      out.push(current);
      current = [];
      continue;
    }
    current.push(line);
  }
  out.push(current);
  return out;
}

export interface HelpBody {
  kind: 'help';
  title: string;
  /** One or two columns (two when the terminal is wide and one does not fit), the lines in view. */
  columns: HelpLine[][];
  columnWidth: number;
  /** Lines the help has, and lines that fit. */
  room: { lines: number; visible: number };
}

/**
 * The help's lines, worked out again only when what they are made of changes: each key in the help
 * reads the view (a scroll asks how many lines there are), so without this every key wrapped every
 * description again. KeyEnv's fields are the arguments (the dashboard makes a new env object for every
 * read). One for the whole width and one for the half of two columns, each keeping its last.
 */
const linesOf = () =>
  memoLast((keymap: Keymap, readOnly: boolean, registry: KeyEnv['registry'], width: number, from: HelpFrom) =>
    helpLines(keymap, registry ? { readOnly, registry } : { readOnly }, width, from),
  );
const wholeWidthLines = linesOf();
const columnLines = linesOf();

/** `?`: every key, a screen each (the one it was opened over first), then the commands, covering the body and scrolled to `scroll`. */
export function helpBody(
  keymap: Keymap,
  env: KeyEnv,
  width: number,
  height: number,
  scroll: number,
  from: HelpFrom = 'list',
): HelpBody {
  const visible = Math.max(1, height - 1);
  const oneColumn = wholeWidthLines(keymap, env.readOnly, env.registry, width, from);
  const twoColumns = width >= 90 && oneColumn.length > visible;
  const columnWidth = twoColumns ? Math.floor((width - 2) / 2) : width;
  const columns = splitColumns(
    twoColumns ? columnLines(keymap, env.readOnly, env.registry, columnWidth, from) : oneColumn,
    twoColumns ? 2 : 1,
  );
  const tallest = Math.max(...columns.map((c) => c.length));
  const maxOffset = Math.max(0, tallest - visible);
  const top = Math.min(scroll, maxOffset);
  // The keys that move from here: no "↓" at the bottom, no "↑" at the top.
  const keys = top === 0 ? '↓ PgDn G' : top >= maxOffset ? '↑ PgUp g' : '↑↓ PgUp PgDn g G';
  const more =
    maxOffset > 0 ? ` · lines ${top + 1}-${Math.min(tallest, top + visible)} of ${tallest} · ${keys} scroll` : '';
  return {
    kind: 'help',
    title: fit(` Help · Esc or ? closes · q quits${more}`, width),
    columns: columns.map((c) => c.slice(top, top + visible)),
    columnWidth,
    room: { lines: tallest, visible },
  };
}
