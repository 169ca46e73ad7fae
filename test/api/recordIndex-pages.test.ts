/** The record index over the real client, following the service's pages (the sandbox's API over the fake). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { RecordIndex } from '../../src/api/recordIndex.js';
import type { ApiClient } from '../../src/api/types.js';
import { fakeSandbox, type FakeSandbox } from '../fakeApi.js';

let sandbox: FakeSandbox;
let client: ApiClient;
beforeAll(() => {
  sandbox = fakeSandbox({ seed: 1000 });
  client = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, dispatcher: sandbox.api.dispatcher });
});
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

const slisListed = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/slis/?')).length;

describe('record index over the pages of the service', () => {
  it('gathers all 1,030 SLIs by following next, 100 a page', async () => {
    const before = slisListed();
    const index = new RecordIndex({ walk: (resource, options) => client.pages(resource, options) });
    await index.ensure('slis');
    expect(index.status('slis')).toMatchObject({ state: 'complete', held: 1030, total: 1030 });
    const records = index.records('slis');
    expect(records.at(-1)?.id).toBe('sli-001030');
    expect(new Set([...records].map((r) => r.id)).size).toBe(1030);
    expect(index.get('slis', 'sli-000001')?.name).toBe('checkout-api availability');
    expect(slisListed() - before).toBe(11);
    index.close();
  });

  it('stops at the maximum, reading no further than one page ahead', async () => {
    const before = slisListed();
    const index = new RecordIndex({ walk: (resource, options) => client.pages(resource, options), maxRecords: 500 });
    await index.ensure('slis');
    expect(index.status('slis')).toMatchObject({ state: 'capped', held: 500 });
    // The five pages it keeps, and at most the one read ahead while the fifth was handed over.
    expect(slisListed() - before).toBeGreaterThanOrEqual(5);
    expect(slisListed() - before).toBeLessThanOrEqual(6);
    index.close();
  });
});
