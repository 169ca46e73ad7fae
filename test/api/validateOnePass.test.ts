/**
 * The record reader's one pass (src/api/validate.ts): fields in any order, unknown ones among
 * them, some missing, values that do not fit, keys that are not plainly the object's own, and
 * more known fields than the pass takes. Each answer is held to the zod schema's (the same data,
 * keys in the same order, or the same first issue), as validate.test.ts holds the sample records.
 */
import { describe, expect, test } from 'vitest';
import type { RecordFields } from '../../src/api/recordFields.js';
import { RESOURCES, type ResourceDef } from '../../src/api/resources.js';
import { recordSchemaOf } from '../../src/api/schemas.js';
import { checkRecord, type FieldsSeen } from '../../src/api/validate.js';

function sameAsZod(def: ResourceDef, value: unknown) {
  const seen: FieldsSeen = { unknown: false };
  const plain = checkRecord(def.recordFields, value, seen);
  const zod = recordSchemaOf(def).safeParse(value);
  if (zod.success) {
    expect(plain.success).toBe(true);
    const data = (plain as { data: unknown }).data;
    expect(data).toStrictEqual(zod.data);
    expect(JSON.stringify(data)).toBe(JSON.stringify(zod.data));
  } else {
    const issue = zod.error.issues[0]!;
    expect(plain).toStrictEqual({
      success: false,
      issue: { path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))), message: issue.message },
    });
  }
  return { plain, seen };
}

const query = { select: 's', from: 'f', where: 'w', limit: 1 };
const base = {
  id: 'sli-1',
  name: 'n',
  type: 't',
  description: 'd',
  unit_of_measure: '%',
  queries: { good: query },
  formula: 'good',
  created_at: 'c',
  updated_at: 'u',
};
const reversed = Object.fromEntries(Object.entries(base).reverse());

describe('records read in one pass', () => {
  test.each([
    ['in the definitions’ order', base],
    ['in reverse order', reversed],
    ['with unknown fields among the known', { owner: 'o', ...base, tags: ['x'], zone: { a: 1 } }],
    ['in reverse order with unknown fields', { z: 1, ...reversed, a: 2 }],
    ['with optional fields missing', { id: 'sli-2', queries: { q: { limit: 2, where: 'w' } } }],
    ['with a numeric id', { ...reversed, id: 7 }],
    ['with null values', { ...base, name: null, queries: null }],
  ])('%s: the same data as zod, every object read in the one pass', (_label, record) => {
    expect(sameAsZod(RESOURCES.slis, record).seen.generalReads ?? 0).toBe(0);
  });

  test.each([
    ['a bad value in the definitions’ order', { ...base, name: 5 }],
    ['two bad values sent in reverse order: the first by the definitions is named', { ...reversed, type: 5, name: 6 }],
    ['a bad value in a query sent out of order', { ...reversed, queries: { q: { limit: 'x', select: 7 } } }],
    ['the id missing, other fields there', { name: 'n', type: 't' }],
    ['the id empty, sent last', { ...reversed, id: '' }],
    ['a query that is not an object', { ...base, queries: { q: 5 } }],
    [
      'a number that is not finite (never from JSON, refused all the same)',
      { ...base, queries: { q: { ...query, limit: Infinity } } },
    ],
  ])('%s: the same first issue as zod, found by the general reading', (_label, record) => {
    const { plain, seen } = sameAsZod(RESOURCES.slis, record);
    expect(plain.success).toBe(false);
    expect(seen.generalReads).toBeGreaterThan(0);
  });

  test('fields called __proto__ and constructor, sent before the id: own fields after it (zod drops __proto__)', () => {
    const read = checkRecord(
      RESOURCES.slis.recordFields,
      JSON.parse('{"constructor":"c","__proto__":{"x":1},"id":"a"}'),
    );
    expect(read.success && Object.keys(read.data)).toEqual(['id', 'constructor', '__proto__']);
    expect(read.success && Object.getPrototypeOf(read.data)).toBe(Object.prototype);
    expect(JSON.stringify(read.success && read.data)).toBe('{"id":"a","constructor":"c","__proto__":{"x":1}}');
  });

  test('unknown fields, at the record or in a query, are said; known-only records are not', () => {
    expect(sameAsZod(RESOURCES.slis, reversed).seen.unknown).toBe(false);
    expect(sameAsZod(RESOURCES.slis, { ...reversed, extra: 1 }).seen.unknown).toBe(true);
    expect(sameAsZod(RESOURCES.slis, { ...base, queries: { q: { ...query, unit: 's' } } }).seen.unknown).toBe(true);
  });

  test('a known field own but not enumerable is still read; one only on the prototype is not', () => {
    const hidden = { ...base };
    Object.defineProperty(hidden, 'name', { value: 'hidden', enumerable: false });
    const read = checkRecord(RESOURCES.slis.recordFields, hidden);
    expect(read.success && read.data.name).toBe('hidden');
    const inherited = Object.create({ name: 'from the prototype' }) as Record<string, unknown>;
    Object.assign(inherited, { id: 'a', type: 't' });
    const plain = checkRecord(RESOURCES.slis.recordFields, inherited);
    // (zod reads the inherited one: own fields only is this reader's rule, as before the one pass)
    expect(plain.success && Object.keys(plain.data)).toEqual(['id', 'type']);
  });

  test('read the general way: a numeric id made a string, a missing known field left out, unknown fields said and kept', () => {
    const fields: RecordFields = {
      id: 'id',
      ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'text'])),
    };
    const def = { ...RESOURCES.slis, recordFields: fields };
    const { f3: _missing, ...record } = Object.fromEntries(Object.keys(fields).map((key) => [key, key]));
    const { plain, seen } = sameAsZod(def, { ...record, id: 7, extra: 'x' });
    expect(seen).toEqual({ unknown: true, generalReads: 1 });
    expect(plain.success && plain.data.id).toBe('7');
    expect(plain.success && Object.keys(plain.data)).toEqual([
      ...Object.keys(fields).filter((k) => k !== 'f3'),
      'extra',
    ]);
  });

  test('more known fields than the one pass takes: read all the same', () => {
    const fields: RecordFields = {
      id: 'id',
      ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'text'])),
    };
    const def = { ...RESOURCES.slis, recordFields: fields };
    const record = Object.fromEntries([...Object.keys(fields)].reverse().map((key) => [key, key === 'id' ? 'a' : key]));
    const { plain, seen } = sameAsZod(def, { ...record, extra: true });
    expect(plain.success && Object.keys(plain.data)).toEqual([...Object.keys(fields), 'extra']);
    expect(seen.generalReads).toBe(1);
  });
});
