/**
 * The `:` command line: parsing and Tab completion. Pure functions; the
 * dashboard carries the commands out.
 */
import { shortName, type ResourceName } from '../api/resources.js';
import { REGISTRY, type ViewRegistry } from '../presentation/resources.js';
import { sanitizeLine } from '../text/sanitize.js';
import { closestWord } from '../text/suggest.js';
import { truncate } from '../text/width.js';

export type Command =
  /** `:slos`, or `:slos /checkout`: the list, filtered by what follows the slash. */
  | { kind: 'resource'; resource: ResourceName; filter?: string }
  | { kind: 'open'; resource: ResourceName; id: string }
  | { kind: 'profile'; name: string }
  /** `:profile` alone: pick one from the list of profiles. */
  | { kind: 'profiles' }
  /** `:export FILE` (`:export! FILE` replaces a file already there). */
  | { kind: 'export'; file: string; replace: boolean }
  | { kind: 'help' }
  | { kind: 'quit' }
  | { kind: 'none' }
  | { kind: 'error'; message: string };

const QUIT_WORDS = ['q', 'quit', 'q!'];
const HELP_WORDS = ['help', 'h'];

/** Every word the command line knows, for completion (resource aliases included). */
export function commandWords(registry: ViewRegistry = REGISTRY): string[] {
  return [
    ...new Set([
      ...registry.defs.flatMap((def) => [def.name, ...def.aliases]),
      'profile',
      'export',
      'help',
      'quit',
      'q',
    ]),
  ].sort();
}

/** Whether a command line may start with this word: a command, a resource's word or id prefix, `export!`. */
export function isCommandWord(word: string, registry: ViewRegistry = REGISTRY): boolean {
  const lower = word.toLowerCase();
  return lower === 'export!' || commandWords(registry).includes(lower) || resolveWord(registry, lower) !== undefined;
}

/** The command a mistyped word is close to (the words of one resource count as one). */
export function meantCommand(word: string, registry: ViewRegistry = REGISTRY): string | undefined {
  return closestWord(word, commandWords(registry), (w) => registry.resolve(w)?.name ?? w);
}

const usage = (registry: ViewRegistry): string =>
  `Try ${registry.defs.map((def) => `:${shortName(def)}`).join(', ')}, :${registry.defs[0]?.singular ?? 'sli'} ID, :profile NAME, :export FILE or :q.`;

export function parseCommand(text: string, registry: ViewRegistry = REGISTRY): Command {
  const words = text.trim().replace(/^:+/, '').trim().split(/\s+/).filter(Boolean);
  const [word, ...args] = words;
  if (word === undefined) return { kind: 'none' };
  const lower = word.toLowerCase();
  if (lower === 'export' || lower === 'export!') {
    // The file name is the rest of the line as typed (it may hold spaces).
    const file = text.trim().replace(/^:+/, '').trim().slice(word.length).trim();
    if (file === '') return { kind: 'error', message: 'Name the file: :export FILE (OpenSLO YAML).' };
    return { kind: 'export', file, replace: lower === 'export!' };
  }
  if (lower === 'profile') {
    if (args.length === 0) return { kind: 'profiles' };
    if (args.length > 1)
      return { kind: 'error', message: 'Name one profile: :profile NAME (or :profile alone to pick one).' };
    return { kind: 'profile', name: args[0]! };
  }
  const named = resolveWord(registry, lower);
  if (named && args[0]?.startsWith('/')) {
    // The filter is the rest of the line after the slash, as typed (it may hold spaces).
    const rest = text.trim().replace(/^:+/, '').trim().slice(word.length).trim();
    return { kind: 'resource', resource: named.name, filter: rest.slice(1).trim() };
  }
  if (named && args.length === 1) {
    const id = args[0]!;
    // Ids are single path segments: anything else cannot name a record.
    if (id.includes('/') || id === '.' || id === '..')
      return { kind: 'error', message: `"${shown(id)}" cannot be an id: ids have no "/".` };
    return { kind: 'open', resource: named.name, id };
  }
  if (named && args.length > 1) return { kind: 'error', message: `Name one record: :${shown(lower)} ID.` };
  if (args.length > 0) return { kind: 'error', message: `:${shown(lower)} takes no arguments. ${usage(registry)}` };
  if (QUIT_WORDS.includes(lower)) return { kind: 'quit' };
  if (HELP_WORDS.includes(lower)) return { kind: 'help' };
  const def = resolveWord(registry, lower);
  if (def) return { kind: 'resource', resource: def.name };
  const meant = meantCommand(lower, registry);
  return {
    kind: 'error',
    message: `Unknown command :${shown(word)}.${meant ? ` Did you mean :${meant}?` : ''} ${usage(registry)}`,
  };
}

/** A resource named by one of its words, or by the prefix of its ids (`:agr agr-000001`, as `:org` is). */
function resolveWord(registry: ViewRegistry, word: string) {
  return registry.resolve(word) ?? registry.defs.find((def) => def.idPrefix === word);
}

/** What the user typed, safe and short enough to quote in a message. */
function shown(text: string): string {
  return truncate(sanitizeLine(text), 30);
}

export interface Completion {
  /** The text after completion (unchanged when nothing completes). */
  value: string;
  /** The words that match what is typed (shown when more than one does). */
  candidates: string[];
}

/** The longest text every candidate starts with. */
function commonPrefix(candidates: readonly string[]): string {
  let prefix = candidates[0] ?? '';
  for (const c of candidates) while (!c.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/** Candidates that start with what is typed: exactly first, else ignoring case. */
function startingWith(typed: string, words: readonly string[]): string[] {
  const exact = words.filter((w) => w.startsWith(typed));
  if (exact.length > 0) return exact;
  const lower = typed.toLowerCase();
  return words.filter((w) => w.toLowerCase().startsWith(lower));
}

/**
 * Tab: completes the command word, or the profile name after `profile `, to
 * the longest common prefix of its matches. `profileNames` is asked only when
 * a profile name is being completed (it reads the config file).
 */
export function completeCommand(
  text: string,
  registry: ViewRegistry = REGISTRY,
  profileNames?: () => readonly string[],
): Completion {
  const argument = /^(\s*profile\s+)(\S*)$/i.exec(text);
  if (argument && profileNames) return completeProfile(argument[1]!, argument[2]!, profileNames());
  if (/\s/.test(text.trimStart())) return { value: text, candidates: [] }; // other arguments: nothing to complete
  const typed = text.trim().toLowerCase();
  const candidates = commandWords(registry).filter((w) => w.startsWith(typed));
  if (candidates.length === 0) return { value: text, candidates };
  if (candidates.length === 1) {
    const only = candidates[0]!;
    return { value: only === 'profile' ? 'profile ' : only, candidates };
  }
  const prefix = commonPrefix(candidates);
  return { value: prefix.length > typed.length ? prefix : text, candidates };
}

function completeProfile(head: string, typed: string, names: readonly string[]): Completion {
  const candidates = startingWith(typed, [...new Set(names)].sort());
  if (candidates.length === 0) return { value: head + typed, candidates };
  if (candidates.length === 1) return { value: head + candidates[0]!, candidates };
  const prefix = commonPrefix(candidates);
  return { value: head + (prefix.length >= typed.length ? prefix : typed), candidates };
}
