/**
 * The SLO math at its edges, table by table: calendar windows of every length in months and
 * years (where the block starts, how long it is, how it is labelled), rolling windows of every
 * unit, targets at 0, just above, just below and at 100 %, a tier whose burn is exactly the
 * largest possible, intervals below and at 0, and the formatting at 0, 1 and the unit changes.
 * The worked figures are sloMath.test.ts's.
 */
import { describe, expect, it } from 'vitest';
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
  type Budget,
  type SloDefinition,
} from '../../src/domain/sloMath.js';

const DAY = 86_400;
const slo = (target: unknown, value: unknown, unit: unknown, extra: SloDefinition = {}): SloDefinition => ({
  target_value: target,
  target_unit: '%',
  time_window_type: 'rolling',
  time_window_value: value,
  time_window_unit: unit,
  ...extra,
});
function budget(definition: SloDefinition, now = new Date(Date.UTC(2026, 1, 14))): Budget {
  const result = budgetOf(definition, now);
  if (!result.ok) throw new Error(`expected a budget, got: ${result.reason}`);
  return result.budget;
}
const calendar = (value: number, unit: string, now: Date) =>
  budget(slo('99.9', value, unit, { time_window_type: 'calendar' }), now).window;

describe('calendar windows of n months: blocks of n from January, in UTC', () => {
  it.each([
    [1, new Date(Date.UTC(2026, 1, 14)), 28, 'calendar month (February 2026)'],
    [2, new Date(Date.UTC(2026, 1, 14)), 31 + 28, 'calendar 2 months (January 2026 – February 2026)'],
    [2, new Date(Date.UTC(2026, 2, 1)), 31 + 30, 'calendar 2 months (March 2026 – April 2026)'],
    [3, new Date(Date.UTC(2026, 3, 30, 23, 59)), 30 + 31 + 30, 'calendar 3 months (April 2026 – June 2026)'],
    [4, new Date(Date.UTC(2026, 6, 1)), 31 + 30 + 31 + 31, 'calendar 4 months (May 2026 – August 2026)'],
    [6, new Date(Date.UTC(2026, 6, 1)), 184, 'calendar 6 months (July 2026 – December 2026)'],
    [6, new Date(Date.UTC(2026, 5, 30, 23, 59)), 181, 'calendar 6 months (January 2026 – June 2026)'],
    [12, new Date(Date.UTC(2028, 11, 31)), 366, 'calendar 12 months (January 2028 – December 2028)'],
    [5, new Date(Date.UTC(2026, 10, 2)), 30 + 31 + 31 + 28 + 31, 'calendar 5 months (November 2026 – March 2027)'],
    [24, new Date(Date.UTC(2026, 8, 1)), 365 * 2, 'calendar 24 months (January 2026 – December 2027)'],
  ])('%s months at %s: %s days', (n, now, days, label) => {
    const window = calendar(n, 'months', now);
    expect(window.seconds).toBe(days * DAY);
    expect(window.label).toBe(label);
    expect(window.type).toBe('calendar');
    expect(window.value).toBe(n);
    expect(window.unit).toBe('months');
  });
});

describe('calendar windows of n years: blocks of n from year 0, in UTC', () => {
  it.each([
    [1, 2026, 365, 'calendar year (2026)'],
    [1, 2028, 366, 'calendar year (2028)'],
    [2, 2026, 365 * 2, 'calendar 2 years (2026–2027)'],
    [2, 2027, 365 * 2, 'calendar 2 years (2026–2027)'],
    [3, 2026, 365 * 3, 'calendar 3 years (2025–2027)'],
    [4, 2026, 365 * 4 + 1, 'calendar 4 years (2024–2027)'],
    [5, 2026, 365 * 5 + 1, 'calendar 5 years (2025–2029)'],
    [10, 2026, 365 * 10 + 3, 'calendar 10 years (2020–2029)'],
  ])('%s years in %s: %s days', (n, year, days, label) => {
    const window = calendar(n, 'year', new Date(Date.UTC(year, 6, 1)));
    expect(window.seconds).toBe(days * DAY);
    expect(window.label).toBe(label);
  });

  it('a calendar window counts whole months or years', () => {
    for (const unit of ['month', 'year']) {
      const result = budgetOf(slo('99.9', '1.5', unit, { time_window_type: 'calendar' }), new Date());
      expect(result).toMatchObject({ ok: false, field: 'time_window_value' });
    }
  });
});

describe('rolling windows of every unit, and calendar windows shorter than a month', () => {
  it.each([
    ['1', 'minute', 60, 'rolling 1 minute'],
    ['90', 'mins', 5400, 'rolling 90 minutes'],
    ['1', 'hours', 3600, 'rolling 1 hour'],
    ['1.5', 'h', 5400, 'rolling 1.5 hours'],
    ['1', 'D', DAY, 'rolling 1 day'],
    ['2', 'w', 14 * DAY, 'rolling 2 weeks'],
    ['1', 'weeks', 7 * DAY, 'rolling 1 week'],
    ['2', 'months', 60 * DAY, 'rolling 2 months'],
    ['1', 'years', 365 * DAY, 'rolling 1 year'],
    ['0.5', 'day', DAY / 2, 'rolling 0.5 days'],
    ['3e1', 'day', 30 * DAY, 'rolling 30 days'],
  ])('%s %s is %s s', (value, unit, seconds, label) => {
    const window = budget(slo('99.9', value, unit)).window;
    expect(window.seconds).toBe(seconds);
    expect(window.label).toBe(label);
    expect(window.type).toBe('rolling');
  });

  it('a rolling month or year says how long it is taken to be; other units assume nothing', () => {
    expect(budget(slo('99.9', 1, 'year')).assumptions).toEqual(['a rolling year is 365 days']);
    expect(budget(slo('99.9', 1, 'month')).assumptions).toEqual(['a rolling month is 30 days']);
    expect(budget(slo('99.9', 1, 'week')).assumptions).toEqual([]);
    expect(budget(slo('99.9', 1, 'year', { time_window_type: 'calendar' })).assumptions).toEqual([]);
  });

  it('calendar hours, days and weeks are value × unit, labelled as calendar', () => {
    const window = budget(slo('99.9', 2, 'hours', { time_window_type: 'CALENDAR' })).window;
    expect(window).toMatchObject({ type: 'calendar', seconds: 7200, label: 'calendar 2 hours' });
  });

  it('an absent window type is read as rolling and said; another one is refused', () => {
    const b = budget(slo('99.9', 1, 'day', { time_window_type: undefined }));
    expect(b.window.type).toBe('rolling');
    expect(b.assumptions).toEqual(['time_window_type is absent: read as rolling']);
    expect(budgetOf(slo('99.9', 1, 'day', { time_window_type: 'sliding' }), new Date())).toMatchObject({
      ok: false,
      field: 'time_window_type',
    });
  });

  it.each([
    ['0', 'not above 0'],
    ['-1', 'not above 0'],
    ['0.0', 'not above 0'],
    ['x', 'not a number'],
    ['', 'missing'],
    ['1e401', 'not a number'],
    ['1e400', 'too large'],
  ])('a window length of %j is refused', (value, why) => {
    const result = budgetOf(slo('99.9', value, 'year'), new Date());
    expect(result).toMatchObject({ ok: false, field: 'time_window_value' });
    expect(!result.ok && result.reason).toContain(why);
  });

  it.each([['fortnight'], ['m'], ['M'], ['constructor'], ['']])('a window unit of %j is refused', (unit) => {
    expect(budgetOf(slo('99.9', 1, unit), new Date())).toMatchObject({ ok: false, field: 'time_window_unit' });
  });
});

describe('targets at the edges', () => {
  it.each([
    ['0', false],
    ['-5', false],
    ['0.0001', true],
    ['1', true],
    ['99.9999', true],
    ['100', false],
    ['100.0', false],
    ['1e2', false],
    ['100.5', false],
    ['.5', true],
    ['5.', true],
    ['.', false],
    ['+99', true],
  ])('target %s → a budget: %s', (target, ok) => {
    const result = budgetOf(slo(target, 30, 'day'), new Date());
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.field).toBe('target_value');
  });

  it('a target of 1 % leaves 99 % of the window; 99.9999 % leaves 2.592 s of 30 days', () => {
    const low = budget(slo('1', 30, 'day'));
    expect(low.fraction).toBe(0.99);
    expect(low.targetPercent).toBe(1);
    expect(low.seconds).toBe(2_566_080);
    expect(low.maxBurn).toBe(1.01010101);
    const high = budget(slo('99.9999', 30, 'day'));
    expect(high.seconds).toBe(2.592);
    expect(high.maxBurn).toBe(1_000_000);
  });

  it.each([
    ['%', true],
    ['percent', true],
    [' PCT ', true],
    ['ms', false],
    ['', true],
  ])('target unit %j counts as a percent: %s', (unit, ok) => {
    expect(budgetOf(slo('99', 1, 'day', { target_unit: unit }), new Date()).ok).toBe(ok);
  });
});

describe('intervals', () => {
  it('a negative interval counts no bad intervals and says so; 0 and absent say nothing', () => {
    const negative = budget(slo('99.9', 30, 'day', { interval: -60 }));
    expect(negative.intervalSeconds).toBeNull();
    expect(negative.intervals).toBeNull();
    expect(negative.assumptions).toEqual(['interval -60 is negative: no bad-interval count']);
    expect(budget(slo('99.9', 30, 'day', { interval: 0 })).assumptions).toEqual([]);
    expect(budget(slo('99.9', 30, 'day', { interval: Infinity })).intervals).toBeNull();
    expect(budget(slo('99.9', 30, 'day', { interval: '60' })).intervals).toBeNull();
  });

  it('an interval of exactly the budget counts 1; a little more counts 0', () => {
    expect(budget(slo('99.9', 30, 'day', { interval: 2592 })).intervals).toBe(1);
    expect(budget(slo('99.9', 30, 'day', { interval: 2593 })).intervals).toBe(0);
  });
});

describe('alert tiers at the largest burn', () => {
  // 50 % over 100 hours: b = 0.5, so 100 % errors burn at exactly 2×, and the 1-hour tier needs 2×.
  const halfBudget = () => budget(slo('50', 100, 'hours'));

  it('a tier that needs exactly the burn of 100 % errors can still fire', () => {
    const half = halfBudget();
    expect(half.maxBurn).toBe(2);
    const [hour, sixHours, threeDays] = alertTiers(half);
    expect(hour).toMatchObject({ burnRate: 2, errorRate: 1, reachable: true, shortSeconds: 300 });
    expect(sixHours).toMatchObject({ burnRate: 0.8333333333, reachable: true, shortSeconds: 1800 });
    expect(threeDays).toMatchObject({ burnRate: 0.1388888889, reachable: true, shortSeconds: 21_600 });
    expect(burnFor(half, 1).tiers.map((t) => t.fires)).toEqual([true, true, true]);
  });

  it('a tier beyond it cannot', () => {
    const tight = budget(slo('60', 100, 'hours'));
    expect(tight.maxBurn).toBe(2.5);
    const wide = budget(slo('50', 101, 'hours'));
    expect(alertTiers(wide)[0]).toMatchObject({ burnRate: 2.02, reachable: false });
    expect(alertTiers(tight)[0]?.reachable).toBe(true);
  });
});

describe('burn and spending outside 0..100 %', () => {
  // Built inside each test: a budget made while the file loads would make its code load-time only.
  const tenDays = () => budget(slo('99', 10, 'day'));
  it.each([
    [-0.5, 0, null],
    [Number.NaN, 0, null],
    [0.01, 1, 864_000],
    [1, 100, 8640],
    [7, 100, 8640],
  ])('an error rate of %s burns at %s×', (rate, burn, exhausts) => {
    const result = burnFor(tenDays(), rate);
    expect(result.burnRate).toBe(burn);
    expect(result.exhaustsInSeconds).toBe(exhausts);
  });

  it('spent time below 0 or not a number counts as none', () => {
    const b = tenDays();
    expect(spentOf(b, -5)).toEqual({ spentSeconds: 0, spentFraction: 0, leftSeconds: 8640 });
    expect(spentOf(b, Number.NaN)).toEqual({ spentSeconds: 0, spentFraction: 0, leftSeconds: 8640 });
    expect(spentOf(b, 8640)).toEqual({ spentSeconds: 8640, spentFraction: 1, leftSeconds: 0 });
  });
});

describe('formatting at 0, 1 and where the units change', () => {
  it.each([
    [0, '0s'],
    [-0, '0s'],
    [0.4, '<1s'],
    [-0.4, '-<1s'],
    [1, '1s'],
    [1.9, '1s'],
    [59, '59s'],
    [60, '1m'],
    [61, '1m 1s'],
    [3599, '59m 59s'],
    [3600, '1h'],
    [3661, '1h 1m'],
    [86_399, '23h 59m'],
    [86_400, '1d'],
    [86_401, '1d'],
    [90_000, '1d 1h'],
    [-90, '-1m 30s'],
    [Number.POSITIVE_INFINITY, '—'],
    [Number.NaN, '—'],
  ])('formatDuration(%s) = %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([
    [0, '0 %'],
    [1, '100 %'],
    [0.123456, '12.3 %'],
    [0.0123456, '1.23 %'],
    [0.00123456, '0.123 %'],
    [-0.123456, '-12.3 %'],
    [-0.0123456, '-1.23 %'],
    [Number.NaN, '—'],
  ])('formatPercent(%s) = %s', (fraction, text) => {
    expect(formatPercent(fraction)).toBe(text);
  });

  it.each([
    [14.4, '14.4×'],
    [13.44, '13.44×'],
    [0.93333, '0.933×'],
    [1234.5678, '1235×'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('formatBurn(%s) = %s', (burn, text) => {
    expect(formatBurn(burn)).toBe(text);
  });
});

describe('reading durations and percents', () => {
  it.each([
    ['1h30m', 5400],
    ['1h 30m', 5400],
    ['  2D ', 2 * DAY],
    ['.5h', 1800],
    ['1.5m', 90],
    ['1d 1h 1m 1s', DAY + 3661],
  ])('parseDuration(%j) = %s s', (text, seconds) => {
    expect(parseDuration(text)).toEqual({ ok: true, value: seconds });
  });

  it.each([[''], ['90'], ['1.5'], ['h'], ['1h1h'], ['1x'], ['1h  x'], ['1 h 2']])(
    'parseDuration(%j) is refused',
    (text) => {
      expect(parseDuration(text).ok).toBe(false);
    },
  );

  it.each([
    ['0', 0],
    ['0%', 0],
    ['100', 1],
    ['100 %', 1],
    ['2.5%', 0.025],
    ['1e1', 0.1],
  ])('parsePercent(%j) = %s', (text, fraction) => {
    expect(parsePercent(text)).toEqual({ ok: true, value: fraction });
  });

  it.each([[''], ['%'], ['-0.1'], ['100.001'], ['two']])('parsePercent(%j) is refused', (text) => {
    expect(parsePercent(text).ok).toBe(false);
  });
});

describe('stored fields as a server may send them', () => {
  const reasonOf = (definition: SloDefinition) => {
    const result = budgetOf(definition, new Date(Date.UTC(2026, 1, 14)));
    return result.ok ? 'ok' : `${result.field}: ${result.reason}`;
  };

  it.each<[string, SloDefinition, number]>([
    ['spaces around the target', slo(' 99.9 ', '30', 'day'), 2592],
    ['spaces around the window length', slo('99.9', ' 30 ', 'day'), 2592],
    ['spaces and capitals in the window unit', slo('99.9', '30', ' Days '), 2592],
    ['spaces and capitals in the window type', slo('99.9', '30', 'day', { time_window_type: ' Rolling ' }), 2592],
  ])('%s are read', (_what, definition, seconds) => {
    expect(budget(definition).seconds).toBe(seconds);
  });

  it.each<[string, unknown, string]>([
    ['blank', '   ', 'target_value: target_value is missing: no budget'],
    ['a lone point', '.', 'target_value: target "." is not a number: no budget'],
    ['an exponent alone', 'e5', 'target_value: target "e5" is not a number: no budget'],
    ['a sign alone', '-', 'target_value: target "-" is not a number: no budget'],
    ['not a finite number', Number.NaN, 'target_value: target "NaN" is not a number: no budget'],
    ['an infinity', Number.POSITIVE_INFINITY, 'target_value: target "NaN" is not a number: no budget'],
    ['an object', { value: 99 }, 'target_value: target "(object)" is not a number: no budget'],
    ['a boolean', true, 'target_value: target "(boolean)" is not a number: no budget'],
  ])('a target that is %s gives a reason naming it', (_what, target, reason) => {
    expect(reasonOf(slo(target, '30', 'day'))).toBe(reason);
  });

  it.each([['60'], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [0]])(
    'an interval of %j counts no bad intervals and assumes nothing',
    (interval) => {
      const b = budget(slo('99.9', '30', 'day', { interval }));
      expect([b.intervalSeconds, b.intervals, b.assumptions]).toEqual([null, null, []]);
    },
  );
});

describe('reading durations and percents, more', () => {
  it.each([
    ['1.25', 'needs a unit'],
    ['1.5', 'needs a unit'],
    ['x5', 'is not a duration'],
    ['5.', 'is not a duration'],
    [`${'9'.repeat(400)}d`, 'is too long'],
  ])('parseDuration(%j) is refused: %s', (text, why) => {
    const result = parseDuration(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(why);
  });

  it.each([
    [' 2 % ', 0.02],
    ['\t50%\n', 0.5],
    ['.5', 0.005],
  ])('parsePercent(%j) = %s', (text, fraction) => {
    expect(parsePercent(text)).toEqual({ ok: true, value: fraction });
  });

  it.each([['%2'], ['.'], ['e1'], ['2%%'], ['+']])('parsePercent(%j) is refused', (text) => {
    expect(parsePercent(text).ok).toBe(false);
  });

  it('a duration of whole seconds only, and of days with no hours', () => {
    expect(formatDuration(59)).toBe('59s');
    expect(formatDuration(2 * DAY + 30)).toBe('2d');
    expect(formatDuration(-0)).toBe('0s');
  });
});
