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
  // As zod says it: "received Infinity", "received NaN" (never from JSON, possible from a caller).
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

const fail = (path: (string | number)[], message: string): never => {
  throw new Invalid({ path, message });
};
const expected = (path: (string | number)[], type: string, value: unknown): never =>
  fail(path, `Invalid input: expected ${type}, received ${typeName(value)}`);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a field sits, for a message; built only when a check fails (this runs for every field of every record). */
type Path = readonly (string | number)[];
const TOP: Path = [];

/** Filled in while records are read: whether one had a field the definitions do not list (at any level). */
export interface FieldsSeen {
  unknown: boolean;
  /**
   * Objects (records, queries) read the general way because the one pass did not fit them
   * (inOnePass): the same answer, slower. Counted so that tests hold the one pass to the records
   * it is for, as a mutation that made it give up more often would change no answer.
   */
  generalReads?: number;
}

function field(kind: RecordFieldKind, value: unknown, parent: Path, key: string, seen: FieldsSeen): unknown {
  switch (kind) {
    case 'id':
      if (typeof value === 'string')
        return value.length >= 1 ? value : fail([...parent, key], 'Too small: expected string to have >=1 characters');
      return typeof value === 'number' && Number.isInteger(value)
        ? String(value)
        : fail([...parent, key], 'Invalid input');
    case 'text':
      return value == null || typeof value === 'string' ? value : expected([...parent, key], 'string', value);
    case 'number':
      return value == null || (typeof value === 'number' && Number.isFinite(value))
        ? value
        : expected([...parent, key], 'number', value);
    case 'string-or-number':
      if (value == null) return value;
      return stringOrNumber(value) ?? fail([...parent, key], 'Invalid input');
    case 'string-or-number-list':
      if (value == null) return value;
      if (!Array.isArray(value)) return expected([...parent, key], 'array', value);
      return value.map((item: unknown, i) => stringOrNumber(item) ?? fail([...parent, key, i], 'Invalid input'));
    case 'queries':
      return value == null ? value : queries(value, parent, key, seen);
  }
}

/** A string as it is, a finite number as a string; undefined for anything else. */
function stringOrNumber(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // Number.isFinite is false for anything not a number.
  return Number.isFinite(value) ? String(value) : undefined;
}

/** The SLI queries: each an object of QUERY_FIELDS (loose too), in the order sent. */
function queries(value: unknown, parent: Path, key: string, seen: FieldsSeen): Record<string, unknown> {
  if (!isObject(value)) return expected([...parent, key], 'record', value);
  const out: Record<string, unknown> = {};
  for (const name in value) {
    // for-in lists the own keys in Object.keys' order, then inherited ones (a JSON object has none).
    if (!Object.hasOwn(value, name)) continue;
    const query = value[name];
    if (!isObject(query)) expected([...parent, key, name], 'object', query);
    let checked: Record<string, unknown>;
    try {
      checked = looseObject(QUERY_FIELDS, query as Record<string, unknown>, TOP, seen);
    } catch (error) {
      // The query's own path is made only for a message, not for every query read.
      if (error instanceof Invalid)
        throw new Invalid({ ...error.issue, path: [...parent, key, name, ...error.issue.path] });
      throw error;
    }
    setOwn(out, name, checked);
  }
  return out;
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

/**
 * The definitions are fixed: their keys and kinds are listed once, not for
 * every record, with an object holding every known key in order. A record
 * that has them all (nearly every one) starts as a copy of that object, made
 * in one step with its room for them all, rather than grown key by key.
 */
interface Shape {
  keys: readonly string[];
  kinds: readonly RecordFieldKind[];
  /** Undefined when a definition is called __proto__ (never in this registry): such a key takes defineProperty. */
  template: Record<string, unknown> | undefined;
}
const shapes = new WeakMap<RecordFields, Shape>();
function shapeOf(fields: RecordFields): Shape {
  let shape = shapes.get(fields);
  if (shape === undefined) {
    const keys = Object.keys(fields);
    const template = keys.includes('__proto__')
      ? undefined
      : (Object.fromEntries(keys.map((key) => [key, undefined])) as Record<string, unknown>);
    shapes.set(fields, (shape = { keys, kinds: keys.map((key) => fields[key]!), template }));
  }
  return shape;
}

/** The known fields in their order (those present), then the unknown ones as sent. */
function looseObject(
  fields: RecordFields,
  value: Record<string, unknown>,
  path: Path,
  seen: FieldsSeen,
): Record<string, unknown> {
  const shape = shapeOf(fields);
  const read = shape.template && inOnePass(shape, shape.template, value, path, seen);
  if (read) return read;
  seen.generalReads = (seen.generalReads ?? 0) + 1;
  return anyFields(shape, fields, value, path, seen);
}

/**
 * A record read in one pass over its keys: each value is read where the pass
 * finds it and put in a copy of the template, which holds the known fields in
 * their order whatever order they came in; unknown fields follow as sent.
 * Undefined when a field does not fit, when the id is missing, or when there
 * are more than 31 known fields: the general reading then answers (it checks
 * in the definitions' order, so the first issue is the same).
 */
function inOnePass(
  { keys, kinds }: Shape,
  template: Record<string, unknown>,
  value: Record<string, unknown>,
  path: Path,
  seen: FieldsSeen,
): Record<string, unknown> | undefined {
  if (keys.length > 31) return undefined;
  const out = { ...template };
  let found = 0;
  let count = 0;
  let unknown: string[] | undefined;
  let next = 0;
  try {
    for (const key in value) {
      // for-in lists inherited keys too (a JSON object has none): only own ones are fields.
      if (!Object.hasOwn(value, key)) continue;
      // Sent in the definitions' order, the next key is the one expected: no search.
      const index = keys[next] === key ? next : keys.indexOf(key);
      if (index < 0) {
        (unknown ??= []).push(key);
        continue;
      }
      out[key] = field(kinds[index]!, value[key], path, key, seen);
      found |= 1 << index;
      count++;
      next = index + 1;
    }
  } catch (error) {
    if (error instanceof Invalid) return undefined;
    throw error;
  }
  let read = out;
  if (count < keys.length) {
    // A missing id is an issue (the general reading names it); other known fields may be missing,
    // unless for-in passed over them (own but not enumerable: never in JSON).
    const unseen = (i: number) => (found & (1 << i)) === 0;
    if (keys.some((key, i) => unseen(i) && (kinds[i] === 'id' || Object.hasOwn(value, key)))) return undefined;
    read = {};
    for (let i = 0; i < keys.length; i++) if (!unseen(i)) read[keys[i]!] = out[keys[i]!];
  }
  if (unknown) {
    seen.unknown = true;
    for (const key of unknown) setOwn(read, key, value[key]);
  }
  return read;
}

function anyFields(
  { keys, kinds, template }: Shape,
  fields: RecordFields,
  value: Record<string, unknown>,
  path: Path,
  seen: FieldsSeen,
): Record<string, unknown> {
  let out: Record<string, unknown> = template ? { ...template } : {};
  let absent = false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const present = Object.hasOwn(value, key);
    // Checked when absent too (an id must be there); no kind gives a value for an absent field.
    const checked = field(kinds[i]!, present ? value[key] : undefined, path, key, seen);
    if (!present) absent = true;
    else if (template) out[key] = checked;
    else setOwn(out, key, checked);
  }
  // A known field absent is absent from the record too (never there as undefined).
  if (absent && template) out = onlyPresent(keys, value, out);
  for (const key in value) {
    if (Object.hasOwn(fields, key) || !Object.hasOwn(value, key)) continue;
    seen.unknown = true;
    setOwn(out, key, value[key]);
  }
  return out;
}

function onlyPresent(
  keys: readonly string[],
  value: Record<string, unknown>,
  checked: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (Object.hasOwn(value, key)) out[key] = checked[key];
  return out;
}

/**
 * A record as the server sends it, checked against a resource's fields.
 * `seen.unknown` is set when it has a field the definitions do not list, at
 * any level (a list's reader passes one for all its records).
 */
export function checkRecord(
  fields: RecordFields,
  value: unknown,
  seen: FieldsSeen = { unknown: false },
): Checked<{ id: string } & Record<string, unknown>> {
  try {
    if (!isObject(value)) expected([], 'object', value);
    const data = looseObject(fields, value as Record<string, unknown>, TOP, seen);
    return { success: true, data: data as { id: string } & Record<string, unknown> };
  } catch (error) {
    if (error instanceof Invalid) return { success: false, issue: error.issue };
    throw error;
  }
}

/**
 * Lists of records each of which fitted its fields and had no other
 * (checkRecord left `seen.unknown` false), so none nests more than three
 * levels: a record, its queries, a query. Records are never written to after.
 */
const knownOnlyLists = new WeakSet<readonly object[]>();
export const markKnownOnly = (records: readonly object[]): void => void knownOnlyLists.add(records);
export const isKnownOnly = (records: readonly object[]): boolean => knownOnlyLists.has(records);

function checked<T>(read: () => T): Checked<T> {
  try {
    return { success: true, data: read() };
  } catch (error) {
    if (error instanceof Invalid) return { success: false, issue: error.issue };
    throw error;
  }
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
