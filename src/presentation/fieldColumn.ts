/**
 * A column that shows the value at a path of the record (`.target_value`,
 * `.queries.0.name`), for `-o custom-columns=` and settings.yaml's `views:`.
 * A record without it shows `<none>`, as kubectl does; text is shown as it
 * is (tables sanitise every cell), anything else as compact JSON.
 */
import type { ApiRecord } from '../api/record.js';
import type { Column } from './resources.js';

/** `HEADER:.field.path` (kubectl's custom-columns entry), or undefined when it is not one. */
export function fieldColumnOf(entry: string): Column | undefined {
  const match = /^([^:]+):\.?([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)$/.exec(entry.trim());
  if (!match) return undefined;
  const header = match[1]!.trim();
  const keys = match[2]!.split('.');
  return {
    id: `field:${match[2]}`,
    header,
    get: (record: ApiRecord) => cellOf(valueAt(record, keys)),
    width: Math.max(header.length, 12),
    minWidth: header.length,
    priority: 1,
  };
}

function valueAt(record: unknown, keys: readonly string[]): unknown {
  let at: unknown = record;
  for (const key of keys) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function cellOf(value: unknown): string {
  if (value === undefined || value === null) return '<none>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
