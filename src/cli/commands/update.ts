/** `slotui update <resource> <id> (--file F | --set FIELD=VALUE…) [--json]`: PATCH with the fields given. */
import { booleanFlag, listFlag, stringFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { readPayload } from '../payload.js';
import { printRecord } from '../output.js';
import { describeRecord, idArg, refuseIfReadOnly, resourceArg, serviceFieldNames } from './shared.js';

export async function updateCommand(ctx: Context, [word = '', id = '']: string[]): Promise<number> {
  const def = resourceArg(word, 'update', ctx.registry);
  idArg(def, id, 'update');
  const file = stringFlag(ctx.flags, 'file');
  const set = listFlag(ctx.flags, 'set');
  if (file === undefined && set.length === 0)
    throw usageError(
      '`slotui update` needs --file FILE (a JSON file of the fields to change, or "-" for stdin) or --set FIELD=VALUE for each field.',
      'update',
    );
  const settings = ctx.settings();
  refuseIfReadOnly(settings.readOnly, 'changed');
  if (file === '-' && ctx.stdinIsTerminal) ctx.err.line('Reading the JSON from stdin; end it with Ctrl+D.');
  const patch = await readPayload(def, { file, set }, ctx.io.stdin, 'update', {
    extraFields: serviceFieldNames(settings, def.name),
  });
  for (const note of patch.notes) ctx.err.line(note);
  const client = await ctx.connect(settings);
  const record = await client.update(def.name, id, patch.fields);
  await printRecord(ctx, def, record, booleanFlag(ctx.flags, 'json') ? 'json' : 'table');
  if (ctx.stdoutIsTerminal) ctx.err.line(`Updated ${describeRecord(def, record)}.`);
  return 0;
}
