/**
 * What `budget`, `alerts` and `burn` share: the options every one of them reads, fetching the
 * SLO, computing its budget (exit 1 naming the field when there is none), and the lines that
 * name the SLO and state the assumptions.
 */
import { SlotuiError } from '../../api/errors.js';
import type { ApiRecord } from '../../api/record.js';
import { budgetOf, formatDuration, type Budget } from '../../domain/sloMath.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { booleanFlag } from '../args.js';
import type { Context } from '../context.js';
import { truncate } from '../format.js';

export interface SloMathOptions {
  id: string;
  json: boolean;
}

export function sloMathOptions(ctx: Context, [id = '']: string[]): SloMathOptions {
  return { id, json: booleanFlag(ctx.flags, 'json') };
}

export interface SloBudget {
  record: ApiRecord;
  budget: Budget;
}

/** The SLO and its budget at the context's clock; a SlotuiError (exit 1) naming the field when there is none. */
export async function loadBudget(ctx: Context, id: string): Promise<SloBudget> {
  const client = await ctx.connect(ctx.settings());
  const record = await client.get('slos', id);
  const result = budgetOf(record, ctx.now());
  if (!result.ok) {
    throw new SlotuiError(
      'validation',
      `${describeSlo(record)} has no error budget: ${result.field}: ${result.reason}. Fix ${result.field} with \`slotui update slos ${sanitizeLine(record.id)} --set ${result.field}=VALUE\`.`,
    );
  }
  return { record, budget: result.budget };
}

/** `Checkout availability 99.9% (slo-000001)`, sanitised, one line. */
export function describeSlo(record: ApiRecord): string {
  const id = truncate(sanitizeLine(record.id), 80);
  const name = typeof record.name === 'string' ? truncate(sanitizeLine(record.name), 120) : '';
  return name && name !== id ? `${name} (${id})` : `SLO ${id}`;
}

/** `99.9 % over rolling 30 days`. */
export function objective(budget: Budget): string {
  return `${budget.targetPercent} % over ${sanitizeLine(budget.window.label)}`;
}

/** The sentence every text output ends with: what the seconds mean. */
export const EQUIVALENT_OUTAGE_NOTE =
  'Computed from the definition alone. For event-based SLIs the time is an equivalent full-outage time: the bad time if every request failed.';

export function assumptionLines(budget: Budget): string[] {
  return budget.assumptions.map((a) => `Assumed: ${sanitizeLine(a)}.`);
}

/** `43m 12s (2592 s)`. */
export function durationWithSeconds(seconds: number): string {
  return `${formatDuration(seconds)} (${seconds} s)`;
}

/** Two-column rows `label  value`, the labels padded to one width. */
export function labelled(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${label.padEnd(width)}${value}`);
}
