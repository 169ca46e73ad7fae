/**
 * `slotui lint`'s rules: definitions that can never work as meant, found from
 * the records alone. Targets, windows and alert tiers are read by the SLO math
 * (sloMath.ts), so lint and `budget` never disagree about a record.
 *
 * Pure: records and the clock in, findings out, in the order of the records.
 */
import type { ApiRecord } from '../api/record.js';
import { shiftDecimal } from './decimal.js';
import { alertTiers, budgetOf, formatDuration, type SloDefinition } from './sloMath.js';

export type LintSeverity = 'error' | 'warning';

export const LINT_RULES = {
  'target-not-number': 'error',
  'target-out-of-range': 'error',
  'unknown-unit': 'error',
  'invalid-window': 'error',
  'interval-exceeds-window': 'error',
  'interval-not-dividing': 'error',
  'missing-sli': 'error',
  'unknown-query': 'error',
  'unreachable-tier': 'warning',
} as const satisfies Record<string, LintSeverity>;

export type LintRule = keyof typeof LINT_RULES;

export interface Finding {
  severity: LintSeverity;
  resource: 'slo' | 'sli';
  id: string;
  rule: LintRule;
  message: string;
}

/** A valid stand-in target: the window is then judged on its own. */
const ANY_TARGET = { target_value: '99', target_unit: '%' };

/** Absent, null or only spaces: what the SLO math reads as not given. */
const blank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A stored value in a message: text quoted, an object or a list by its kind (never `[object Object]`). */
const quoted = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : typeof value === 'object' && value !== null
      ? `(${Array.isArray(value) ? 'list' : 'object'})`
      : String(value);

export function lintRecords(slis: readonly ApiRecord[], slos: readonly ApiRecord[], now: Date): Finding[] {
  const sliIds = new Set(slis.map((sli) => sli.id));
  return [...slos.flatMap((slo) => lintSlo(slo, sliIds, now)), ...slis.flatMap(lintSli)];
}

export function lintSlo(slo: ApiRecord, sliIds: ReadonlySet<string>, now: Date): Finding[] {
  const findings: Finding[] = [];
  const found = (rule: LintRule, message: string) =>
    findings.push({ severity: LINT_RULES[rule], resource: 'slo', id: slo.id, rule, message });
  const definition = slo as SloDefinition;

  const budget = budgetOf(definition, now);
  if (!budget.ok && budget.field === 'target_unit')
    found('unknown-unit', `target_unit ${quoted(slo.target_unit)} is not a percent (%, percent or pct)`);
  if (!budget.ok && budget.field === 'target_value') {
    const text = typeof slo.target_value === 'number' ? String(slo.target_value) : slo.target_value;
    if (typeof text !== 'string' || shiftDecimal(text, 0) === undefined)
      found(
        'target-not-number',
        `target_value ${text === undefined || text === null ? 'is missing' : `${quoted(text)} is not a number`}`,
      );
    else
      found(
        'target-out-of-range',
        `target_value ${text} is not between 0 and 100 (exclusive)${Number(text) >= 100 ? ': it allows no bad time at all' : ''}`,
      );
  }

  const window = budgetOf({ ...definition, ...ANY_TARGET }, now);
  if (!window.ok) {
    if (window.field === 'time_window_unit')
      found(
        'unknown-unit',
        blank(slo.time_window_unit)
          ? 'time_window_unit is missing'
          : `time_window_unit ${quoted(slo.time_window_unit)} is not minute, hour, day, week, month or year`,
      );
    else found('invalid-window', window.reason.replace(/: no budget$/, ''));
  } else {
    const seconds = window.budget.window.seconds;
    const interval = slo.interval;
    if (typeof interval === 'number' && Number.isFinite(interval) && interval > 0) {
      const ratio = seconds / interval;
      if (interval > seconds)
        found(
          'interval-exceeds-window',
          `interval ${interval}s is longer than the ${window.budget.window.label} window (${formatDuration(seconds)})`,
        );
      else if (Math.abs(ratio - Math.round(ratio)) > 1e-9 * ratio)
        found(
          'interval-not-dividing',
          `interval ${interval}s does not divide the ${window.budget.window.label} window (${formatDuration(seconds)}) into whole intervals`,
        );
    }
  }

  const sliId = slo.service_level_indicator_id;
  if (sliId === undefined || sliId === null || String(sliId).trim() === '')
    found('missing-sli', 'service_level_indicator_id is empty: the SLO is measured on nothing');
  else if (!sliIds.has(String(sliId))) found('missing-sli', `service_level_indicator_id ${String(sliId)} names no SLI`);

  if (budget.ok) {
    for (const tier of alertTiers(budget.budget)) {
      if (tier.severity !== 'page' || tier.reachable) continue;
      found(
        'unreachable-tier',
        `the page tier ${formatDuration(tier.longSeconds)}/${formatDuration(tier.shortSeconds)} needs a burn rate of ${tier.burnRate}, above the ${budget.budget.maxBurn} that 100% errors give at a ${budget.budget.targetPercent}% target: it can never fire`,
      );
    }
  }
  return findings;
}

/** Names a formula uses: identifier tokens, not numbers (1e3) nor functions called (`sum(`). */
export function formulaNames(formula: string): string[] {
  const names: string[] = [];
  for (const match of formula.matchAll(/\d*\.?\d+(?:[eE][+-]?\d+)?|([A-Za-z_][A-Za-z0-9_]*)(\s*\()?/g)) {
    const [, name, call] = match;
    if (name !== undefined && call === undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

function lintSli(sli: ApiRecord): Finding[] {
  if (typeof sli.formula !== 'string') return [];
  const queries = sli.queries !== null && typeof sli.queries === 'object' ? Object.keys(sli.queries) : [];
  return formulaNames(sli.formula)
    .filter((name) => !queries.includes(name))
    .map((name) => ({
      severity: LINT_RULES['unknown-query'],
      resource: 'sli' as const,
      id: sli.id,
      rule: 'unknown-query' as const,
      message: `the formula names ${name}, which is not one of its queries (${queries.length > 0 ? queries.join(', ') : 'it has none'})`,
    }));
}
