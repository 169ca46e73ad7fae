/**
 * Pagination over envelopes the sandbox never sends, from the fake API
 * (test/fakeApi.ts) answering as a misbehaving server would: the real
 * client reads them. The sandbox over TLS is pagination.int.test.ts's.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ODD_RECORD, oddReason } from '../../src/api/record.js';
import type { ApiClient } from '../../src/api/types.js';
import { handlerApi, type HandlerRequest, type HandlerResponse } from '../fakeApi.js';
import { collect, expectNoTokenInErrors, expectSlotuiError, json } from './helpers.js';

type Handler = (req: HandlerRequest, res: HandlerResponse, self: { origin: string }) => void | Promise<void>;

const tokens: string[] = ['tok-pagination-secret-987654'];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(() => expectNoTokenInErrors(tokens));

describe('envelopes the sandbox never sends', () => {
  const TOKEN = tokens[0]!;

  async function serve(handler: Handler): Promise<ApiClient> {
    const api = handlerApi(handler);
    cleanups.push(() => api.close());
    const client = createClient({ baseUrl: api.origin, token: TOKEN, dispatcher: api.dispatcher });
    cleanups.push(() => client.close());
    return client;
  }

  it('an absent previous (and absent next) reads as null', async () => {
    const client = await serve((_req, res) => json(res, 200, { total: 1, results: [{ id: 'a', name: 'A' }] }));
    const page = await client.listPage('slis');
    expect(page.previous).toBeNull();
    expect(page.next).toBeNull();
    expect(page.results).toEqual([{ id: 'a', name: 'A' }]);
    const { pages } = await collect(client.pages('slis'));
    expect(pages).toHaveLength(1);
    const empty = await serve((_req, res) =>
      json(res, 200, { total: 1, results: [{ id: 'a' }], next: '', previous: '' }),
    );
    expect(await empty.listPage('slis')).toMatchObject({ next: null, previous: null });
  });

  it('numeric ids are normalised to strings; unknown fields are kept', async () => {
    const client = await serve((_req, res) =>
      json(res, 200, { total: 2, results: [{ id: 7, extra: { x: 1 } }, { id: 'b' }], next: null, previous: null }),
    );
    const page = await client.listPage('slis');
    expect(page.results.map((r) => r.id)).toEqual(['7', 'b']);
    expect(page.results[0]?.extra).toEqual({ x: 1 });
  });

  it('a page larger than asked is tolerated (every record kept)', async () => {
    const results = Array.from({ length: 15 }, (_, i) => ({ id: `r${i}` }));
    const client = await serve((_req, res) => json(res, 200, { total: 15, results, next: null, previous: null }));
    const page = await client.listPage('slis', { limit: 10 });
    expect(page.results).toHaveLength(15);
    expect(page.limit).toBe(10);
  });

  it('a total that changes between pages is tolerated; each page reports its own', async () => {
    const client = await serve((req, res, self) => {
      const offset = Number(new URL(req.url ?? '/', self.origin).searchParams.get('offset'));
      if (offset === 0)
        json(res, 200, {
          total: 2,
          results: [{ id: 'a' }],
          next: `${self.origin}/v1/slis/?limit=1&offset=1`,
          previous: null,
        });
      else json(res, 200, { total: 3, results: [{ id: 'b' }], next: null, previous: null });
    });
    const { pages, ids } = await collect(client.pages('slis', { limit: 1 }));
    expect(ids).toEqual(['a', 'b']);
    expect(pages.map((p) => p.total)).toEqual([2, 3]);
  });

  it('results that are not an array are refused', async () => {
    const client = await serve((_req, res) => json(res, 200, { total: 1, results: { id: 'a' }, next: null }));
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toMatch(
      /not a list of SLIs \(results: .*\)\. Check the base URL and the profile's path for slis\./,
    );
  });

  it('a bare array or a missing total is refused', async () => {
    const bare = await serve((_req, res) => json(res, 200, [{ id: 'a' }]));
    expect((await expectSlotuiError(() => bare.listPage('slis'))).message).toContain('bare array');
    const noTotal = await serve((_req, res) => json(res, 200, { results: [], next: null }));
    expect((await expectSlotuiError(() => noTotal.listPage('slos'))).message).toMatch(/not a list of SLOs \(total: /);
  });

  it('a record that fails its schema never hides the others: kept as sent and marked, or left out without an id', async () => {
    const client = await serve((_req, res) =>
      json(res, 200, {
        total: 4,
        results: [{ id: 'a' }, { id: 'b', name: 42, extra: [1] }, { name: 'no id' }, { id: 'd' }],
        next: null,
      }),
    );
    const page = await client.listPage('slis');
    expect(page.results.map((r) => r.id)).toEqual(['a', 'b', 'd']);
    expect({ ...page.results[1] }).toStrictEqual({ id: 'b', name: 42, extra: [1], [ODD_RECORD]: expect.any(String) }); // as sent
    expect(oddReason(page.results[1]!)).toBe('name: Invalid input: expected string, received number');
    expect(oddReason(page.results[0]!)).toBeUndefined();
    expect(JSON.stringify(page.results[1])).toBe('{"id":"b","name":42,"extra":[1]}');
    expect(page.odd).toEqual([
      { index: 1, id: 'b', reason: 'name: Invalid input: expected string, received number' },
      { index: 2, reason: expect.stringMatching(/^id: /) as unknown },
    ]);
  });

  it('a record nested too deep is cut there and marked; the envelope and the others stand', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`; // as text: too deep for JSON.stringify's stack
    const text = `{"total":2,"results":[{"id":"a"},{"id":"b","description":${deep}}],"next":null}`;
    const client = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
    const page = await client.listPage('slis');
    expect(page.results.map((r) => r.id)).toEqual(['a', 'b']);
    expect(page.odd).toEqual([{ index: 1, id: 'b', reason: 'it nests more than 64 levels deep (shown cut there)' }]);
    expect(JSON.stringify(page.results[1])).toContain('"(nested too deep)"');
  });

  it('depth at the limits: the fields of the envelope and each record measured from where they stand', async () => {
    const deepText = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const answer = (extra: string, record: string) => `{"total":1,"results":[${record}],"next":null${extra}}`;
    const serveText = (text: string) =>
      serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      });
    // The envelope is level 1, a field's value level 2: 63 levels of its own fit, 64 do not.
    const fits = await serveText(answer(`,"meta":${deepText(63)}`, '{"id":"a"}'));
    expect((await fits.listPage('slis')).results.map((r) => r.id)).toEqual(['a']);
    const tooDeep = await serveText(answer(`,"meta":${deepText(64)}`, '{"id":"a"}'));
    const error = await expectSlotuiError(() => tooDeep.listPage('slis'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toMatch(/nests more than 64 levels deep, which no record does/);
    // A record is level 3: 62 levels of its own fit whole, one more is cut and marked.
    const record = (levels: number) => `{"id":"r","extra":${deepText(levels - 1)}}`;
    const whole = await (await serveText(answer('', record(62)))).listPage('slis');
    expect(whole.odd).toBeUndefined();
    const cut = await (await serveText(answer('', record(63)))).listPage('slis');
    expect(cut.odd).toEqual([{ index: 0, id: 'r', reason: 'it nests more than 64 levels deep (shown cut there)' }]);
  });

  it('a next that loops back to a visited page is refused', async () => {
    const client = await serve((req, res, self) => {
      const offset = Number(new URL(req.url ?? '/', self.origin).searchParams.get('offset'));
      // Page 2 links back to page 1 (parameters in another order, same page).
      const next =
        offset === 0 ? `${self.origin}/v1/slis/?limit=1&offset=1` : `${self.origin}/v1/slis/?offset=0&limit=1`;
      json(res, 200, { total: 9, results: [{ id: `r${offset}` }], next, previous: null });
    });
    const seen: string[] = [];
    const error = await expectSlotuiError(async () => {
      for await (const page of client.pages('slis', { limit: 1 })) seen.push(...page.results.map((r) => r.id));
    });
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain('loop');
    expect(seen).toEqual(['r0', 'r1']);
  });

  it('a next that points at the page itself is refused at once', async () => {
    let requests = 0;
    const client = await serve((req, res, self) => {
      requests++;
      json(res, 200, { total: 9, results: [{ id: 'x' }], next: `${self.origin}${req.url ?? ''}`, previous: null });
    });
    const error = await expectSlotuiError(async () => {
      for await (const _ of client.pages('slis')) {
        /* drain */
      }
    });
    expect(error.kind).toBe('protocol');
    expect(requests).toBe(1);
  });

  it('empty pages that keep linking onwards are stopped', async () => {
    let requests = 0;
    const client = await serve((_req, res, self) => {
      requests++;
      json(res, 200, {
        total: 9,
        results: [],
        next: `${self.origin}/v1/slis/?limit=10&offset=${requests * 10}`,
        previous: null,
      });
    });
    const error = await expectSlotuiError(async () => {
      for await (const _ of client.pages('slis')) {
        /* drain */
      }
    });
    expect(error.kind).toBe('protocol');
    expect(requests).toBe(3);
  });

  it('a next with a new cursor each time but the same records is stopped at the first repeated page', async () => {
    let requests = 0;
    const client = await serve((_req, res, self) => {
      requests++;
      const results = Array.from({ length: 50 }, (_, i) => ({ id: `sli-${i}` }));
      json(res, 200, { total: 50, results, next: `${self.origin}/v1/slis/?cursor=${requests}`, previous: null });
    });
    const ids: string[] = [];
    const error = await expectSlotuiError(async () => {
      for await (const page of client.pages('slis', { limit: 100 })) ids.push(...page.results.map((r) => r.id));
    });
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(
      "The server's next page of SLIs holds only records already read (its next links change, the records do not). Stopped after 50 records to avoid reading forever; report this to the service's operators.",
    );
    expect(ids).toHaveLength(50);
    expect(requests).toBe(2);
  });

  it('new records without end, far past the reported total, are stopped', async () => {
    let requests = 0;
    const client = await serve((_req, res, self) => {
      requests++;
      const results = Array.from({ length: 10 }, (_, i) => ({ id: `sli-${requests}-${i}` }));
      json(res, 200, { total: 50, results, next: `${self.origin}/v1/slis/?cursor=${requests}`, previous: null });
    });
    const ids: string[] = [];
    const error = await expectSlotuiError(async () => {
      for await (const page of client.pages('slis', { limit: 10 })) ids.push(...page.results.map((r) => r.id));
    });
    expect(error.message).toBe(
      "The server's pages of SLIs go on past 160 records although it reports a total of 50. Stopped to avoid reading forever; report this to the service's operators.",
    );
    // The margin: 100 records beyond the total (records created while paging shift an offset-paged list).
    expect(ids).toHaveLength(150);
  });

  it('a record repeated across a page boundary (an insert shifted the pages) is tolerated', async () => {
    const client = await serve((req, res, self) => {
      const offset = Number(new URL(req.url ?? '/', self.origin).searchParams.get('offset'));
      const ids = offset === 0 ? ['a', 'b'] : offset === 2 ? ['b', 'c'] : ['d'];
      json(res, 200, {
        total: 5,
        results: ids.map((id) => ({ id })),
        next: offset < 4 ? `${self.origin}/v1/slis/?limit=2&offset=${offset + 2}` : null,
        previous: null,
      });
    });
    const { ids } = await collect(client.pages('slis', { limit: 2 }));
    expect(ids).toEqual(['a', 'b', 'b', 'c', 'd']);
  });
});
