/** The record index over the real client and the sandbox (TLS on 127.0.0.1). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { RecordIndex } from '../../src/api/recordIndex.js';
import type { ApiClient } from '../../src/api/types.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';

let sandbox: SandboxHandle;
let client: ApiClient;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5000 });
  client = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, ca: sandbox.caPem, connections: 1 });
});
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

const slisListed = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/slis/?')).length;

describe('record index against the sandbox', () => {
  it('gathers all 5,030 SLIs by following next, 100 a page', async () => {
    const before = slisListed();
    const index = new RecordIndex({ walk: (resource, options) => client.pages(resource, options) });
    await index.ensure('slis');
    expect(index.status('slis')).toMatchObject({ state: 'complete', held: 5030, total: 5030 });
    const records = index.records('slis');
    expect(records.at(-1)?.id).toBe('sli-005030');
    expect(new Set(records.map((r) => r.id)).size).toBe(5030);
    expect(index.get('slis', 'sli-000001')?.name).toBe('checkout-api availability');
    expect(slisListed() - before).toBe(51);
    index.close();
  });

  it('stops at the maximum without reading further pages', async () => {
    const before = slisListed();
    const index = new RecordIndex({ walk: (resource, options) => client.pages(resource, options), maxRecords: 1000 });
    await index.ensure('slis');
    expect(index.status('slis')).toMatchObject({ state: 'capped', held: 1000 });
    expect(slisListed() - before).toBe(10);
    index.close();
  });
});
