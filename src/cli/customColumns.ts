/**
 * `-o custom-columns=HEADER:.field,…` (kubectl's syntax) for `list` and `get`:
 * a table of the columns named, each the value at a path of the record
 * (`.target_value`, `.queries.0.name`); a record without it shows `<none>`.
 * Values reach the table sanitised as every cell does.
 */
import type { ApiRecord } from '../api/record.js';
import type { Column } from '../presentation/resources.js';
import { usageError } from './args.js';

const NONE = '<none>';

/** The columns a `custom-columns=` spec names, or a usage error that says what is wrong. */
export function customColumns(spec: string, command: string): Column[] {
  const parts = spec.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.some((part) => part === ''))
    throw usageError(
      '-o custom-columns= takes HEADER:.field pairs separated by commas: ID:.id,TARGET:.target_value',
      command,
    );
  return parts.map((part) => {
    const match = /^([^:]+):\.?([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)$/.exec(part);
    if (!match)
      throw usageError(
        `-o custom-columns: "${part.replace(/[^\x20-\x7e]/g, '?').slice(0, 40)}" is not HEADER:.field (such as TARGET:.target_value).`,
        command,
      );
    const [, header, path] = match;
    const keys = path!.split('.');
    return {
      id: `custom:${header}`,
      header: header!.trim(),
      get: (record: ApiRecord) => cellOf(valueAt(record, keys)),
      width: header!.length,
      minWidth: header!.length,
      priority: 1,
    };
  });
}

function valueAt(record: unknown, keys: readonly string[]): unknown {
  let at: unknown = record;
  for (const key of keys) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A value as one cell: text as it is, `<none>` for nothing, anything else as compact JSON. */
function cellOf(value: unknown): string {
  if (value === undefined || value === null) return NONE;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
