/**
 * The base URL and the links the client follows, without sockets (the fake API where a request is
 * sent); what needs a second real listener to prove nothing reached it is in origin.int.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { itemUnder, joinUnderBase, parseBaseUrl, sameOriginLink } from '../../src/api/origin.js';
import { fakeApi, type FakeApi } from '../fakeApi.js';
import { expectSlotuiError } from './helpers.js';

const TOKEN = 'tok-origin-secret-123456';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A fake API verified and closed after the test. */
function strictApi(): FakeApi {
  const api = fakeApi();
  cleanups.push(async () => {
    try {
      api.verify();
    } finally {
      await api.close();
    }
  });
  return api;
}

function page(results: unknown[], next: string | null, extra: Record<string, unknown> = {}) {
  return { total: results.length, results, next, previous: null, ...extra };
}

describe('base URL', () => {
  it('refuses other schemes and malformed URLs with a sentence', async () => {
    expect((await expectSlotuiError(() => createClient({ baseUrl: 'ftp://127.0.0.1/', token: TOKEN }))).kind).toBe(
      'insecure',
    );
    expect((await expectSlotuiError(() => createClient({ baseUrl: 'not a url', token: TOKEN }))).kind).toBe('config');
    expect((await expectSlotuiError(() => createClient({ baseUrl: '', token: TOKEN }))).kind).toBe('config');
    expect(
      (await expectSlotuiError(() => createClient({ baseUrl: 'https://u:p@127.0.0.1/', token: TOKEN }))).kind,
    ).toBe('config');
    expect(
      (await expectSlotuiError(() => createClient({ baseUrl: 'https://127.0.0.1/?x=1', token: TOKEN }))).kind,
    ).toBe('config');
  });

  it('refuses a profile path that is a full URL (it could point elsewhere)', async () => {
    const error = await expectSlotuiError(() =>
      createClient({ baseUrl: 'https://127.0.0.1:1', token: TOKEN, paths: { slos: 'https://evil.example/v1/slos/' } }),
    );
    expect(error.kind).toBe('config');
    expect(
      (
        await expectSlotuiError(() =>
          createClient({ baseUrl: 'https://127.0.0.1:1', token: TOKEN, paths: { slos: '//evil.example/x' } }),
        )
      ).kind,
    ).toBe('config');
  });

  it('appends resource paths under a path prefix without doubled slashes', () => {
    const base = parseBaseUrl('https://h.example/api/');
    expect(joinUnderBase(base, '/v1/slis/').href).toBe('https://h.example/api/v1/slis/');
    expect(joinUnderBase(parseBaseUrl('https://h.example/api'), 'v1//slis/').href).toBe(
      'https://h.example/api/v1/slis/',
    );
    expect(joinUnderBase(parseBaseUrl('https://h.example'), '/v1/slis/').href).toBe('https://h.example/v1/slis/');
    expect(joinUnderBase(base, '/v1/slis/?org=1').href).toBe('https://h.example/api/v1/slis/?org=1');
    expect(itemUnder(new URL('https://h.example/v1/objectives'), 'a/b c').href).toBe(
      'https://h.example/v1/objectives/a%2Fb%20c/',
    );
    const client = createClient({
      baseUrl: 'https://h.example/api//',
      token: TOKEN,
      paths: { slos: '/v1/objectives/' },
    });
    cleanups.push(() => client.close());
    expect(client.resourceUrl('slis')).toBe('https://h.example/api/v1/slis/');
    expect(client.resourceUrl('slos')).toBe('https://h.example/api/v1/objectives/');
    expect(client.baseUrl).toBe('https://h.example/api');
  });
  it('sends requests under the path prefix with the bearer token', async () => {
    const api = strictApi();
    api.stub('GET', '/api/v1/slis/?limit=5&offset=2', (request) => {
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.headers.accept).toBe('application/json');
      return { status: 200, body: page([{ id: 'a' }], null) };
    });
    const client = createClient({ baseUrl: `${api.origin}/api/`, token: TOKEN, dispatcher: api.dispatcher });
    cleanups.push(() => client.close());
    const got = await client.listPage('slis', { limit: 5, offset: 2 });
    expect(got.results.map((r) => r.id)).toEqual(['a']);
    expect(api.requests).toHaveLength(1);
  });
});

describe('links to another origin', () => {
  it('refuses a next to http:// on the same host during iteration', async () => {
    const api = strictApi();
    api.stub('GET', '/v1/slis/?limit=1&offset=0', {
      status: 200,
      body: page([{ id: '1' }], `${api.origin.replace('https:', 'http:')}/v1/slis/?limit=1&offset=1`),
    });
    const client = createClient({ baseUrl: api.origin, token: TOKEN, dispatcher: api.dispatcher });
    cleanups.push(() => client.close());
    const error = await expectSlotuiError(async () => {
      for await (const _ of client.pages('slis', { limit: 1 })) {
        /* drain */
      }
    });
    expect(error.kind).toBe('insecure');
    expect(api.requests).toHaveLength(1);
  });

  it('follows a relative or same-origin next, dropping user info from it', async () => {
    const base = parseBaseUrl('https://h.example:8443/api');
    expect(sameOriginLink(base, '/api/v1/slis/?offset=10', 'https://h.example:8443/api/v1/slis/?offset=0').href).toBe(
      'https://h.example:8443/api/v1/slis/?offset=10',
    );
    expect(sameOriginLink(base, 'https://x:y@h.example:8443/api/v1/slis/').href).toBe(
      'https://h.example:8443/api/v1/slis/',
    );
  });
});
