/** Pagination over the fake API serving the sandbox's API from memory: the client's paging, no socket. */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { FAKE_TOKEN, fakeSandbox, type FakeSandbox, type ServeOptions } from '../fakeApi.js';
import { collect, expectNoTokenInErrors, expectOnceInOrder, expectSlotuiError } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(() => expectNoTokenInErrors([FAKE_TOKEN]));

function sandboxWith(options: ServeOptions): { sandbox: FakeSandbox; client: ApiClient } {
  const sandbox = fakeSandbox(options);
  cleanups.push(() => sandbox.close());
  const client = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, dispatcher: sandbox.api.dispatcher });
  cleanups.push(() => client.close());
  return { sandbox, client };
}

const listRequests = (sandbox: FakeSandbox, resource = 'slis') =>
  sandbox.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`/v1/${resource}/`));

describe('pagination', () => {
  it('0 records: one empty page, next and previous null', async () => {
    const { client, sandbox } = sandboxWith({ sample: false });
    const page = await client.listPage('slis');
    expect(page).toMatchObject({ total: 0, results: [], next: null, previous: null, limit: 10, offset: 0 });
    const { pages } = await collect(client.pages('slis'));
    expect(pages).toHaveLength(1);
    expect(listRequests(sandbox)).toHaveLength(2);
  });

  it('1 record', async () => {
    const { client } = sandboxWith({ sample: false, seed: 1 });
    const { pages, ids } = await collect(client.pages('slis'));
    expect(pages).toHaveLength(1);
    expect(ids).toHaveLength(1);
    expect(pages[0]?.total).toBe(1);
    expect(typeof ids[0]).toBe('string');
  });

  it('exactly one page: next is null, no second request', async () => {
    const { client, sandbox } = sandboxWith({ sample: false, seed: 10 });
    const { pages } = await collect(client.pages('slis', { limit: 10 }));
    expect(pages).toHaveLength(1);
    expect(pages[0]?.next).toBeNull();
    expectOnceInOrder(pages, 10);
    expect(listRequests(sandbox)).toHaveLength(1);
  });

  it('starts at the given offset, and Page.limit/offset come from the URL asked', async () => {
    const { client } = sandboxWith({ sample: false, seed: 25 });
    const page = await client.listPage('slis', { limit: 7, offset: 5 });
    expect(page.limit).toBe(7);
    expect(page.offset).toBe(5);
    expect(page.results).toHaveLength(7);
    expect(page.url).toBe(`${client.resourceUrl('slis')}?limit=7&offset=5`);
  });

  it('a server that caps limit: asks 50, gets 20 a page, follows next to the end', async () => {
    const { client, sandbox } = sandboxWith({ sample: false, seed: 95, maxLimit: 20 });
    const { pages } = await collect(client.pages('slis', { limit: 50 }));
    expect(pages.map((p) => p.results.length)).toEqual([20, 20, 20, 20, 15]);
    expect(pages[0]?.limit).toBe(50); // what was asked
    expect(pages[1]?.limit).toBe(20); // what the server's link says
    expectOnceInOrder(pages, 95);
    const paths = listRequests(sandbox).map((r) => r.path);
    expect(paths).toEqual([
      '/v1/slis/?limit=50&offset=0',
      '/v1/slis/?limit=20&offset=20',
      '/v1/slis/?limit=20&offset=40',
      '/v1/slis/?limit=20&offset=60',
      '/v1/slis/?limit=20&offset=80',
    ]);
  });

  it('streams: taking the first page sends its request and at most the one read ahead', async () => {
    const { client, sandbox } = sandboxWith({ sample: false, seed: 50 });
    for await (const page of client.pages('slis', { limit: 10 })) {
      expect(page.results).toHaveLength(10);
      break;
    }
    // The next page is asked for while this one is handed over (src/api/pagination.ts), and no further.
    expect(listRequests(sandbox).map((r) => r.path)).toEqual(
      ['/v1/slis/?limit=10&offset=0', '/v1/slis/?limit=10&offset=10'].slice(0, listRequests(sandbox).length),
    );
    expect(listRequests(sandbox).length).toBeLessThanOrEqual(2);
  });

  it('honours an AbortSignal between pages (cancelled, no further request)', async () => {
    const { client, sandbox } = sandboxWith({ sample: false, seed: 50 });
    const controller = new AbortController();
    const seen: number[] = [];
    const error = await expectSlotuiError(async () => {
      for await (const page of client.pages('slis', { limit: 10, signal: controller.signal })) {
        seen.push(page.offset);
        if (seen.length === 2) controller.abort();
      }
    });
    expect(error.kind).toBe('cancelled');
    expect(seen).toEqual([0, 10]);
    // The two pages seen and at most the one read ahead, never a page after it.
    expect(listRequests(sandbox).length).toBeGreaterThanOrEqual(2);
    expect(listRequests(sandbox).length).toBeLessThanOrEqual(3);
  });

  it('a profile path that the server does not serve is a not-found error naming the path', async () => {
    const sandbox = fakeSandbox({ sample: false });
    cleanups.push(() => sandbox.close());
    // What the sandbox answers for a path it does not serve.
    sandbox.api.stub('GET', '/v1/objectives/?limit=10&offset=0', { status: 404, body: { detail: 'Not found.' } });
    const client = createClient({
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      dispatcher: sandbox.api.dispatcher,
      paths: { slos: '/v1/objectives/' },
    });
    cleanups.push(() => client.close());
    const error = await expectSlotuiError(() => client.listPage('slos'));
    expect(error.kind).toBe('not-found');
    expect(error.message).toContain('/v1/objectives/');
    expect(error.message).toMatch(/path for slos in the profile/);
  });
});
