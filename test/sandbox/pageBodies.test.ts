/**
 * The sandbox's list pages kept between writes: the same page asked again is
 * the same text, and any write to the collection (create, update, delete) is
 * seen by the next read of any of its pages.
 */
import { describe, expect, it } from 'vitest';
import { WIRE_REGISTRY } from '../../src/api/resources.js';
import { handleApi, type ApiContext } from '../../src/sandbox/api.js';
import { PageBodies } from '../../src/sandbox/pageBodies.js';
import { addSampleData, emptyData } from '../../src/sandbox/sample.js';
import { Store } from '../../src/sandbox/store.js';

const ORIGIN = 'https://127.0.0.1:8443';

function sandboxApi() {
  const data = emptyData();
  addSampleData(data);
  const store = new Store(data);
  const ctx: ApiContext = {
    store,
    registry: WIRE_REGISTRY,
    maxLimit: 100,
    origin: ORIGIN,
    persist: () => Promise.resolve(),
    pages: new PageBodies(),
  };
  const send = async (method: string, path: string, body?: unknown) => {
    const reply = await handleApi(ctx, {
      method,
      url: new URL(path, ORIGIN),
      contentType: body === undefined ? undefined : 'application/json',
      body: body === undefined ? '' : JSON.stringify(body),
    });
    return {
      status: reply.status,
      body: reply.body,
      json: reply.body.length > 0 ? (JSON.parse(reply.body.toString()) as never) : undefined,
    };
  };
  return { store, send };
}

type ListPage = { total: number; results: { id: string; name: string }[] };

describe('list pages kept between writes', () => {
  it('a page asked for again is the same text', async () => {
    const { send } = sandboxApi();
    const first = await send('GET', '/v1/slis/?limit=5&offset=5');
    const again = await send('GET', '/v1/slis/?limit=5&offset=5');
    expect(again.body).toBe(first.body);
    expect((await send('GET', '/v1/slis/?limit=5&offset=0')).body).not.toBe(first.body);
  });

  it('an update is seen by the next read of the page', async () => {
    const { send } = sandboxApi();
    const before = (await send('GET', '/v1/slis/?limit=5&offset=0')).json as unknown as ListPage;
    const id = before.results[2]!.id;
    expect((await send('PATCH', `/v1/slis/${id}/`, { name: 'renamed here' })).status).toBe(200);
    const after = (await send('GET', '/v1/slis/?limit=5&offset=0')).json as unknown as ListPage;
    expect(after.results[2]).toMatchObject({ id, name: 'renamed here' });
  });

  it('a create and a delete are seen by the next read, on every page', async () => {
    const { send } = sandboxApi();
    const before = (await send('GET', '/v1/slis/?limit=100&offset=0')).json as unknown as ListPage;
    const created = (await send('POST', '/v1/slis/', { name: 'new one', type: 'latency' })).json as unknown as {
      id: string;
    };
    const withNew = (await send('GET', '/v1/slis/?limit=100&offset=0')).json as unknown as ListPage;
    expect(withNew.total).toBe(before.total + 1);
    expect(withNew.results.at(-1)).toMatchObject({ id: created.id, name: 'new one' });
    const first = before.results[0]!.id;
    expect((await send('DELETE', `/v1/slis/${first}/`)).status).toBe(204);
    const withoutFirst = (await send('GET', '/v1/slis/?limit=100&offset=0')).json as unknown as ListPage;
    expect(withoutFirst.total).toBe(before.total);
    expect(withoutFirst.results.map((r) => r.id)).not.toContain(first);
  });

  it('a write to another collection leaves the page as it was', async () => {
    const { send } = sandboxApi();
    const page = await send('GET', '/v1/slis/?limit=5&offset=0');
    const org = ((await send('GET', '/v1/organizations/?limit=1')).json as unknown as ListPage).results[0]!;
    expect((await send('PATCH', `/v1/organizations/${org.id}/`, { name: 'Other name' })).status).toBe(200);
    expect((await send('GET', '/v1/slis/?limit=5&offset=0')).body).toBe(page.body);
  });
});

describe('PageBodies', () => {
  it('keeps at most its limits, the oldest pages going first', () => {
    const pages = new PageBodies(2, 1000);
    let made = 0;
    const make = (text: string) => () => {
      made++;
      return text;
    };
    pages.body('a', 1, make('A'));
    pages.body('b', 1, make('B'));
    pages.body('c', 1, make('C'));
    expect(made).toBe(3);
    pages.body('c', 1, make('C'));
    pages.body('b', 1, make('B'));
    expect(made).toBe(3);
    pages.body('a', 1, make('A'));
    expect(made).toBe(4);
    // A new version makes the page again.
    expect(pages.body('a', 2, make('A2')).toString()).toBe('A2');
    expect(made).toBe(5);
    // A page larger than all the room is sent, not kept.
    const big = 'x'.repeat(1001);
    pages.body('big', 1, make(big));
    pages.body('big', 1, make(big));
    expect(made).toBe(7);
    // The room is counted in bytes as sent: 600 characters of two bytes each do not fit in 1000.
    const wide = 'é'.repeat(600);
    expect(pages.body('wide', 1, make(wide))).toEqual(Buffer.from(wide));
    pages.body('wide', 1, make(wide));
    expect(made).toBe(9);
  });
});

describe('reads answered in the turn they arrive', () => {
  it('a list page or a record is a reply, not a promise; a write is a promise', () => {
    const data = emptyData();
    addSampleData(data);
    const ctx: ApiContext = {
      store: new Store(data),
      registry: WIRE_REGISTRY,
      maxLimit: 100,
      origin: ORIGIN,
      persist: () => Promise.resolve(),
      pages: new PageBodies(),
    };
    const ask = (method: string, path: string) =>
      handleApi(ctx, { method, url: new URL(path, ORIGIN), contentType: undefined, body: '' });
    const page = ask('GET', '/v1/slis/?limit=2&offset=0');
    expect(page).not.toBeInstanceOf(Promise);
    const id = (JSON.parse(String((page as { body: unknown }).body)) as ListPage).results[0]!.id;
    expect(ask('GET', `/v1/slis/${id}/`)).not.toBeInstanceOf(Promise);
    expect(ask('DELETE', `/v1/slis/${id}/`)).toBeInstanceOf(Promise);
  });
});
