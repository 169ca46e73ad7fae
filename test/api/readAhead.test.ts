/**
 * walkPages with readAhead (what `list --all` uses): the next page is asked for while the caller
 * works on the current one, never more than one ahead, and the walk's checks still hold.
 */
import { describe, expect, it } from 'vitest';
import { walkPages, type PageSource } from '../../src/api/pagination.js';
import type { ApiRecord } from '../../src/api/record.js';
import type { Page } from '../../src/api/types.js';
import { REGISTRY } from '../../src/presentation/resources.js';

const BASE = 'https://slo.example.test/v1/slis/';
const sli = (n: number): ApiRecord => ({ id: `sli-${n}`, name: `service ${n}` });

interface Asked {
  url: string;
  signal?: AbortSignal;
  answer(): void;
}

/** A source whose every request waits until the test answers it; `links` overrides a page's next link. */
function heldSource(pages: number, links: Record<number, string> = {}) {
  const asked: Asked[] = [];
  let arrived: (() => void) | undefined;
  const pageAt = (url: URL, signal?: AbortSignal): Promise<Page> =>
    new Promise((resolve, reject) => {
      const offset = Number(url.searchParams.get('offset'));
      const number = offset / 2;
      asked.push({
        url: url.search,
        signal,
        answer: () =>
          resolve({
            total: pages * 2,
            results: [sli(offset + 1), sli(offset + 2)],
            next: links[number] ?? (number + 1 < pages ? `${BASE}?limit=2&offset=${offset + 2}` : null),
            previous: null,
            url: url.href,
            limit: 2,
            offset,
          }),
      });
      signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      arrived?.();
    });
  const source: PageSource = {
    first: (signal) => pageAt(new URL(`${BASE}?limit=2&offset=0`), signal),
    follow: (link, _relativeTo, signal) => pageAt(new URL(link), signal),
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

/** Lets every settled promise run its continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('walkPages reading ahead', () => {
  it('asks for the next page while the current one is handed over, and no further', async () => {
    const { source, asked, requests } = heldSource(5);
    const walk = walkPages(REGISTRY.get('slis'), source, undefined, { readAhead: true });
    const first = walk.next();
    await requests(1);
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
    const { source, asked, requests } = heldSource(5);
    const walk = walkPages(REGISTRY.get('slis'), source, undefined, { readAhead: true });
    const first = walk.next();
    await requests(1);
    asked[0]!.answer();
    await first;
    expect(asked[1]!.signal?.aborted).toBe(false);
    await walk.return();
    expect(asked[1]!.signal?.aborted).toBe(true);
    await settle();
    expect(asked).toHaveLength(2);
  });

  it('a next link back to a page already read is refused after the current page, with nothing sent', async () => {
    const { source, asked, requests } = heldSource(5, { 1: `${BASE}?offset=0&limit=2` });
    const walk = walkPages(REGISTRY.get('slis'), source, undefined, { readAhead: true });
    const first = walk.next();
    await requests(1);
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
    const { source, asked, requests } = heldSource(5, { 1: 'https://elsewhere.test/v1/slis/?limit=2&offset=4' });
    const refusing: PageSource = {
      ...source,
      resolve: (link, relativeTo) => {
        const url = new URL(link, relativeTo);
        if (url.origin !== new URL(BASE).origin) throw new Error('another origin');
        return url;
      },
    };
    const walk = walkPages(REGISTRY.get('slis'), refusing, undefined, { readAhead: true });
    const first = walk.next();
    await requests(1);
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
