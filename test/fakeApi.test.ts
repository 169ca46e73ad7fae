/**
 * The fake API itself (test/fakeApi.ts): the real client over it; stubs
 * answer in order, once each; a request nothing answers and a stub never
 * used both fail verify(); the sandbox served from memory checks the token.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { createClient } from '../src/api/client.js';
import { isSlotuiError } from '../src/api/errors.js';
import { fakeApi, FAKE_TOKEN, type FakeApi } from './fakeApi.js';

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const clientOf = (fake: FakeApi, token = FAKE_TOKEN) =>
  createClient({ baseUrl: fake.origin, token, dispatcher: fake.dispatcher, retry: { tries: 1 } });

const page = (results: unknown[]) => ({ total: results.length, results, next: null, previous: null });

describe('fakeApi', () => {
  test('a stub answers its request once, with the real client reading it', async () => {
    api = fakeApi();
    api.stub('GET', '/v1/slis/sli-000001/', { status: 200, body: { id: 'sli-000001', name: 'checkout' } });
    const client = clientOf(api);
    await expect(client.get('slis', 'sli-000001')).resolves.toMatchObject({ name: 'checkout' });
    expect(api.requests).toEqual([{ method: 'GET', path: '/v1/slis/sli-000001/', authorized: true }]);
    expect(() => api!.verify()).not.toThrow();
  });

  test('a request no stub matches is answered 599 and fails verify, naming it', async () => {
    api = fakeApi();
    const client = clientOf(api);
    const failed = await client.listPage('slos', { limit: 5 }).catch((e: unknown) => e);
    expect(isSlotuiError(failed)).toBe(true);
    expect(() => api!.verify()).toThrow('unexpected request: GET /v1/slos/?limit=5&offset=0');
  });

  test('a stub never used fails verify; one used fewer times than said too', async () => {
    api = fakeApi();
    api.stub('DELETE', '/v1/slos/slo-000001/', { status: 204 });
    api.stub('GET', /^\/v1\/slis\/\?/, { status: 200, body: page([]) }, { times: 2 });
    await clientOf(api).listPage('slis');
    expect(() => api!.verify()).toThrow(
      /unused stub: DELETE \/v1\/slos\/slo-000001\/ \(0 of 1\)\nunused stub: GET .* \(1 of 2\)/,
    );
  });

  test('a body matcher: only the request with that body is answered', async () => {
    api = fakeApi();
    api.stub(
      'PATCH',
      '/v1/slos/slo-000001/',
      (request) => ({ status: 200, body: { id: 'slo-000001', ...(request.json() as object) } }),
      { body: (json) => (json as { target_value?: string }).target_value === '99.95' },
    );
    const client = clientOf(api);
    await expect(client.update('slos', 'slo-000001', { target_value: '99.9' })).rejects.toBeDefined();
    await expect(client.update('slos', 'slo-000001', { target_value: '99.95' })).resolves.toMatchObject({
      target_value: '99.95',
    });
    expect(() => api!.verify()).toThrow('unexpected request: PATCH /v1/slos/slo-000001/');
  });

  test('serve: the sandbox from memory, pages and writes as over TLS, and a wrong token refused', async () => {
    api = fakeApi();
    const store = api.serve();
    const client = clientOf(api);
    const first = await client.listPage('slis', { limit: 10 });
    expect(first.total).toBe(store.collections.slis.records.length);
    expect(first.next).toBe(`${api.origin}/v1/slis/?limit=10&offset=10`);
    const created = await client.create('organizations', { name: 'Payments' });
    await expect(client.get('organizations', created.id)).resolves.toMatchObject({ name: 'Payments' });
    const refused = await clientOf(api, 'another.token.x')
      .listPage('slis')
      .catch((e: unknown) => e);
    expect(isSlotuiError(refused) && refused.kind).toBe('auth');
    expect(() => api!.verify()).not.toThrow();
  });

  test('nothing reaches a real address', async () => {
    api = fakeApi();
    const elsewhere = createClient({
      baseUrl: 'https://127.0.0.1:9',
      token: FAKE_TOKEN,
      dispatcher: api.dispatcher,
      retry: { tries: 1 },
    });
    await expect(elsewhere.listPage('slis')).rejects.toBeDefined();
  });
});
