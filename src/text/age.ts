/**
 * How old something is, the way kubectl's AGE column says it (its
 * HumanDuration): seconds up to two minutes, then minutes (with seconds under
 * ten minutes), hours (with minutes under eight hours), days (with hours under
 * eight days), years (with days under eight years). Always short: 3m10s, 5h,
 * 12d, 2y45d.
 */
export function humanAge(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 8) return hours % 24 === 0 ? `${days}d` : `${days}d${hours % 24}h`;
  if (days < 365 * 2) return `${days}d`;
  const years = Math.floor(days / 365);
  if (years < 8) return days % 365 === 0 ? `${years}y` : `${years}y${days % 365}d`;
  return `${years}y`;
}

/** The age of an ISO time at `now`, or '' when the time is missing or unreadable. */
export function ageOf(time: unknown, now: number): string {
  if (typeof time !== 'string') return '';
  const at = Date.parse(time);
  return Number.isNaN(at) ? '' : humanAge(now - at);
}
