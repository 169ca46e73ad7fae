/** `slotui alerts <slo-id> [--json]`: the workbook's multiwindow burn-rate tiers scaled to the SLO's window. */
import type { ApiRecord } from '../../api/record.js';
import {
  alertTiers,
  formatBurn,
  formatDuration,
  formatPercent,
  type AlertTier,
  type Budget,
} from '../../domain/sloMath.js';
import type { Context } from '../context.js';
import { terminalSafeJson } from '../format.js';
import { describeSlo, loadBudget, objective, sloMathOptions, type SloMathOptions } from './slo-budget.js';

export async function alertsCommand(ctx: Context, args: string[]): Promise<number> {
  return runAlerts(ctx, sloMathOptions(ctx, args));
}

export async function runAlerts(ctx: Context, options: SloMathOptions): Promise<number> {
  const { record, budget } = await loadBudget(ctx, options.id);
  const tiers = alertTiers(budget);
  await ctx.out.write(
    options.json ? `${terminalSafeJson(alertsJson(record, tiers), 2)}\n` : alertsText(record, budget, tiers),
  );
  return 0;
}

export function alertsJson(record: ApiRecord, tiers: readonly AlertTier[]): Record<string, unknown> {
  return {
    id: record.id,
    tiers: tiers.map((t) => ({
      severity: t.severity,
      long_seconds: t.longSeconds,
      short_seconds: t.shortSeconds,
      budget_share: t.budgetShare,
      burn_rate: t.burnRate,
      error_rate: t.errorRate,
      reachable: t.reachable,
    })),
  };
}

/** A plain table: severity, windows, share, burn, the error rate that fires it, or why it never fires. */
export function tierTable(budget: Budget, tiers: readonly AlertTier[]): string[] {
  const rows = [
    ['SEVERITY', 'WINDOWS', 'BUDGET', 'BURN', 'FIRES AT'],
    ...tiers.map((t) => [
      t.severity,
      `${formatDuration(t.longSeconds)}/${formatDuration(t.shortSeconds)}`,
      formatPercent(t.budgetShare),
      formatBurn(t.burnRate),
      t.reachable
        ? `${formatPercent(t.errorRate)} errors`
        : `never: even 100 % errors burn only ${formatBurn(budget.maxBurn)}`,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

export function alertsText(record: ApiRecord, budget: Budget, tiers: readonly AlertTier[]): string {
  return [
    `${describeSlo(record)}: ${objective(budget)}, budget ${formatDuration(budget.seconds)}`,
    ...tierTable(budget, tiers),
    'Multiwindow, multi-burn-rate alerts (SRE workbook): a tier fires when both its long and short window burn at least its rate.',
    '',
  ].join('\n');
}
