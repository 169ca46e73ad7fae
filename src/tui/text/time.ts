/** Timestamps for people: local time plus how long ago, from an injected clock. */

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** True for an ISO 8601 date-time the detail view should show as local time. */
export function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
}

const two = (n: number): string => String(n).padStart(2, '0');

/** `2024-05-01 14:03:22 +02:00` (or `… UTC`): the local time, with its zone so it is never read as another. */
function formatLocalTime(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())} ${zoneOf(date)}`;
}

/** The local zone's offset at that date: `UTC`, `+02:00`, `-05:30`. */
function zoneOf(date: Date): string {
  const offset = -date.getTimezoneOffset();
  if (offset === 0) return 'UTC';
  const abs = Math.abs(offset);
  return `${offset > 0 ? '+' : '-'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

const UNITS: readonly [limitSeconds: number, seconds: number, name: string][] = [
  [60, 1, 'second'],
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [30 * 86_400, 86_400, 'day'],
  [365 * 86_400, 30 * 86_400, 'month'],
  [Infinity, 365 * 86_400, 'year'],
];

/** "3 days ago", "in 2 hours", "just now". */
export function formatRelative(date: Date, now: Date): string {
  const diff = (now.getTime() - date.getTime()) / 1000;
  const abs = Math.abs(diff);
  if (abs < 45) return 'just now';
  for (const [limit, seconds, name] of UNITS) {
    if (abs < limit) {
      const n = Math.max(1, Math.floor(abs / seconds));
      const phrase = `${n} ${name}${n === 1 ? '' : 's'}`;
      return diff >= 0 ? `${phrase} ago` : `in ${phrase}`;
    }
  }
  return '';
}

/** `2024-05-01 14:03:22 (3 days ago)`, or the text unchanged when it is not a timestamp. */
export function describeTimestamp(value: string, now: Date): string {
  const date = new Date(Date.parse(value));
  return `${formatLocalTime(date)} (${formatRelative(date, now)})`;
}
