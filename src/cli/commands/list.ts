/**
 * `slotui list <resource> [--limit N] [--offset N] [--all] [--json]`
 *
 * --all streams: each page is printed as it arrives and then dropped, so
 * 100,000 records never sit in memory. With --json the array is written as
 * `[`, the records separated by `,\n`, then `]`.
 */
import type { ResourceDef } from '../../api/resources.js';
import type { ApiRecord } from '../../api/schemas.js';
import type { ApiClient, Page } from '../../api/types.js';
import { booleanFlag, integerFlag } from '../args.js';
import type { Context } from '../context.js';
import { layoutTable, pageSummary, tableHeader, tableRow, terminalSafeJson, type TableLayout } from '../format.js';
import { countText } from '../progress.js';
import { resourceArg } from './shared.js';

/** Page size for --all when none is given: fewer round trips (servers cap it, the sandbox at 100). */
export const ALL_PAGE_SIZE = 100;
/** Table width when stdout is not a terminal. */
export const PIPE_WIDTH = 100;

export async function listCommand(ctx: Context, [word = '']: string[]): Promise<number> {
  const def = resourceArg(word, 'list');
  const limit = integerFlag(ctx.flags, 'limit', 1, Number.MAX_SAFE_INTEGER, 'list');
  const offset = integerFlag(ctx.flags, 'offset', 0, Number.MAX_SAFE_INTEGER, 'list');
  const json = booleanFlag(ctx.flags, 'json');
  const all = booleanFlag(ctx.flags, 'all');
  const client = await ctx.connect(ctx.settings());

  const sink = json ? new JsonArraySink(ctx) : new TableSink(ctx, def);
  if (!all) {
    const page = await client.listPage(def.name, { limit, offset });
    await sink.add(page);
    await sink.end();
    if (!json && ctx.stdoutIsTerminal) ctx.err.line(pageSummary(page));
    return 0;
  }
  const count = await streamAll(ctx, client, def, sink, limit ?? ALL_PAGE_SIZE, offset);
  if (!json && ctx.stdoutIsTerminal) ctx.err.line(`${count.records} records in ${count.pages} pages · total ${count.total}`);
  return 0;
}

async function streamAll(ctx: Context, client: ApiClient, def: ResourceDef, sink: Sink, limit: number, offset: number | undefined) {
  const count = { pages: 0, records: 0, total: 0 };
  const progress = ctx.progress();
  try {
    // A page that fails part-way leaves the JSON array unclosed on purpose: a
    // script that only parses stdout must not mistake a partial listing for a
    // complete one. The exit code and the sentence on stderr say what happened.
    for await (const page of client.pages(def.name, { limit, offset })) {
      // Rows written to the same terminal must not land on the progress line.
      if (ctx.stdoutIsTerminal) progress.clear();
      await sink.add(page);
      count.pages++;
      count.records += page.results.length;
      count.total = page.total;
      progress.update(countText(def.title, (offset ?? 0) + count.records, page.total));
    }
  } finally {
    progress.clear();
  }
  await sink.end();
  return count;
}

interface Sink {
  add(page: Page): Promise<void>;
  end(): Promise<void>;
}

/** `[` + records separated by `,\n` + `]`: valid JSON however many pages arrive. */
class JsonArraySink implements Sink {
  private started = false;
  private any = false;
  private ended = false;

  constructor(private readonly ctx: Context) {}

  async add(page: Page): Promise<void> {
    if (page.results.length === 0) return;
    const parts = page.results.map((record, index) => `${this.any || index > 0 ? ',\n' : ''}${terminalSafeJson(record)}`);
    await this.ctx.out.write(`${this.started ? '' : '[\n'}${parts.join('')}`);
    this.started = true;
    this.any = true;
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.ctx.out.write(this.started ? '\n]\n' : '[]\n');
  }
}

/** The header and column widths come from the first page; later pages follow them. */
class TableSink implements Sink {
  private layout: TableLayout | undefined;

  constructor(private readonly ctx: Context, private readonly def: ResourceDef) {}

  async add(page: Page): Promise<void> {
    let text = '';
    if (!this.layout) {
      this.layout = layoutTable(this.def, page.results, this.width());
      text += tableHeader(this.layout);
    }
    const layout = this.layout;
    text += page.results.map((record: ApiRecord) => tableRow(layout, record)).join('');
    await this.ctx.out.write(text);
  }

  async end(): Promise<void> {
    if (!this.layout) await this.ctx.out.write(tableHeader(layoutTable(this.def, [], this.width())));
  }

  private width(): number {
    const columns = this.ctx.io.stdout.columns;
    return this.ctx.stdoutIsTerminal && columns && columns > 0 ? columns : PIPE_WIDTH;
  }
}
