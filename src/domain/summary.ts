/**
 * A record as a short Markdown summary (what `Y` copies): a heading and
 * "- Label: value" lines. For an SLO the lines are its target, window,
 * budget, SLI and first page tier, from the SLO math.
 */
import { markdownText } from '../text/markdown.js';
import {
  alertTiers,
  budgetOf,
  formatBurn,
  formatDuration,
  formatPercent,
  type Budget,
  type SloDefinition,
} from './sloMath.js';

export interface SummaryItem {
  label: string;
  value: string;
}

/** `1h/5m: burn 14.4× (1.44 % errors)`, or why the tier never fires; '' without a page tier. */
export function firstPageTier(budget: Budget): string {
  const tier = alertTiers(budget).find((t) => t.severity === 'page');
  if (!tier) return '';
  const windows = `${formatDuration(tier.longSeconds)}/${formatDuration(tier.shortSeconds)}`;
  return tier.reachable
    ? `${windows}: burn ${formatBurn(tier.burnRate)} (${formatPercent(tier.errorRate)} errors)`
    : `${windows}: never fires (burn ${formatBurn(tier.burnRate)}, at most ${formatBurn(budget.maxBurn)})`;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** An SLO's target, window, budget, SLI (`sli` as the caller names it) and first page tier. */
export function sloSummaryItems(slo: SloDefinition, sli: string, now: Date): SummaryItem[] {
  const result = budgetOf(slo, now);
  if (!result.ok) {
    return [
      { label: 'Target', value: [text(slo.target_value), text(slo.target_unit)].filter(Boolean).join(' ') },
      {
        label: 'Window',
        value: [text(slo.time_window_type), text(slo.time_window_value), text(slo.time_window_unit)]
          .filter(Boolean)
          .join(' '),
      },
      { label: 'Budget', value: `none: ${result.reason}` },
      { label: 'SLI', value: sli },
    ];
  }
  const { budget } = result;
  const intervals =
    budget.intervals !== null && budget.intervalSeconds !== null
      ? `; ${budget.intervals} bad ${formatDuration(budget.intervalSeconds)} intervals`
      : '';
  return [
    { label: 'Target', value: `${budget.targetPercent} %` },
    { label: 'Window', value: budget.window.label },
    { label: 'Budget', value: `${formatDuration(budget.seconds)} of bad time (${budget.seconds} s)${intervals}` },
    { label: 'SLI', value: sli },
    { label: 'First page tier', value: firstPageTier(budget) },
  ];
}

/** `### Title` and one `- Label: value` line an item (empty values left out), escaped for Markdown. */
export function markdownSummary(title: string, items: readonly SummaryItem[]): string {
  return [
    `### ${markdownText(title)}`,
    '',
    ...items.filter((i) => i.value.trim() !== '').map((i) => `- ${markdownText(i.label)}: ${markdownText(i.value)}`),
    '',
  ].join('\n');
}
