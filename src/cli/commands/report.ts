/**
 * `slotui report [<slo-id>…] [--agreement ID] [--format md|csv]`: one row an
 * SLO (name, target, window, budget, SLI name, the first page tier), for
 * incident documents.
 *
 * Which SLOs: those named, then those of the agreement (in its order, each
 * once), or every SLO when neither is given (read page by page). Budgets and
 * tiers come from the SLO math (src/domain/sloMath.ts) at the context's clock.
 * SLI names are read one by one when few, else from the SLI pages, stopping
 * once every one needed is found.
 */
import { isSlotuiError } from '../../api/errors.js';
import { relationsOf } from '../../presentation/relations.js';
import type { ApiRecord } from '../../api/record.js';
import type { ApiClient } from '../../api/types.js';
import { idsIn } from '../../domain/relations.js';
import { budgetOf, formatDuration, type BudgetResult } from '../../domain/sloMath.js';
import { firstPageTier } from '../../domain/summary.js';
import { markdownText } from '../../text/markdown.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { stringFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { countText } from '../progress.js';
import { ALL_PAGE_SIZE } from './list.js';

export type ReportFormat = 'md' | 'csv';

export interface ReportOptions {
  ids: string[];
  agreement?: string;
  format: ReportFormat;
}

/** Above this many SLIs to name, reading the SLI pages costs fewer requests than one GET each. */
const SLI_GETS_AT_MOST = 20;
/** Reads under way at once when records are read one by one. */
const PARALLEL_READS = 4;

export function reportOptions(ctx: Context, ids: string[]): ReportOptions {
  const format = stringFlag(ctx.flags, 'format') ?? 'md';
  if (format !== 'md' && format !== 'csv') {
    throw usageError(`--format must be md or csv (got "${sanitizeLine(format).slice(0, 20)}").`, 'report');
  }
  const agreement = stringFlag(ctx.flags, 'agreement');
  if (agreement !== undefined && agreement.trim() === '')
    throw usageError('--agreement needs an agreement id.', 'report');
  const unique = [...new Set(ids.map((id) => id.trim()))];
  if (unique.some((id) => id === '')) throw usageError('An SLO id is empty.', 'report');
  return { ids: unique, format, ...(agreement !== undefined ? { agreement: agreement.trim() } : {}) };
}

export async function reportCommand(ctx: Context, args: string[]): Promise<number> {
  return runReport(ctx, reportOptions(ctx, args));
}

export async function runReport(ctx: Context, options: ReportOptions): Promise<number> {
  const client = await ctx.connect(ctx.settings());
  const slos = await chosenSlos(ctx, client, options);
  const sliNames = await namesOfSlis(ctx, client, slos);
  const now = ctx.now();
  const rows = slos.map((slo) => reportRow(slo, budgetOf(slo, now), sliNames));
  await ctx.out.write(options.format === 'csv' ? csvReport(rows) : markdownReport(rows));
  if (slos.length === 0)
    ctx.err.line(options.agreement ? `Agreement ${sanitizeLine(options.agreement)} lists no SLOs.` : 'No SLOs found.');
  return 0;
}

async function chosenSlos(ctx: Context, client: ApiClient, options: ReportOptions): Promise<ApiRecord[]> {
  if (options.ids.length === 0 && options.agreement === undefined) return everySlo(ctx, client);
  const named = await readEach(options.ids, (id) => client.get('slos', id));
  if (options.agreement === undefined) return named;
  const agreement = await client.get('agreements', options.agreement);
  const reference = relationsOf(ctx.registry).model.references.find((r) => r.from === 'agreements' && r.to === 'slos');
  const listed = reference ? [...new Set(idsIn(agreement, reference))].filter((id) => !options.ids.includes(id)) : [];
  const found = await readEach(listed, async (id) => {
    try {
      return await client.get('slos', id);
    } catch (error) {
      if (!isSlotuiError(error) || error.kind !== 'not-found') throw error;
      ctx.err.line(
        `Agreement ${sanitizeLine(agreement.id)} lists SLO ${sanitizeLine(id)}, which does not exist; it is left out.`,
      );
      return undefined;
    }
  });
  return [...named, ...found.filter((r): r is ApiRecord => r !== undefined)];
}

async function everySlo(ctx: Context, client: ApiClient): Promise<ApiRecord[]> {
  const slos: ApiRecord[] = [];
  const progress = ctx.progress();
  try {
    for await (const page of client.pages('slos', { limit: ALL_PAGE_SIZE })) {
      slos.push(...page.results);
      progress.update(countText('SLOs', slos.length, page.total));
    }
  } finally {
    progress.clear();
  }
  return slos;
}

/** `read` for each item, a few at a time, the answers in the items' order. */
async function readEach<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const answers = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      answers[at] = await read(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, items.length) }, worker));
  return answers;
}

async function namesOfSlis(
  ctx: Context,
  client: ApiClient,
  slos: readonly ApiRecord[],
): Promise<Map<string, string | undefined>> {
  const wanted = new Set(
    slos.map((s) => s.service_level_indicator_id).filter((id): id is string => typeof id === 'string' && id !== ''),
  );
  const names = new Map<string, string | undefined>();
  if (wanted.size === 0) return names;
  if (wanted.size <= SLI_GETS_AT_MOST) {
    await readEach([...wanted], async (id) => {
      try {
        names.set(id, relationsOf(ctx.registry).model.name('slis', await client.get('slis', id)));
      } catch (error) {
        if (!isSlotuiError(error) || error.kind !== 'not-found') throw error;
        names.set(id, undefined);
      }
    });
    return names;
  }
  const progress = ctx.progress();
  try {
    let read = 0;
    for await (const page of client.pages('slis', { limit: ALL_PAGE_SIZE })) {
      for (const sli of page.results)
        if (wanted.has(sli.id)) names.set(sli.id, relationsOf(ctx.registry).model.name('slis', sli));
      read += page.results.length;
      progress.update(countText('SLIs for their names', read, page.total));
      if (names.size === wanted.size) break;
    }
  } finally {
    progress.clear();
  }
  return names;
}

export interface ReportRow {
  name: string;
  target: string;
  targetPercent: number | null;
  window: string;
  /** `43m 12s`, or why there is none. */
  budget: string;
  budgetSeconds: number | null;
  sli: string;
  pageTier: string;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export function reportRow(
  slo: ApiRecord,
  result: BudgetResult,
  sliNames: ReadonlyMap<string, string | undefined>,
): ReportRow {
  const sliId = text(slo.service_level_indicator_id);
  const sliName = sliNames.get(sliId);
  const sli =
    sliId === '' ? '' : sliNames.has(sliId) && sliName === undefined ? `${sliId} (not found)` : (sliName ?? sliId);
  const name = text(slo.name) || slo.id;
  if (!result.ok) {
    return {
      name,
      target: [text(slo.target_value), text(slo.target_unit)].filter(Boolean).join(' '),
      targetPercent: null,
      window: [text(slo.time_window_type), text(slo.time_window_value), text(slo.time_window_unit)]
        .filter(Boolean)
        .join(' '),
      budget: `none: ${result.reason}`,
      budgetSeconds: null,
      sli,
      pageTier: '',
    };
  }
  const { budget } = result;
  return {
    name,
    target: `${budget.targetPercent} %`,
    targetPercent: budget.targetPercent,
    window: budget.window.label,
    budget: formatDuration(budget.seconds),
    budgetSeconds: budget.seconds,
    sli,
    pageTier: firstPageTier(budget),
  };
}

const MD_HEADER = ['SLO', 'Target', 'Window', 'Budget', 'SLI', 'First page tier'];

/** A cell of a Markdown table: one line, and nothing in it read as table syntax, markup or HTML. */
export const markdownCell = markdownText;

export function markdownReport(rows: readonly ReportRow[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |\n`;
  return [
    line(MD_HEADER),
    line(MD_HEADER.map(() => '---')),
    ...rows.map((r) => line([r.name, r.target, r.window, r.budget, r.sli, r.pageTier].map(markdownCell))),
  ].join('');
}

const CSV_HEADER = ['name', 'target_percent', 'window', 'budget_seconds', 'sli', 'first_page_tier'];

/**
 * A CSV field (RFC 4180 quoting; lines end in \n for the shell's tools):
 * quoted when it holds a comma, quote or line break, or a semicolon (the
 * separator where the decimal mark is a comma: `a;=1+1` unquoted is a
 * formula's cell there). Text that a spreadsheet would run as a formula (=,
 * +, -, @ first, even after spaces, which spreadsheets skip) gets a leading
 * ' so opening the file runs nothing.
 */
export function csvField(value: string, isText = true): string {
  let field = sanitizeLine(value);
  if (isText && /^\s*[=+\-@]|^[\t\r]/.test(field)) field = `'${field}`;
  return /[",;\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

export function csvReport(rows: readonly ReportRow[]): string {
  const line = (cells: readonly string[]) => `${cells.join(',')}\n`;
  return [
    line(CSV_HEADER),
    ...rows.map((r) =>
      line([
        csvField(r.name),
        r.targetPercent === null ? csvField(r.target) : String(r.targetPercent),
        csvField(r.window),
        r.budgetSeconds === null ? '' : String(r.budgetSeconds),
        csvField(r.sli),
        csvField(r.pageTier),
      ]),
    ),
  ].join('');
}
