import { describe, expect, it } from 'vitest';
import {
  errorRatio,
  metricSelector,
  prometheusGroup,
  promDuration,
  pyrraNotes,
  pyrraObject,
  ruleNotes,
  ruleSlug,
  slothNotes,
  slothSpecs,
  tierWindows,
  type RuleSubject,
} from '../../src/domain/alertRules.js';
import { alertTiers, budgetOf } from '../../src/domain/sloMath.js';

const queries = {
  errors: 'sum(rate(http_requests_total{code=~"5.."}[{{window}}]))',
  total: 'sum(rate(http_requests_total[{{window}}]))',
};
const now = new Date('2026-11-24T12:00:00Z');
function subject(fields: Record<string, unknown>, extra: Partial<RuleSubject> = {}): RuleSubject {
  const result = budgetOf(
    {
      target_value: '99.9',
      target_unit: '%',
      time_window_type: 'rolling',
      time_window_value: '30',
      time_window_unit: 'day',
      ...fields,
    },
    now,
  );
  if (!result.ok) throw new Error(result.reason);
  return {
    id: 'slo-1',
    name: 'Checkout availability',
    budget: result.budget,
    tiers: alertTiers(result.budget),
    queries,
    ...extra,
  };
}
type Rule = { record?: string; alert?: string; expr: string; labels: Record<string, string> };

describe('Prometheus durations and names', () => {
  it.each([
    [300, '5m'],
    [1800, '30m'],
    [3600, '1h'],
    [21_600, '6h'],
    [259_200, '3d'],
    [2_592_000, '30d'],
    [90, '90s'],
    [5400, '90m'],
  ])('%i s is %s', (seconds, text) => expect(promDuration(seconds)).toBe(text));

  it('slugs are RFC 1123 names', () => {
    expect(ruleSlug('Checkout API: availability 99.9%')).toBe('checkout-api-availability-99-9');
    expect(ruleSlug('***')).toBe('slo');
    expect(ruleSlug('x'.repeat(80))).toHaveLength(63);
  });
});

describe('the Prometheus group of an SLO', () => {
  const group = prometheusGroup(subject({}));
  const rules = group.rules as Rule[];

  it('records the error ratio over every window the tiers use, named as Sloth names them', () => {
    expect(tierWindows(subject({}).tiers)).toEqual([300, 1800, 3600, 21_600, 259_200]);
    const ratios = rules.filter((r) => r.record?.startsWith('slo:sli_error:ratio_rate')).map((r) => r.record);
    expect(ratios).toEqual([
      'slo:sli_error:ratio_rate5m',
      'slo:sli_error:ratio_rate30m',
      'slo:sli_error:ratio_rate1h',
      'slo:sli_error:ratio_rate6h',
      'slo:sli_error:ratio_rate3d',
      'slo:sli_error:ratio_rate30d',
    ]);
    const fiveMinutes = rules[0]!;
    expect(fiveMinutes.expr).toBe(errorRatio(queries, '5m'));
    expect(fiveMinutes.expr).toContain('[5m]');
    expect(fiveMinutes.expr).not.toContain('{{window}}');
    expect(fiveMinutes.labels).toMatchObject({ sloth_window: '5m', slo_id: 'slo-1', sloth_service: 'slotui' });
  });

  it('one alert a tier, both windows at the error rate alerts prints', () => {
    const alerts = rules.filter((r) => r.alert);
    const tiers = subject({}).tiers;
    expect(alerts.map((a) => [a.labels.severity, a.labels.long_window, a.labels.short_window])).toEqual([
      ['page', '1h', '5m'],
      ['page', '6h', '30m'],
      ['ticket', '3d', '6h'],
    ]);
    alerts.forEach((alert, i) => {
      const thresholds = [...alert.expr.matchAll(/>= ([0-9.e-]+)\)/g)].map((m) => Number(m[1]));
      expect(thresholds).toEqual([tiers[i]!.errorRate, tiers[i]!.errorRate]);
      expect(alert.expr).toContain(`slo:sli_error:ratio_rate${alert.labels.long_window}{`);
      expect(alert.expr).toContain(`slo:sli_error:ratio_rate${alert.labels.short_window}{`);
    });
    expect(tiers.map((t) => t.errorRate)).toEqual([0.0144, 0.006, 0.001]);
  });

  it("Sloth's metadata rules: objective, budget and period", () => {
    const value = (record: string) => rules.find((r) => r.record === record)?.expr;
    expect(value('slo:objective:ratio')).toBe('vector(0.999)');
    expect(value('slo:error_budget:ratio')).toBe('vector(0.001)');
    expect(value('slo:time_period:days')).toBe('vector(30)');
  });

  it('a tier that can never fire gets no alert, and a note says why', () => {
    const loose = subject({ target_value: '90' });
    const alerts = (prometheusGroup(loose).rules as Rule[]).filter((r) => r.alert);
    expect(alerts.map((a) => a.labels.long_window)).toEqual(['6h', '3d']);
    expect(ruleNotes(loose).join('\n')).toMatch(
      /No page 1h\/5m alert: its burn 14\.4 needs more than 100 % errors \(at most 10\)/,
    );
  });

  it('notes for a calendar window and an SLO judged by intervals', () => {
    const notes = ruleNotes(
      subject({ time_window_type: 'calendar', time_window_unit: 'month', time_window_value: '1', interval: 60 }),
    );
    expect(notes[1]).toMatch(/calendar window: the thresholds are for the current period \(2592000 s\)/);
    expect(notes[2]).toMatch(/Judged by 1m intervals in slotui; the alerts use its error ratio/);
    expect(ruleNotes(subject({}))).toHaveLength(1);
  });
});

describe('Sloth and Pyrra', () => {
  it("a Sloth spec a service, with Sloth's {{.window}}", () => {
    const specs = slothSpecs([
      subject({}),
      subject({}, { id: 'slo-2', name: 'Search', queries: { ...queries, service: 'search' } }),
    ]);
    expect(specs.map((s) => s.service)).toEqual(['slotui', 'search']);
    const slo = (specs[0]!.slos as Record<string, unknown>[])[0]!;
    expect(slo).toMatchObject({ name: 'checkout-availability', objective: 99.9, labels: { slo_id: 'slo-1' } });
    expect(slo.sli).toEqual({
      events: {
        error_query: 'sum(rate(http_requests_total{code=~"5.."}[{{.window}}]))',
        total_query: 'sum(rate(http_requests_total[{{.window}}]))',
      },
    });
  });

  it('metric selectors for Pyrra: read from rate(SELECTOR[{{window}}]), or given', () => {
    expect(metricSelector(queries.errors)).toBe('http_requests_total{code=~"5.."}');
    expect(metricSelector('sum(increase(a[{{window}}])) - sum(increase(b[{{window}}]))')).toBeUndefined();
    const made = pyrraObject(subject({}));
    expect('object' in made && made.object.spec).toEqual({
      target: '99.9',
      window: '30d',
      description: 'Checkout availability',
      indicator: {
        ratio: { errors: { metric: 'http_requests_total{code=~"5.."}' }, total: { metric: 'http_requests_total' } },
      },
    });
    const hard = subject(
      {},
      { queries: { errors: 'sum(rate(a[{{window}}])) - sum(rate(b[{{window}}]))', total: queries.total } },
    );
    expect(pyrraObject(hard)).toEqual({ problem: expect.stringMatching(/give errorsMetric and totalMetric/) });
  });
});

describe('rules at the edges', () => {
  it.each([
    [0, '0s'],
    [59.6, '1m'],
    [60, '1m'],
    [61, '61s'],
    [172_800, '2d'],
    [90_000, '25h'],
  ])('%s s is %s', (seconds, text) => expect(promDuration(seconds)).toBe(text));

  it.each([
    ['--Leading and trailing--', 'leading-and-trailing'],
    ['A  --  B', 'a-b'],
    ['', 'slo'],
    [`${'x'.repeat(62)} y`, 'x'.repeat(62)],
    [`${'x'.repeat(61)}--y`, `${'x'.repeat(61)}-y`],
    ['ÄÖ ok', 'ok'],
  ])('ruleSlug(%j) is %j', (text, slug) => expect(ruleSlug(text)).toBe(slug));

  it.each<[string, string | undefined]>([
    ['sum(rate( m{a="b"} [ {{window}} ] ))', 'm{a="b"}'],
    ['sum(irate(x[{{window}}]))', 'x'],
    ['increase(y[{{window}}])', 'y'],
    ['sum(foo_rate(x[{{window}}]))', undefined],
    ['sum(rate(x[5m]))', undefined],
    ['sum(rate(f(x)[{{window}}]))', undefined],
    ['x', undefined],
  ])('metricSelector(%j) is %j', (query, selector) => expect(metricSelector(query)).toBe(selector));

  it('a metric given wins over the one read from the query; a missing one is a problem', () => {
    const given = pyrraObject(subject({}, { queries: { ...queries, errorsMetric: 'errs', totalMetric: 'all' } }));
    expect('object' in given && given.object.spec).toMatchObject({
      indicator: { ratio: { errors: { metric: 'errs' }, total: { metric: 'all' } } },
    });
    const noTotal = pyrraObject(subject({}, { queries: { errors: queries.errors, total: 'sum(total)' } }));
    expect('problem' in noTotal).toBe(true);
  });

  it("Sloth's spec groups the SLOs of a service in the order given", () => {
    const specs = slothSpecs([
      subject({}, { id: 'a', name: 'A' }),
      subject({}, { id: 'b', name: 'B', queries: { ...queries, service: 'search' } }),
      subject({}, { id: 'c', name: 'C' }),
    ]);
    expect(specs.map((s) => [s.service, (s.slos as { name: string }[]).map((slo) => slo.name)])).toEqual([
      ['slotui', ['a', 'c']],
      ['search', ['b']],
    ]);
  });

  it('Sloth needs a note only for a period other than 30 days; Pyrra only for a calendar window', () => {
    expect(slothNotes(subject({}))).toEqual([]);
    expect(slothNotes(subject({ time_window_value: '7' }))).toHaveLength(1);
    expect(slothNotes(subject({ time_window_value: '7' }))[0]).toContain('--default-slo-period 7d');
    expect(pyrraNotes(subject({}))).toEqual([]);
    expect(
      pyrraNotes(subject({ time_window_type: 'calendar', time_window_unit: 'month', time_window_value: '1' })),
    ).toHaveLength(1);
  });

  it('the windows of the tiers, shortest first, each once', () => {
    expect(tierWindows(subject({}).tiers)).toEqual(
      [300, 1800, 3600, 21_600, 21_600, 259_200].filter((w, i, all) => all.indexOf(w) === i),
    );
  });
});

describe('the whole output for one SLO, as Sloth names it', () => {
  const s = subject({}, { queries: { errors: 'sum(rate(e[{{window}}]))', total: 'sum(rate(t[{{window}}]))' } });
  const id = 'slotui-checkout-availability';
  const sel = `{sloth_id="${id}", sloth_service="slotui", sloth_slo="checkout-availability"}`;
  const labels = { sloth_id: id, sloth_service: 'slotui', sloth_slo: 'checkout-availability', slo_id: 'slo-1' };

  it("Sloth's metadata rules: the period's ratio, objective, budget, period, burn and what remains", () => {
    const group = prometheusGroup(s);
    expect(group.name).toBe(`slotui-slo-${id}`);
    expect(group.rules[0]).toEqual({
      record: 'slo:sli_error:ratio_rate5m',
      expr: '(sum(rate(e[5m])))\n/\n(sum(rate(t[5m])))',
      labels: { ...labels, sloth_window: '5m' },
    });
    expect(group.rules.slice(5, 11)).toEqual([
      {
        record: 'slo:sli_error:ratio_rate30d',
        expr: `sum_over_time(slo:sli_error:ratio_rate5m${sel}[30d])\n/ ignoring (sloth_window)\ncount_over_time(slo:sli_error:ratio_rate5m${sel}[30d])`,
        labels: { ...labels, sloth_window: '30d' },
      },
      { record: 'slo:objective:ratio', expr: 'vector(0.999)', labels },
      { record: 'slo:error_budget:ratio', expr: 'vector(0.001)', labels },
      { record: 'slo:time_period:days', expr: 'vector(30)', labels },
      {
        record: 'slo:current_burn_rate:ratio',
        expr: `slo:sli_error:ratio_rate5m${sel}\n/ on(sloth_id, sloth_slo, sloth_service) group_left\nslo:error_budget:ratio${sel}`,
        labels,
      },
      {
        record: 'slo:period_error_budget_remaining:ratio',
        expr: `1 - slo:sli_error:ratio_rate30d${sel}\n/ on(sloth_id, sloth_slo, sloth_service) group_left\nslo:error_budget:ratio${sel}`,
        labels,
      },
    ]);
  });

  it('an alert: both windows at the error rate, its labels and what it says', () => {
    expect(prometheusGroup(s).rules[11]).toEqual({
      alert: 'SLOErrorBudgetBurn',
      expr: `(\n  max(slo:sli_error:ratio_rate1h${sel} >= 0.0144) without (sloth_window)\n  and\n  max(slo:sli_error:ratio_rate5m${sel} >= 0.0144) without (sloth_window)\n)`,
      labels: {
        severity: 'page',
        sloth_severity: 'page',
        slo_id: 'slo-1',
        sloth_id: id,
        sloth_service: 'slotui',
        sloth_slo: 'checkout-availability',
        long_window: '1h',
        short_window: '5m',
      },
      annotations: {
        summary: 'Checkout availability: the error budget burns at 14.4x or faster over 1h and 5m.',
        description:
          '99.9 % over rolling 30 days: this page fires at 1.44 % errors, when 2 % of the budget would be spent in 1h.',
        slo_name: 'Checkout availability',
        slo_target: '99.9',
        slo_window: 'rolling 30 days',
      },
    });
  });

  it("Sloth's spec and Pyrra's object, whole", () => {
    expect(slothSpecs([s])).toEqual([
      {
        version: 'prometheus/v1',
        service: 'slotui',
        slos: [
          {
            name: 'checkout-availability',
            objective: 99.9,
            description: 'Checkout availability',
            labels: { slo_id: 'slo-1' },
            sli: { events: { error_query: 'sum(rate(e[{{.window}}]))', total_query: 'sum(rate(t[{{.window}}]))' } },
            alerting: {
              name: 'SLOErrorBudgetBurn',
              labels: { slo_id: 'slo-1' },
              annotations: { summary: 'Checkout availability: the error budget burns too fast.' },
              page_alert: { labels: { severity: 'page' } },
              ticket_alert: { labels: { severity: 'ticket' } },
            },
          },
        ],
      },
    ]);
    expect(pyrraObject(s)).toEqual({
      object: {
        apiVersion: 'pyrra.dev/v1alpha1',
        kind: 'ServiceLevelObjective',
        metadata: {
          name: 'checkout-availability',
          labels: { prometheus: 'k8s', role: 'alert-rules' },
          annotations: { 'slotui/id': 'slo-1' },
        },
        spec: {
          target: '99.9',
          window: '30d',
          description: 'Checkout availability',
          indicator: { ratio: { errors: { metric: 'e' }, total: { metric: 't' } } },
        },
      },
    });
  });

  it('a subject without tiers takes its ratio over 5 minutes', () => {
    const bare = prometheusGroup({ ...s, tiers: [] });
    expect(bare.rules[0]).toMatchObject({ record: 'slo:sli_error:ratio_rate30d' });
    expect((bare.rules[0] as { expr: string }).expr).toContain('ratio_rate5m');
  });
});
