/**
 * `slotui --help` and `slotui <command> --help`, built from the command table
 * and the resource registry. Every line fits 80 columns: long descriptions
 * wrap under their own column.
 */
import type { FieldDef } from '../api/resources.js';
import type { ViewRegistry, ResourceView } from '../presentation/resources.js';
import { wrap } from '../text/width.js';
import { COMMANDS, COMMON_FLAGS, FLAGS, type CommandName, type FlagName } from './commands.js';

const HELP_WIDTH = 80;

const otherAliases = (d: ResourceView): string[] => d.aliases.filter((a) => a !== d.singular && a !== d.name);
const resourceLine = (registry: ViewRegistry): string =>
  `Resources: ${registry.defs
    .map((d) => (otherAliases(d).length ? `${d.name} (${otherAliases(d).join(', ')})` : d.name))
    .join(', ')}; singular forms work too.`;

/** Two columns: the left one padded, the right one wrapped under itself. */
function twoColumns(rows: readonly { left: string; about: string }[]): string[] {
  const width = Math.max(...rows.map((r) => r.left.length)) + 2;
  const room = Math.max(20, HELP_WIDTH - width);
  return rows.flatMap((r) => {
    // A left column too wide for the rest: the description goes on the lines below.
    if (r.left.length + 2 > width) return [r.left, ...wrap(r.about, room).map((line) => ' '.repeat(width) + line)];
    return wrap(r.about, room).map((line, i) => (i === 0 ? r.left.padEnd(width) : ' '.repeat(width)) + line);
  });
}

const indentOf = (line: string): string => /^\s*/.exec(line)?.[0] ?? '';

/**
 * Lines written one after another as one sentence (the same indent, the first not ending a
 * sentence or leading into a list with ":") joined, so they wrap as one paragraph.
 */
function joinSentences(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const last = lines.at(-1);
    if (last?.trim() && line.trim() !== '' && !/[.:]\s*$/.test(last) && indentOf(last) === indentOf(line))
      lines[lines.length - 1] = `${last.trimEnd()} ${line.trimStart()}`;
    else lines.push(line);
  }
  return lines;
}

/** A paragraph's lines wrapped at 80 columns, continuation lines keeping the line's indent. */
function paragraph(text: string): string[] {
  return joinSentences(text).flatMap((line) => {
    const indent = indentOf(line);
    return wrap(line.trimStart(), HELP_WIDTH - indent.length).map((part) => indent + part);
  });
}

function flagLines(names: readonly FlagName[]): string[] {
  return twoColumns(
    names.map((name) => {
      const def = FLAGS[name];
      const short = 'short' in def ? `-${def.short}, ` : '    ';
      const value = 'value' in def ? ` ${def.value}` : '';
      return { left: `  ${short}--${name}${value}`, about: def.about };
    }),
  );
}

const LISTED: readonly CommandName[] = (Object.keys(COMMANDS) as CommandName[]).filter((name) => name !== 'dashboard');

export function programHelp(version: string, registry: ViewRegistry): string {
  const commands = LISTED.map((name) => ({
    left: `  slotui ${COMMANDS[name].usage.split(' [')[0]?.split(' --')[0]}`,
    about: COMMANDS[name].summary,
  }));
  return [
    ...paragraph(`slotui ${version}: a terminal dashboard and scripting CLI for an SLO service.`),
    '',
    'Usage:',
    '  slotui                      the interactive dashboard (needs a terminal)',
    '  slotui --demo               the dashboard on the embedded sandbox, sample data',
    '  slotui --refresh 30s        refresh what is shown every 30s (default 10s)',
    '  slotui <command> [flags]',
    '',
    'Commands:',
    ...twoColumns(commands),
    '',
    ...paragraph(resourceLine(registry)),
    '',
    'Flags for every command:',
    ...flagLines([...COMMON_FLAGS, 'version']),
    '',
    'Environment (each overrides the stored profile):',
    "  SLOTUI_BASE_URL      the service's https base URL",
    '  SLOTUI_FRONTEND_URL  the frontend address that issues tokens',
    '  SLOTUI_TOKEN         the bearer token (wins over the stored one)',
    '  SLOTUI_CA_FILE       a PEM file of extra certificate authorities',
    "  SLOTUI_CONFIG_DIR    the configuration folder (default: the OS's own)",
    '  SLOTUI_PROFILE       the profile to use',
    '  NO_COLOR             no colours',
    '',
    ...paragraph(
      'Exit codes: 0 success, 1 failure, 2 usage error, 3 a check found something (diff, lint), 4 authentication needed or refused.',
    ),
    "Run `slotui <command> --help` for a command's flags and examples.",
    '',
  ].join('\n');
}

function authHelp(): string {
  return [
    'Usage: slotui auth <login|status|logout>',
    '',
    ...(['auth login', 'auth status', 'auth logout'] as const).flatMap((n) => [
      ...paragraph(`  slotui ${COMMANDS[n].usage}`),
      ...paragraph(`      ${COMMANDS[n].summary}`),
    ]),
    '',
    'Run `slotui auth <login|status|logout> --help` for flags and examples.',
    '',
  ].join('\n');
}

/** `# comment` lines and the command lines under them, indented. */
function exampleLines(examples: readonly string[]): string[] {
  return examples.flatMap((line) => paragraph(`  ${line}`));
}

const article = (word: string): string => `${/^(?:[aeiou]|sl[io]\b)/i.test(word) ? 'an' : 'a'} ${word}`;
/** "SLI", "organization": the plural's singular, as a sentence writes it. */
const oneOf = (def: ResourceView): string => def.plural.replace(/s$/, '');

/** What a field takes, in words (create/update --help). */
function fieldForm(field: FieldDef, registry: ViewRegistry): string {
  const referenced = field.references && registry.has(field.references) ? registry.get(field.references) : undefined;
  const idOf = referenced ? oneOf(referenced) : 'record';
  switch (field.kind) {
    case 'integer':
      return `a whole number, such as ${field.example ?? '60'}`;
    case 'numeric-string':
      return `a number in quotes, such as "${field.example ?? '99.9'}"`;
    case 'reference':
      return `the id of ${article(idOf)}`;
    case 'reference-list':
      return `a list of ${idOf} ids, such as ["${referenced?.idPrefix ?? 'id'}-000001"]`;
    case 'queries':
      return 'named queries: {"p95": {"select": "…", "from": "…", "where": "…", "limit": 100}}';
    case 'multiline':
    case 'text':
      return field.hint ? `text (${field.hint})` : 'text';
  }
}

/** The registry's fields of each resource: what `create` and `update` accept. */
function fieldsHelp(defs: readonly ResourceView[], registry: ViewRegistry): string[] {
  return defs.flatMap((def) => [
    '',
    `Fields of ${article(oneOf(def))} (* required):`,
    ...twoColumns(
      def.fields.map((field) => ({
        left: `  ${field.key}${field.required ? '*' : ''}`,
        about: fieldForm(field, registry),
      })),
    ),
  ]);
}

export function commandHelp(
  name: CommandName | 'auth',
  version: string,
  registry: ViewRegistry,
  resource?: ResourceView,
): string {
  if (name === 'auth') return authHelp();
  if (name === 'dashboard') return programHelp(version, registry);
  const spec = COMMANDS[name];
  const takesResource = spec.args.includes('resource');
  const takesFields = name === 'create' || name === 'update';
  return [
    ...paragraph(`Usage: slotui ${spec.usage}`),
    '',
    ...paragraph(`${spec.summary[0]?.toUpperCase()}${spec.summary.slice(1)}.`),
    ...(spec.details ? ['', ...paragraph(spec.details)] : []),
    ...(takesResource && !resource ? ['', ...paragraph(resourceLine(registry))] : []),
    ...(takesFields ? fieldsHelp(resource ? [resource] : registry.defs, registry) : []),
    '',
    'Flags:',
    ...flagLines([...spec.flags, ...COMMON_FLAGS]),
    ...(spec.examples?.length ? ['', 'Examples:', ...exampleLines(spec.examples)] : []),
    '',
  ].join('\n');
}
