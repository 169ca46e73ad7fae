/**
 * Reads what the server sends against the definitions of recordFields.ts,
 * without zod (zod's code and schemas cost ~20 ms at every start of `list`;
 * it is loaded for create and update only). Gives what the zod schemas of
 * schemas.ts give, the data and the first issue alike (a test holds both to
 * every fixture), so messages do not depend on which one ran.
 */
import { QUERY_FIELDS, type RecordFieldKind, type RecordFields } from './recordFields.js';

export interface Issue {
  path: (string | number)[];
  message: string;
}

export type Checked<T> = { success: true; data: T } | { success: false; issue: Issue };

class Invalid {
  constructor(readonly issue: Issue) {}
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const fail = (path: (string | number)[], message: string): never => {
  throw new Invalid({ path, message });
};
const expected = (path: (string | number)[], type: string, value: unknown): never =>
  fail(path, `Invalid input: expected ${type}, received ${typeName(value)}`);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function field(kind: RecordFieldKind, value: unknown, parent: (string | number)[], key: string): unknown {
  // The path is built only for a message: this runs for every field of every record.
  const path = () => [...parent, key];
  switch (kind) {
    case 'id':
      if (typeof value === 'string')
        return value.length >= 1 ? value : fail(path(), 'Too small: expected string to have >=1 characters');
      return typeof value === 'number' && Number.isInteger(value) ? String(value) : fail(path(), 'Invalid input');
    case 'text':
      return value == null || typeof value === 'string' ? value : expected(path(), 'string', value);
    case 'number':
      return value == null || (typeof value === 'number' && Number.isFinite(value))
        ? value
        : expected(path(), 'number', value);
    case 'string-or-number':
      return stringOrNumber(value, path, true);
    case 'string-or-number-list':
      if (value == null) return value;
      if (!Array.isArray(value)) return expected(path(), 'array', value);
      return value.map((item, i) => stringOrNumber(item, () => [...path(), i], false));
    case 'queries': {
      if (value == null) return value;
      if (!isObject(value)) return expected(path(), 'record', value);
      const out: Record<string, unknown> = {};
      for (const [name, query] of Object.entries(value)) {
        if (!isObject(query)) expected([...path(), name], 'object', query);
        setOwn(out, name, looseObject(QUERY_FIELDS, query as Record<string, unknown>, [...path(), name]));
      }
      return out;
    }
  }
}

function stringOrNumber(value: unknown, path: () => (string | number)[], nullable: boolean): unknown {
  if (typeof value === 'string') return value;
  // Number.isFinite is false for anything not a number.
  if (Number.isFinite(value)) return String(value);
  return nullable && value == null ? value : fail(path(), 'Invalid input');
}

/**
 * Keys are the server's: a field may be called __proto__, constructor or
 * toString. It is set as an own property (plain assignment of __proto__
 * would replace the object's prototype with the server's object; the others
 * are plain assignments, which make own properties as well), and every
 * lookup is an own-property one (`in` would find constructor on any object).
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Assignment is several times faster than defineProperty; only __proto__ has a setter on Object.prototype.
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** The definitions are fixed: their keys are listed once, not for every record. */
const definedKeys = new WeakMap<RecordFields, readonly string[]>();
function keysOf(fields: RecordFields): readonly string[] {
  let keys = definedKeys.get(fields);
  if (keys === undefined) definedKeys.set(fields, (keys = Object.keys(fields)));
  return keys;
}

/** The known fields in their order (those present), then the unknown ones as sent. */
function looseObject(
  fields: RecordFields,
  value: Record<string, unknown>,
  path: (string | number)[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keysOf(fields)) {
    const present = Object.hasOwn(value, key);
    // Checked when absent too (an id must be there); no kind gives a value for an absent field.
    const checked = field(fields[key]!, present ? value[key] : undefined, path, key);
    if (present) setOwn(out, key, checked);
  }
  for (const key of Object.keys(value)) if (!Object.hasOwn(fields, key)) setOwn(out, key, value[key]);
  return out;
}

function checked<T>(read: () => T): Checked<T> {
  try {
    return { success: true, data: read() };
  } catch (error) {
    if (error instanceof Invalid) return { success: false, issue: error.issue };
    throw error;
  }
}

/** A record as the server sends it, checked against a resource's fields. */
export function checkRecord(fields: RecordFields, value: unknown): Checked<{ id: string } & Record<string, unknown>> {
  return checked(() => {
    if (!isObject(value)) expected([], 'object', value);
    return looseObject(fields, value as Record<string, unknown>, []) as { id: string } & Record<string, unknown>;
  });
}

export interface Envelope {
  total: number;
  results: unknown[];
  next: string | null;
  previous: string | null;
  [key: string]: unknown;
}

/** A list answer (docs/service-api.md, Lists): total, results, next and previous links (absent links are null). */
export function checkEnvelope(value: unknown): Checked<Envelope> {
  return checked(() => {
    if (!isObject(value)) expected([], 'object', value);
    const v = value as Record<string, unknown>;
    const { total, results } = v;
    if (!Number.isFinite(total)) expected(['total'], 'number', total);
    if (!Number.isInteger(total)) fail(['total'], 'Invalid input: expected int, received number');
    if ((total as number) < 0) fail(['total'], 'Too small: expected number to be >=0');
    if (!Array.isArray(results)) expected(['results'], 'array', results);
    const link = (key: 'next' | 'previous') => {
      const given = v[key];
      if (given != null && typeof given !== 'string') expected([key], 'string', given);
      return (given as string | null | undefined) ?? null;
    };
    const out: Envelope = {
      total: total as number,
      results: results as unknown[],
      next: link('next'),
      previous: link('previous'),
    };
    for (const key of Object.keys(v)) if (!Object.hasOwn(out, key)) setOwn(out, key, v[key]);
    return out;
  });
}
