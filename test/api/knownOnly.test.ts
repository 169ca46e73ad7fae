/**
 * A list page whose records have only the fields the definitions list (src/api/validate.ts): the
 * reader says so, the page is marked, and `--json` then prints its records without measuring how
 * deep each nests (src/cli/output.ts); the page's reader measures only the records that may nest
 * deep (src/api/pagination.ts), so the transport leaves its records to it (src/api/http.ts).
 * Counted in reads of the records' fields, never in time.
 */
import MockAgent from 'undici/lib/mock/mock-agent.js';
import { describe, expect, test } from 'vitest';
import { createTransport } from '../../src/api/http.js';
import { parsePage } from '../../src/api/pagination.js';
import { RESOURCES } from '../../src/api/resources.js';
import { checkRecord, isKnownOnly, markKnownOnly, type FieldsSeen } from '../../src/api/validate.js';
import type { Context } from '../../src/cli/context.js';
import { recordSink } from '../../src/cli/output.js';
import type { ApiRecord } from '../../src/api/record.js';
import { VIEWS } from '../../src/presentation/resources.js';
import { mockTransportOptions } from './mockTransport.js';

const fields = RESOURCES.slis.recordFields;
const query = { select: 'count(*)', from: 'http', where: 'ok', limit: 1 };
const sli = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `sli ${id}`,
  queries: { good: { ...query }, total: { ...query } },
  ...extra,
});
const url = new URL('https://slo.example.com/v1/slis/?limit=2&offset=0');
const page = (results: unknown[]) => ({ total: results.length, results, next: null, previous: null });

describe('the reader tells a record with only known fields', () => {
  test.each([
    ['only known fields', sli('a'), false],
    ['a field the definitions do not list', sli('a', { owner: 'x' }), true],
    ['a query field the definitions do not list', sli('a', { queries: { good: { ...query, unit: 's' } } }), true],
  ])('%s: seen.unknown is %s', (_label, record, unknown) => {
    const seen: FieldsSeen = { unknown: false };
    expect(checkRecord(fields, record, seen).success).toBe(true);
    expect(seen.unknown).toBe(unknown);
  });
});

describe('a page is marked known-only when every record fits with only known fields', () => {
  test.each([
    ['every record known-only', [sli('a'), sli('b')], true],
    ['one record with an unknown field', [sli('a'), sli('b', { tags: [{ deep: [1] }] })], false],
    ['one record that does not fit (kept as sent)', [sli('a'), { id: 'b', name: 5 }], false],
  ])('%s: %s', (_label, results, marked) => {
    expect(isKnownOnly(parsePage(RESOURCES.slis, url, page(results)).results)).toBe(marked);
  });

  test('a record nested too deep is not known-only, whatever its fields', () => {
    const parsed = parsePage(RESOURCES.slis, url, page([sli('a'), sli('b')]), { tooDeep: [1] });
    expect(isKnownOnly(parsed.results)).toBe(false);
  });
});

describe('--json over a known-only page reads each field once', () => {
  /** Records whose every field read is counted (a proxy over a plain record). */
  function counted(records: ApiRecord[]) {
    const reads = { count: 0 };
    const proxies = records.map(
      (record) =>
        new Proxy(record, {
          get(target, key, receiver) {
            if (typeof key === 'string') reads.count++;
            return Reflect.get(target, key, receiver) as unknown;
          },
        }) as ApiRecord,
    );
    return { proxies, reads };
  }

  async function printedReads(mark: boolean) {
    const records = [sli('a'), sli('b')].map((r) => checkRecord(fields, r)).map((r) => (r.success ? r.data : r));
    const { proxies, reads } = counted(records as ApiRecord[]);
    if (mark) markKnownOnly(proxies);
    let out = '';
    const ctx = { out: { write: async (text: string) => void (out += text) } } as unknown as Context;
    const sink = recordSink(ctx, VIEWS.slis, 'json');
    await sink.add(proxies);
    await sink.end();
    return { reads: reads.count, out };
  }

  test('the same bytes, and fewer reads than a page not marked (whose records are measured first)', async () => {
    const marked = await printedReads(true);
    const unmarked = await printedReads(false);
    expect(marked.out).toBe(unmarked.out);
    expect(JSON.parse(marked.out)).toHaveLength(2);
    // JSON.stringify reads each of a record's own fields once (and toJSON); measuring reads them again.
    const fieldsOfBoth = 2 * Object.keys(JSON.parse(marked.out)[0] as object).length;
    expect(marked.reads).toBeLessThanOrEqual(fieldsOfBoth + 2);
    expect(unmarked.reads).toBeGreaterThanOrEqual(marked.reads + fieldsOfBoth);
  });
});

describe('a page measures only the records that may nest deep', () => {
  const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) });

  test.each([
    ['an unknown field nested too deep', sli('b', { extra: deep(70) })],
    ['a known field that does not fit, nested too deep', sli('b', { name: deep(70) })],
  ])('%s: kept cut at the limit, marked, the others whole', (_label, record) => {
    const parsed = parsePage(RESOURCES.slis, url, page([sli('a'), record]));
    expect(parsed.results.map((r) => r.id)).toEqual(['a', 'b']);
    expect(parsed.odd).toEqual([{ index: 1, id: 'b', reason: 'it nests more than 64 levels deep (shown cut there)' }]);
    expect(JSON.stringify(parsed.results[1])).toContain('(nested too deep)');
    expect(isKnownOnly(parsed.results)).toBe(false);
  });

  test('an unknown field nested within the limit is kept whole', () => {
    const parsed = parsePage(RESOURCES.slis, url, page([sli('a', { extra: deep(61) })]));
    expect(parsed.odd).toBeUndefined();
    expect(JSON.stringify(parsed.results[0])).not.toContain('(nested too deep)');
  });

  /** A record whose field reads are counted. */
  function counted(record: Record<string, unknown>) {
    const reads = { count: 0 };
    const proxy = new Proxy(record, {
      get(target, key, receiver) {
        if (typeof key === 'string') reads.count++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return { proxy, reads };
  }

  test('a record with only known fields is read once; one with an unknown field is measured as well', () => {
    const known = counted(sli('a'));
    parsePage(RESOURCES.slis, url, page([known.proxy]));
    expect(known.reads.count).toBe(Object.keys(sli('a')).length);
    const unknown = counted(sli('b', { extra: 1 }));
    parsePage(RESOURCES.slis, url, page([unknown.proxy]));
    expect(unknown.reads.count).toBeGreaterThanOrEqual(2 * Object.keys(sli('b', { extra: 1 })).length);
  });
});

test('the transport leaves a list page its reader measures unwalked, and still measures any other answer', async () => {
  const origin = 'https://api.test';
  const agent = new MockAgent();
  agent.disableNetConnect();
  const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) });
  agent
    .get(origin)
    .intercept({ path: '/v1/slis/', method: 'GET' })
    .reply(200, JSON.stringify(page([sli('a', { extra: deep(70) })])))
    .times(2);
  const transport = createTransport(mockTransportOptions(origin, agent));
  const call = { method: 'GET' as const, url: new URL(`${origin}/v1/slis/`) };
  const target = { resource: 'slis' as const, def: RESOURCES.slis, action: 'list' as const };
  const measuredHere = await transport.send({ ...call, target });
  expect(measuredHere.tooDeepResults).toEqual([0]);
  const byReader = await transport.send({ ...call, target, recordsMeasuredByReader: true });
  expect(byReader).not.toHaveProperty('tooDeepResults');
  expect(JSON.stringify(byReader.json)).not.toContain('(nested too deep)');
  await transport.close();
  await agent.close();
});
