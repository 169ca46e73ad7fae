/**
 * One truth, two readers: the plain validator that reads every page
 * (validate.ts, no zod) and the zod schemas (schemas.ts) come from the same
 * field definitions, and give the same answer on every fixture: the same
 * data (keys in the same order, so `--json` prints the same bytes), or the
 * same first issue (path and message).
 */
import { describe, expect, test } from 'vitest';
import { RESOURCE_NAMES } from '../../src/api/resources.js';
import { VIEWS } from '../../src/presentation/resources.js';
import { envelopeSchema, recordSchemaOf } from '../../src/api/schemas.js';
import { checkEnvelope, checkRecord, type Checked, type FieldsSeen } from '../../src/api/validate.js';
import { addSampleData, addSeededSlis, emptyData } from '../../src/sandbox/sample.js';

const data = emptyData();
addSampleData(data);
addSeededSlis(data, 5);

/** Values that each field kind must accept or refuse the same way. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  'text',
  '99.9',
  0,
  7,
  -1,
  1.5,
  true,
  [],
  ['a'],
  ['a', 2],
  [1, null],
  [{}],
  {},
  { a: 1 },
  { q: { select: 's', where: 'w', from: 'f', limit: 5, extra: true } },
  { q: { limit: 'x' } },
  { q: 5 },
  { q: null },
  { q: { select: 1 } },
];

function zodAnswer(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: unknown }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
) {
  const r = schema.safeParse(value);
  if (r.success) return { success: true, data: r.data, json: JSON.stringify(r.data) };
  const issue = r.error.issues[0]!;
  return {
    success: false,
    issue: { path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))), message: issue.message },
  };
}

function plainAnswer(result: Checked<unknown>) {
  return result.success
    ? { success: true, data: result.data, json: JSON.stringify(result.data) }
    : { success: false, issue: result.issue };
}

describe.each(RESOURCE_NAMES)('records of %s', (name) => {
  const fields = VIEWS[name].recordFields;
  const schema = recordSchemaOf(name);
  const stored = (data[name]?.records ?? []) as Record<string, unknown>[];

  test('every sample record: the same data, each read in the one pass', () => {
    expect(stored.length).toBeGreaterThan(0);
    const seen: FieldsSeen = { unknown: false };
    for (const record of stored) {
      const answer = plainAnswer(checkRecord(fields, record, seen));
      expect(answer.success).toBe(true);
      expect(answer).toStrictEqual(zodAnswer(schema, record));
    }
    expect(seen.generalReads ?? 0).toBe(0);
  });

  test('every field given every odd value, and records that are not objects: the same answer', () => {
    const base = { ...stored[0]!, unknown_field: { kept: true } };
    let refused = 0;
    for (const key of [...Object.keys(fields), 'unknown_field']) {
      for (const value of ODD_VALUES) {
        const record: Record<string, unknown> = { ...base, [key]: value };
        if (value === undefined) delete record[key];
        const answer = plainAnswer(checkRecord(fields, record));
        expect(answer, `${key} = ${JSON.stringify(value)}`).toStrictEqual(zodAnswer(schema, record));
        if (!answer.success) refused++;
      }
    }
    for (const value of [null, 'x', 3, [], [base]])
      expect(plainAnswer(checkRecord(fields, value))).toStrictEqual(zodAnswer(schema, value));
    expect(refused).toBeGreaterThan(Object.keys(fields).length * 3); // the fixtures do reach the refusals
  });
});

describe('the list envelope', () => {
  const page = { total: 2, results: [{ id: 'a' }, { id: 'b' }], next: 'https://x/v1/slis/?offset=2', previous: null };
  const cases: unknown[] = [
    page,
    { ...page, next: undefined, previous: undefined },
    { total: 0, results: [] },
    { ...page, extra: [1] },
    { ...page, total: -1 },
    { ...page, total: 1.5 },
    { ...page, total: '2' },
    { ...page, total: null },
    { results: [] },
    { ...page, results: { id: 'a' } },
    { ...page, results: null },
    { ...page, next: 5 },
    { ...page, previous: {} },
    { ...page, next: '' },
    [],
    null,
    'page',
    0,
  ];
  test.each(cases.map((c) => [JSON.stringify(c) ?? 'undefined', c]))('%s: the same answer', (_label, value) => {
    expect(plainAnswer(checkEnvelope(value))).toStrictEqual(zodAnswer(envelopeSchema(), value));
  });
});

describe('fields named like built-in object members', () => {
  const odd = '"__proto__":{"name":"planted"},"constructor":"c","toString":"t","valueOf":"v","hasOwnProperty":"h"';

  test("a record keeps each as an own field, and its prototype stays Object's", () => {
    const json: unknown = JSON.parse(
      `{"id":"sli-1",${odd},"queries":{"__proto__":{"select":"s","from":"f","where":"w","limit":1},"constructor":{"select":"c","from":"f","where":"w","limit":2}}}`,
    );
    const result = checkRecord(VIEWS.slis.recordFields, json);
    expect(result.success).toBe(true);
    const record = (result as { data: Record<string, unknown> }).data;
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(
      expect.arrayContaining(['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']),
    );
    // The planted object is a field, not the prototype: the record has no name.
    expect(record.name).toBeUndefined();
    expect(Object.keys(record.queries as object).sort()).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(record)).toContain('"__proto__":{"name":"planted"}');
  });

  test('a field called __proto__ is a plain field: it can be changed and removed like any other', () => {
    const result = checkRecord(VIEWS.slis.recordFields, JSON.parse('{"id":"sli-1","__proto__":{"a":1}}'));
    const record = (result as { data: Record<string, unknown> }).data;
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')).toEqual({
      value: { a: 1 },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });

  test('an envelope keeps them too', () => {
    const result = checkEnvelope(JSON.parse(`{"total":0,"results":[],${odd}}`));
    expect(result.success).toBe(true);
    const envelope = (result as { data: Record<string, unknown> }).data;
    expect(Object.getPrototypeOf(envelope)).toBe(Object.prototype);
    expect(Object.keys(envelope)).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'toString']));
  });
});
