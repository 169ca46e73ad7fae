/** `slotui completion bash|zsh|fish`: the script that makes Tab complete slotui's words. */
import { usageError } from '../args.js';
import { completionScript, SHELLS, type Shell } from '../completion.js';
import type { Context } from '../context.js';

export async function completionCommand(ctx: Context, [shell = '']: string[]): Promise<number> {
  if (!(SHELLS as readonly string[]).includes(shell)) {
    const shown = shell.replace(/[^\x20-\x7e]/g, '?').slice(0, 20);
    throw usageError(`slotui completion knows bash, zsh and fish (got "${shown}").`, 'completion');
  }
  await ctx.out.write(completionScript(shell as Shell));
  return 0;
}
