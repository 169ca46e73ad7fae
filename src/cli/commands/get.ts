/** `slotui get <resource> <id>... [-o json|yaml|wide|name]` */
import { isSlotuiError, type SlotuiError } from '../../api/errors.js';
import type { ApiRecord } from '../../api/record.js';
import { sanitizeLine } from '../../text/sanitize.js';
import type { Context } from '../context.js';
import { outputFormat, printRecord, recordSink } from '../output.js';
import { idArg, resourceArg } from './shared.js';

export async function getCommand(ctx: Context, [word = '', ...ids]: string[]): Promise<number> {
  const def = resourceArg(word, 'get', ctx.registry);
  for (const id of ids.length > 0 ? ids : ['']) idArg(def, id, 'get');
  const format = outputFormat(ctx, 'get');
  const client = await ctx.connect(ctx.settings());
  if (ids.length === 1) {
    await printRecord(ctx, def, await client.get(def.name, ids[0]!), format);
    return 0;
  }
  // Several (kubectl's `get pod a b`): read one after the other, printed together as `list` prints
  // a page; an id that is not there is said on stderr and the others are printed all the same.
  const found: ApiRecord[] = [];
  const missing: SlotuiError[] = [];
  for (const id of new Set(ids)) {
    try {
      found.push(await client.get(def.name, id));
    } catch (error) {
      if (!isSlotuiError(error) || error.kind !== 'not-found') throw error;
      missing.push(error);
    }
  }
  const sink = recordSink(ctx, def, format);
  await sink.add(found);
  await sink.end();
  for (const error of missing) ctx.err.line(`slotui: ${sanitizeLine(error.message)}`);
  return missing.length > 0 ? 1 : 0;
}
