/**
 * `slotui burn <slo-id> --error-rate RATE | --spent DURATION [--json]`: how fast an error rate
 * burns the budget (and which tiers fire), or what a time already spent leaves of it.
 */
import type { ApiRecord } from '../../api/record.js';
import {
  alertTiers,
  burnFor,
  formatBurn,
  formatDuration,
  formatPercent,
  parseDuration,
  parsePercent,
  spentOf,
  type Budget,
  type Burn,
  type Spent,
} from '../../domain/sloMath.js';
import { booleanFlag, stringFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { terminalSafeJson } from '../format.js';
import { describeSlo, loadBudget, objective } from './slo-budget.js';

export type BurnQuestion = { kind: 'error-rate'; rate: number } | { kind: 'spent'; seconds: number };

export interface BurnOptions {
  id: string;
  json: boolean;
  question: BurnQuestion;
}

/** A parse error as said to the user: whole (its advice is at the end), cut only when the input quoted in it is very long. */
const shown = (text: string): string => {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > MAX_REASON ? `${clean.slice(0, MAX_REASON - 1)}…` : clean;
};
const MAX_REASON = 300;

/** Exactly one of --error-rate and --spent, parsed; a usage error (exit 2) otherwise. */
export function burnOptions(ctx: Context, [id = '']: string[]): BurnOptions {
  const rateText = stringFlag(ctx.flags, 'error-rate');
  const spentText = stringFlag(ctx.flags, 'spent');
  if (rateText !== undefined && spentText !== undefined)
    throw usageError('Give --error-rate or --spent, not both.', 'burn');
  const json = booleanFlag(ctx.flags, 'json');
  if (rateText !== undefined) {
    const rate = parsePercent(rateText);
    if (!rate.ok) throw usageError(`--error-rate: ${shown(rate.reason)}.`, 'burn');
    return { id, json, question: { kind: 'error-rate', rate: rate.value } };
  }
  if (spentText !== undefined) {
    const spent = parseDuration(spentText);
    if (!spent.ok) throw usageError(`--spent: ${shown(spent.reason)}.`, 'burn');
    return { id, json, question: { kind: 'spent', seconds: spent.value } };
  }
  throw usageError('`slotui burn` needs --error-rate RATE (such as 2%) or --spent DURATION (such as 12m).', 'burn');
}

export async function burnCommand(ctx: Context, args: string[]): Promise<number> {
  return runBurn(ctx, burnOptions(ctx, args));
}

export async function runBurn(ctx: Context, options: BurnOptions): Promise<number> {
  const { record, budget } = await loadBudget(ctx, options.id);
  const { question } = options;
  let text: string;
  if (question.kind === 'error-rate') {
    const burn = burnFor(budget, question.rate);
    text = options.json ? terminalSafeJson(burnJson(record, burn), 2) : burnText(record, budget, question.rate, burn);
  } else {
    const spent = spentOf(budget, question.seconds);
    text = options.json ? terminalSafeJson(spentJson(record, spent), 2) : spentText(record, budget, spent);
  }
  await ctx.out.write(`${text}\n`);
  return 0;
}

export function burnJson(record: ApiRecord, burn: Burn): Record<string, unknown> {
  return {
    id: record.id,
    burn_rate: burn.burnRate,
    exhausts_in_seconds: burn.exhaustsInSeconds,
    tiers: burn.tiers.map((t) => ({ severity: t.severity, fires: t.fires })),
  };
}

export function spentJson(record: ApiRecord, spent: Spent): Record<string, unknown> {
  return {
    id: record.id,
    spent_seconds: spent.spentSeconds,
    spent_fraction: spent.spentFraction,
    left_seconds: spent.leftSeconds,
  };
}

export function burnText(record: ApiRecord, budget: Budget, rate: number, burn: Burn): string {
  const gone =
    burn.exhaustsInSeconds === null
      ? 'the budget is never used up'
      : `the whole budget (${formatDuration(budget.seconds)}) is gone in ${formatDuration(burn.exhaustsInSeconds)}`;
  const tiers = alertTiers(budget).map((tier, i) => [
    tier.severity,
    `${formatDuration(tier.longSeconds)}/${formatDuration(tier.shortSeconds)}`,
    `at ${formatBurn(tier.burnRate)}`,
    burn.tiers[i]?.fires ? 'fires' : 'does not fire',
  ]);
  const widths = [0, 1, 2].map((c) => Math.max(...tiers.map((row) => row[c]!.length)));
  return [
    `${describeSlo(record)}: ${objective(budget)}`,
    `At ${formatPercent(rate)} errors the budget burns at ${formatBurn(burn.burnRate)}: ${gone}.`,
    ...tiers.map((row) => `  ${row.map((cell, c) => (c < 3 ? cell.padEnd(widths[c]!) : cell)).join('  ')}`),
  ].join('\n');
}

export function spentText(record: ApiRecord, budget: Budget, spent: Spent): string {
  const left =
    spent.leftSeconds >= 0
      ? `${formatDuration(spent.leftSeconds)} left`
      : `overspent by ${formatDuration(-spent.leftSeconds)}`;
  return [
    `${describeSlo(record)}: ${objective(budget)}`,
    `${formatDuration(spent.spentSeconds)} spent of ${formatDuration(budget.seconds)}: ${formatPercent(spent.spentFraction)} of the budget, ${left}.`,
  ].join('\n');
}
