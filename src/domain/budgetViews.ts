/**
 * The SLO math as the dashboard shows it, in plain data and text (no UI code): the budget
 * card, the budget ladder, the burn calculator's answer, the what-if line of the SLO form and
 * the BUDGET cell of a list row. The screens only lay these out and colour them.
 */
import {
  alertTiers,
  budgetOf,
  burnFor,
  formatBurn,
  formatDuration,
  formatPercent,
  parseDuration,
  parsePercent,
  spentOf,
  type AlertTier,
  type Budget,
  type SloDefinition,
} from './sloMath.js';

/** What the BUDGET column shows: the allowed bad time, or `—` when the definition gives none. */
export function budgetCell(slo: SloDefinition, now: Date): string {
  const result = budgetOf(slo, now);
  return result.ok ? formatDuration(result.budget.seconds) : '—';
}

const EQUIVALENT_OUTAGE =
  'For event-based SLIs this is an equivalent full-outage time: the bad time if every request failed.';

export interface BudgetCard {
  /** `43m 12s of bad time per rolling 30 days · 43 bad 1m intervals · 1 % of the budget = 25s` */
  headline: string;
  note: string;
  assumptions: string[];
}

export function budgetCard(budget: Budget): BudgetCard {
  const parts = [`${formatDuration(budget.seconds)} of bad time per ${budget.window.label}`];
  if (budget.intervals !== null && budget.intervalSeconds !== null) {
    parts.push(`${budget.intervals} bad ${formatDuration(budget.intervalSeconds)} intervals`);
  }
  parts.push(`1 % of the budget = ${formatDuration(budget.seconds / 100)}`);
  return { headline: parts.join(' · '), note: EQUIVALENT_OUTAGE, assumptions: budget.assumptions };
}

/** One row of the alert tier table, as text cells. */
export interface TierRow {
  severity: string;
  windows: string;
  share: string;
  burn: string;
  /** `1.44 % errors`, or why the tier never fires. */
  firesAt: string;
  reachable: boolean;
}

export function tierRows(budget: Budget, tiers: readonly AlertTier[] = alertTiers(budget)): TierRow[] {
  return tiers.map((t) => ({
    severity: t.severity,
    windows: `${formatDuration(t.longSeconds)}/${formatDuration(t.shortSeconds)}`,
    share: formatPercent(t.budgetShare),
    burn: formatBurn(t.burnRate),
    firesAt: t.reachable
      ? `${formatPercent(t.errorRate)} errors`
      : `never (100 % errors burn ${formatBurn(budget.maxBurn)})`,
    reachable: t.reachable,
  }));
}

const LADDER_TARGETS = ['99', '99.5', '99.9', '99.95', '99.99'] as const;

export interface LadderRow {
  targetPercent: number;
  seconds: number;
  duration: string;
  /** Bar length in cells, on a log scale, at least 1. */
  bar: number;
  /** The SLO's own target. */
  own: boolean;
}

/**
 * The budget at common targets over the SLO's window, as bars on a log scale (each target
 * tenfold stricter is a fixed step shorter); the SLO's own target is marked, added in its
 * place when it is not one of them. Null when the window gives no budget at all.
 */
export function budgetLadder(slo: SloDefinition, now: Date, barWidth: number): LadderRow[] | null {
  const own = budgetOf(slo, now);
  const rows: { targetPercent: number; seconds: number; own: boolean }[] = [];
  for (const target of LADDER_TARGETS) {
    const result = budgetOf({ ...slo, target_value: target, target_unit: '%' }, now);
    if (!result.ok) return null;
    rows.push({ targetPercent: result.budget.targetPercent, seconds: result.budget.seconds, own: false });
  }
  if (own.ok) {
    const same = rows.find((r) => r.targetPercent === own.budget.targetPercent);
    if (same) same.own = true;
    else rows.push({ targetPercent: own.budget.targetPercent, seconds: own.budget.seconds, own: true });
    rows.sort((a, b) => a.targetPercent - b.targetPercent);
  }
  const logs = rows.map((r) => Math.log10(r.seconds));
  // A decade below the smallest budget is the bar's zero, so the shortest bar still shows.
  const low = Math.min(...logs) - 1;
  const span = Math.max(...logs) - low;
  const width = Math.max(1, Math.floor(barWidth));
  return rows.map((r, i) => ({
    ...r,
    duration: formatDuration(r.seconds),
    bar: Math.max(1, Math.round((width * ((logs[i] ?? low) - low)) / span)),
  }));
}

interface TierFiring {
  severity: string;
  windows: string;
  burn: string;
  fires: boolean;
}

export type BurnAnswer =
  | { ok: true; kind: 'error-rate'; lines: string[]; tiers: TierFiring[] }
  | { ok: true; kind: 'spent'; lines: string[]; overspent: boolean }
  | { ok: false; reason: string };

/** A duration ends in one of its units; anything else is read as an error rate in percent. */
const LOOKS_LIKE_DURATION = /[dhms]\s*$/i;

/** The calculator's answer to `2%` (an error rate) or `12m` (bad time spent). */
export function answerBurnQuestion(budget: Budget, text: string): BurnAnswer {
  if (text.trim() === '')
    return { ok: false, reason: 'Type an error rate such as 2% or the bad time spent such as 12m.' };
  if (LOOKS_LIKE_DURATION.test(text)) {
    const parsed = parseDuration(text);
    if (!parsed.ok) return { ok: false, reason: parsed.reason };
    const spent = spentOf(budget, parsed.value);
    const left =
      spent.leftSeconds >= 0
        ? `${formatDuration(spent.leftSeconds)} left`
        : `overspent by ${formatDuration(-spent.leftSeconds)}`;
    return {
      ok: true,
      kind: 'spent',
      overspent: spent.leftSeconds < 0,
      lines: [
        `${formatDuration(spent.spentSeconds)} spent: ${formatPercent(spent.spentFraction)} of the budget (${formatDuration(budget.seconds)}), ${left}`,
      ],
    };
  }
  const parsed = parsePercent(text);
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  const burn = burnFor(budget, parsed.value);
  const tiers = alertTiers(budget);
  const gone =
    burn.exhaustsInSeconds === null
      ? 'the budget is never used up'
      : `the budget is gone in ${formatDuration(burn.exhaustsInSeconds)}`;
  const firing = burn.tiers.filter((t) => t.fires).length;
  return {
    ok: true,
    kind: 'error-rate',
    lines: [
      `At ${formatPercent(parsed.value)} errors: burn ${formatBurn(burn.burnRate)}, ${gone}`,
      firing === 0 ? 'No alert tier fires.' : `${firing} of ${burn.tiers.length} alert tiers fire.`,
    ],
    tiers: tiers.map((t, i) => ({
      severity: t.severity,
      windows: `${formatDuration(t.longSeconds)}/${formatDuration(t.shortSeconds)}`,
      burn: formatBurn(t.burnRate),
      fires: burn.tiers[i]?.fires ?? false,
    })),
  };
}

export interface WhatIf {
  /** `budget 43m 12s → 21m 36s` */
  text: string;
  /** False while what is typed gives no budget: the line is shown dimmed. */
  valid: boolean;
}

/** The form's live line: the budget of the stored SLO (if any) and of what is typed now. */
export function whatIfLine(stored: SloDefinition | undefined, draft: SloDefinition, now: Date): WhatIf {
  const before = stored ? budgetOf(stored, now) : undefined;
  const after = budgetOf(draft, now);
  const from = before?.ok ? `${formatDuration(before.budget.seconds)} → ` : '';
  if (!after.ok) return { text: `budget ${from}— (${after.reason})`, valid: false };
  const to = formatDuration(after.budget.seconds);
  if (before?.ok && before.budget.seconds === after.budget.seconds) return { text: `budget ${to}`, valid: true };
  return { text: `budget ${from}${to}`, valid: true };
}
