/** `slotui budget <slo-id> [--json]`: the allowed bad time over the window and the bad intervals. */
import { formatDuration, type Budget } from '../../domain/sloMath.js';
import { sanitizeLine } from '../../text/sanitize.js';
import type { Context } from '../context.js';
import { terminalSafeJson } from '../format.js';
import {
  EQUIVALENT_OUTAGE_NOTE,
  assumptionLines,
  describeSlo,
  durationWithSeconds,
  labelled,
  loadBudget,
  sloMathOptions,
  type SloMathOptions,
} from './slo-budget.js';
import type { ApiRecord } from '../../api/record.js';

export async function budgetCommand(ctx: Context, args: string[]): Promise<number> {
  return runBudget(ctx, sloMathOptions(ctx, args));
}

export async function runBudget(ctx: Context, options: SloMathOptions): Promise<number> {
  const { record, budget } = await loadBudget(ctx, options.id);
  await ctx.out.write(
    options.json ? `${terminalSafeJson(budgetJson(record, budget), 2)}\n` : budgetText(record, budget),
  );
  return 0;
}

export function budgetJson(record: ApiRecord, budget: Budget): Record<string, unknown> {
  return {
    id: record.id,
    name: typeof record.name === 'string' ? record.name : null,
    target_percent: budget.targetPercent,
    budget_fraction: budget.fraction,
    window: {
      type: budget.window.type,
      value: budget.window.value,
      unit: budget.window.unit,
      seconds: budget.window.seconds,
    },
    budget_seconds: budget.seconds,
    interval_seconds: budget.intervalSeconds,
    budget_intervals: budget.intervals,
    assumptions: budget.assumptions,
  };
}

function intervalsText(budget: Budget): string {
  if (budget.intervalSeconds === null || budget.intervals === null) return 'no interval: bad intervals not counted';
  const whole = budget.intervals * budget.intervalSeconds;
  return `${budget.intervals} bad ${formatDuration(budget.intervalSeconds)} intervals (${formatDuration(whole)} in whole intervals)`;
}

export function budgetText(record: ApiRecord, budget: Budget): string {
  return [
    describeSlo(record),
    ...labelled([
      ['target', `${budget.targetPercent} % (budget fraction ${budget.fraction})`],
      ['window', `${sanitizeLine(budget.window.label)} (${budget.window.seconds} s)`],
      ['budget', `${durationWithSeconds(budget.seconds)} of bad time`],
      ['intervals', intervalsText(budget)],
      ['1 % of it', formatDuration(budget.seconds / 100)],
    ]),
    ...assumptionLines(budget),
    EQUIVALENT_OUTAGE_NOTE,
    '',
  ].join('\n');
}
