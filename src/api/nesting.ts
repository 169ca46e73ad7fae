/**
 * How deep a JSON value nests. JSON.parse reads any depth, but everything that
 * walks a value recursively afterwards (JSON.stringify included) runs out of
 * stack a few thousand levels down. Records nest three levels; a value deeper
 * than MAX_NESTING is refused where answers arrive and where payloads leave,
 * and clipped where values are shown.
 */

/** Levels of arrays and objects allowed in one value (a record needs 3). */
export const MAX_NESTING = 64;

/** What a clipped value shows instead of what lies beyond the limit. */
export const TOO_DEEP = '(nested too deep)';

/**
 * True when the value nests arrays or objects more than `limit` levels deep.
 * The recursion stops as soon as the limit is passed, so any depth is
 * measured safely (at most `limit` + 1 frames); it allocates nothing, since
 * every record of every page goes through it.
 */
export function nestsDeeperThan(value: unknown, limit = MAX_NESTING): boolean {
  return deeperThan(value, 1, limit);
}

function deeperThan(value: unknown, level: number, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (level > limit) return true;
  if (Array.isArray(value)) {
    for (const child of value as unknown[]) if (deeperThan(child, level + 1, limit)) return true;
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && deeperThan((value as Record<string, unknown>)[key], level + 1, limit)) return true;
  }
  return false;
}

/**
 * The value itself when it fits within `limit` levels; otherwise a copy in
 * which every array or object below the limit is replaced by TOO_DEEP (the
 * recursion is bounded by the limit). Own keys are copied as own keys, so a
 * field called __proto__ stays a field.
 */
export function clipNesting(value: unknown, limit = MAX_NESTING): unknown {
  if (!nestsDeeperThan(value, limit)) return value;
  const clip = (v: unknown, level: number): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (level > limit) return TOO_DEEP;
    if (Array.isArray(v)) return v.map((child: unknown) => clip(child, level + 1));
    return Object.fromEntries(Object.entries(v).map(([key, child]) => [key, clip(child, level + 1)]));
  };
  return clip(value, 1);
}
