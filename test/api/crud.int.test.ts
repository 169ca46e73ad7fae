/**
 * Read, create, update and delete against the sandbox, read-only mode, and
 * what each request carries.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { expectNoTokenInErrors, expectPlainSentence, expectSlotuiError, json, startHttpsServer } from './helpers.js';

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
  it('create, get, update (PATCH with only the given fields), remove', async () => {
    const { client, sandbox } = await setup();
    const created = await client.create('slis', {
      name: 'checkout availability',
      type: 'availability',
      queries: { total: { select: 'count(*)', from: 'http', where: 'x', limit: 1 } },
    });
    expect(typeof created.id).toBe('string');
    expect(created.name).toBe('checkout availability');

    const got = await client.get('slis', created.id);
    expect(got).toEqual(created);

    const updated = await client.update('slis', created.id, { description: 'new' });
    expect(updated.description).toBe('new');
    expect(updated.name).toBe('checkout availability');

    await client.remove('slis', created.id);
    const gone = await expectSlotuiError(() => client.get('slis', created.id));
    expect(gone.kind).toBe('not-found');

    const [post, get, patch, del] = sandbox.requests;
    expect(post).toMatchObject({ method: 'POST', path: '/v1/slis/', authorized: true });
    expect(get).toMatchObject({ method: 'GET', path: `/v1/slis/${created.id}/` });
    expect(patch).toMatchObject({ method: 'PATCH', path: `/v1/slis/${created.id}/`, body: { description: 'new' } });
    expect(del).toMatchObject({ method: 'DELETE', path: `/v1/slis/${created.id}/` });
  });

  it('ids are encoded in item URLs', async () => {
    const { client, sandbox } = await setup();
    await expectSlotuiError(() => client.get('slis', 'a/b?c'));
    expect(sandbox.requests.at(-1)?.path).toBe('/v1/slis/a%2Fb%3Fc/');
  });

  it('an empty id is a usage error, nothing sent', async () => {
    const { client, sandbox } = await setup();
    const error = await expectSlotuiError(() => client.get('slis', ' '));
    expect(error.kind).toBe('usage');
    expect(error.exitCode).toBe(2);
    expect(sandbox.stats().requests).toBe(0);
  });

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

describe('read-only', () => {
  it('refuses create, update and remove before any request reaches the sandbox', async () => {
    const { client, sandbox } = await setup(true);
    expect(client.readOnly).toBe(true);
    const create = await expectSlotuiError(() => client.create('slis', { name: 'x', type: 'y' }));
    const update = await expectSlotuiError(() => client.update('slis', 'sli-000001', { name: 'x' }));
    const remove = await expectSlotuiError(() => client.remove('slis', 'sli-000001'));
    for (const error of [create, update, remove]) {
      expect(error.kind).toBe('read-only');
      expect(error.exitCode).toBe(1);
      expect(error.message).toContain('--read-only');
      expectPlainSentence(error.message);
    }
    expect(sandbox.stats()).toEqual({ connections: 0, requests: 0 });
  });

  it('still reads', async () => {
    const { client, sandbox } = await setup(true);
    const page = await client.listPage('slis');
    expect(page.total).toBe(3);
    await client.get('slis', page.results[0]!.id);
    expect(sandbox.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
  });
});

describe('token', () => {
  it('a token with a line break or space is refused before sending, without echoing it', async () => {
    const { sandbox } = await setup();
    for (const bad of ['abc\r\nX-Evil: 1', 'two words', 'tøken']) {
      const client = createClient({ baseUrl: sandbox.baseUrl, token: bad, ca: sandbox.caPem });
      cleanups.push(() => client.close());
      const error = await expectSlotuiError(() => client.listPage('slis'));
      expect(error.kind).toBe('auth');
      expect(error.message).not.toContain(bad);
    }
    expect(sandbox.stats().requests).toBe(0);
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
