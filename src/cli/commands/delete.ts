/**
 * `slotui delete <resource> <id> [--yes]`: on a terminal it asks first
 * (showing the record's name, read with one GET); elsewhere --yes is required,
 * so a script never deletes by accident nor hangs on a question.
 */
import { SlotuiError } from '../../api/errors.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { booleanFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { truncate } from '../format.js';
import { isYes, readLine } from '../input.js';
import { describeRecord, refuseIfReadOnly, resourceArg, idArg } from './shared.js';

export async function deleteCommand(ctx: Context, [word = '', id = '']: string[]): Promise<number> {
  const def = resourceArg(word, 'delete', ctx.registry);
  idArg(def, id, 'delete');
  const yes = booleanFlag(ctx.flags, 'yes');
  const interactive = ctx.stdinIsTerminal && ctx.stdoutIsTerminal;
  if (!yes && !interactive) {
    throw usageError('Refusing to delete without --yes when not on a terminal.', 'delete');
  }
  const settings = ctx.settings();
  refuseIfReadOnly(settings.readOnly, 'deleted');
  const client = await ctx.connect(settings);

  let what = `${def.singular} ${truncate(sanitizeLine(id), 120)}`;
  if (!yes) {
    const record = await client.get(def.name, id);
    what = describeRecord(def, record);
    ctx.err.raw(`Delete ${what}? [y/N] `);
    const answer = await readLine(ctx.io.stdin);
    if (!isYes(answer)) throw new SlotuiError('cancelled', `Nothing was deleted.`);
  }
  await client.remove(def.name, id);
  await ctx.out.write(`Deleted ${what}.\n`);
  return 0;
}
