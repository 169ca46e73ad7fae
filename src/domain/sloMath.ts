/**
 * SLO math from the definition alone: the service stores no measurements, so
 * everything here follows from the target, the time window and the interval.
 *
 * API (pure: no I/O; the clock is an argument; bad data is a value, never a throw or NaN):
 * - `budgetOf(slo, now)`      → `{ ok: true, budget }` or `{ ok: false, field, reason }`.
 *                               `budget.seconds` is the allowed bad time b × W, `budget.intervals`
 *                               the whole bad intervals floor(b × W / interval) or null.
 * - `alertTiers(budget)`      → the SRE workbook's multiwindow burn-rate tiers scaled to W.
 * - `burnFor(budget, rate)`   → burn rate, time to exhaustion and which tiers fire at an
 *                               error rate given as a fraction (0.02 for 2 %).
 * - `spentOf(budget, secs)`   → share of the budget spent and what is left (negative if overspent).
 * - `formatDuration(secs)`    → `43m 12s`, `1h`, `1d 12h`, `0s`: the two leading units, truncated.
 * - `parseDuration(text)`     → seconds from `12m`, `1h30m`, `1h 30m`, `90s`.
 * - `parsePercent(text)`      → a fraction from `2%` or `2`.
 * - `roundRelative(x)`        → x rounded to 1e-9 relative: the precision every figure carries.
 *
 * Formulas and worked figures: docs/slo-math.md. For event-based SLIs the seconds are an
 * equivalent full-outage time (the bad time if every request failed).
 */

/**
 * The fields of an SLO record the math reads. Typed `unknown` on purpose: any record fits, and
 * whatever a server sends in them (a number, null, an object) gives a reason, not a crash.
 */
export interface SloDefinition {
  [field: string]: unknown;
  target_value?: unknown;
  target_unit?: unknown;
  time_window_type?: unknown;
  time_window_value?: unknown;
  time_window_unit?: unknown;
  interval?: unknown;
}

type SloField = 'target_value' | 'target_unit' | 'time_window_type' | 'time_window_value' | 'time_window_unit';

/** A value, or why there is none and which input is at fault. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

interface BudgetWindow {
  /** `rolling` or `calendar` (lower case; absent is read as rolling). */
  type: 'rolling' | 'calendar';
  value: number;
  /** The unit as stored. */
  unit: string;
  seconds: number;
  /** `rolling 30 days`, `calendar month (February 2026)`. */
  label: string;
}

export interface Budget {
  /** The target as a percent (99.9). */
  targetPercent: number;
  /** b = 1 − target/100. */
  fraction: number;
  window: BudgetWindow;
  /** Allowed bad time over the window, b × W. */
  seconds: number;
  /** The interval in seconds, null when absent or 0. */
  intervalSeconds: number | null;
  /** Whole bad intervals the budget allows, null without an interval. */
  intervals: number | null;
  /** The burn at 100 % errors, 1 / b. */
  maxBurn: number;
  /** What was assumed to get here (a missing unit read as `%`, …). */
  assumptions: string[];
}

export type BudgetResult = { ok: true; budget: Budget } | { ok: false; field: SloField; reason: string };

type Severity = 'page' | 'ticket';

export interface AlertTier {
  severity: Severity;
  longSeconds: number;
  shortSeconds: number;
  /** Share of the budget the tier spends over its long window (0.02). */
  budgetShare: number;
  /** share × W / long window. */
  burnRate: number;
  /** burn × b: the error rate at which the tier fires, as a fraction. */
  errorRate: number;
  /** False when the burn exceeds 1 / b: even 100 % errors can't fire it. */
  reachable: boolean;
}

export interface Burn {
  burnRate: number;
  /** W / burn; null at an error rate of 0 (never). */
  exhaustsInSeconds: number | null;
  tiers: { severity: Severity; longSeconds: number; fires: boolean }[];
}

export interface Spent {
  spentSeconds: number;
  spentFraction: number;
  /** budget − spent; negative when overspent. */
  leftSeconds: number;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** x rounded to 1e-9 relative, so float noise (2591.9999999996) never shows after a floor. */
export function roundRelative(x: number): number {
  // 0, infinities and NaN come back as they are ("Infinity" and "NaN" read back).
  return Number(x.toPrecision(10));
}

/** A decimal as an exact integer mantissa and a power-of-ten scale: "99.9" → 999 / 10^1. */
interface Decimal {
  mantissa: bigint;
  scale: number;
}

const DECIMAL = /^([+-]?)(\d+)?(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  const exp = Number(exponent);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 400) return null;
  let mantissa = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - exp;
  if (scale < 0) {
    mantissa *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { mantissa: sign === '-' ? -mantissa : mantissa, scale };
}

function decimalToNumber(d: Decimal): number {
  return Number(d.mantissa) / 10 ** d.scale;
}

/** A stored field as text: null when absent or blank; a value of another type becomes text that fails to parse. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NaN';
  if (typeof value !== 'string') return `(${typeof value})`;
  return value.trim() === '' ? null : value;
}

const PERCENT_UNITS = new Set(['%', 'percent', 'pct']);

interface Target {
  percent: number;
  /** b as an exact decimal: (100·10^s − m) / 10^(s+2). */
  budget: Decimal;
  fraction: number;
}

function targetOf(
  slo: SloDefinition,
  assumptions: string[],
): { ok: true; target: Target } | { ok: false; field: SloField; reason: string } {
  const unit = asText(slo.target_unit);
  if (unit === null) assumptions.push('target_unit is absent: read as %');
  else if (!PERCENT_UNITS.has(unit.trim().toLowerCase())) {
    return {
      ok: false,
      field: 'target_unit',
      reason: `target unit "${unit}" is not a percent (%, percent or pct): no budget`,
    };
  }
  const text = asText(slo.target_value);
  if (text === null) return { ok: false, field: 'target_value', reason: 'target_value is missing: no budget' };
  const decimal = parseDecimal(text);
  if (decimal === null)
    return { ok: false, field: 'target_value', reason: `target "${text}" is not a number: no budget` };
  const hundred = 100n * 10n ** BigInt(decimal.scale);
  if (decimal.mantissa >= hundred)
    return {
      ok: false,
      field: 'target_value',
      reason: `target ${text} % allows no bad time: no budget (a target must be below 100)`,
    };
  if (decimal.mantissa <= 0n)
    return { ok: false, field: 'target_value', reason: `target ${text} % is not above 0: no budget` };
  const budget = { mantissa: hundred - decimal.mantissa, scale: decimal.scale + 2 };
  return {
    ok: true,
    target: { percent: decimalToNumber(decimal), budget, fraction: roundRelative(decimalToNumber(budget)) },
  };
}

type WindowUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const UNIT_SPELLINGS: Record<string, WindowUnit> = {
  minute: 'minute',
  minutes: 'minute',
  min: 'minute',
  mins: 'minute',
  hour: 'hour',
  hours: 'hour',
  h: 'hour',
  day: 'day',
  days: 'day',
  d: 'day',
  week: 'week',
  weeks: 'week',
  w: 'week',
  month: 'month',
  months: 'month',
  year: 'year',
  years: 'year',
};

const FIXED_SECONDS: Record<WindowUnit, number> = {
  minute: MINUTE,
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/** The window unit a stored spelling means (case-insensitive, singular or plural), or null. */
export function windowUnitOf(unit: string): WindowUnit | null {
  // `M` (OpenSLO month) and `m` (minute) are left out on purpose: case-insensitive, they clash.
  const key = unit.trim().toLowerCase();
  // Own keys only: "constructor" or "__proto__" must not find Object.prototype's.
  return Object.hasOwn(UNIT_SPELLINGS, key) ? UNIT_SPELLINGS[key]! : null;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function plural(value: number, unit: WindowUnit): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** The current calendar period of n months (blocks from January) or n years, in UTC. */
function calendarPeriod(n: number, unit: 'month' | 'year', now: Date): { seconds: number; label: string } {
  const year = now.getUTCFullYear();
  if (unit === 'year') {
    const first = Math.floor(year / n) * n;
    const seconds = (Date.UTC(first + n, 0, 1) - Date.UTC(first, 0, 1)) / 1000;
    return { seconds, label: n === 1 ? `calendar year (${first})` : `calendar ${n} years (${first}–${first + n - 1})` };
  }
  const start = Math.floor(now.getUTCMonth() / n) * n;
  const seconds = (Date.UTC(year, start + n, 1) - Date.UTC(year, start, 1)) / 1000;
  const from = `${MONTH_NAMES[start % 12]} ${year}`;
  const lastMonth = new Date(Date.UTC(year, start + n - 1, 1));
  const to = `${MONTH_NAMES[lastMonth.getUTCMonth()]} ${lastMonth.getUTCFullYear()}`;
  return { seconds, label: n === 1 ? `calendar month (${from})` : `calendar ${n} months (${from} – ${to})` };
}

function windowOf(
  slo: SloDefinition,
  now: Date,
  assumptions: string[],
): { ok: true; window: BudgetWindow } | { ok: false; field: SloField; reason: string } {
  const typeText = asText(slo.time_window_type);
  let type: 'rolling' | 'calendar';
  if (typeText === null) {
    type = 'rolling';
    assumptions.push('time_window_type is absent: read as rolling');
  } else {
    const lower = typeText.trim().toLowerCase();
    if (lower !== 'rolling' && lower !== 'calendar') {
      return {
        ok: false,
        field: 'time_window_type',
        reason: `window type "${typeText}" is neither rolling nor calendar: no budget`,
      };
    }
    type = lower;
  }
  const unitText = asText(slo.time_window_unit);
  if (unitText === null)
    return { ok: false, field: 'time_window_unit', reason: 'time_window_unit is missing: no budget' };
  const unit = windowUnitOf(unitText);
  if (unit === null) {
    return {
      ok: false,
      field: 'time_window_unit',
      reason: `window unit "${unitText}" is unknown (minute, hour, day, week, month or year): no budget`,
    };
  }
  const valueText = asText(slo.time_window_value);
  if (valueText === null)
    return { ok: false, field: 'time_window_value', reason: 'time_window_value is missing: no budget' };
  const decimal = parseDecimal(valueText);
  if (decimal === null)
    return { ok: false, field: 'time_window_value', reason: `window length "${valueText}" is not a number: no budget` };
  if (decimal.mantissa <= 0n)
    return { ok: false, field: 'time_window_value', reason: `window length ${valueText} is not above 0: no budget` };
  const value = decimalToNumber(decimal);
  if (type === 'calendar' && (unit === 'month' || unit === 'year')) {
    if (!Number.isSafeInteger(value)) {
      return {
        ok: false,
        field: 'time_window_value',
        reason: `a calendar window counts whole ${unit}s, not ${valueText}: no budget`,
      };
    }
    const period = calendarPeriod(value, unit, now);
    return { ok: true, window: { type, value, unit: unitText, ...period } };
  }
  if (unit === 'month' || unit === 'year') assumptions.push(`a rolling ${unit} is ${unit === 'month' ? 30 : 365} days`);
  const seconds = roundRelative(Number(decimal.mantissa * BigInt(FIXED_SECONDS[unit])) / 10 ** decimal.scale);
  if (!Number.isFinite(seconds))
    return { ok: false, field: 'time_window_value', reason: `window length ${valueText} is too large: no budget` };
  return { ok: true, window: { type, value, unit: unitText, seconds, label: `${type} ${plural(value, unit)}` } };
}

/** The error budget of an SLO at `now` (which calendar period is current). */
export function budgetOf(slo: SloDefinition, now: Date): BudgetResult {
  const assumptions: string[] = [];
  const target = targetOf(slo, assumptions);
  if (!target.ok) return target;
  const window = windowOf(slo, now, assumptions);
  if (!window.ok) return window;
  const { budget: b, fraction, percent } = target.target;
  const w = window.window;
  // b × W with b as an exact decimal: 1 × 2592000 / 1000 is exactly 2592.
  const seconds = roundRelative((Number(b.mantissa) * w.seconds) / 10 ** b.scale);
  const interval = typeof slo.interval === 'number' && Number.isFinite(slo.interval) ? slo.interval : null;
  let intervalSeconds: number | null = null;
  let intervals: number | null = null;
  if (interval !== null && interval > 0) {
    intervalSeconds = interval;
    intervals = Math.floor(roundRelative(seconds / interval));
  } else if (interval !== null && interval < 0) {
    assumptions.push(`interval ${interval} is negative: no bad-interval count`);
  }
  return {
    ok: true,
    budget: {
      targetPercent: percent,
      fraction,
      window: w,
      seconds,
      intervalSeconds,
      intervals,
      maxBurn: roundRelative(1 / fraction),
      assumptions,
    },
  };
}

/** SRE workbook, "Alerting on SLOs", table 5-8: long window, short window = long / 12, budget share. */
const WORKBOOK_TIERS: readonly { severity: Severity; longSeconds: number; budgetShare: number }[] = [
  { severity: 'page', longSeconds: HOUR, budgetShare: 0.02 },
  { severity: 'page', longSeconds: 6 * HOUR, budgetShare: 0.05 },
  { severity: 'ticket', longSeconds: 3 * DAY, budgetShare: 0.1 },
];

/** The multiwindow burn-rate tiers scaled to the budget's window, in workbook order. */
export function alertTiers(budget: Budget): AlertTier[] {
  return WORKBOOK_TIERS.map(({ severity, longSeconds, budgetShare }) => {
    const burnRate = roundRelative((budgetShare * budget.window.seconds) / longSeconds);
    return {
      severity,
      longSeconds,
      shortSeconds: longSeconds / 12,
      budgetShare,
      burnRate,
      errorRate: roundRelative(burnRate * budget.fraction),
      reachable: burnRate <= budget.maxBurn,
    };
  });
}

/** Burn at an error rate given as a fraction (0.02 = 2 %): how fast the budget goes, which tiers fire. */
export function burnFor(budget: Budget, errorRate: number): Burn {
  const rate = Number.isFinite(errorRate) ? Math.min(Math.max(errorRate, 0), 1) : 0;
  const burnRate = roundRelative(rate / budget.fraction);
  return {
    burnRate,
    exhaustsInSeconds: burnRate === 0 ? null : roundRelative(budget.window.seconds / burnRate),
    tiers: alertTiers(budget).map((tier) => ({
      severity: tier.severity,
      longSeconds: tier.longSeconds,
      fires: burnRate >= tier.burnRate,
    })),
  };
}

/** Share of the budget that `spentSeconds` of bad time uses, and what is left. */
export function spentOf(budget: Budget, spentSeconds: number): Spent {
  const spent = Number.isFinite(spentSeconds) ? Math.max(spentSeconds, 0) : 0;
  return {
    spentSeconds: spent,
    spentFraction: roundRelative(spent / budget.seconds),
    leftSeconds: roundRelative(budget.seconds - spent),
  };
}

const DURATION_UNITS: readonly [string, number][] = [
  ['d', DAY],
  ['h', HOUR],
  ['m', MINUTE],
  ['s', 1],
];

/**
 * `43m 12s`, `1h`, `1d 12h`: the leading unit and the next one unless it is 0, truncated to whole
 * seconds (60.5 s is `1m`); `0s` for 0, `<1s` below a second, a leading `-` when negative.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const sign = seconds < 0 ? '-' : '';
  const exact = Math.abs(roundRelative(seconds));
  if (exact === 0) return '0s';
  if (exact < 1) return `${sign}<1s`;
  let rest = Math.floor(exact);
  const parts: number[] = DURATION_UNITS.map(([, size]) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return count;
  });
  const lead = parts.findIndex((count) => count > 0);
  // Past the last unit there is no part: undefined, so not shown.
  const shown = [lead, lead + 1].filter((i) => (parts[i] ?? 0) > 0);
  return sign + shown.map((i) => `${parts[i]}${DURATION_UNITS[i]![0]}`).join(' ');
}

const DURATION_PART = /(\d+(?:\.\d+)?|\.\d+)\s*([dhms])/gy;

/** Seconds from `12m`, `1h30m`, `1h 30m`, `90s`, `1.5h`, `2d` (units d, h, m, s). */
export function parseDuration(text: string): Parsed<number> {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '') return { ok: false, reason: 'a duration is needed, such as 12m or 1h30m' };
  if (/^\d+(\.\d+)?$/.test(trimmed))
    return { ok: false, reason: `"${text.trim()}" needs a unit, such as ${trimmed}m or ${trimmed}s` };
  let total = 0;
  let at = 0;
  const seen = new Set<string>();
  while (at < trimmed.length) {
    DURATION_PART.lastIndex = at;
    const match = DURATION_PART.exec(trimmed);
    if (!match)
      return { ok: false, reason: `"${text.trim()}" is not a duration: use d, h, m and s, such as 12m, 1h30m or 90s` };
    // The pattern's two groups always take part in a match.
    const amount = match[1]!;
    const unit = match[2]!;
    if (seen.has(unit)) return { ok: false, reason: `"${text.trim()}" gives ${unit} twice` };
    seen.add(unit);
    total += Number(amount) * DURATION_UNITS.find(([name]) => name === unit)![1];
    at = DURATION_PART.lastIndex;
    while (trimmed[at] === ' ') at += 1;
  }
  if (!Number.isFinite(total)) return { ok: false, reason: `"${text.trim()}" is too long` };
  return { ok: true, value: roundRelative(total) };
}

/** A percent (`2%`, `2 %` or `2`) as a fraction (0.02), between 0 and 100 %. */
export function parsePercent(text: string): Parsed<number> {
  const trimmed = text.trim().replace(/\s*%$/, '');
  const decimal = parseDecimal(trimmed);
  if (decimal === null) return { ok: false, reason: `"${text.trim()}" is not a percent, such as 2% or 0.5` };
  if (decimal.mantissa < 0n) return { ok: false, reason: `${text.trim()} is below 0 %` };
  const fraction = roundRelative(Number(decimal.mantissa) / 10 ** (decimal.scale + 2));
  if (fraction > 1) return { ok: false, reason: `${text.trim()} is above 100 %` };
  return { ok: true, value: fraction };
}

/** A fraction as a percent for people: 0.0144 → `1.44 %`, 0.2777… → `27.8 %`. */
export function formatPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return '—';
  const percent = fraction * 100;
  const digits = Math.abs(percent) >= 10 ? 1 : Math.abs(percent) >= 1 ? 2 : 3;
  return `${Number(percent.toFixed(digits))} %`;
}

/** A burn rate for people: 14.4 → `14.4×`, 13.44 → `13.44×`, 0.9333… → `0.933×`. */
export function formatBurn(burn: number): string {
  if (!Number.isFinite(burn)) return '—';
  return `${Number(Number(burn.toFixed(3)).toPrecision(4))}×`;
}
