/**
 * Read, create, update and delete against the sandbox served in memory by
 * the fake API (test/fakeApi.ts), read-only mode, and tokens refused before
 * sending. What goes over a connection (headers, keep-alive, close) is
 * crud.int.test.ts's.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { fakeSandbox, type FakeSandbox } from '../fakeApi.js';
import { expectNoTokenInErrors, expectPlainSentence, expectSlotuiError } from './helpers.js';

const tokens: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(() => expectNoTokenInErrors(tokens));

async function setup(readOnly = false): Promise<{ sandbox: FakeSandbox; client: ApiClient }> {
  const sandbox = fakeSandbox({ sample: false, seed: 3 });
  cleanups.push(() => sandbox.close());
  tokens.push(sandbox.token);
  const client = createClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    dispatcher: sandbox.api.dispatcher,
    readOnly,
  });
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
      const client = createClient({ baseUrl: sandbox.baseUrl, token: bad, dispatcher: sandbox.api.dispatcher });
      cleanups.push(() => client.close());
      const error = await expectSlotuiError(() => client.listPage('slis'));
      expect(error.kind).toBe('auth');
      expect(error.message).not.toContain(bad);
    }
    expect(sandbox.stats().requests).toBe(0);
  });
});
