import { beforeEach, describe, expect, it } from 'vitest';
import {
  alertTiers,
  budgetOf,
  burnFor,
  formatBurn,
  formatDuration,
  formatPercent,
  parseDuration,
  parsePercent,
  roundRelative,
  spentOf,
  type Budget,
  type SloDefinition,
} from '../../src/domain/sloMath.js';

/** A day in February of a non-leap year. */
const FEB_2026 = new Date(Date.UTC(2026, 1, 14, 12));
const APRIL_2026 = new Date(Date.UTC(2026, 3, 30, 23, 59));
const JULY_2026 = new Date(Date.UTC(2026, 6, 1));

function slo(
  target: string | number,
  value: string | number,
  unit: string,
  extra: Partial<SloDefinition> = {},
): SloDefinition {
  return {
    target_value: target,
    target_unit: '%',
    time_window_type: 'rolling',
    time_window_value: value,
    time_window_unit: unit,
    ...extra,
  };
}

function budget(definition: SloDefinition, now = FEB_2026): Budget {
  const result = budgetOf(definition, now);
  if (!result.ok) throw new Error(`expected a budget, got: ${result.reason}`);
  return result.budget;
}

describe('budgetOf: worked figures', () => {
  it.each([
    ['99.9', '30', 'day', 0.001, 2_592_000, 2592, '43m 12s'],
    ['99.9', '28', 'days', 0.001, 2_419_200, 2419.2, '40m 19s'],
    ['99', '7', 'd', 0.01, 604_800, 6048, '1h 40m'],
    ['95', '30', 'DAYS', 0.05, 2_592_000, 129_600, '1d 12h'],
    ['99.9', '4', 'week', 0.001, 2_419_200, 2419.2, '40m 19s'],
    ['99.9', '1', 'month', 0.001, 2_592_000, 2592, '43m 12s'],
    ['99.9', '1', 'year', 0.001, 31_536_000, 31_536, '8h 45m'],
    ['99.9', '720', 'h', 0.001, 2_592_000, 2592, '43m 12s'],
    ['99.9', '43200', 'min', 0.001, 2_592_000, 2592, '43m 12s'],
    ['99.95', '30', 'day', 0.0005, 2_592_000, 1296, '21m 36s'],
    ['99.99', '30', 'day', 0.0001, 2_592_000, 259.2, '4m 19s'],
  ])(
    '%s %% over %s %s: b = %s, W = %s s, budget %s s (%s)',
    (target, value, unit, fraction, windowSeconds, seconds, shown) => {
      const b = budget(slo(target, value, unit));
      expect(b.fraction).toBe(fraction);
      expect(b.window.seconds).toBe(windowSeconds);
      expect(b.seconds).toBe(seconds);
      expect(formatDuration(b.seconds)).toBe(shown);
    },
  );

  it('1 % of the budget', () => {
    expect(formatDuration(budget(slo('99.9', 28, 'day')).seconds / 100)).toBe('24s');
    expect(formatDuration(budget(slo('99.9', 30, 'day')).seconds / 100)).toBe('25s');
    expect(formatDuration(budget(slo('99', 7, 'day')).seconds / 100)).toBe('1m');
    expect(formatDuration(budget(slo('95', 30, 'day')).seconds / 100)).toBe('21m 36s');
  });

  it('max burn is 1/b', () => {
    expect(budget(slo('99.9', 30, 'day')).maxBurn).toBe(1000);
    expect(budget(slo('99', 7, 'day')).maxBurn).toBe(100);
    expect(budget(slo('95', 30, 'day')).maxBurn).toBe(20);
  });

  it.each([
    [60, 43],
    [300, 8],
    [3600, 0],
  ])('bad intervals of %s s at 99.9 %% / 30 d: %s (floored)', (interval, intervals) => {
    const b = budget(slo('99.9', 30, 'day', { interval }));
    expect(b.intervalSeconds).toBe(interval);
    expect(b.intervals).toBe(intervals);
  });

  it.each([[undefined], [null], [0]])('interval %s: no bad-interval count', (interval) => {
    const b = budget(slo('99.9', 30, 'day', { interval }));
    expect(b.intervalSeconds).toBeNull();
    expect(b.intervals).toBeNull();
  });

  it('floors only after rounding: 2592 s over 1 s intervals is 2592, not 2591', () => {
    expect(budget(slo('99.9', 30, 'day', { interval: 1 })).intervals).toBe(2592);
    expect(budget(slo(99.9, 30, 'day', { interval: 1 })).intervals).toBe(2592);
  });

  it('numbers given as numbers work as strings do', () => {
    expect(budget(slo(99.9, 30, 'day')).seconds).toBe(2592);
  });
});

describe('budgetOf: calendar windows in UTC', () => {
  it.each([
    ['February of a non-leap year', FEB_2026, 2_419_200, '40m 19s', 'calendar month (February 2026)'],
    ['a 30-day month', APRIL_2026, 2_592_000, '43m 12s', 'calendar month (April 2026)'],
    ['a 31-day month', JULY_2026, 2_678_400, '44m 38s', 'calendar month (July 2026)'],
    [
      'February of a leap year',
      new Date(Date.UTC(2028, 1, 29)),
      2_505_600,
      '41m 45s',
      'calendar month (February 2028)',
    ],
  ])('one month, %s', (_name, now, windowSeconds, shown, label) => {
    const b = budget(slo('99.9', 1, 'month', { time_window_type: 'calendar' }), now);
    expect(b.window.seconds).toBe(windowSeconds);
    expect(formatDuration(b.seconds)).toBe(shown);
    expect(b.window.label).toBe(label);
  });

  it('months come in blocks from January: a quarter', () => {
    const b = budget(slo('99.9', 3, 'months', { time_window_type: 'Calendar' }), FEB_2026);
    expect(b.window.seconds).toBe((31 + 28 + 31) * 86_400);
    expect(b.window.label).toBe('calendar 3 months (January 2026 – March 2026)');
    expect(budget(slo('99.9', 3, 'month', { time_window_type: 'calendar' }), JULY_2026).window.seconds).toBe(
      (31 + 31 + 30) * 86_400,
    );
  });

  it('a calendar year, leap or not', () => {
    expect(budget(slo('99.9', 1, 'year', { time_window_type: 'calendar' }), FEB_2026).window.seconds).toBe(
      365 * 86_400,
    );
    expect(
      budget(slo('99.9', 1, 'year', { time_window_type: 'calendar' }), new Date(Date.UTC(2028, 5, 1))).window.seconds,
    ).toBe(366 * 86_400);
  });

  it('calendar days and weeks are value × unit', () => {
    expect(budget(slo('99.9', 7, 'day', { time_window_type: 'calendar' })).window.seconds).toBe(604_800);
    expect(budget(slo('99.9', 2, 'w', { time_window_type: 'calendar' })).window.seconds).toBe(1_209_600);
  });

  it('a rolling month is 30 days and says so', () => {
    const b = budget(slo('99.9', 1, 'month'), FEB_2026);
    expect(b.window.seconds).toBe(2_592_000);
    expect(b.assumptions).toContain('a rolling month is 30 days');
    expect(b.window.label).toBe('rolling 1 month');
  });

  it('labels a rolling window for people', () => {
    expect(budget(slo('99.9', 30, 'd')).window.label).toBe('rolling 30 days');
    expect(budget(slo('99.9', 1, 'h')).window.label).toBe('rolling 1 hour');
  });
});

describe('budgetOf: what can not be computed says why and which field', () => {
  it.each([
    [slo('100', 30, 'day'), 'target_value', /no bad time/],
    [slo('100.0', 30, 'day'), 'target_value', /no bad time/],
    [slo('150', 30, 'day'), 'target_value', /below 100/],
    [slo('abc', 30, 'day'), 'target_value', /not a number/],
    [slo('-5', 30, 'day'), 'target_value', /not above 0/],
    [slo('0', 30, 'day'), 'target_value', /not above 0/],
    [slo(Number.NaN, 30, 'day'), 'target_value', /not a number/],
    [slo('99.9', 30, 'day', { target_value: null }), 'target_value', /missing/],
    [slo('99.9', 30, 'day', { target_unit: 'ms' }), 'target_unit', /not a percent/],
    [slo('99.9', 30, 'fortnight'), 'time_window_unit', /unknown/],
    [slo('99.9', 30, 'M'), 'time_window_unit', /unknown/],
    [slo('99.9', 30, 'm'), 'time_window_unit', /unknown/],
    [slo('99.9', 30, 'day', { time_window_unit: undefined }), 'time_window_unit', /missing/],
    [slo('99.9', 'x', 'day'), 'time_window_value', /not a number/],
    [slo('99.9', '-3', 'day'), 'time_window_value', /not above 0/],
    [slo('99.9', '', 'day'), 'time_window_value', /missing/],
    [slo('99.9', 1.5, 'month', { time_window_type: 'calendar' }), 'time_window_value', /whole months/],
    [slo('99.9', 30, 'day', { time_window_type: 'sliding' }), 'time_window_type', /neither rolling nor calendar/],
  ])('%o → %s', (definition, field, reason) => {
    const result = budgetOf(definition, FEB_2026);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.field).toBe(field);
    expect(result.reason).toMatch(reason);
  });

  it('a field of the wrong type from a server gives a reason, not a throw', () => {
    expect(budgetOf({ ...slo('99.9', 30, 'day'), target_value: { value: 99.9 } }, FEB_2026)).toMatchObject({
      ok: false,
      field: 'target_value',
    });
    expect(budgetOf({ ...slo('99.9', 30, 'day'), time_window_unit: ['day'] }, FEB_2026)).toMatchObject({
      ok: false,
      field: 'time_window_unit',
    });
    expect(budget({ ...slo('99.9', 30, 'day'), interval: '60' }).intervals).toBeNull();
  });

  it('an empty record gives a reason, not a throw', () => {
    expect(budgetOf({}, FEB_2026)).toMatchObject({ ok: false, field: 'target_value' });
  });

  it('an absent target unit is read as % and said', () => {
    const b = budget(slo('99.9', 30, 'day', { target_unit: undefined }));
    expect(b.seconds).toBe(2592);
    expect(b.assumptions).toContain('target_unit is absent: read as %');
  });

  it.each(['percent', 'PCT', '%'])('target unit %s is a percent', (unit) => {
    expect(budget(slo('99.9', 30, 'day', { target_unit: unit })).seconds).toBe(2592);
  });
});

describe('alertTiers', () => {
  it.each([
    [30, [14.4, 6, 1]],
    [28, [13.44, 5.6, 0.933]],
    [7, [3.36, 1.4, 0.233]],
  ])('at %s days the burns are %o', (days, burns) => {
    const tiers = alertTiers(budget(slo('99.9', days, 'day')));
    expect(tiers.map((t) => Number(t.burnRate.toFixed(3)))).toEqual(burns);
    expect(tiers.map((t) => formatBurn(t.burnRate))).toEqual(burns.map((burn) => `${burn}×`));
  });

  it('gives the workbook windows, shares and the error rates at 99.9 %', () => {
    expect(alertTiers(budget(slo('99.9', 30, 'day')))).toEqual([
      {
        severity: 'page',
        longSeconds: 3600,
        shortSeconds: 300,
        budgetShare: 0.02,
        burnRate: 14.4,
        errorRate: 0.0144,
        reachable: true,
      },
      {
        severity: 'page',
        longSeconds: 21_600,
        shortSeconds: 1800,
        budgetShare: 0.05,
        burnRate: 6,
        errorRate: 0.006,
        reachable: true,
      },
      {
        severity: 'ticket',
        longSeconds: 259_200,
        shortSeconds: 21_600,
        budgetShare: 0.1,
        burnRate: 1,
        errorRate: 0.001,
        reachable: true,
      },
    ]);
  });

  it.each([
    ['93.06', [true, true, true]],
    ['93.05', [false, true, true]],
    ['83.34', [false, true, true]],
    ['83.3', [false, false, true]],
  ])('at %s %% over 30 days reachable tiers are %o', (target, reachable) => {
    expect(alertTiers(budget(slo(target, 30, 'day'))).map((t) => t.reachable)).toEqual(reachable);
  });
});

describe('burnFor', () => {
  // Made before each test, not while the file loads: the budget's code is then covered by the tests.
  let b30: Budget;
  beforeEach(() => {
    b30 = budget(slo('99.9', 30, 'day'));
  });

  it('2 % errors at 99.9 % / 30 d: 20×, gone in 1d 12h, all tiers fire', () => {
    const burn = burnFor(b30, 0.02);
    expect(burn.burnRate).toBe(20);
    expect(burn.exhaustsInSeconds).toBe(129_600);
    expect(formatDuration(burn.exhaustsInSeconds ?? 0)).toBe('1d 12h');
    expect(burn.tiers.map((t) => t.fires)).toEqual([true, true, true]);
  });

  it('a tier fires at exactly its burn', () => {
    expect(burnFor(b30, 0.0144).tiers.map((t) => t.fires)).toEqual([true, true, true]);
    expect(burnFor(b30, 0.0143).tiers.map((t) => t.fires)).toEqual([false, true, true]);
    expect(burnFor(b30, 0.001).tiers.map((t) => t.fires)).toEqual([false, false, true]);
    expect(burnFor(b30, 0.0005).tiers.map((t) => t.fires)).toEqual([false, false, false]);
  });

  it('no errors: burn 0, never exhausted', () => {
    expect(burnFor(b30, 0)).toMatchObject({ burnRate: 0, exhaustsInSeconds: null });
  });

  it('100 % errors burn at 1/b', () => {
    expect(burnFor(b30, 1)).toMatchObject({ burnRate: 1000, exhaustsInSeconds: 2592 });
  });
});

describe('spentOf', () => {
  // Made before each test, not while the file loads: the budget's code is then covered by the tests.
  let b30: Budget;
  beforeEach(() => {
    b30 = budget(slo('99.9', 30, 'day'));
  });

  it('12 minutes spent at 99.9 % / 30 d: 27.8 %, 31m 12s left', () => {
    const spent = spentOf(b30, 720);
    expect(spent.spentSeconds).toBe(720);
    expect(formatPercent(spent.spentFraction)).toBe('27.8 %');
    expect(spent.leftSeconds).toBe(1872);
    expect(formatDuration(spent.leftSeconds)).toBe('31m 12s');
  });

  it('overspent: negative left', () => {
    const spent = spentOf(b30, 3600);
    expect(spent.leftSeconds).toBe(-1008);
    expect(formatDuration(spent.leftSeconds)).toBe('-16m 48s');
    expect(spent.spentFraction).toBeCloseTo(1.3889, 4);
  });
});

describe('formatDuration', () => {
  it.each([
    [2592, '43m 12s'],
    [3600, '1h'],
    [129_600, '1d 12h'],
    [60.5, '1m'],
    [0, '0s'],
    [0.4, '<1s'],
    [59, '59s'],
    [2591.9999999999995, '43m 12s'],
    [86_400 + 300, '1d'],
    [90_061, '1d 1h'],
    [365 * 86_400, '365d'],
    [-90, '-1m 30s'],
    [Number.NaN, '—'],
  ])('%s s → %s', (seconds, shown) => {
    expect(formatDuration(seconds)).toBe(shown);
  });
});

describe('parseDuration', () => {
  it.each([
    ['12m', 720],
    ['1h30m', 5400],
    ['1h 30m', 5400],
    ['90s', 90],
    [' 2d ', 172_800],
    ['1.5h', 5400],
    ['1H', 3600],
    ['0s', 0],
  ])('%s → %s s', (text, seconds) => {
    expect(parseDuration(text)).toEqual({ ok: true, value: seconds });
  });

  it.each([[''], ['12'], ['abc'], ['12x'], ['-5m'], ['1h1h'], ['m']])('%o is refused with a reason', (text) => {
    const parsed = parseDuration(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason.length).toBeGreaterThan(0);
  });
});

describe('parsePercent', () => {
  it.each([
    ['2%', 0.02],
    ['2', 0.02],
    ['2 %', 0.02],
    ['0.5', 0.005],
    ['1.44%', 0.0144],
    ['100', 1],
    ['0', 0],
  ])('%s → %s', (text, fraction) => {
    expect(parsePercent(text)).toEqual({ ok: true, value: fraction });
  });

  it.each([[''], ['%'], ['two'], ['-1'], ['101'], ['2%%']])('%o is refused', (text) => {
    expect(parsePercent(text).ok).toBe(false);
  });
});

describe('roundRelative', () => {
  it('removes float noise and keeps real precision', () => {
    expect(1 - 99.9 / 100).not.toBe(0.001);
    expect(roundRelative(1 - 99.9 / 100)).toBe(0.001);
    expect(roundRelative(2419.2)).toBe(2419.2);
    expect(roundRelative(0)).toBe(0);
  });
});
