/**
 * Read, create, update and delete against the sandbox, read-only mode, and
 * what each request carries.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { expectNoTokenInErrors, expectSlotuiError, json, startHttpsServer } from './helpers.js';

const tokens: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(() => expectNoTokenInErrors(tokens));

async function setup(readOnly = false): Promise<{ sandbox: SandboxHandle; client: ApiClient }> {
  const sandbox = await startSandbox({ sample: false, seed: 3 });
  cleanups.push(() => sandbox.close());
  tokens.push(sandbox.token);
  const client = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, ca: sandbox.caPem, readOnly });
  cleanups.push(() => client.close());
  return { sandbox, client };
}

describe('records', () => {
  it('writes carry Content-Type: application/json and the bearer token', async () => {
    const server = await startHttpsServer((req, res) => {
      if (req.method === 'DELETE') {
        res.writeHead(204);
        res.end();
      } else json(res, req.method === 'POST' ? 201 : 200, { id: 'r1', ...(JSON.parse(req.body || '{}') as object) });
    });
    cleanups.push(() => server.close());
    const token = 'tok-crud-secret-000111';
    tokens.push(token);
    const client = createClient({ baseUrl: server.origin, token, ca: server.caPem, userAgent: 'slotui-test/1' });
    cleanups.push(() => client.close());
    await client.create('slos', { name: 'x' });
    await client.update('slos', 'r1', { name: 'y' });
    await client.remove('slos', 'r1');
    expect(server.requests.map((r) => [r.method, r.url, r.headers['content-type'], r.body])).toEqual([
      ['POST', '/v1/slos/', 'application/json', '{"name":"x"}'],
      ['PATCH', '/v1/slos/r1/', 'application/json', '{"name":"y"}'],
      ['DELETE', '/v1/slos/r1/', undefined, ''],
    ]);
    for (const r of server.requests) {
      expect(r.headers.authorization).toBe(`Bearer ${token}`);
      expect(r.headers['user-agent']).toBe('slotui-test/1');
    }
    // Keep-alive: connections are reused (the pool may open a second while the first finishes a response).
    expect(server.connections()).toBeLessThan(server.requests.length);
  });
});
describe('connections', () => {
  it('error answers have their bodies consumed: the keep-alive connection keeps serving', async () => {
    const { client, sandbox } = await setup();
    for (let i = 0; i < 20; i++) {
      const error = await expectSlotuiError(() => client.get('slis', `missing-${i}`));
      expect(error.kind).toBe('not-found');
    }
    sandbox.setFaults({ htmlRate: 1 });
    for (let i = 0; i < 5; i++) await expectSlotuiError(() => client.listPage('slis'));
    expect(sandbox.stats().requests).toBe(25);
    expect(sandbox.stats().connections).toBeLessThanOrEqual(2);
  });
});

describe('close', () => {
  it('after close, requests are refused without a connection', async () => {
    const { client, sandbox } = await setup();
    await client.close();
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('cancelled');
    expect(sandbox.stats().connections).toBe(0);
  });
});
