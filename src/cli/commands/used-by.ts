/**
 * `slotui used-by <resource> <id> [--json]`: the records that refer to one.
 *
 * The resources that can refer to it (from the registry's reference fields)
 * are read page by page through the client's pages iterator, keeping only the
 * records that refer to the id, so any number of records can be searched.
 * The record itself is read alongside: one that is gone is still searched for
 * (what refers to it then points nowhere, which is worth knowing).
 */
import { isSlotuiError, type SlotuiError } from '../../api/errors.js';
import type { ResourceName } from '../../api/resources.js';
import type { ResourceView } from '../../presentation/resources.js';
import type { ApiRecord } from '../../api/record.js';
import type { ApiClient } from '../../api/types.js';
import { relationsOf } from '../../presentation/relations.js';
import type { RecordRef, Relations } from '../../domain/relations.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { booleanFlag } from '../args.js';
import type { Context } from '../context.js';
import { terminalSafeJson } from '../format.js';
import { countText } from '../progress.js';
import { plainTable } from '../table.js';
import { ALL_PAGE_SIZE } from './list.js';
import { describeRecord, resourceArg } from './shared.js';

export interface UsedByOptions {
  def: ResourceView;
  id: string;
  json: boolean;
}

export function usedByOptions(ctx: Context, [word = '', id = '']: string[]): UsedByOptions {
  return { def: resourceArg(word, 'used-by', ctx.registry), id, json: booleanFlag(ctx.flags, 'json') };
}

export async function usedByCommand(ctx: Context, args: string[]): Promise<number> {
  return runUsedBy(ctx, usedByOptions(ctx, args));
}

export async function runUsedBy(ctx: Context, { def, id, json }: UsedByOptions): Promise<number> {
  const client = await ctx.connect(ctx.settings());
  const relations = relationsOf(ctx.registry);
  // Read alongside the walk, and settled either way at once: a failure of this read while the
  // walk runs (or after the walk failed) must not become a rejection nobody handles.
  const target = settled(readUnlessGone(client, def, id));
  let refs: RecordRef[];
  try {
    refs = await findReferrers(ctx, client, relations, def, id);
  } catch (walkFailure) {
    const read = await target;
    // The record's own read says it better when both failed (a 401 is the same either way).
    throw 'error' in read ? read.error : walkFailure;
  }
  const read = await target;
  if ('error' in read) throw read.error;
  const { record, notFound } = read.value;
  // A record that is not there and that nothing refers to: most likely a mistyped id.
  if (notFound && refs.length === 0) throw notFound;
  const what = record ? describeRecord(def, record) : `${def.singular} ${sanitizeLine(id)}`;

  if (json) await ctx.out.write(`${terminalSafeJson(refs, 2)}\n`);
  else if (refs.length > 0) {
    await ctx.out.write(
      plainTable(
        ['RESOURCE', 'ID', 'NAME'],
        refs.map((r) => [r.resource, r.id, r.name]),
        tableWidth(ctx),
      ),
    );
  }
  const froms = relations.referrerResources(def.name);
  if (froms.length === 0)
    ctx.err.line(`Nothing refers to ${def.plural}: no resource has a field that holds their ids.`);
  else if (!json || record === undefined) ctx.err.line(summary(relations, what, refs, froms, record === undefined));
  return 0;
}

function settled<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** The record, or the service's "not found" for it. */
async function readUnlessGone(
  client: ApiClient,
  def: ResourceView,
  id: string,
): Promise<{ record?: ApiRecord; notFound?: SlotuiError }> {
  try {
    return { record: await client.get(def.name, id) };
  } catch (error) {
    if (isSlotuiError(error) && error.kind === 'not-found') return { notFound: error };
    throw error;
  }
}

/** Every record of the resources that can refer to `id` that does (read page by page, a progress line on a terminal). */
export async function findReferrers(
  ctx: Context,
  client: ApiClient,
  relations: Relations,
  def: ResourceView,
  id: string,
): Promise<RecordRef[]> {
  const refs: RecordRef[] = [];
  const progress = ctx.progress();
  try {
    for (const from of relations.referrerResources(def.name)) {
      let read = 0;
      for await (const page of client.pages(from, { limit: ALL_PAGE_SIZE })) {
        refs.push(
          ...relations.referrersIn(def.name, id, from, page.results).map((record) => relations.refOf(from, record)),
        );
        read += page.results.length;
        progress.update(countText(ctx.registry.get(from).title, read, page.total));
      }
    }
  } finally {
    progress.clear();
  }
  return refs;
}

function summary(
  relations: Relations,
  what: string,
  refs: readonly RecordRef[],
  froms: readonly ResourceName[],
  gone: boolean,
): string {
  if (refs.length === 0) return `No ${froms.map((r) => relations.model.noun(r, true)).join(' or ')} refer to ${what}.`;
  const phrase = relations.usedByPhrase(refs) ?? '';
  return gone
    ? `${what} does not exist, yet it is ${phrase}: those references point nowhere.`
    : `${what} is ${phrase}.`;
}

function tableWidth(ctx: Context): number | undefined {
  const columns = ctx.io.stdout.columns;
  return ctx.stdoutIsTerminal && columns && columns > 0 ? columns : undefined;
}
