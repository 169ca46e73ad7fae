/**
 * Records held packed (the record index's store): every record read back has
 * the fields it was given, in their order, with their values; positions by
 * id follow additions, replacements and removals; and a record of the
 * service's shape takes a bounded number of bytes (counted, not timed).
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PackCodec, PackedRecords } from '../../src/api/packedRecords.js';
import { ODD_RECORD, oddReason, type ApiRecord } from '../../src/api/record.js';

const KINDS = ['availability', 'latency', 'error_rate', 'throughput'];

/** An SLI as the sandbox generates them (src/sandbox/sample.ts). */
function sli(n: number): ApiRecord {
  const kind = KINDS[(n - 1) % 4]!;
  const service = `svc-${String(n).padStart(5, '0')}`;
  const where = `service = '${service}'`;
  const at = new Date(1_700_000_000_000 + n * 1000).toISOString();
  return {
    id: `sli-${String(n).padStart(7, '0')}`,
    name: `${service} ${kind}`,
    type: kind,
    description: `Generated ${kind} indicator of ${service}.`,
    unit_of_measure: kind === 'latency' ? 'ms' : 'percent',
    queries:
      kind === 'availability'
        ? {
            good: { select: 'count(*)', from: 'http_requests', where: `${where} AND status_code < 500`, limit: 1 },
            total: { select: 'count(*)', from: 'http_requests', where, limit: 1 },
          }
        : { p95: { select: 'percentile(duration_ms, 95)', from: 'http_requests', where, limit: 1 } },
    formula: 'good / total * 100',
    created_at: at,
    updated_at: at,
  };
}

const store = () => new PackedRecords(new PackCodec());
const keysDeep = (value: unknown): unknown =>
  typeof value === 'object' && value !== null
    ? Array.isArray(value)
      ? value.map(keysDeep)
      : Object.entries(value).map(([k, v]) => [k, keysDeep(v)])
    : value;

describe('records held packed', () => {
  it('reads back every value as given: numbers, strings of any script, nesting, order of keys', () => {
    const odd: ApiRecord = {
      id: 'x-1',
      name: 'Ünïcødé 名前 🚀',
      empty: '',
      count: 0,
      big: 2 ** 31,
      huge: Number.MAX_SAFE_INTEGER,
      negative: -7,
      fraction: 99.95,
      minusZero: -0,
      yes: true,
      no: false,
      nothing: null,
      missing: undefined,
      list: [1, 'two', [3, { four: 4 }], [], {}],
      nested: { a: { b: { c: ['deep', 'x-1'] } } },
      '2': 'a key that reads as a number',
      copy: 'x-1',
    };
    const held = store();
    held.place(odd);
    const back = held.at(0)!;
    expect(back).toEqual(odd);
    expect(keysDeep(back)).toEqual(keysDeep(odd));
    expect(Object.keys(back)).toEqual(Object.keys(odd));
    expect(Object.is(back.minusZero, -0)).toBe(true);
    expect(back).not.toBe(held.at(0));
  });

  it('keeps a __proto__ field as an own field, and why a record did not fit its schema', () => {
    const record = JSON.parse('{"id":"p","__proto__":{"polluted":true},"inner":{"__proto__":1}}') as ApiRecord;
    (record as Record<symbol, unknown>)[ODD_RECORD] = 'type: expected a string';
    const held = store();
    held.place(record);
    held.place({ id: 'plain' });
    const back = held.at(0)!;
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(back)).toBe(JSON.stringify(record));
    expect(oddReason(back)).toBe('type: expected a string');
    expect(oddReason(held.at(1)!)).toBeUndefined();
  });

  it('reads back records whose strings repeat within them and across them', () => {
    const held = store();
    const records = Array.from({ length: 800 }, (_, i) => sli(i + 1));
    for (const record of records) held.place(record);
    // Strict deep equality first (a fraction of toEqual's time on 800 records); toEqual, which
    // every strictly equal pair passes, then judges and shows a difference.
    const back = [...held];
    if (!isDeepStrictEqual(back, records)) expect(back).toEqual(records);
    expect(held.at(-1)).toEqual(records.at(-1));
    expect(held.at(800)).toBeUndefined();
    expect(held.idAt(765)).toBe(records[765]!.id);
    expect(held.idAt(-1)).toBeUndefined();
  });

  it('holds an SLI of the service in under 200 bytes (its JSON takes about 420)', () => {
    const held = store();
    const count = 5_000;
    let json = 0;
    for (let n = 1; n <= count; n++) {
      const record = sli(n);
      json += JSON.stringify(record).length;
      held.place(record);
    }
    expect(json / count).toBeGreaterThan(400);
    expect(held.bytes / count).toBeLessThan(200);
  });

  it('objects of more shapes than it keeps write their keys out, and still read back', () => {
    const held = store();
    const records = Array.from({ length: 4_200 }, (_, i) => ({ id: `r${i}`, [`k${i}`]: i }));
    for (const record of records) held.place(record);
    expect(held.at(0)).toEqual(records[0]);
    expect(held.at(4_199)).toEqual(records[4_199]);
    expect(held.get('r4199')).toEqual(records[4_199]);
  });

  it('a record larger than a chunk gets a chunk of its own; those after it are read as well', () => {
    const held = store();
    held.place({ id: 'a', text: 'x'.repeat(5 * 1024 * 1024) });
    held.place({ id: 'b', text: 'é'.repeat(3 * 1024 * 1024) });
    held.place({ id: 'c' });
    expect(held.get('a')?.text).toHaveLength(5 * 1024 * 1024);
    expect(held.get('b')?.text).toBe('é'.repeat(3 * 1024 * 1024));
    expect(held.get('c')).toEqual({ id: 'c' });
  });
});

describe('positions by id', () => {
  it('finds each id, replaces a record placed again, removes one and moves those after it up', () => {
    const held = store();
    const placed = Array.from({ length: 5000 }, (_, i) => held.place(sli(i + 1)));
    expect(placed.every((how) => how === 'added')).toBe(true);
    expect(held.positionOf('sli-0004321')).toBe(4320);
    expect(held.has('sli-0009999')).toBe(false);
    expect(held.get('nope')).toBeUndefined();
    expect(held.place({ ...sli(7), name: 'renamed' })).toBe('replaced');
    expect(held).toHaveLength(5000);
    expect(held.at(6)?.name).toBe('renamed');
    held.remove('sli-0000003');
    held.remove('not held');
    expect(held).toHaveLength(4999);
    expect(held.positionOf('sli-0000003')).toBeUndefined();
    expect(held.positionOf('sli-0000004')).toBe(2);
    expect(held.at(5)?.name).toBe('renamed');
    expect(held.idAt(4998)).toBe('sli-0005000');
  });

  it('copies a record into another store of the same codec as it is, and tells equal bytes', () => {
    const codec = new PackCodec();
    const from = new PackedRecords(codec);
    for (let n = 1; n <= 10; n++) from.place(sli(n));
    const to = new PackedRecords(codec);
    to.copyFrom(from, 4);
    to.copyFrom(from, 0);
    expect([...to]).toEqual([sli(5), sli(1)]);
    expect(to.positionOf('sli-0000001')).toBe(1);
    expect(from.sameBytes(4, sli(5))).toBe(true);
    expect(from.sameBytes(4, { ...sli(5), name: 'other' })).toBe(false);
    expect(from.sameBytes(4, { ...sli(5), extra: 1 })).toBe(false);
  });

  it('comparing a record does not count as seeing its strings again: compared again, its bytes are still the same', () => {
    const held = store();
    held.place(sli(1));
    // Were its name and texts seen a second time, they would be shared from then on, and written otherwise.
    for (let i = 0; i < 3; i++) expect(held.sameBytes(0, sli(1))).toBe(true);
  });
});
