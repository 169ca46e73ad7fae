/**
 * `slotui list <resource> [--limit N] [--offset N] [--all] [-o FORMAT]`
 *
 * --all streams: each page is printed as it arrives and then dropped, so
 * 100,000 records never sit in memory (see output.ts for the formats).
 * What the page numbers say comes from what the server really served: it may
 * cap the page size, and an offset may lie past the end.
 */
import type { ResourceView } from '../../presentation/resources.js';
import type { ApiClient, Page } from '../../api/types.js';
import { SlotuiError } from '../../api/errors.js';
import { humanAge } from '../../text/age.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import { integerFlag, booleanFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { pageFacts } from '../format.js';
import { isDataFormat, outputFormat, recordSink, type OutputFormat, type RecordSink } from '../output.js';
import { countText } from '../progress.js';
import { resourceArg } from './shared.js';

/** Page size for --all when none is given: fewer round trips (servers cap it, the sandbox at 100). */
export const ALL_PAGE_SIZE = 100;

export async function listCommand(ctx: Context, [word = '']: string[]): Promise<number> {
  const def = resourceArg(word, 'list', ctx.registry);
  const limit = integerFlag(ctx.flags, 'limit', 1, Number.MAX_SAFE_INTEGER, 'list');
  const offset = integerFlag(ctx.flags, 'offset', 0, Number.MAX_SAFE_INTEGER, 'list');
  const format = outputFormat(ctx, 'list');
  const all = booleanFlag(ctx.flags, 'all');
  if (booleanFlag(ctx.flags, 'offline')) return listOffline(ctx, def, format, { all, limit, offset });
  const client = await ctx.connect(ctx.settings());

  const sink = recordSink(ctx, def, format);
  if (!all) {
    const page = await client.listPage(def.name, { limit, offset });
    await sink.add(page.results);
    await sink.end();
    warnOfOddRecords(ctx, def, page);
    const facts = pageFacts(page);
    for (const line of pageNotes(def, page, limit)) ctx.err.line(line);
    if (page.results.length === 0) {
      if (!facts.pastEnd) sayEmpty(ctx, def, format);
    } else if (format === 'table' && ctx.stdoutIsTerminal) {
      ctx.err.line(`page ${facts.current} of ${facts.pages} · total ${page.total}`);
    }
    return 0;
  }
  ctx.io.onWholeList?.();
  const count = await streamAll(ctx, client, def, sink, limit ?? ALL_PAGE_SIZE, offset);
  if (count.records === 0) sayEmpty(ctx, def, format);
  else if (format === 'table' && ctx.stdoutIsTerminal)
    ctx.err.line(`${count.records} records in ${count.pages} pages · total ${count.total}`);
  return 0;
}

/**
 * `--offline`: the page the dashboard last showed of that list, from its private cache, in the
 * format asked for; how old it is goes to stderr on a terminal. Nothing is sent.
 */
async function listOffline(
  ctx: Context,
  def: ResourceView,
  format: OutputFormat,
  asked: { all: boolean; limit: number | undefined; offset: number | undefined },
): Promise<number> {
  if (asked.all || asked.limit !== undefined || asked.offset !== undefined)
    throw usageError('--offline prints the one page kept; it takes no --all, --limit or --offset.', 'list');
  const settings = ctx.settings();
  const [{ PageCache }, { cacheRootFrom }] = await Promise.all([
    import('../../config/pageCache.js'),
    import('../../startup/codeCache.js'),
  ]);
  const kept = settings.baseUrl
    ? new PageCache(cacheRootFrom(ctx.io.env), { profile: settings.profileName, baseUrl: settings.baseUrl }).load(
        def.name,
      )
    : {};
  if (kept.problem) ctx.err.line(kept.problem);
  if (!kept.page) {
    throw new SlotuiError(
      'config',
      `No page of ${def.plural} is kept for profile ${settings.profileName}: the dashboard keeps the last page of each list it shows, so open that list there once while the service can be reached.`,
    );
  }
  const sink = recordSink(ctx, def, format);
  await sink.add(kept.page.results);
  await sink.end();
  if (ctx.io.stderr.isTTY === true) {
    const { offset, limit, total, readAt } = kept.page;
    const pages = Math.max(1, Math.ceil(total / Math.max(1, limit)));
    const page = Math.min(pages, Math.floor(offset / Math.max(1, limit)) + 1);
    const age = humanAge(ctx.now().getTime() - Date.parse(readAt));
    ctx.err.line(`cached · read ${age} ago · page ${page} of ${pages} · total ${total}`);
  }
  return 0;
}

/** What the numbers alone would hide: a capped page size, an offset past the end. */
function pageNotes(def: ResourceView, page: Page, asked: number | undefined): string[] {
  const facts = pageFacts(page);
  if (facts.pastEnd) {
    return [
      `Offset ${page.offset} is past the end: there are ${page.total} ${def.plural}, the last page starts at offset ${facts.lastOffset} (--limit ${facts.size}).`,
    ];
  }
  if (facts.capped && asked !== undefined) {
    return [`The server sends at most ${facts.size} ${def.plural} a page (asked for ${asked}); --all gets every page.`];
  }
  return [];
}

/**
 * A record that does not fit its resource's fields is listed with the others
 * (as the service sent it; marked `!` in a table) and named here, one line
 * each on stderr; one without a usable id cannot be listed and is said so.
 */
export function warnOfOddRecords(ctx: Context, def: ResourceView, page: Page): void {
  for (const odd of page.odd ?? []) {
    const position = `number ${page.offset + odd.index + 1} of the list`;
    ctx.err.line(
      odd.id === undefined
        ? `slotui: warning: a record of ${def.plural} (${position}) has no usable id (${odd.reason}); it is left out.`
        : `slotui: warning: ${def.singular} ${truncate(sanitizeLine(odd.id), 60)} (${position}) does not fit the fields of ${def.plural} (${odd.reason}); it is shown as the service sent it.`,
    );
  }
}

/** "No SLIs found" on stderr for the formats people read, as kubectl does; json and yaml say [] alone. */
function sayEmpty(ctx: Context, def: ResourceView, format: ReturnType<typeof outputFormat>): void {
  if (!isDataFormat(format)) ctx.err.line(`No ${def.plural} found.`);
}

async function streamAll(
  ctx: Context,
  client: ApiClient,
  def: ResourceView,
  sink: RecordSink,
  limit: number,
  offset: number | undefined,
) {
  const count = { pages: 0, records: 0, total: 0 };
  let firstTotal: number | undefined;
  const progress = ctx.progress();
  try {
    // A page that fails part-way leaves the JSON array unclosed on purpose: a
    // script that only parses stdout must not mistake a partial listing for a
    // complete one. The exit code and the sentence on stderr say what happened.
    for await (const page of client.pages(def.name, { limit, offset })) {
      // Rows written to the same terminal must not land on the progress line.
      if (ctx.stdoutIsTerminal) progress.clear();
      await sink.add(page.results);
      warnOfOddRecords(ctx, def, page);
      count.pages++;
      count.records += page.results.length;
      count.total = page.total;
      firstTotal ??= page.total;
      progress.update(countText(def.plural, (offset ?? 0) + count.records, page.total));
    }
  } finally {
    progress.clear();
  }
  await sink.end();
  const expected = Math.max(0, count.total - (offset ?? 0));
  if (firstTotal !== undefined && (firstTotal !== count.total || count.records !== expected)) {
    // Pages are read by offset: a record deleted (or created) meanwhile shifts the ones after it.
    ctx.err.line(
      `slotui: warning: the ${def.plural} changed while they were read (a total of ${firstTotal} at the first page, ${count.total} at the last; ${count.records} read): a record may be missing or listed twice. Run the command again for a consistent list.`,
    );
  }
  return count;
}
