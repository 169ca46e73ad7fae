/**
 * Alert rules from the SLO math: what `slotui rules` writes for Prometheus,
 * Sloth and Pyrra. The thresholds are those of `alertTiers` (the SRE
 * workbook's multiwindow burn-rate tiers scaled to the SLO's window), so the
 * rules fire exactly where `slotui alerts` says.
 *
 * Names follow Sloth's conventions (recording rules `slo:sli_error:ratio_rate<window>`,
 * labels `sloth_id`, `sloth_service`, `sloth_slo`, `sloth_window`, the metadata rules
 * `slo:objective:ratio`, `slo:error_budget:ratio`, `slo:time_period:days`,
 * `slo:current_burn_rate:ratio`, `slo:period_error_budget_remaining:ratio`), so
 * dashboards built for Sloth's rules read these too. Pure: no I/O.
 */
import { roundRelative, type AlertTier, type Budget } from './sloMath.js';

/** Per SLI: PromQL of the errors and of the total, `{{window}}` where the range goes. */
export interface SliQueries {
  errors: string;
  total: string;
  /** Sloth's service label (default `slotui`). */
  service?: string;
  /** Pyrra reads metric selectors, not expressions: given, or read from `rate(SELECTOR[{{window}}])`. */
  errorsMetric?: string;
  totalMetric?: string;
}

export interface RuleSubject {
  id: string;
  name: string;
  budget: Budget;
  tiers: readonly AlertTier[];
  queries: SliQueries;
}

export const WINDOW_PLACEHOLDER = '{{window}}';
const DEFAULT_SERVICE = 'slotui';

/** Prometheus's duration: the largest unit that divides the seconds (300 → 5m, 259200 → 3d). */
export function promDuration(seconds: number): string {
  const whole = Math.round(seconds);
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (whole >= size && whole % size === 0) return `${whole / size}${unit}`;
  }
  return `${whole}s`;
}

/** An RFC 1123 name made of the SLO's name (`checkout-api-availability-99-9`). */
export function ruleSlug(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return slug === '' ? 'slo' : slug;
}

const serviceOf = (s: RuleSubject) => s.queries.service ?? DEFAULT_SERVICE;
const slothId = (s: RuleSubject) => `${serviceOf(s)}-${ruleSlug(s.name)}`;

/** The error ratio's PromQL over one window. */
export function errorRatio(queries: SliQueries, window: string): string {
  const over = (query: string) => query.split(WINDOW_PLACEHOLDER).join(window);
  return `(${over(queries.errors)})\n/\n(${over(queries.total)})`;
}

/** The windows the tiers use, shortest first, each once. */
export function tierWindows(tiers: readonly AlertTier[]): number[] {
  return [...new Set(tiers.flatMap((t) => [t.shortSeconds, t.longSeconds]))].sort((a, b) => a - b);
}

/** What a reader of the rules must know that the numbers alone do not say (YAML comment lines). */
export function ruleNotes(subject: RuleSubject): string[] {
  const { budget } = subject;
  const notes = [
    `${subject.name} (${subject.id}): ${budget.targetPercent} % over ${budget.window.label}, error budget ${budget.fraction}.`,
  ];
  if (budget.window.type === 'calendar')
    notes.push(
      `A calendar window: the thresholds are for the current period (${budget.window.seconds} s); write the rules again each period.`,
    );
  if (budget.intervalSeconds !== null)
    notes.push(
      `Judged by ${promDuration(budget.intervalSeconds)} intervals in slotui; the alerts use its error ratio (errors / total) as an event-based SLO's would.`,
    );
  for (const tier of subject.tiers.filter((t) => !t.reachable))
    notes.push(
      `No ${tier.severity} ${promDuration(tier.longSeconds)}/${promDuration(tier.shortSeconds)} alert: its burn ${tier.burnRate} needs more than 100 % errors (at most ${budget.maxBurn}), so it can never fire.`,
    );
  return notes;
}

const recordName = (window: string) => `slo:sli_error:ratio_rate${window}`;

/** One Prometheus rule group of an SLO: its error ratios, Sloth's metadata rules and one alert a reachable tier. */
export function prometheusGroup(subject: RuleSubject): { name: string; rules: Record<string, unknown>[] } {
  const id = slothId(subject);
  const labels = {
    sloth_id: id,
    sloth_service: serviceOf(subject),
    sloth_slo: ruleSlug(subject.name),
    slo_id: subject.id,
  };
  const selector = `{sloth_id="${id}", sloth_service="${labels.sloth_service}", sloth_slo="${labels.sloth_slo}"}`;
  const { budget } = subject;
  const period = promDuration(budget.window.seconds);
  const ratios = tierWindows(subject.tiers).map((seconds) => {
    const window = promDuration(seconds);
    return {
      record: recordName(window),
      expr: errorRatio(subject.queries, window),
      labels: { ...labels, sloth_window: window },
    };
  });
  const shortest = promDuration(tierWindows(subject.tiers)[0] ?? 300);
  const metadata = [
    {
      record: recordName(period),
      expr: `sum_over_time(${recordName(shortest)}${selector}[${period}])\n/ ignoring (sloth_window)\ncount_over_time(${recordName(shortest)}${selector}[${period}])`,
      labels: { ...labels, sloth_window: period },
    },
    { record: 'slo:objective:ratio', expr: `vector(${roundRelative(budget.targetPercent / 100)})`, labels },
    { record: 'slo:error_budget:ratio', expr: `vector(${budget.fraction})`, labels },
    { record: 'slo:time_period:days', expr: `vector(${roundRelative(budget.window.seconds / 86_400)})`, labels },
    {
      record: 'slo:current_burn_rate:ratio',
      expr: `${recordName(shortest)}${selector}\n/ on(sloth_id, sloth_slo, sloth_service) group_left\nslo:error_budget:ratio${selector}`,
      labels,
    },
    {
      record: 'slo:period_error_budget_remaining:ratio',
      expr: `1 - ${recordName(period)}${selector}\n/ on(sloth_id, sloth_slo, sloth_service) group_left\nslo:error_budget:ratio${selector}`,
      labels,
    },
  ];
  const alerts = subject.tiers
    .filter((tier) => tier.reachable)
    .map((tier) => {
      const long = promDuration(tier.longSeconds);
      const short = promDuration(tier.shortSeconds);
      const above = (window: string) =>
        `max(${recordName(window)}${selector} >= ${tier.errorRate}) without (sloth_window)`;
      return {
        alert: 'SLOErrorBudgetBurn',
        expr: `(\n  ${above(long)}\n  and\n  ${above(short)}\n)`,
        labels: {
          severity: tier.severity,
          sloth_severity: tier.severity,
          slo_id: subject.id,
          sloth_id: id,
          sloth_service: labels.sloth_service,
          sloth_slo: labels.sloth_slo,
          long_window: long,
          short_window: short,
        },
        annotations: {
          summary: `${subject.name}: the error budget burns at ${tier.burnRate}x or faster over ${long} and ${short}.`,
          description: `${budget.targetPercent} % over ${budget.window.label}: this ${tier.severity} fires at ${roundRelative(tier.errorRate * 100)} % errors, when ${roundRelative(tier.budgetShare * 100)} % of the budget would be spent in ${long}.`,
          slo_name: subject.name,
          slo_target: `${budget.targetPercent}`,
          slo_window: budget.window.label,
        },
      };
    });
  return { name: `slotui-slo-${id}`, rules: [...ratios, ...metadata, ...alerts] };
}

/** One Sloth `prometheus/v1` spec a service, its SLOs in the order given. */
export function slothSpecs(subjects: readonly RuleSubject[]): Record<string, unknown>[] {
  const byService = new Map<string, RuleSubject[]>();
  for (const s of subjects) byService.set(serviceOf(s), [...(byService.get(serviceOf(s)) ?? []), s]);
  return [...byService].map(([service, group]) => ({
    version: 'prometheus/v1',
    service,
    slos: group.map((s) => ({
      name: ruleSlug(s.name),
      objective: s.budget.targetPercent,
      description: s.name,
      labels: { slo_id: s.id },
      sli: {
        events: {
          error_query: s.queries.errors.split(WINDOW_PLACEHOLDER).join('{{.window}}'),
          total_query: s.queries.total.split(WINDOW_PLACEHOLDER).join('{{.window}}'),
        },
      },
      alerting: {
        name: 'SLOErrorBudgetBurn',
        labels: { slo_id: s.id },
        annotations: { summary: `${s.name}: the error budget burns too fast.` },
        page_alert: { labels: { severity: 'page' } },
        ticket_alert: { labels: { severity: 'ticket' } },
      },
    })),
  }));
}

/** Notes Sloth's spec needs beyond ruleNotes: Sloth computes over its own period. */
export function slothNotes(subject: RuleSubject): string[] {
  const period = promDuration(subject.budget.window.seconds);
  if (period === '30d') return [];
  return [
    `${subject.name}: Sloth computes over its own SLO period (30d unless told): generate with \`sloth generate --default-slo-period ${period}\`.`,
  ];
}

const METRIC_IN_RATE = /\b(?:rate|increase|irate)\(\s*([^[\]()]+?)\s*\[\s*\{\{window\}\}\s*\]\s*\)/g;

/** The metric selector of `sum(rate(SELECTOR[{{window}}]))`, or undefined when the query holds not exactly one. */
export function metricSelector(query: string): string | undefined {
  const found = [...query.matchAll(METRIC_IN_RATE)].map((m) => m[1]!);
  return found.length === 1 ? found[0] : undefined;
}

/** A Pyrra `ServiceLevelObjective`, or why the query map cannot give its metric selectors. */
export function pyrraObject(subject: RuleSubject): { object: Record<string, unknown> } | { problem: string } {
  const errors = subject.queries.errorsMetric ?? metricSelector(subject.queries.errors);
  const total = subject.queries.totalMetric ?? metricSelector(subject.queries.total);
  if (errors === undefined || total === undefined) {
    return {
      problem: `Pyrra reads metric selectors: the queries are not one rate(SELECTOR[{{window}}]) each, so give errorsMetric and totalMetric`,
    };
  }
  return {
    object: {
      apiVersion: 'pyrra.dev/v1alpha1',
      kind: 'ServiceLevelObjective',
      metadata: {
        name: ruleSlug(subject.name),
        labels: { prometheus: 'k8s', role: 'alert-rules' },
        annotations: { 'slotui/id': subject.id },
      },
      spec: {
        target: `${subject.budget.targetPercent}`,
        window: promDuration(subject.budget.window.seconds),
        description: subject.name,
        indicator: { ratio: { errors: { metric: errors }, total: { metric: total } } },
      },
    },
  };
}

/** Notes Pyrra needs beyond ruleNotes: its windows are rolling. */
export function pyrraNotes(subject: RuleSubject): string[] {
  return subject.budget.window.type === 'calendar'
    ? [`${subject.name}: Pyrra's windows are rolling; this one is the current calendar period's length.`]
    : [];
}
