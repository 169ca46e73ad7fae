import { describe, expect, test } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { formulaNames, LINT_RULES, lintRecords, type LintRule } from '../../src/domain/lint.js';
import { ROLLING_30_DAYS_999 } from './sloFields.js';

const NOW = new Date('2026-02-10T12:00:00Z');
const sli: ApiRecord = { id: 'sli-1', name: 'ok', queries: { good: {}, total: {} }, formula: 'good / total * 100' };
const slo = (fields: Record<string, unknown> = {}): ApiRecord => ({
  id: 'slo-1',
  service_level_indicator_id: 'sli-1',
  ...ROLLING_30_DAYS_999,
  ...fields,
});
const rulesOf = (slis: ApiRecord[], slos: ApiRecord[]) => lintRecords(slis, slos, NOW).map((f) => f.rule);

describe('lint', () => {
  test('a sound SLO and SLI: nothing found', () => {
    expect(lintRecords([sli], [slo()], NOW)).toEqual([]);
  });

  test.each<[LintRule, ApiRecord[], ApiRecord[]]>([
    ['target-not-number', [sli], [slo({ target_value: 'high' })]],
    ['target-not-number', [sli], [slo({ target_value: null })]],
    ['target-out-of-range', [sli], [slo({ target_value: '100' })]],
    ['target-out-of-range', [sli], [slo({ target_value: '-5' })]],
    ['unknown-unit', [sli], [slo({ target_unit: 'ms' })]],
    ['unknown-unit', [sli], [slo({ time_window_unit: 'fortnight' })]],
    ['unknown-unit', [sli], [slo({ time_window_unit: 'constructor' })]],
    ['unknown-unit', [sli], [slo({ time_window_unit: '__proto__' })]],
    ['invalid-window', [sli], [slo({ time_window_type: 'sliding' })]],
    ['interval-exceeds-window', [sli], [slo({ time_window_value: '1', time_window_unit: 'hour', interval: 7200 })]],
    ['interval-not-dividing', [sli], [slo({ interval: 7 })]],
    ['missing-sli', [sli], [slo({ service_level_indicator_id: 'sli-404' })]],
    ['missing-sli', [sli], [slo({ service_level_indicator_id: '' })]],
    ['unknown-query', [{ ...sli, formula: 'good / totl * 100' }], []],
    ['unreachable-tier', [sli], [slo({ target_value: '90' })]],
  ])('%s', (rule, slis, slos) => {
    const findings = lintRecords(slis, slos, NOW);
    expect(findings.map((f) => f.rule)).toEqual([rule]);
    expect(findings[0]).toMatchObject({ severity: LINT_RULES[rule], resource: slos.length ? 'slo' : 'sli' });
    expect(findings[0]?.message).toMatch(/^[\x20-\x7e]+$/);
  });

  test('messages say what is wrong with which value', () => {
    const [target] = lintRecords([sli], [slo({ target_value: '100' })], NOW);
    expect(target?.message).toBe('target_value 100 is not between 0 and 100 (exclusive): it allows no bad time at all');
    const [tier] = lintRecords([sli], [slo({ target_value: '90' })], NOW);
    expect(tier?.message).toBe(
      'the page tier 1h/5m needs a burn rate of 14.4, above the 10 that 100% errors give at a 90% target: it can never fire',
    );
    const [query] = lintRecords([{ ...sli, formula: 'good / totl' }], [], NOW);
    expect(query?.message).toBe('the formula names totl, which is not one of its queries (good, total)');
  });

  test('a calendar month window is the current month (28 days in February): 300 s intervals divide it', () => {
    expect(
      rulesOf(
        [sli],
        [slo({ time_window_type: 'calendar', time_window_value: '1', time_window_unit: 'month', interval: 300 })],
      ),
    ).toEqual([]);
  });

  test('formula names are identifier tokens; numbers and called functions are not', () => {
    expect(formulaNames('sum(good) / total * 100 + 1e3 - p95')).toEqual(['good', 'total', 'p95']);
  });
});

describe('lint at the edges', () => {
  const found = (slis: ApiRecord[], slos: ApiRecord[]) =>
    lintRecords(slis, slos, NOW).map((f) => `${f.resource} ${f.id} ${f.rule}: ${f.message}`);
  const one = (fields: Record<string, unknown>) => found([sli], [slo(fields)]);

  test.each<[string, Record<string, unknown>, string[]]>([
    [
      'a number target above 100',
      { target_value: 150 },
      [
        'slo slo-1 target-out-of-range: target_value 150 is not between 0 and 100 (exclusive): it allows no bad time at all',
      ],
    ],
    [
      'a target below 0 (no word about bad time)',
      { target_value: '-5' },
      ['slo slo-1 target-out-of-range: target_value -5 is not between 0 and 100 (exclusive)'],
    ],
    [
      'a target of 0',
      { target_value: 0 },
      ['slo slo-1 target-out-of-range: target_value 0 is not between 0 and 100 (exclusive)'],
    ],
    ['an absent target', { target_value: undefined }, ['slo slo-1 target-not-number: target_value is missing']],
    ['a null target', { target_value: null }, ['slo slo-1 target-not-number: target_value is missing']],
    [
      'a window type that holds the words the reason ends with',
      { time_window_type: 'x: no budget' },
      ['slo slo-1 invalid-window: window type "x: no budget" is neither rolling nor calendar'],
    ],
    [
      'a target that is a list',
      { target_value: [99] },
      ['slo slo-1 target-not-number: target_value (list) is not a number'],
    ],
    [
      'a target that is an object',
      { target_value: { v: 1 } },
      ['slo slo-1 target-not-number: target_value (object) is not a number'],
    ],
    [
      'a window unit that is an object',
      { time_window_unit: {} },
      ['slo slo-1 unknown-unit: time_window_unit (object) is not minute, hour, day, week, month or year'],
    ],
    ['a window unit that is null', { time_window_unit: null }, ['slo slo-1 unknown-unit: time_window_unit is missing']],
    ['a window unit of spaces', { time_window_unit: '  ' }, ['slo slo-1 unknown-unit: time_window_unit is missing']],
    ['no window unit', { time_window_unit: undefined }, ['slo slo-1 unknown-unit: time_window_unit is missing']],
    [
      'a window unit that is a number',
      { time_window_unit: 7 },
      ['slo slo-1 unknown-unit: time_window_unit 7 is not minute, hour, day, week, month or year'],
    ],
    [
      'a target that is text',
      { target_value: 'high' },
      ['slo slo-1 target-not-number: target_value "high" is not a number'],
    ],
    [
      'a bad target and a bad window: both',
      { target_value: 'x', time_window_type: 'sliding' },
      [
        'slo slo-1 target-not-number: target_value "x" is not a number',
        'slo slo-1 invalid-window: window type "sliding" is neither rolling nor calendar',
      ],
    ],
    ['a window length of 0', { time_window_value: '0' }, ['slo slo-1 invalid-window: window length 0 is not above 0']],
    [
      'an unknown window unit',
      { time_window_unit: 'fortnight' },
      ['slo slo-1 unknown-unit: time_window_unit "fortnight" is not minute, hour, day, week, month or year'],
    ],
    [
      'an unknown target unit',
      { target_unit: 'ms' },
      ['slo slo-1 unknown-unit: target_unit "ms" is not a percent (%, percent or pct)'],
    ],
    ['an interval as long as the window', { time_window_value: '1', time_window_unit: 'hour', interval: 3600 }, []],
    [
      'an interval a little longer',
      { time_window_value: '1', time_window_unit: 'hour', interval: 3600.5 },
      ['slo slo-1 interval-exceeds-window: interval 3600.5s is longer than the rolling 1 hour window (1h)'],
    ],
    // 86400 / 2.7 is 31999.999999999996 in floating point: it divides all the same.
    ['an interval that divides but for float noise', { time_window_value: '1', interval: 2.7 }, []],
    [
      'an interval that does not divide',
      { interval: 0.7 },
      [
        'slo slo-1 interval-not-dividing: interval 0.7s does not divide the rolling 30 days window (30d) into whole intervals',
      ],
    ],
    ['an interval given as text', { interval: '7' }, []],
    ['an interval of 0', { interval: 0 }, []],
    ['a negative interval', { interval: -7 }, []],
    ['an infinite interval', { interval: Number.POSITIVE_INFINITY }, []],
    ['an SLI id that is a number of an SLI', { service_level_indicator_id: 1 }, []],
    [
      'an SLI id that is blank',
      { service_level_indicator_id: '  ' },
      ['slo slo-1 missing-sli: service_level_indicator_id is empty: the SLO is measured on nothing'],
    ],
    [
      'no SLI id',
      { service_level_indicator_id: undefined },
      ['slo slo-1 missing-sli: service_level_indicator_id is empty: the SLO is measured on nothing'],
    ],
    [
      'an SLI id that is null',
      { service_level_indicator_id: null },
      ['slo slo-1 missing-sli: service_level_indicator_id is empty: the SLO is measured on nothing'],
    ],
  ])('%s', (_what, fields, findings) => {
    expect(found([{ ...sli, id: '1' }, sli], [slo(fields)])).toEqual(findings);
  });

  test('over a year only the page tiers are said, not the ticket tier that cannot fire either', () => {
    expect(
      one({ time_window_value: '1', time_window_unit: 'year', target_value: '90' }).map(
        (f) => /^slo slo-1 unreachable-tier: the (page|ticket) tier \S+/.exec(f)?.[0],
      ),
    ).toEqual(['slo slo-1 unreachable-tier: the page tier 1h/5m', 'slo slo-1 unreachable-tier: the page tier 6h/30m']);
  });

  test("the SLOs' findings come first, then the SLIs', each in the records' order", () => {
    const bad = { ...sli, formula: 'nope' };
    expect(
      lintRecords(
        [{ ...bad, id: 'sli-a' }, sli, { ...bad, id: 'sli-b' }],
        [slo({ id: 'slo-a', target_value: 'x' }), slo({ id: 'slo-b', interval: 7 })],
        NOW,
      ).map((f) => `${f.id} ${f.rule}`),
    ).toEqual(['slo-a target-not-number', 'slo-b interval-not-dividing', 'sli-a unknown-query', 'sli-b unknown-query']);
  });

  test.each<[string, ApiRecord, string[]]>([
    ['no formula', { id: 's', queries: {} }, []],
    ['a formula that is not text', { id: 's', formula: 3, queries: {} }, []],
    [
      'no queries',
      { id: 's', formula: 'good' },
      ['sli s unknown-query: the formula names good, which is not one of its queries (it has none)'],
    ],
    [
      'queries that are null',
      { id: 's', formula: 'good', queries: null },
      ['sli s unknown-query: the formula names good, which is not one of its queries (it has none)'],
    ],
    [
      'queries that are text',
      { id: 's', formula: 'good', queries: 'good' },
      ['sli s unknown-query: the formula names good, which is not one of its queries (it has none)'],
    ],
    ['every name a query', { id: 's', formula: 'good / total', queries: { good: {}, total: {} } }, []],
  ])('an SLI with %s', (_what, record, findings) => {
    expect(found([record], [])).toEqual(findings);
  });

  test.each<[string, string[]]>([
    ['a.b + .5 + 1.5e-3 + x1 + _y', ['a', 'b', 'x1', '_y']],
    ['f (x) + g(y)', ['x', 'y']],
    ['x + x + X', ['x', 'X']],
    ['2E+4 * e + 3e5', ['e']],
    ['q2 / 10.25', ['q2']],
    ['', []],
  ])('formulaNames(%j)', (formula, names) => {
    expect(formulaNames(formula)).toEqual(names);
  });
});
