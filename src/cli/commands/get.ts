/** `slotui get <resource> <id> [-o json|yaml|wide|name]` */
import type { Context } from '../context.js';
import { outputFormat, printRecord } from '../output.js';
import { idArg, resourceArg } from './shared.js';

export async function getCommand(ctx: Context, [word = '', id = '']: string[]): Promise<number> {
  const def = resourceArg(word, 'get', ctx.registry);
  idArg(def, id, 'get');
  const format = outputFormat(ctx, 'get');
  const client = await ctx.connect(ctx.settings());
  const record = await client.get(def.name, id);
  await printRecord(ctx, def, record, format);
  return 0;
}
