/**
 * walkPages with readAhead (what `list --all` uses): the next page is asked for while the caller
 * works on the current one, never more than one ahead, and the walk's checks still hold.
 */
import { describe, expect, it } from 'vitest';
import { nextLinkAhead, walkPages, type PageSource, type PeekText } from '../../src/api/pagination.js';
import type { ApiRecord } from '../../src/api/record.js';
import type { Page } from '../../src/api/types.js';
import { REGISTRY } from '../../src/presentation/resources.js';

const BASE = 'https://slo.example.test/v1/slis/';
const sli = (n: number): ApiRecord => ({ id: `sli-${n}`, name: `service ${n}` });

interface Asked {
  url: string;
  signal?: AbortSignal;
  answer(): void;
  /** Shows the peek the answer's text (as docs/service-api.md orders the envelope), or `text`; what it returned. */
  show(text?: string): Promise<void> | undefined;
}

/** A source whose every request waits until the test answers it; `links` overrides a page's next link. */
function heldSource(pages: number, links: Record<number, string> = {}) {
  const asked: Asked[] = [];
  let arrived: (() => void) | undefined;
  const pageAt = (url: URL, signal?: AbortSignal, peek?: PeekText): Promise<Page> =>
    new Promise((resolve, reject) => {
      const offset = Number(url.searchParams.get('offset'));
      const number = offset / 2;
      const page: Page = {
        total: pages * 2,
        results: [sli(offset + 1), sli(offset + 2)],
        next: links[number] ?? (number + 1 < pages ? `${BASE}?limit=2&offset=${offset + 2}` : null),
        previous: null,
        url: url.href,
        limit: 2,
        offset,
      };
      const { total, results, next, previous } = page;
      asked.push({
        url: url.search,
        signal,
        answer: () => resolve(page),
        show: (text = JSON.stringify({ total, results, next, previous })) => peek?.(text, url),
      });
      signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      arrived?.();
    });
  const source: PageSource = {
    first: (signal, peek) => pageAt(new URL(`${BASE}?limit=2&offset=0`), signal, peek),
    follow: (link, _relativeTo, signal, peek) => pageAt(new URL(link), signal, peek),
    resolve: (link, relativeTo) => new URL(link, relativeTo),
  };
  /** Resolves once `count` requests have been made. */
  const requests = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (asked.length >= count) resolve();
        else arrived = check;
      };
      check();
    });
  return { source, asked, requests };
}

/** The source, its links to another origin refused as the client refuses them. */
const sameOriginOnly = (source: PageSource): PageSource => ({
  ...source,
  resolve: (link, relativeTo) => {
    const url = new URL(link, relativeTo);
    if (url.origin !== new URL(BASE).origin) throw new Error('another origin');
    return url;
  },
});

/**
 * A walk reading ahead over held pages (their source given to `wrap` first), once its first page
 * has been asked for: the page's promise, the walk, and the held source's requests.
 */
async function startedWalk(held: ReturnType<typeof heldSource>, wrap: (source: PageSource) => PageSource = (s) => s) {
  const walk = walkPages(REGISTRY.get('slis'), wrap(held.source), undefined, { readAhead: true });
  const first = walk.next();
  await held.requests(1);
  return { ...held, walk, first };
}

/** Lets every settled promise run its continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('walkPages reading ahead', () => {
  it('asks for the next page while the current one is handed over, and no further', async () => {
    const { walk, first, asked } = await startedWalk(heldSource(5));
    asked[0]!.answer();
    expect((await first).value?.offset).toBe(0);
    // The caller holds page 1 (a pipe that is not read): page 2 is asked for, page 3 is not.
    expect(asked.map((a) => a.url)).toEqual(['?limit=2&offset=0', '?limit=2&offset=2']);
    asked[1]!.answer();
    await settle();
    expect(asked).toHaveLength(2);
    const second = await walk.next();
    expect(second.value?.offset).toBe(2);
    expect(asked).toHaveLength(3);
    await walk.return();
  });

  it('hands the pages over in order, each once', async () => {
    const { source, asked } = heldSource(4);
    const offsets: number[] = [];
    const answering = setInterval(() => asked.forEach((a) => a.answer()), 1);
    try {
      for await (const page of walkPages(REGISTRY.get('slis'), source, undefined, { readAhead: true }))
        offsets.push(page.offset);
    } finally {
      clearInterval(answering);
    }
    expect(offsets).toEqual([0, 2, 4, 6]);
    expect(asked).toHaveLength(4);
  });

  it('a caller that stops early ends the request made ahead', async () => {
    const { walk, first, asked } = await startedWalk(heldSource(5));
    asked[0]!.answer();
    await first;
    expect(asked[1]!.signal?.aborted).toBe(false);
    await walk.return();
    expect(asked[1]!.signal?.aborted).toBe(true);
    await settle();
    expect(asked).toHaveLength(2);
  });

  it('a next link back to a page already read is refused after the current page, with nothing sent', async () => {
    const { walk, first, asked, requests } = await startedWalk(heldSource(5, { 1: `${BASE}?offset=0&limit=2` }));
    asked[0]!.answer();
    await first;
    const second = walk.next();
    await requests(2);
    asked[1]!.answer();
    // The page whose link loops is still handed over; the refusal comes when the walk goes on.
    expect((await second).value?.offset).toBe(2);
    expect(asked).toHaveLength(2);
    await expect(walk.next()).rejects.toThrow(/loop: the next link/);
    expect(asked).toHaveLength(2);
  });

  it('a next link on another origin is refused when followed, and never asked for', async () => {
    const { walk, first, asked } = await startedWalk(
      heldSource(5, { 1: 'https://elsewhere.test/v1/slis/?limit=2&offset=4' }),
      sameOriginOnly,
    );
    asked[0]!.answer();
    expect((await first).value?.offset).toBe(0);
    expect(asked).toHaveLength(2);
    // Page 2's link leaves the origin: page 2 is handed over, then the walk stops there.
    asked[1]!.answer();
    await expect(walk.next()).resolves.toMatchObject({ value: { offset: 2 } });
    expect(asked).toHaveLength(2);
    await expect(walk.next()).rejects.toThrow('another origin');
    expect(asked).toHaveLength(2);
  });
});

describe('the next link read from the text of the page waited for', () => {
  it('asks for the next page as the text arrives, before the page is read; the page handed over next is that one', async () => {
    const { walk, first, asked } = await startedWalk(heldSource(3));
    const turns = asked[0]!.show();
    // Page 2 is asked for while page 1 is still being read, and the reader waits for it to leave.
    expect(turns).toBeInstanceOf(Promise);
    expect(asked.map((a) => a.url)).toEqual(['?limit=2&offset=0', '?limit=2&offset=2']);
    asked[0]!.answer();
    expect((await first).value?.offset).toBe(0);
    expect(asked).toHaveLength(2);
    const second = walk.next();
    asked[1]!.show();
    expect(asked).toHaveLength(3);
    asked[1]!.answer();
    expect((await second).value?.offset).toBe(2);
    // Page 3's text names no next page: nothing more is asked for.
    const third = walk.next();
    expect(asked[2]!.show()).toBeUndefined();
    asked[2]!.answer();
    expect((await third).value?.offset).toBe(4);
    await expect(walk.next()).resolves.toMatchObject({ done: true });
    expect(asked.map((a) => a.url)).toEqual(['?limit=2&offset=0', '?limit=2&offset=2', '?limit=2&offset=4']);
  });

  it('a caller holding a page holds the walk: the text of the page ahead asks for nothing', async () => {
    const { walk, first, asked } = await startedWalk(heldSource(5));
    asked[0]!.show();
    asked[0]!.answer();
    await first;
    // The caller works on page 1 and has not asked for page 2: its text arrives, page 3 is not asked for.
    expect(asked[1]!.show()).toBeUndefined();
    asked[1]!.answer();
    await settle();
    expect(asked).toHaveLength(2);
    await expect(walk.next()).resolves.toMatchObject({ value: { offset: 2 } });
    expect(asked).toHaveLength(3);
    await walk.return();
    expect(asked[2]!.signal?.aborted).toBe(true);
  });

  it('a page that names another link than its text did is followed by the link it names; the early page is left', async () => {
    const { walk, first, asked } = await startedWalk(heldSource(5));
    asked[0]!.show(`{"total":10,"results":[],"next":"${BASE}?limit=2&offset=6"}`);
    expect(asked[1]!.url).toBe('?limit=2&offset=6');
    asked[0]!.answer();
    expect((await first).value?.offset).toBe(0);
    expect(asked.map((a) => a.url).slice(2)).toEqual(['?limit=2&offset=2']);
    asked[2]!.answer();
    await expect(walk.next()).resolves.toMatchObject({ value: { offset: 2 } });
    await walk.return();
    expect(asked[1]!.signal?.aborted).toBe(true);
  });

  it('a link in the text to another origin, or back to the page itself, is never asked for', async () => {
    const { walk, first, asked } = await startedWalk(heldSource(5), sameOriginOnly);
    expect(
      asked[0]!.show('{"total":10,"results":[],"next":"https://elsewhere.test/v1/slis/?offset=2"}'),
    ).toBeUndefined();
    expect(asked[0]!.show(`{"total":10,"results":[],"next":"${BASE}?offset=0&limit=2"}`)).toBeUndefined();
    expect(asked).toHaveLength(1);
    asked[0]!.answer();
    await first;
    expect(asked).toHaveLength(2);
    await walk.return();
  });

  it('after a page without records, a text is not followed early (the walk may refuse its link)', async () => {
    const emptyFirst = (source: PageSource): PageSource => ({
      ...source,
      first: (signal, peek) => source.first(signal, peek).then((page) => ({ ...page, results: [] })),
    });
    const { walk, first, asked } = await startedWalk(heldSource(5), emptyFirst);
    asked[0]!.answer();
    await first;
    const second = walk.next();
    expect(asked[1]!.show()).toBeUndefined();
    asked[1]!.answer();
    await second;
    expect(asked).toHaveLength(3);
    await walk.return();
  });
});

describe('nextLinkAhead', () => {
  const page = {
    total: 3,
    results: [{ id: 'a', next: 'https://x.test/record' }],
    next: 'https://x.test/p2',
    previous: null,
  };

  it('reads next after the records (the order of docs/service-api.md) or before them, compact or indented', () => {
    const before = { total: 3, next: 'https://x.test/p2', previous: null, results: page.results };
    for (const envelope of [page, before])
      for (const indent of [undefined, 2])
        expect(nextLinkAhead(JSON.stringify(envelope, null, indent))).toBe(page.next);
  });

  it('nothing when there is no next page or no link to read', () => {
    for (const next of [null, '', 7, undefined])
      expect(nextLinkAhead(JSON.stringify({ ...page, next }))).toBeUndefined();
    for (const text of ['', 'not json', '[]', '{"results":[]', '<html>next</html>'])
      expect(nextLinkAhead(text)).toBeUndefined();
  });

  it("a record, a string or a nested object cannot pass its next off as the page's", () => {
    // The envelope has no next of its own: the last record's is not taken for it.
    expect(
      nextLinkAhead(JSON.stringify({ total: 1, results: [{ id: 'a', next: 'https://x.test/evil' }] })),
    ).toBeUndefined();
    expect(
      nextLinkAhead(JSON.stringify({ total: 1, results: [], meta: { next: 'https://x.test/evil' } })),
    ).toBeUndefined();
    expect(
      nextLinkAhead(JSON.stringify({ total: 1, results: [], note: '"next":"https://x.test/evil"}' })),
    ).toBeUndefined();
    // A key ending in an escaped quote and "next" is not the envelope's next.
    const escaped = `{"next":"https://x.test/p2","results":[],"a\\"next":"https://x.test/evil"}`;
    expect(JSON.parse(escaped).next).toBe('https://x.test/p2');
    expect(nextLinkAhead(escaped)).toBe('https://x.test/p2');
    // A record before the envelope's own fields, nested as records are.
    const nested = JSON.stringify({ results: [{ id: 'a', child: { next: 'https://x.test/evil' } }], total: 1 });
    expect(nextLinkAhead(nested)).toBeUndefined();
  });

  it('looks only near the ends: a next far from both is left to the parsed page', () => {
    const far = JSON.stringify({ total: 1, results: [], next: 'https://x.test/p2', pad: 'x'.repeat(5000) });
    expect(nextLinkAhead(far)).toBeUndefined();
    const middle = JSON.stringify({
      pad: 'x'.repeat(5000),
      next: 'https://x.test/p2',
      more: 'x'.repeat(5000),
      results: [],
    });
    expect(nextLinkAhead(middle)).toBeUndefined();
    // Up to 4,096 characters from either end.
    const tail = (length: number) =>
      `{"total":1,"results":[],"next":"https://x.test/p2","pad":"${'x'.repeat(length)}"}`;
    const fits = 4096 - tail(0).length + tail(0).indexOf('"next"');
    expect(nextLinkAhead(tail(fits))).toBe('https://x.test/p2');
    expect(nextLinkAhead(tail(fits + 1))).toBeUndefined();
    const head = (length: number) =>
      `{"pad":"${'x'.repeat(length)}","next":"https://x.test/p2","results":[${'1,'.repeat(3000)}1]}`;
    const before = 4096 - head(0).indexOf('"results"');
    expect(nextLinkAhead(head(before))).toBe('https://x.test/p2');
    expect(nextLinkAhead(head(before + 1))).toBeUndefined();
    // Near the end, after a long field, it is read.
    const late = JSON.stringify({ pad: 'x'.repeat(5000), next: 'https://x.test/p2', results: [] });
    expect(nextLinkAhead(late)).toBe('https://x.test/p2');
  });
});
