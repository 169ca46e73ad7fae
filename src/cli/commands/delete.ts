/**
 * `slotui delete <resource> <id>... [--yes]`: on a terminal it asks first
 * (showing the records' names, read with one GET each, and what refers to
 * them); elsewhere --yes is required, so a script never deletes by accident
 * nor hangs on a question. Several ids: one question, one request each, a
 * failure said and the others deleted all the same.
 */
import { SlotuiError } from '../../api/errors.js';
import { relationsOf } from '../../presentation/relations.js';
import type { ResourceView } from '../../presentation/resources.js';
import type { ApiClient } from '../../api/types.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { booleanFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { truncate } from '../format.js';
import { isYes, readLine } from '../input.js';
import { describeRecord, refuseIfReadOnly, resourceArg, idArg } from './shared.js';
import { findReferrers } from './used-by.js';

export async function deleteCommand(ctx: Context, [word = '', ...ids]: string[]): Promise<number> {
  const def = resourceArg(word, 'delete', ctx.registry);
  for (const id of ids.length > 0 ? ids : ['']) idArg(def, id, 'delete');
  if (new Set(ids).size > 1) return deleteMany(ctx, def, [...new Set(ids)]);
  const id = ids[0]!;
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
    const uses = await usesOf(ctx, client, def, id);
    ctx.err.raw(`Delete ${what}?${uses} [y/N] `);
    const answer = await readLine(ctx.io.stdin);
    if (!isYes(answer)) throw new SlotuiError('cancelled', `Nothing was deleted.`);
  }
  await client.remove(def.name, id);
  await ctx.out.write(`Deleted ${what}.\n`);
  return 0;
}

async function deleteMany(ctx: Context, def: ResourceView, ids: string[]): Promise<number> {
  const yes = booleanFlag(ctx.flags, 'yes');
  if (!yes && !(ctx.stdinIsTerminal && ctx.stdoutIsTerminal))
    throw usageError('Refusing to delete without --yes when not on a terminal.', 'delete');
  const settings = ctx.settings();
  refuseIfReadOnly(settings.readOnly, 'deleted');
  const client = await ctx.connect(settings);
  const names = new Map(ids.map((id) => [id, `${def.singular} ${truncate(sanitizeLine(id), 120)}`]));
  if (!yes) {
    for (const id of ids) names.set(id, describeRecord(def, await client.get(def.name, id)));
    const relations = relationsOf(ctx.registry);
    let uses = '';
    if (relations.referrerResources(def.name).length > 0) {
      const seen = new Set<string>();
      const refs = [];
      for (const id of ids)
        for (const ref of await findReferrers(ctx, client, relations, def, id)) {
          const key = `${ref.resource}/${ref.id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          refs.push(ref);
        }
      uses = refs.length === 0 ? ' Nothing refers to them.' : ` They are ${relations.usedByPhrase(refs)}.`;
    }
    for (const id of ids) ctx.err.line(`  ${names.get(id)}`);
    ctx.err.raw(`Delete these ${ids.length} ${def.plural}?${uses} [y/N] `);
    if (!isYes(await readLine(ctx.io.stdin))) throw new SlotuiError('cancelled', 'Nothing was deleted.');
  }
  let failed = 0;
  for (const id of ids) {
    try {
      await client.remove(def.name, id);
      await ctx.out.write(`Deleted ${names.get(id)}.\n`);
    } catch (error) {
      if (!(error instanceof SlotuiError) || error.kind === 'cancelled') throw error;
      failed++;
      ctx.err.line(`slotui: ${names.get(id)}: ${sanitizeLine(error.message)}`);
    }
  }
  return failed > 0 ? 1 : 0;
}

/** How many refers to it, said before the question (as the dashboard's delete does): "" when nothing can. */
async function usesOf(ctx: Context, client: ApiClient, def: ResourceView, id: string): Promise<string> {
  const relations = relationsOf(ctx.registry);
  if (relations.referrerResources(def.name).length === 0) return '';
  const refs = await findReferrers(ctx, client, relations, def, id);
  if (refs.length === 0) return ' Nothing refers to it.';
  const named = refs
    .slice(0, MAX_NAMED)
    .map((r) => truncate(sanitizeLine(r.id), 40))
    .join(', ');
  const more = refs.length > MAX_NAMED ? `, and ${refs.length - MAX_NAMED} more` : '';
  return ` It is ${relations.usedByPhrase(refs)} (${named}${more}), which would then point nowhere.`;
}

/** Referring records named in the question; the rest are counted (`slotui used-by` lists them all). */
const MAX_NAMED = 5;
