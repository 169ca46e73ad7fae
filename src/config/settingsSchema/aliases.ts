/**
 * `aliases:` in settings.yaml: a word → the command line it stands for
 * (`aliases: { tier1: "slos /checkout" }` makes `:tier1` open the SLO list
 * filtered by checkout). What a command line may hold is checked where the
 * command line is (src/tui/aliases.ts).
 */
import type * as Zod from 'zod';

export function aliasesSection(z: typeof Zod) {
  return z
    .record(
      z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/i, 'an alias is one word: letters, digits, - and _ (at most 32)'),
      z.string().min(1).max(200).describe('The command line it stands for, without the colon: "slos /checkout".'),
    )
    .describe('Words for command lines: `:WORD` runs the line.')
    .optional();
}
