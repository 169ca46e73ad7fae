/**
 * Shell completion, as cobra (gh, kubectl) does it: `slotui completion SHELL`
 * prints a small script whose only job is to call `slotui __complete <words>`
 * on Tab; the program answers with the candidates, one a line. So what is
 * completed always matches this version's command table, the resource
 * registry and the profiles stored now, with nothing generated to go stale.
 *
 * A first line `:files` asks the shell to complete file names instead.
 */
import type { ViewRegistry, ResourceView } from '../presentation/resources.js';
import { configDirFrom } from '../config/paths.js';
import { ConfigStore, isProfileName } from '../config/store.js';
import { commandWords } from './args.js';
import {
  AUTH_SUBCOMMANDS,
  COMMANDS,
  COMMON_FLAGS,
  FLAGS,
  type CommandName,
  type CommandSpec,
  type FlagName,
} from './commands.js';
import { OUTPUT_FORMATS } from './output.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** The hidden command the scripts call. */
const COMPLETE_COMMAND = '__complete';
export const FILES_DIRECTIVE = ':files';

const FILE_FLAGS: ReadonlySet<string> = new Set(['file', 'data', 'ca-file', 'out', 'query-map']);

/** Values of a flag the program knows; undefined: any value (nothing to offer). */
function flagValues(flag: FlagName, env: NodeJS.ProcessEnv): readonly string[] | undefined {
  if (flag === 'profile') return profileNames(env);
  if (flag === 'output') return OUTPUT_FORMATS;
  if (FILE_FLAGS.has(flag)) return [FILES_DIRECTIVE];
  return undefined;
}

/**
 * Stored profile names; none when the config cannot be read (completion never
 * fails loudly). A name slotui could not have stored (a hand-edited file:
 * spaces, `$(…)`, escape sequences) is never offered to the shell.
 */
function profileNames(env: NodeJS.ProcessEnv): string[] {
  try {
    return new ConfigStore(configDirFrom(env)).listProfiles().filter(isProfileName);
  } catch {
    return [];
  }
}

const flagOf = (word: string): FlagName | undefined => {
  if (word.startsWith('--')) {
    const name = word.slice(2).split('=')[0] ?? '';
    return Object.hasOwn(FLAGS, name) ? (name as FlagName) : undefined;
  }
  if (/^-[a-zA-Z]$/.test(word)) {
    const short = word.slice(1);
    return (Object.keys(FLAGS) as FlagName[]).find((name) => {
      const def = FLAGS[name];
      return 'short' in def && def.short === short;
    });
  }
  return undefined;
};

const takesValue = (flag: FlagName): boolean => FLAGS[flag].type === 'string';

/** The command the words name so far, and the positional words after it. */
function commandOf(words: readonly string[]): { spec?: CommandSpec; first?: string; positionals: string[] } {
  const positionals: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const flag = word.startsWith('-') ? flagOf(word) : undefined;
    if (flag) {
      if (takesValue(flag) && !word.includes('=')) i++;
      continue;
    }
    if (!word.startsWith('-')) positionals.push(word);
  }
  const [first, second, ...rest] = positionals;
  if (first === 'auth' && second !== undefined && (AUTH_SUBCOMMANDS as readonly string[]).includes(second)) {
    return { spec: COMMANDS[`auth ${second}` as CommandName], first, positionals: rest };
  }
  if (first !== undefined && first !== 'dashboard' && Object.hasOwn(COMMANDS, first)) {
    return { spec: COMMANDS[first as CommandName], first, positionals: second === undefined ? [] : [second, ...rest] };
  }
  return { first, positionals: positionals.slice(1) };
}

// eslint-disable-next-line no-control-regex
const NOT_FOR_A_SHELL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\p{Cf}/u;

/** Whether a word can be offered to a shell as it is: no control or format character (an escape, a newline, a tab). */
export const isShellSafe = (word: string): boolean => !NOT_FOR_A_SHELL.test(word);

/**
 * Candidates for the last word, given every word after `slotui` (the last one
 * being typed, possibly empty). The shell filters them by what is typed. A
 * candidate holding a control or format character (an escape sequence the
 * shell would print, a newline that would make two) is never offered.
 */
export function completeWords(words: readonly string[], env: NodeJS.ProcessEnv, registry: ViewRegistry): string[] {
  return candidatesFor(words, env, registry).filter(isShellSafe);
}

function candidatesFor(words: readonly string[], env: NodeJS.ProcessEnv, registry: ViewRegistry): string[] {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const previous = before.at(-1);
  const previousFlag = previous?.startsWith('-') && !previous.includes('=') ? flagOf(previous) : undefined;
  if (previousFlag === 'set') return fieldsToSet(before.slice(0, -1), registry);
  if (previousFlag && takesValue(previousFlag)) return [...(flagValues(previousFlag, env) ?? [])];
  if (current.startsWith('--') && current.includes('=')) {
    const flag = flagOf(current);
    if (flag === 'set') return fieldsToSet(before, registry).map((field) => `--set=${field}`);
    const values = flag ? flagValues(flag, env) : undefined;
    return values?.[0] === FILES_DIRECTIVE ? [FILES_DIRECTIVE] : (values ?? []).map((v) => `--${flag}=${v}`);
  }

  const { spec, first, positionals } = commandOf(before);
  if (current.startsWith('-')) {
    const names: FlagName[] = spec ? [...spec.flags, ...COMMON_FLAGS] : [...COMMON_FLAGS, 'version', 'demo'];
    return names.map((name) => `--${name}`);
  }
  if (!spec) {
    if (first === undefined)
      return commandWords()
        .filter((w) => w !== 'help')
        .concat('help');
    if (first === 'auth' && positionals.length === 0) return [...AUTH_SUBCOMMANDS];
    if (first === 'help' && positionals.length === 0) return commandWords().filter((w) => w !== 'help');
    return [];
  }
  const argument = spec.args[positionals.length];
  if (argument === 'resource') return [...registry.names];
  if (argument === 'shell') return [...SHELLS];
  return [];
}

/**
 * What `--set` takes for the resource the words name: its fields, each with its `=` (the scripts
 * put no space after a candidate that ends with one, so the value is typed next). Queries are a
 * file's, so they are not offered.
 */
function fieldsToSet(words: readonly string[], registry: ViewRegistry): string[] {
  const { spec, positionals } = commandOf(words);
  const def = spec?.args[0] === 'resource' ? registry.resolve(positionals[0] ?? '') : undefined;
  return (def?.fields ?? []).filter((field) => field.kind !== 'queries').map((field) => `${field.key}=`);
}

/**
 * The resources whose record ids the last word takes (`get slo <Tab>`, `budget <Tab>`,
 * `export <Tab>`), or undefined when it takes something else. Ids come from the service
 * (completionIds.ts), so they are asked for apart from the words above, which need nothing.
 */
export function idsWanted(words: readonly string[], registry: ViewRegistry): ResourceView[] | undefined {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const previous = before.at(-1);
  const previousFlag = previous?.startsWith('-') && !previous.includes('=') ? flagOf(previous) : undefined;
  if (current.startsWith('-') || (previousFlag && takesValue(previousFlag))) return undefined;
  const { spec, positionals } = commandOf(before);
  if (!spec) return undefined;
  const argument = spec.args[positionals.length] ?? spec.rest;
  if (argument === 'id') {
    if (spec.args[0] === 'resource') {
      const def = registry.resolve(positionals[0] ?? '');
      return def ? [def] : undefined;
    }
  }
  // `slo-id`, `sli-or-slo-id`: ids of the resources the argument's name says (export takes both, unnamed).
  if (argument?.endsWith('-id')) return resolved(registry, argument.slice(0, -3).split('-or-'));
  return undefined;
}

const resolved = (registry: ViewRegistry, names: string[]): ResourceView[] =>
  names.flatMap((name) => registry.resolve(name) ?? []);

/** The profile the words name with --profile, if any (ids are read from that profile's service). */
export function profileIn(words: readonly string[]): string | undefined {
  for (let i = 0; i < words.length - 1; i++) {
    const word = words[i] ?? '';
    if (word.startsWith('--profile=')) return word.slice('--profile='.length);
    if (word === '--profile') return words[i + 1];
  }
  return undefined;
}

/** The script for a shell: it hands the words to `slotui __complete` and shows what comes back. */
export function completionScript(shell: Shell): string {
  switch (shell) {
    case 'bash':
      return `# slotui completion for bash. Load it in this shell:  source <(slotui completion bash)
# or for every shell:  slotui completion bash > ~/.local/share/bash-completion/completions/slotui
_slotui() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" out
  out=$(slotui ${COMPLETE_COMMAND} "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return
  if [[ "$out" == "${FILES_DIRECTIVE}" ]]; then
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return
  fi
  # Each line is a candidate taken as it is: compgen -W would expand $(…) and \`…\` in it.
  # A record id comes as "id<TAB>name": bash has no place for the name.
  local candidate
  COMPREPLY=()
  while IFS= read -r candidate; do
    candidate="\${candidate%%$'\\t'*}"
    [[ -n "$candidate" && "$candidate" == "$cur"* ]] && COMPREPLY+=("$candidate")
  done <<< "$out"
  # A field of --set ends with =: its value is typed right after it.
  [[ \${#COMPREPLY[@]} -eq 1 && "\${COMPREPLY[0]}" == *= ]] && compopt -o nospace 2>/dev/null
  return 0
}
complete -o default -F _slotui slotui
`;
    case 'zsh':
      return `#compdef slotui
# slotui completion for zsh. Load it in this shell:  source <(slotui completion zsh)
# or for every shell: save it as _slotui in a folder of $fpath.
_slotui() {
  local out
  out=$(slotui ${COMPLETE_COMMAND} "\${(@)words[2,CURRENT]}" 2>/dev/null) || return
  if [[ "$out" == "${FILES_DIRECTIVE}" ]]; then
    _files
    return
  fi
  # A record id comes as "id<TAB>name": the id is completed, the name shown beside it.
  # A field of --set ends with =: no space after it, its value is typed next.
  local -a candidates shown open
  local line
  for line in "\${(@f)out}"; do
    if [[ "$line" != *$'\\t'* && "$line" == *= ]]; then open+=("$line"); continue; fi
    candidates+=("\${line%%$'\\t'*}")
    if [[ "$line" == *$'\\t'* ]]; then shown+=("\${line%%$'\\t'*}  -- \${line#*$'\\t'}"); else shown+=("$line"); fi
  done
  (( \${#open} )) && compadd -S '' -a open
  compadd -l -d shown -a candidates
}
if [[ "$funcstack[1]" == "_slotui" ]]; then
  _slotui "$@"
else
  compdef _slotui slotui
fi
`;
    case 'fish':
      return `# slotui completion for fish. Load it in this shell:  slotui completion fish | source
# or for every shell:  slotui completion fish > ~/.config/fish/completions/slotui.fish
function __slotui_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l current (commandline -ct)
    set -l out (slotui ${COMPLETE_COMMAND} $words "$current" 2>/dev/null)
    if test "$out" = "${FILES_DIRECTIVE}"
        __fish_complete_path (commandline -ct)
        return
    end
    printf '%s\\n' $out
end
complete -c slotui -f -a '(__slotui_complete)'
`;
  }
}
