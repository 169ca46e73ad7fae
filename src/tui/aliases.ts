/**
 * The command line's aliases: `:WORD` runs the line settings.yaml gives the
 * word (`tier1: "slos /checkout"`), with whatever followed the word after it.
 * `:ctx` is `:profile`, as kubectl users type it. An alias is expanded once,
 * never into another alias, and never hides a command of the program.
 */
import type { ViewRegistry } from '../presentation/resources.js';
import { commandWords, isCommandWord, meantCommand } from './commands.js';

/** Built in: what k9s and kubectl users type. */
const BUILT_IN: Readonly<Record<string, string>> = { ctx: 'profile' };

export interface AliasProblem {
  path: [string, string];
  message: string;
}

/** The aliases in effect (built-in, then the file's that may be used) and what of the file's may not. */
export function aliasesFrom(
  file: Readonly<Record<string, string>> | undefined,
  registry: ViewRegistry,
): { aliases: Record<string, string>; problems: AliasProblem[] } {
  const aliases: Record<string, string> = { ...BUILT_IN };
  const problems: AliasProblem[] = [];
  const commands = new Set(commandWords(registry));
  const entries = Object.entries(file ?? {}).map(
    ([word, line]) => [word.toLowerCase(), line.trim().replace(/^:+/, '')] as const,
  );
  const words = new Set(entries.map(([word]) => word).filter((word) => !commands.has(word)));
  for (const [word, line] of entries) {
    const first = line.split(/\s+/)[0]!.toLowerCase();
    if (commands.has(word))
      problems.push({ path: ['aliases', word], message: `:${word} is a command of slotui; choose another word.` });
    else if (words.has(first) || Object.hasOwn(BUILT_IN, first))
      problems.push({
        path: ['aliases', word],
        message: `"${line}" starts with the alias ${first}: an alias stands for a command line, not for another alias.`,
      });
    else if (!isCommandWord(first, registry)) {
      const meant = meantCommand(first, registry);
      problems.push({
        path: ['aliases', word],
        message: `"${line}" starts with ${first}, which is no command of slotui${meant ? ` (did you mean ${meant}?)` : ''}: an alias stands for a command line, as "slos /checkout".`,
      });
    } else aliases[word] = line;
  }
  return { aliases, problems };
}

/** The command line with its first word expanded when it is an alias (once). */
export function expandAlias(text: string, aliases: Readonly<Record<string, string>>): string {
  const match = /^\s*:*\s*(\S+)(.*)$/s.exec(text);
  if (!match) return text;
  const word = match[1]!.toLowerCase();
  return Object.hasOwn(aliases, word) ? `${aliases[word]}${match[2]}` : text;
}
