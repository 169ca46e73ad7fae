import { describe, expect, test } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { formulaNames, LINT_RULES, lintRecords, type LintRule } from '../../src/domain/lint.js';

const NOW = new Date('2026-02-10T12:00:00Z');
const sli: ApiRecord = { id: 'sli-1', name: 'ok', queries: { good: {}, total: {} }, formula: 'good / total * 100' };
const slo = (fields: Record<string, unknown> = {}): ApiRecord => ({
  id: 'slo-1',
  service_level_indicator_id: 'sli-1',
  time_window_type: 'rolling',
  time_window_value: '30',
  time_window_unit: 'day',
  target_value: '99.9',
  target_unit: '%',
  interval: 60,
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
