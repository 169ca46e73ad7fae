/**
 * src/api/pagination.ts on its own: the envelope a list answer must be (case by case), the
 * limit and offset a page reports from its URL, and the walk over `next` links with a page
 * source in memory (stops, loops, cancelling). The client over the fake API is envelopes.test.ts's.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import {
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  parsePage,
  visitKey,
  walkPages,
  type PageSource,
} from '../../src/api/pagination.js';
import { oddReason } from '../../src/api/record.js';
import { RESOURCES } from '../../src/api/resources.js';
import type { Page } from '../../src/api/types.js';

const def = RESOURCES.slis;
const BASE = 'https://slo.example.com/v1/slis/';
const url = (query = '') => new URL(`${BASE}${query}`);

function refusal(json: unknown): SlotuiError {
  try {
    parsePage(def, url(), json);
  } catch (error) {
    if (error instanceof SlotuiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parsePage: what a list answer must be', () => {
  it.each([
    [undefined, 'the answer is empty'],
    [null, 'it is not a JSON object'],
    ['text', 'it is not a JSON object'],
    [7, 'it is not a JSON object'],
    [[{ id: 'a' }], 'it is a bare array, not a page with total, results and next'],
    [{ results: [] }, 'total'],
    [{ total: 1, results: {} }, 'results'],
  ])('%j is refused: %s', (json, reason) => {
    const error = refusal(json);
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain(`The server's answer to /v1/slis/ is not a list of ${def.title} (`);
    expect(error.message).toContain(reason);
  });

  it('the first problem names where it is', () => {
    expect(refusal({ total: 'x', results: [] }).message).toMatch(/\(total: [^)]+\)/);
  });

  it('a good envelope: records, total, links (an empty link is none), the URL asked', () => {
    const page = parsePage(def, url('?limit=5&offset=10'), {
      total: 12,
      results: [{ id: 'a' }, { id: 'b' }],
      next: `${BASE}?limit=5&offset=15`,
      previous: '',
    });
    expect(page).toEqual({
      total: 12,
      results: [{ id: 'a' }, { id: 'b' }],
      next: `${BASE}?limit=5&offset=15`,
      previous: null,
      url: `${BASE}?limit=5&offset=10`,
      limit: 5,
      offset: 10,
    });
    expect('odd' in page).toBe(false);
  });

  it.each([
    ['', DEFAULT_LIMIT, DEFAULT_OFFSET],
    ['?limit=25&offset=50', 25, 50],
    ['?limit=%2025%20&offset=0', 25, 0],
    ['?limit=abc&offset=x1', DEFAULT_LIMIT, DEFAULT_OFFSET],
    ['?limit=5x&offset=3.5', DEFAULT_LIMIT, DEFAULT_OFFSET],
    ['?limit=-5&offset=-1', DEFAULT_LIMIT, DEFAULT_OFFSET],
    ['?limit=99999999999999999999&offset=1', DEFAULT_LIMIT, 1],
    ['?limit=&offset=', DEFAULT_LIMIT, DEFAULT_OFFSET],
  ])('limit and offset of %j: %s and %s', (query, limit, offset) => {
    const page = parsePage(def, url(query), { total: 0, results: [] });
    expect(page.limit).toBe(limit);
    expect(page.offset).toBe(offset);
  });

  it('an odd record is kept as sent and marked; one without a usable id is left out; both are listed', () => {
    const page = parsePage(
      def,
      url(),
      {
        total: 6,
        results: [
          { id: 'good', name: 'fine' },
          { id: 'odd', name: 5 },
          { id: 12, name: 5 },
          { id: '', name: 5 },
          { id: 1.5, name: 5 },
          'not a record',
          [{ id: 'x' }],
          null,
        ],
      },
      { scrub: (text) => text.toUpperCase() },
    );
    expect(page.results.map((r) => r.id)).toEqual(['good', 'odd', '12']);
    expect(oddReason(page.results[1]!)).toBe(page.odd?.[0]?.reason);
    expect(page.results[1]?.name).toBe(5);
    expect(oddReason(page.results[0]!)).toBeUndefined();
    expect(page.odd?.map((o) => [o.index, o.id])).toEqual([
      [1, 'odd'],
      [2, '12'],
      [3, undefined],
      [4, undefined],
      [5, undefined],
      [6, undefined],
      [7, undefined],
    ]);
    // The reason is scrubbed (a field's name is the server's) and names the field.
    expect(page.odd?.[0]?.reason).toMatch(/^NAME: /);
  });

  it("without a scrub, an odd record's reason is the problem as found, named by its field", () => {
    const page = parsePage(def, url(), { total: 1, results: [{ id: 'odd', name: 5 }] });
    expect(page.odd?.[0]?.reason).toMatch(/^name: .+/);
    expect(oddReason(page.results[0]!)).toBe(page.odd?.[0]?.reason);
  });

  it('a problem inside a nested field is named by its whole path', () => {
    const page = parsePage(def, url(), { total: 1, results: [{ id: 'q', queries: { good: 5 } }] });
    expect(page.odd?.[0]?.reason).toMatch(/^queries\.good: /);
  });

  it('a problem of the whole answer says what it is without a place: a record that is not an object', () => {
    // A record's problem at its top has no field to name: the reason is the problem alone.
    const page = parsePage(def, url(), { total: 1, results: ['not a record'] });
    expect(page.odd?.[0]?.reason).toMatch(/^Invalid input: expected object/);
  });

  it('a record nested too deep is marked at its index, even when it fits', () => {
    const page = parsePage(def, url(), { total: 2, results: [{ id: 'a' }, { id: 'b' }] }, { tooDeep: [1] });
    expect(page.odd).toEqual([{ index: 1, id: 'b', reason: expect.stringContaining('levels deep') }]);
    expect(page.results.map((r) => r.id)).toEqual(['a', 'b']);
    expect(oddReason(page.results[1]!)).toContain('levels deep');
  });

  it('a record kept as sent keeps keys such as __proto__ as its own', () => {
    const item = JSON.parse('{"id": "p", "name": 5, "__proto__": {"polluted": true}}');
    const [kept] = parsePage(def, url(), { total: 1, results: [item] }).results;
    expect(Object.hasOwn(kept!, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('visitKey', () => {
  it('the same page whatever the order of its query or its fragment', () => {
    expect(visitKey(new URL(`${BASE}?offset=10&limit=5#x`))).toBe(visitKey(new URL(`${BASE}?limit=5&offset=10`)));
    expect(visitKey(new URL(`${BASE}?offset=10&limit=5`))).toBe(`${BASE}?limit=5&offset=10`);
    expect(visitKey(new URL(`${BASE}?offset=10`))).not.toBe(visitKey(new URL(`${BASE}?offset=20`)));
  });
});

/** A page source over pages held in memory, by URL; `follow` counts what it was asked. */
function source(pages: Record<string, Omit<Page, 'url' | 'limit' | 'offset'>>, first = BASE) {
  const asked: string[] = [];
  const pageAt = (href: string): Page => {
    const page = pages[href];
    if (!page) throw new Error(`no page at ${href}`);
    return { ...page, url: href, limit: 10, offset: 0 };
  };
  const src: PageSource = {
    first: async () => pageAt(first),
    follow: async (link) => (asked.push(link), pageAt(link)),
    resolve: (link, relativeTo) => new URL(link, relativeTo),
  };
  return { src, asked };
}
const recs = (...ids: string[]) => ids.map((id) => ({ id }));
const page = (total: number, ids: string[], next: string | null = null) => ({
  total,
  results: recs(...ids),
  next,
  previous: null,
});

async function walk(src: PageSource, signal?: AbortSignal): Promise<{ ids: string[]; error?: SlotuiError }> {
  const ids: string[] = [];
  try {
    for await (const p of walkPages(def, src, signal)) ids.push(...p.results.map((r) => r.id));
  } catch (error) {
    if (error instanceof SlotuiError) return { ids, error };
    throw error;
  }
  return { ids };
}

/** As walk(), reading ahead. */
async function walk2(src: PageSource, signal?: AbortSignal): Promise<{ ids: string[]; error?: SlotuiError }> {
  const ids: string[] = [];
  try {
    for await (const p of walkPages(def, src, signal, { readAhead: true })) ids.push(...p.results.map((r) => r.id));
  } catch (error) {
    if (error instanceof SlotuiError) return { ids, error };
    throw error;
  }
  return { ids };
}

describe('walkPages', () => {
  it('follows next to the end, resolving relative links', async () => {
    const { src, asked } = source({
      [BASE]: page(3, ['a'], '?offset=1'),
      [`${BASE}?offset=1`]: page(3, ['b'], `${BASE}?offset=2`),
      [`${BASE}?offset=2`]: page(3, ['c']),
    });
    expect(await walk(src)).toEqual({ ids: ['a', 'b', 'c'] });
    expect(asked).toEqual([`${BASE}?offset=1`, `${BASE}?offset=2`]);
  });

  it('a walk cancelled before it starts sends nothing; one cancelled between pages stops there', async () => {
    const { src, asked } = source({ [BASE]: page(2, ['a'], '?offset=1'), [`${BASE}?offset=1`]: page(2, ['b']) });
    const before = new AbortController();
    before.abort();
    const first = await walk(src, before.signal);
    expect(first.error?.kind).toBe('cancelled');
    expect(first.ids).toEqual([]);
    const between = new AbortController();
    const ids: string[] = [];
    const caught = await (async () => {
      try {
        for await (const p of walkPages(def, src, between.signal)) {
          ids.push(...p.results.map((r) => r.id));
          between.abort();
        }
      } catch (error) {
        return error as SlotuiError;
      }
      return undefined;
    })();
    expect(caught?.kind).toBe('cancelled');
    expect(ids).toEqual(['a']);
    expect(asked).toEqual([]);
  });

  it('a next back to a page already read is a loop, stopped before it is asked', async () => {
    const { src, asked } = source(
      {
        [`${BASE}?limit=10&offset=0`]: page(30, ['a'], '?offset=0&limit=10'),
      },
      `${BASE}?limit=10&offset=0`,
    );
    const { ids, error } = await walk(src);
    expect(ids).toEqual(['a']);
    expect(error?.kind).toBe('protocol');
    expect(error?.message).toContain('loop');
    expect(asked).toEqual([]);
  });

  it('three empty pages in a row that link onwards are stopped; two are not', async () => {
    const emptyChain = (empties: number) => {
      const pages: Record<string, ReturnType<typeof page>> = {};
      pages[BASE] = page(1, [], empties > 1 ? '?p=1' : '?p=last');
      for (let i = 1; i < empties; i++)
        pages[`${BASE}?p=${i}`] = page(1, [], i + 1 < empties ? `?p=${i + 1}` : '?p=last');
      pages[`${BASE}?p=last`] = page(1, ['z']);
      return source(pages).src;
    };
    expect(await walk(emptyChain(2))).toEqual({ ids: ['z'] });
    const stopped = await walk(emptyChain(3));
    expect(stopped.error?.message).toContain('hold no records');
  });

  it('a page of records already read, behind a new link, is stopped; one new record among them is not', async () => {
    const repeat = source({
      [BASE]: page(4, ['a', 'b'], '?c=1'),
      [`${BASE}?c=1`]: page(4, ['a', 'b'], '?c=2'),
    }).src;
    const stopped = await walk(repeat);
    expect(stopped.ids).toEqual(['a', 'b']);
    expect(stopped.error?.message).toContain('Stopped after 2 records');
    const shifted = source({
      [BASE]: page(3, ['a', 'b'], '?c=1'),
      [`${BASE}?c=1`]: page(3, ['b', 'c']),
    }).src;
    expect(await walk(shifted)).toEqual({ ids: ['a', 'b', 'b', 'c'] });
  });

  it('ids are remembered for the last 10,000 records: a page of ids read longer ago is not taken for a loop, one of recent ids is', async () => {
    const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `sli-${from + i}`);
    const chain = (last: string[]) => {
      const pages: Record<string, ReturnType<typeof page>> = {};
      // 10,100 records in 101 pages, then a page of `last` behind a new link.
      for (let p = 0; p <= 100; p++)
        pages[p === 0 ? BASE : `${BASE}?p=${p}`] = page(20_000, ids(p * 100, 100), `?p=${p + 1}`);
      pages[`${BASE}?p=101`] = page(20_000, last);
      return source(pages).src;
    };
    // The first 100 ids were read more than 10,000 records ago: no longer remembered.
    const old = await walk(chain(ids(0, 100)));
    expect(old.error).toBeUndefined();
    expect(old.ids).toHaveLength(10_200);
    // The last 100 were read just now: a page of only them is a loop.
    const recent = await walk(chain(ids(10_000, 100)));
    expect(recent.error?.message).toContain('Stopped after 10100 records');
    // One id of the oldest kept (read 10,000 records ago) among them: still remembered.
    const edge = await walk(chain([...ids(10_000, 99), 'sli-100']));
    expect(edge.error?.message).toContain('holds only records already read');
  });

  it('an id read twice is remembered from its first reading: it takes one place among the last 10,000', async () => {
    const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `sli-${from + i}`);
    const pages: Record<string, ReturnType<typeof page>> = {};
    // 10,100 ids, and sli-5000 read a second time on the page after its own.
    for (let p = 0; p <= 100; p++) {
      const own = ids(p * 100, 100);
      pages[p === 0 ? BASE : `${BASE}?p=${p}`] = page(20_000, p === 51 ? [...own, 'sli-5000'] : own, `?p=${p + 1}`);
    }
    // Only ids of the last 10,000 read: sli-100 (the oldest of them) among the most recent.
    pages[`${BASE}?p=101`] = page(20_000, [...ids(10_000, 99), 'sli-100']);
    const { error } = await walk(source(pages).src);
    expect(error?.message).toContain('holds only records already read');
  });

  it('a walk cancelled while the next page is on its way ends at once, its request cancelled too', async () => {
    const cancelled: string[] = [];
    const src: PageSource = {
      first: async () => ({ ...page(2, ['a'], '?p=1'), url: BASE, limit: 10, offset: 0 }),
      // A page that never comes unless its request is cancelled.
      follow: (link, _from, signal) =>
        new Promise<Page>((_resolve, reject) =>
          signal?.addEventListener('abort', () => {
            cancelled.push(link);
            reject(new SlotuiError('cancelled', 'The request was cancelled.'));
          }),
        ),
      resolve: (link, relativeTo) => new URL(link, relativeTo),
    };
    const controller = new AbortController();
    const seen: string[] = [];
    const ended = (async () => {
      try {
        for await (const p of walkPages(def, src, controller.signal, { readAhead: true }))
          seen.push(...p.results.map((r) => r.id));
      } catch (error) {
        return error as SlotuiError;
      }
      return undefined;
    })();
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect((await ended)?.kind).toBe('cancelled');
    expect(seen).toEqual(['a']);
    expect(cancelled).toEqual([`${BASE}?p=1`]);
    // The walk let go of the caller's signal.
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('reading ahead, a walk cancelled between pages stops there, even when the page ahead arrives', async () => {
    const { src } = source({
      [BASE]: page(3, ['a'], '?p=1'),
      [`${BASE}?p=1`]: page(3, ['b'], '?p=2'),
      [`${BASE}?p=2`]: page(3, ['c']),
    });
    const controller = new AbortController();
    const seen: string[] = [];
    let caught: SlotuiError | undefined;
    try {
      for await (const p of walkPages(def, src, controller.signal, { readAhead: true })) {
        seen.push(...p.results.map((r) => r.id));
        controller.abort();
      }
    } catch (error) {
      caught = error as SlotuiError;
    }
    expect(caught?.kind).toBe('cancelled');
    expect(seen).toEqual(['a']);
  });

  it('a walk whose signal is cancelled before its first page arrives asks for no page ahead', async () => {
    const controller = new AbortController();
    const { src, asked } = source({ [BASE]: page(2, ['a'], '?p=1'), [`${BASE}?p=1`]: page(2, ['b']) });
    const first = src.first;
    src.first = async (signal) => {
      controller.abort();
      return first(signal);
    };
    const { error } = await walk2(src, controller.signal);
    expect(error?.kind).toBe('cancelled');
    expect(asked).toEqual([]);
  });

  it("a walk that ends lets go of the caller's signal", async () => {
    const controller = new AbortController();
    const { src } = source({ [BASE]: page(2, ['a'], '?p=1'), [`${BASE}?p=1`]: page(2, ['b']) });
    expect(await walk(src, controller.signal)).toEqual({ ids: ['a', 'b'] });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('records past the total by more than max(100, a tenth) are stopped; up to that, tolerated', async () => {
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => `r${from + i}`);
    const walkOf = (total: number, first: number, second: number) =>
      walk(source({ [BASE]: page(total, ids(0, first), '?2'), [`${BASE}?2`]: page(total, ids(first, second)) }).src);
    expect((await walkOf(10, 60, 50)).error).toBeUndefined();
    const over = await walkOf(10, 60, 51);
    expect(over.error?.message).toContain('past 111 records although it reports a total of 10');
    expect((await walkOf(2000, 1100, 1100)).error).toBeUndefined();
    expect((await walkOf(2000, 1100, 1101)).error?.kind).toBe('protocol');
  });

  it('an empty first page without next is the whole (empty) list', async () => {
    expect(await walk(source({ [BASE]: page(0, []) }).src)).toEqual({ ids: [] });
  });
});
