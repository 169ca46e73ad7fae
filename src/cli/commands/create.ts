/** `slotui create <resource> (--file F | --set FIELD=VALUE…) [--json]` */
import { booleanFlag, listFlag, stringFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { readPayload } from '../payload.js';
import { printRecord } from '../output.js';
import { describeRecord, refuseIfReadOnly, resourceArg, serviceFieldNames } from './shared.js';

export async function createCommand(ctx: Context, [word = '']: string[]): Promise<number> {
  const def = resourceArg(word, 'create', ctx.registry);
  const file = stringFlag(ctx.flags, 'file');
  const set = listFlag(ctx.flags, 'set');
  if (file === undefined && set.length === 0)
    throw usageError(
      '`slotui create` needs --file FILE (a JSON file, or "-" for stdin) or --set FIELD=VALUE for each field.',
      'create',
    );
  const settings = ctx.settings();
  refuseIfReadOnly(settings.readOnly, 'created');
  if (file === '-' && ctx.stdinIsTerminal) ctx.err.line('Reading the JSON from stdin; end it with Ctrl+D.');
  const payload = await readPayload(def, { file, set }, ctx.io.stdin, 'create', {
    extraFields: serviceFieldNames(settings, def.name),
  });
  for (const note of payload.notes) ctx.err.line(note);
  const client = await ctx.connect(settings);
  const record = await client.create(def.name, payload.fields);
  await printRecord(ctx, def, record, booleanFlag(ctx.flags, 'json') ? 'json' : 'table');
  if (ctx.stdoutIsTerminal) ctx.err.line(`Created ${describeRecord(def, record)}.`);
  return 0;
}
