/**
 * The request pool of a list over a fake page source: one request per key
 * however many ask, background requests over the background connection one
 * at a time, a request nobody waits for any more aborted (or, sent in the
 * background, let finish), answers handed on for the cache.
 */
import { describe, expect, test } from 'vitest';
import { RequestGate } from '../../../src/tui/state/requestGate.js';
import { RequestPool } from '../../../src/tui/state/requestPool.js';

/** A fake source: each request waits until the test answers it; records how and whether it was sent. */
function fakeSource() {
  const calls: {
    key: string;
    background: boolean;
    signal: AbortSignal;
    answer(value: string): void;
    fail(error: unknown): void;
  }[] = [];
  const fetcher = (key: string) => (signal: AbortSignal, background: boolean) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ key, background, signal, answer: resolve, fail: reject });
    });
  return { calls, fetcher };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('RequestPool', () => {
  test('holders of one key share one request; the answer goes to onResult', async () => {
    const results: [string, string][] = [];
    const pool = new RequestPool<string>({ onResult: (key, value) => results.push([key, value]) });
    const source = fakeSource();
    const a = pool.acquire('p1', source.fetcher('p1'));
    const b = pool.acquire('p1', source.fetcher('p1'));
    expect(source.calls).toHaveLength(1);
    expect(pool.pending).toBe(1);
    source.calls[0]!.answer('page one');
    await expect(a.promise).resolves.toBe('page one');
    await expect(b.promise).resolves.toBe('page one');
    expect(results).toEqual([['p1', 'page one']]);
    expect(pool.pending).toBe(0);
  });

  test('a request the user waited for is aborted when its last holder lets go', () => {
    const pool = new RequestPool<string>();
    const source = fakeSource();
    const a = pool.acquire('p2', source.fetcher('p2'));
    const b = pool.acquire('p2', source.fetcher('p2'));
    a.promise.catch(() => undefined);
    a.release();
    expect(source.calls[0]!.signal.aborted).toBe(false);
    b.release();
    expect(source.calls[0]!.signal.aborted).toBe(true);
    expect(pool.pending).toBe(0);
  });

  test('prefetches go over the background connection one at a time; one sent is let finish, one waiting is dropped unsent', async () => {
    const pool = new RequestPool<string>({ gate: new RequestGate() });
    const source = fakeSource();
    const page = pool.acquire('p1', source.fetcher('p1'));
    const prefetch = pool.acquire('p2', source.fetcher('p2'), 'background');
    const count = pool.acquire('c', source.fetcher('c'), 'background');
    count.promise.catch(() => undefined);
    // The page and the first background request at once, on their own connections.
    expect(source.calls.map((c) => [c.key, c.background])).toEqual([
      ['p1', false],
      ['p2', true],
    ]);
    count.release();
    prefetch.release();
    expect(source.calls[1]!.signal.aborted).toBe(false);
    source.calls[1]!.answer('page two');
    await prefetch.promise;
    await tick();
    // The count was dropped before it was sent.
    expect(source.calls.map((c) => c.key)).toEqual(['p1', 'p2']);
    source.calls[0]!.answer('page one');
    await page.promise;
  });

  test('paging onto a page waiting in the background sends it at once over the main connection', () => {
    const pool = new RequestPool<string>({ gate: new RequestGate() });
    const source = fakeSource();
    pool.acquire('p2', source.fetcher('p2'), 'background');
    pool.acquire('c', source.fetcher('c'), 'background');
    expect(source.calls.map((c) => c.key)).toEqual(['p2']);
    pool.acquire('c', source.fetcher('c'));
    expect(source.calls.map((c) => [c.key, c.background])).toEqual([
      ['p2', true],
      ['c', false],
    ]);
  });

  test('dispose aborts what is under way and drops what waits', async () => {
    const results: string[] = [];
    const pool = new RequestPool<string>({ onResult: (key) => results.push(key) });
    const source = fakeSource();
    const a = pool.acquire('p1', source.fetcher('p1'));
    a.promise.catch(() => undefined);
    pool.dispose();
    expect(source.calls[0]!.signal.aborted).toBe(true);
    source.calls[0]!.answer('late');
    await tick();
    expect(results).toEqual([]);
  });
});
