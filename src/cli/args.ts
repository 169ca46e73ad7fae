/**
 * Command-line parsing on node:util parseArgs (strict). Flags may stand
 * anywhere (`slotui --profile prod list slis`); each command accepts its own
 * flags plus the common ones, and anything else is a usage error (exit 2)
 * with one sentence and a pointer to --help.
 */
import { parseArgs } from 'node:util';
import { SlotuiError } from '../api/errors.js';
import { closestWord } from '../text/suggest.js';
import {
  AUTH_SUBCOMMANDS,
  COMMANDS,
  COMMON_FLAGS,
  FLAGS,
  type CommandName,
  type CommandSpec,
  type FlagName,
} from './commands.js';

/** A flag's value: text, true, or every value given when it may be repeated (`--set`). */
export type FlagValues = Partial<Record<FlagName, string | boolean | string[]>>;

export type Parsed =
  | {
      kind: 'help';
      topic?: CommandName | 'auth';
      /** The resource word given with it (`create slo --help`). */ resource?: string;
    }
  | { kind: 'version' }
  | { kind: 'run'; command: CommandSpec; args: string[]; flags: FlagValues };

const PARSE_OPTIONS = Object.fromEntries(
  Object.entries(FLAGS).map(([name, def]) => [
    name,
    {
      type: def.type,
      ...('short' in def ? { short: def.short } : {}),
      ...('multiple' in def ? { multiple: def.multiple } : {}),
    },
  ]),
) as Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

/** Shown sanitised: argv can hold anything (a pasted token by mistake included, so it is cut short). */
const shown = (text: string): string => {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 39)}…` : clean;
};

export function usageError(message: string, helpFor?: string): SlotuiError {
  const pointer = helpFor ? `slotui ${helpFor} --help` : 'slotui --help';
  return new SlotuiError('usage', `${message} See \`${pointer}\`.`);
}

/** The command words of argv, found leniently (for the --help pointer of a parse error). */
function commandWordsOf(argv: string[]): string | undefined {
  try {
    const { positionals } = parseArgs({ args: argv, options: PARSE_OPTIONS, strict: false, allowPositionals: true });
    const [first, second] = positionals;
    if (first === 'auth' && AUTH_SUBCOMMANDS.includes(second as (typeof AUTH_SUBCOMMANDS)[number]))
      return `auth ${second}`;
    if (first && (first === 'auth' || Object.hasOwn(COMMANDS, first))) return first;
  } catch {
    // no pointer then
  }
  return undefined;
}

function explainParseError(error: unknown, argv: string[]): SlotuiError {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const where = commandWordsOf(argv);
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const spec = where ? COMMANDS[where as CommandName] : undefined;
    const names = spec ? [...spec.flags, ...COMMON_FLAGS] : (Object.keys(FLAGS) as FlagName[]);
    const meant = option?.startsWith('--')
      ? closestWord(
          option,
          names.map((n) => `--${n}`),
        )
      : undefined;
    return usageError(`Unknown option ${shown(option ?? '')}.${meant ? ` Did you mean ${meant}?` : ''}`, where);
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/does not take an argument/.test(message)) return usageError(`${option} takes no value.`, where);
    if (/ambiguous/.test(message))
      return usageError(`${option} needs a value; for a value that starts with "-", write ${option}=VALUE.`, where);
    return usageError(`${option} needs a value.`, where);
  }
  return usageError('The arguments cannot be read.', where);
}

/** The first words a user may type: every command of the table, and help. */
export const commandWords = (): string[] => [
  ...new Set(
    Object.keys(COMMANDS)
      .filter((n) => n !== 'dashboard')
      .map((n) => n.split(' ')[0] ?? n),
  ),
  'help',
];

export function parseCommandLine(argv: string[]): Parsed {
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, options: PARSE_OPTIONS, strict: true, allowPositionals: true }));
  } catch (error) {
    throw explainParseError(error, argv);
  }

  const flags: FlagValues = {};
  for (const [name, value] of Object.entries(values)) {
    // Only string flags are repeatable (PARSE_OPTIONS), so a list holds text.
    if (value !== undefined) flags[name as FlagName] = Array.isArray(value) ? value.map(String) : value;
  }

  let words = positionals;
  let helpWanted = flags.help === true;
  if (words[0] === 'help') {
    helpWanted = true;
    words = words.slice(1);
  }

  const [first, ...rest] = words;
  let command: CommandSpec;
  let args: string[];
  if (first === undefined) {
    if (helpWanted) return { kind: 'help' };
    if (flags.version === true) return { kind: 'version' };
    command = COMMANDS.dashboard;
    args = [];
  } else if (first === 'auth') {
    const [sub, ...subArgs] = rest;
    if (sub === undefined) {
      if (helpWanted) return { kind: 'help', topic: 'auth' };
      throw usageError('`slotui auth` needs a sub-command: login, status or logout.', 'auth');
    }
    if (!AUTH_SUBCOMMANDS.includes(sub as (typeof AUTH_SUBCOMMANDS)[number])) {
      const meant = closestWord(sub, AUTH_SUBCOMMANDS);
      throw usageError(
        `Unknown sub-command "auth ${shown(sub)}"; ${meant ? `did you mean "auth ${meant}"? Use` : 'use'} login, status or logout.`,
        'auth',
      );
    }
    command = COMMANDS[`auth ${sub}` as CommandName];
    args = subArgs;
  } else if (first !== 'dashboard' && Object.hasOwn(COMMANDS, first)) {
    command = COMMANDS[first as CommandName];
    args = rest;
  } else {
    const meant = closestWord(first, commandWords());
    throw usageError(`Unknown command "${shown(first)}".${meant ? ` Did you mean \`slotui ${meant}\`?` : ''}`);
  }

  if (helpWanted) {
    const resource = command.args[0] === 'resource' ? args[0] : undefined;
    return resource === undefined
      ? { kind: 'help', topic: command.name }
      : { kind: 'help', topic: command.name, resource };
  }
  if (flags.version === true) return { kind: 'version' };

  const allowed = new Set<FlagName>([...COMMON_FLAGS, ...command.flags]);
  for (const name of Object.keys(flags) as FlagName[]) {
    if (!allowed.has(name)) {
      throw usageError(
        command.name === 'dashboard'
          ? `--${name} needs a command, such as \`slotui list slis --${name}\`.`
          : `--${name} is not an option of \`slotui ${command.name}\`.`,
        command.name === 'dashboard' ? undefined : command.name,
      );
    }
  }
  const helpFor = command.name === 'dashboard' ? undefined : command.name;
  if (args.length < command.args.length) {
    const missing = command.args
      .slice(args.length)
      .map((a) => `<${a}>`)
      .join(' ');
    throw usageError(`\`slotui ${command.name}\` needs ${missing}.`, helpFor);
  }
  if (args.length > command.args.length && command.rest === undefined) {
    throw usageError(
      `Too many arguments for \`slotui ${command.name}\`: "${shown(args[command.args.length] ?? '')}" is one too many.`,
      helpFor,
    );
  }
  return { kind: 'run', command, args, flags };
}

export const stringFlag = (flags: FlagValues, name: FlagName): string | undefined => {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
};

export const booleanFlag = (flags: FlagValues, name: FlagName): boolean => flags[name] === true;

/** Every value of a flag that may be repeated, in the order given (none: empty). */
export const listFlag = (flags: FlagValues, name: FlagName): string[] => {
  const value = flags[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
};

/** A whole number flag within [min, max]; usage error otherwise. */
export function integerFlag(
  flags: FlagValues,
  name: FlagName,
  min: number,
  max: number,
  helpFor: string,
): number | undefined {
  const text = stringFlag(flags, name);
  if (text === undefined) return undefined;
  const value = /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw usageError(`--${name} must be a whole number ${range} (got "${shown(text)}").`, helpFor);
  }
  return value;
}
