/** `slotui get <resource> <id> [--json]` */
import { booleanFlag } from '../args.js';
import type { Context } from '../context.js';
import { printRecord, resourceArg } from './shared.js';

export async function getCommand(ctx: Context, [word = '', id = '']: string[]): Promise<number> {
  const def = resourceArg(word, 'get');
  const client = await ctx.connect(ctx.settings());
  const record = await client.get(def.name, id);
  await printRecord(ctx, def, record, booleanFlag(ctx.flags, 'json'));
  return 0;
}
