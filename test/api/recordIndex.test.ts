/**
 * The record index over a fake page source (the real pages iterator,
 * walkPages, on top of it) with fake timers: pages take 10 ms each.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeIndexStatus, RecordIndex, type IndexStatus, type PageWalk } from '../../src/api/recordIndex.js';
import { walkPages, type PageSource } from '../../src/api/pagination.js';
import type { ApiRecord } from '../../src/api/record.js';
import type { Page } from '../../src/api/types.js';
import { REGISTRY } from '../../src/presentation/resources.js';

const BASE = 'https://slo.example.test/v1/slis/';
const PAGE_MS = 10;

const sli = (n: number): ApiRecord => ({ id: `sli-${String(n).padStart(6, '0')}`, name: `service ${n} latency` });
const many = (count: number) => Array.from({ length: count }, (_, i) => sli(i + 1));

interface FakeServer {
  walk: PageWalk;
  records: ApiRecord[];
  requests: string[];
  /** Makes the request for this offset fail. */
  failAt?: number;
}

function fakeServer(records: ApiRecord[]): FakeServer {
  const server: FakeServer = { records, requests: [], walk: () => [][Symbol.iterator]() as never };
  const pageAt = (url: URL, signal?: AbortSignal): Promise<Page> =>
    new Promise((resolve, reject) => {
      server.requests.push(url.search);
      const timer = setTimeout(() => {
        const limit = Number(url.searchParams.get('limit'));
        const offset = Number(url.searchParams.get('offset'));
        if (offset === server.failAt) {
          reject(new Error('the server closed the connection'));
          return;
        }
        const results = server.records.slice(offset, offset + limit);
        const nextOffset = offset + limit;
        resolve({
          total: server.records.length,
          results,
          next: nextOffset < server.records.length ? `${BASE}?limit=${limit}&offset=${nextOffset}` : null,
          previous: null,
          url: url.href,
          limit,
          offset,
        });
      }, PAGE_MS);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        },
        { once: true },
      );
    });
  server.walk = (resource, { limit, signal }) => {
    const source: PageSource = {
      first: (s) => pageAt(new URL(`${BASE}?limit=${limit}&offset=0`), s),
      follow: (link, _relativeTo, s) => pageAt(new URL(link), s),
      resolve: (link) => new URL(link),
    };
    return walkPages(REGISTRY.get(resource), source, signal);
  };
  return server;
}

function recordStatuses(index: RecordIndex): IndexStatus[] {
  const seen: IndexStatus[] = [];
  index.subscribe((s) => seen.push(s));
  return seen;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RecordIndex', () => {
  it('gathers every page on demand, with progress, and holds the records by id', async () => {
    const server = fakeServer(many(5030));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    expect(index.status('slis').state).toBe('idle');
    expect(server.requests).toHaveLength(0);

    const done = index.ensure('slis');
    const seen = recordStatuses(index);
    await vi.advanceTimersByTimeAsync(PAGE_MS * 12);
    const midway = index.status('slis');
    expect(midway.state).toBe('gathering');
    expect(midway.gathered).toBe(1200);
    expect(describeIndexStatus(midway)).toBe('gathering 1,200 of 5,030 SLIs');
    // The records read so far are usable while it gathers.
    expect(index.records('slis')).toHaveLength(1200);

    await vi.runAllTimersAsync();
    await done;
    const status = index.status('slis');
    expect(status).toMatchObject({ state: 'complete', held: 5030, total: 5030, refreshing: false });
    expect(index.isComplete('slis')).toBe(true);
    expect(index.get('slis', 'sli-004999')?.name).toBe('service 4999 latency');
    expect(server.requests).toHaveLength(51);
    expect(server.requests[0]).toBe('?limit=100&offset=0');
    // Progress is throttled (pages come every 10 ms, notes at most every 100 ms) and ends complete.
    const progress = seen.filter((s) => s.state === 'gathering');
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.length).toBeLessThan(15);
    expect(seen.at(-1)?.state).toBe('complete');
    expect(describeIndexStatus(status)).toBe('5,030 SLIs held');
  });

  it('asking again while it gathers or once complete starts no second walk', async () => {
    const server = fakeServer(many(250));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    const first = index.ensure('slis');
    const second = index.ensure('slis');
    await vi.runAllTimersAsync();
    await Promise.all([first, second]);
    await index.ensure('slis');
    expect(server.requests).toHaveLength(3);
  });

  it('stops at the maximum with a sentence that says so and how to raise it', async () => {
    const server = fakeServer(many(1000));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100, maxRecords: 250 });
    const done = index.ensure('slis');
    await vi.runAllTimersAsync();
    await done;
    const status = index.status('slis');
    expect(status.state).toBe('capped');
    expect(index.records('slis')).toHaveLength(250);
    expect(server.requests).toHaveLength(3);
    expect(describeIndexStatus(status)).toBe(
      "Only the first 250 of 1,000 SLIs are held for filtering and sorting (the profile's indexMaxRecords); raise it to hold them all.",
    );
    expect(index.isComplete('slis')).toBe(false);
  });

  it('a list exactly as long as the maximum is complete', async () => {
    const server = fakeServer(many(200));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100, maxRecords: 200 });
    const done = index.ensure('slis');
    await vi.runAllTimersAsync();
    await done;
    expect(index.status('slis').state).toBe('complete');
  });

  it('refuses a maximum that is not a positive whole number', () => {
    const server = fakeServer([]);
    expect(() => new RecordIndex({ walk: server.walk, maxRecords: 0 })).toThrow(/indexMaxRecords/);
    expect(() => new RecordIndex({ walk: server.walk, maxRecords: 1.5 })).toThrow(/whole number/);
  });

  it('cancel aborts the walk: no more requests, the records read so far stay', async () => {
    const server = fakeServer(many(1000));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    const done = index.ensure('slis');
    await vi.advanceTimersByTimeAsync(PAGE_MS * 3 + 1);
    index.cancel('slis');
    await vi.runAllTimersAsync();
    await done;
    const status = index.status('slis');
    expect(status.state).toBe('stopped');
    expect(status.held).toBe(300);
    expect(server.requests).toHaveLength(4);
    expect(describeIndexStatus(status)).toBe('gathering stopped at 300 of 1,000 SLIs');
    // Asking again starts over.
    const again = index.ensure('slis');
    await vi.runAllTimersAsync();
    await again;
    expect(index.status('slis')).toMatchObject({ state: 'complete', held: 1000 });
  });

  it('a failed page leaves a failed state with the reason, and the records read', async () => {
    const server = fakeServer(many(500));
    server.failAt = 200;
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    const done = index.ensure('slis');
    await vi.runAllTimersAsync();
    await expect(done).resolves.toBeUndefined();
    const status = index.status('slis');
    expect(status.state).toBe('failed');
    expect(status.held).toBe(200);
    expect(describeIndexStatus(status)).toMatch(/^Gathering SLIs stopped after 200: .*closed the connection/);
  });

  it("a loop in the server's next links is refused by the pages iterator, not walked forever", async () => {
    const records = many(300);
    const walk: PageWalk = (resource, { limit, signal }) =>
      walkPages(
        REGISTRY.get(resource),
        {
          first: async () => ({
            total: 300,
            results: records.slice(0, limit),
            next: `${BASE}?limit=${limit}&offset=${limit}`,
            previous: null,
            url: `${BASE}?limit=${limit}&offset=0`,
            limit,
            offset: 0,
          }),
          follow: async (link) => ({
            total: 300,
            results: records.slice(limit, 2 * limit),
            next: `${BASE}?limit=${limit}&offset=0`,
            previous: null,
            url: link,
            limit,
            offset: limit,
          }),
          resolve: (link) => new URL(link),
        },
        signal,
      );
    const index = new RecordIndex({ walk, pageSize: 100 });
    await index.ensure('slis');
    expect(index.status('slis').state).toBe('failed');
    expect(index.status('slis').message).toMatch(/loop/);
  });

  it('refresh keeps the records usable until the new walk completes, then swaps them', async () => {
    const server = fakeServer(many(300));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    const first = index.ensure('slis');
    await vi.runAllTimersAsync();
    await first;
    server.records = many(400);
    const again = index.refresh('slis');
    await vi.advanceTimersByTimeAsync(PAGE_MS * 2 + 1);
    expect(index.status('slis')).toMatchObject({ state: 'gathering', refreshing: true, held: 300, gathered: 200 });
    expect(index.records('slis')).toHaveLength(300);
    await vi.runAllTimersAsync();
    await again;
    expect(index.status('slis')).toMatchObject({ state: 'complete', refreshing: false, held: 400 });
  });

  it('cancelling a refresh goes back to the records held, complete', async () => {
    const server = fakeServer(many(300));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    const first = index.ensure('slis');
    await vi.runAllTimersAsync();
    await first;
    void index.refresh('slis');
    await vi.advanceTimersByTimeAsync(PAGE_MS + 1);
    index.cancel('slis');
    expect(index.status('slis')).toMatchObject({ state: 'complete', held: 300, refreshing: false });
  });

  it('a write shows at once and gathers again; a resource never asked for stays idle', async () => {
    const server = fakeServer(many(150));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    index.noteWrite('slos', { removed: 'slo-000001' });
    expect(index.status('slos').state).toBe('idle');

    const first = index.ensure('slis');
    await vi.runAllTimersAsync();
    await first;
    const before = index.status('slis').version;
    server.records = server.records.filter((r) => r.id !== 'sli-000002');
    index.noteWrite('slis', { removed: 'sli-000002' });
    index.noteWrite('slis', { saved: { id: 'sli-000003', name: 'renamed' } });
    expect(index.get('slis', 'sli-000002')).toBeUndefined();
    expect(index.get('slis', 'sli-000003')?.name).toBe('renamed');
    expect(index.get('slis', 'sli-000150')?.id).toBe('sli-000150');
    expect(index.status('slis').version).toBeGreaterThan(before);
    expect(index.status('slis').state).toBe('gathering');
    await vi.runAllTimersAsync();
    expect(index.status('slis')).toMatchObject({ state: 'complete', held: 149 });
    // The server's view wins once gathered again.
    expect(index.get('slis', 'sli-000003')?.name).toBe('service 3 latency');
  });

  it('refreshStarted gathers again only what was asked for', async () => {
    const server = fakeServer(many(10));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    await index.refreshStarted('slis');
    expect(server.requests).toHaveLength(0);
    const first = index.ensure('slis');
    await vi.runAllTimersAsync();
    await first;
    const again = index.refreshStarted('slis');
    await vi.runAllTimersAsync();
    await again;
    expect(server.requests).toHaveLength(2);
  });

  it('close stops every walk and tells nobody anything afterwards', async () => {
    const server = fakeServer(many(1000));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    const seen = recordStatuses(index);
    const done = index.ensure('slis');
    await vi.advanceTimersByTimeAsync(PAGE_MS + 1);
    const heard = seen.length;
    index.close();
    await vi.runAllTimersAsync();
    await done;
    expect(server.requests.length).toBeLessThanOrEqual(2);
    expect(seen).toHaveLength(heard);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a record met twice (the list shifted while read) is held once', async () => {
    const records = many(150);
    const server = fakeServer([...records.slice(0, 100), records[99]!, ...records.slice(100)]);
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    const done = index.ensure('slis');
    await vi.runAllTimersAsync();
    await done;
    expect(index.records('slis')).toHaveLength(150);
    expect(new Set([...index.records('slis')].map((r) => r.id)).size).toBe(150);
  });
});

describe('RecordIndex.reread: the whole list read again, only what changed changes', () => {
  async function gathered(records: ApiRecord[]) {
    const server = fakeServer(records);
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    const done = index.ensure('slis');
    await vi.runAllTimersAsync();
    await done;
    return { server, index };
  }

  it('keeps unchanged records as they were, replaces changed ones, adds new ones, drops those gone', async () => {
    const { server, index } = await gathered(many(250));
    const before = index.records('slis');
    const version = index.status('slis').version;
    server.records = [
      sli(900),
      ...many(250)
        .map((r) => (r.id === 'sli-000002' ? { ...r, name: 'renamed elsewhere' } : r))
        .filter((r) => r.id !== 'sli-000010'),
    ];
    const seen = recordStatuses(index);
    const reading = index.reread('slis');
    await vi.runAllTimersAsync();
    expect(await reading).toBe(true);
    // Quiet: never "gathering" while it reads.
    expect(seen.map((s) => s.state)).toEqual(['complete']);
    const after = index.records('slis');
    expect(after).toHaveLength(250);
    expect(after.at(0)!.id).toBe('sli-000900');
    expect(index.get('slis', 'sli-000002')?.name).toBe('renamed elsewhere');
    expect(index.get('slis', 'sli-000010')).toBeUndefined();
    expect(index.get('slis', 'sli-000003')).toEqual(before.at(2));
    expect(index.get('slis', 'sli-000250')).toEqual(before.at(249));
    expect([...index.changes('slis')]).toEqual([
      ['sli-000900', '+'],
      ['sli-000002', '~'],
    ]);
    expect(index.status('slis').version).toBe(version + 1);
  });

  it('nothing changed: the same records, the same version, no one told; the marks of the last one go', async () => {
    const { server, index } = await gathered(many(120));
    server.records = [...server.records.slice(0, 119), { ...server.records[119]!, name: 'changed' }];
    let reading = index.reread('slis');
    await vi.runAllTimersAsync();
    await reading;
    expect(index.changes('slis').size).toBe(1);
    const version = index.status('slis').version;
    const before = index.records('slis');
    const seen = recordStatuses(index);
    reading = index.reread('slis');
    await vi.runAllTimersAsync();
    await reading;
    expect(index.records('slis')).toBe(before);
    expect(index.status('slis').version).toBe(version);
    expect(index.changes('slis').size).toBe(0);
    // Told once: the marks went.
    expect(seen).toHaveLength(1);
    reading = index.reread('slis');
    await vi.runAllTimersAsync();
    await reading;
    expect(seen).toHaveLength(1);
  });

  it('a list that lost its last records keeps the others as they were, and so does one read with a record twice', async () => {
    const { server, index } = await gathered(many(250));
    const before = index.records('slis');
    server.records = many(180);
    let reading = index.reread('slis');
    await vi.runAllTimersAsync();
    await reading;
    const after = index.records('slis');
    expect(after).toHaveLength(180);
    expect([...after]).toEqual([...before].slice(0, 180));
    expect(index.get('slis', 'sli-000181')).toBeUndefined();
    expect(index.get('slis', 'sli-000180')).toEqual(before.at(179));
    // The list shifted while it was read: record 100 comes again at the top of the next page.
    server.records = [...many(100), sli(100), ...many(180).slice(100)];
    reading = index.reread('slis');
    await vi.runAllTimersAsync();
    await reading;
    expect([...index.records('slis')].map((r) => r.id)).toEqual(many(180).map((r) => r.id));
    expect(index.changes('slis').size).toBe(0);
  });

  it('compares nested fields by value: a changed query is a change, the same fields in another order are not', async () => {
    const withQueries = (n: number, where: string): ApiRecord => ({
      ...sli(n),
      queries: { good: { select: 'count(*)', where, limit: 1 }, tags: ['a', 'b'] },
    });
    const { server, index } = await gathered([withQueries(1, 'x'), withQueries(2, 'y'), withQueries(3, 'z')]);
    const before = index.records('slis');
    server.records = [
      withQueries(1, 'x changed'),
      { ...sli(2), queries: { tags: ['a', 'b'], good: { limit: 1, where: 'y', select: 'count(*)' } } },
      { ...sli(3), queries: { good: { select: 'count(*)', where: 'z', limit: 1 }, tags: ['b', 'a'] } },
    ];
    const reading = index.reread('slis');
    await vi.runAllTimersAsync();
    await reading;
    expect([...index.changes('slis')]).toEqual([
      ['sli-000001', '~'],
      ['sli-000003', '~'],
    ]);
    expect(index.get('slis', 'sli-000002')).toEqual(before.at(1));
  });

  it('a failed read keeps the records as they were and says so; the next one can run', async () => {
    const { server, index } = await gathered(many(250));
    const before = index.records('slis');
    server.failAt = 100;
    let reading = index.reread('slis');
    await vi.runAllTimersAsync();
    expect(await reading).toBe(false);
    expect(index.records('slis')).toBe(before);
    expect(index.status('slis').state).toBe('complete');
    server.failAt = undefined;
    server.records = many(251);
    reading = index.reread('slis');
    await vi.runAllTimersAsync();
    expect(await reading).toBe(true);
    expect(index.records('slis')).toHaveLength(251);
  });

  it('reads nothing for an index never gathered, and gives way to a gather the user asked for', async () => {
    const server = fakeServer(many(250));
    const index = new RecordIndex({ walk: server.walk, pageSize: 100 });
    expect(await index.reread('slis')).toBe(true);
    expect(server.requests).toHaveLength(0);
    const done = index.ensure('slis');
    await vi.runAllTimersAsync();
    await done;
    server.requests.length = 0;
    const reading = index.reread('slis');
    const refreshed = index.refresh('slis');
    await vi.runAllTimersAsync();
    await Promise.all([reading, refreshed]);
    // The reread stopped at its first page; the refresh read all three.
    expect(server.requests.filter((r) => r.endsWith('offset=0'))).toHaveLength(2);
    expect(server.requests).toHaveLength(4);
  });
});
