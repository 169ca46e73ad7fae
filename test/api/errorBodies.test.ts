/**
 * Error mapping of answers the sandbox never gives: odd error bodies,
 * redirects, Retry-After forms, HTML and broken JSON, from the fake API
 * (test/fakeApi.ts) answering as a misbehaving server would. Each failure is
 * a SlotuiError of the right kind and exit code, with a short sentence and no
 * token. What only sockets show (closed ports, TLS, silence, bodies cut off)
 * is errors-hostile.int.test.ts's.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/types.js';
import { handlerApi, type HandlerRequest, type HandlerResponse, type ReceivedRequest } from '../fakeApi.js';
import { expectNoTokenInErrors, expectPlainSentence, expectSlotuiError, json, recordingSleep } from './helpers.js';

type Handler = (req: HandlerRequest, res: HandlerResponse, self: { origin: string }) => void | Promise<void>;

const TOKEN = 'tok-Hostile-Secret-ABCdef';
const LOWER = TOKEN.toLowerCase();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(() => expectNoTokenInErrors([TOKEN, LOWER]));

async function setup(
  handler: Handler,
  options: Partial<ClientOptions> = {},
): Promise<{ server: { origin: string; requests: ReceivedRequest[] }; client: ApiClient; waits: number[] }> {
  const api = handlerApi(handler);
  cleanups.push(() => api.close());
  const { sleep, waits } = recordingSleep();
  const client = createClient({ baseUrl: api.origin, token: TOKEN, dispatcher: api.dispatcher, sleep, ...options });
  cleanups.push(() => client.close());
  return { server: api, client, waits };
}

describe('error bodies', () => {
  it('400 with DRF-style field errors fills fieldErrors', async () => {
    const { client } = await setup((_req, res) =>
      json(res, 400, { name: ['This field is required.'], target_value: 'Not a number.' }),
    );
    const error = await expectSlotuiError(() => client.create('slos', { description: 'x' }));
    expect(error.kind).toBe('validation');
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ name: ['This field is required.'], target_value: ['Not a number.'] });
    expect(error.message).toContain(
      '(HTTP 400: name: This field is required; target_value: Not a number). Fix these fields',
    );
    expectPlainSentence(error.message);
  });

  it('400 with {"detail": ...} puts the sanitised detail in the message', async () => {
    const { client } = await setup((_req, res) =>
      json(res, 400, { detail: `bad \u001b[31mlimit\u001b[0m\u0007 ${'x'.repeat(500)}` }),
    );
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('validation');
    expect(error.fieldErrors).toBeUndefined();
    expect(error.message).toContain('bad limit');
    // eslint-disable-next-line no-control-regex -- asserting control characters are gone
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(error.message.length).toBeLessThan(400);
  });

  it('a server that echoes the token back never gets it into the message', async () => {
    const { client } = await setup((req, res) =>
      json(res, 400, {
        errors: { name: [`${req.headers.authorization ?? ''} is bad`] },
        detail: req.headers.authorization,
      }),
    );
    const error = await expectSlotuiError(() => client.create('slis', { name: 'n', type: 't' }));
    expect(error.kind).toBe('validation');
    expect(error.message).toContain('[redacted]');
    expect(JSON.stringify(error.fieldErrors)).toContain('[redacted]');
  });

  it('a token echoed where the message is cut short leaves no piece of it', async () => {
    const { client } = await setup((req, res) =>
      json(res, 500, { detail: `${'x'.repeat(180)} ${req.headers.authorization ?? ''}` }),
    );
    const error = await expectSlotuiError(() => client.listPage('slis', { limit: 1 }));
    expect(error.message).not.toContain(TOKEN.slice(0, 8));
  });

  it('a server that hides the token in a record key or a link is redacted too', async () => {
    const { client } = await setup((req, res) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (req.url?.includes('/v1/slis/'))
        json(res, 200, { total: 1, results: [{ id: 'a', queries: { [token]: 5 } }], next: null });
      else
        json(res, 200, {
          total: 1,
          results: [{ id: 'a' }],
          next: `https://${token.toLowerCase()}.example/v1/slos/?offset=1`,
        });
    });
    // The record is odd (a query must be an object): why, named by its field, is said without the token.
    const inKey = await client.listPage('slis');
    expect(inKey.odd).toHaveLength(1);
    expect(inKey.odd![0]!.reason).toContain('[redacted]');
    expect(inKey.odd![0]!.reason).not.toContain(TOKEN);
    const inLink = await expectSlotuiError(async () => {
      for await (const _ of client.pages('slos')) {
        /* drain */
      }
    });
    expect(inLink.kind).toBe('insecure');
  });

  it('403 is an auth error with exit code 4', async () => {
    const { client } = await setup((_req, res) => json(res, 403, { detail: 'You do not have permission.' }));
    const error = await expectSlotuiError(() => client.get('slos', 'abc'));
    expect(error.kind).toBe('auth');
    expect(error.exitCode).toBe(4);
    expect(error.message).toContain('(HTTP 403: You do not have permission). ');
  });

  it('415 and 405 are protocol errors pointing at the paths', async () => {
    const { client } = await setup((req, res) => json(res, req.method === 'POST' ? 415 : 405, { detail: 'nope' }));
    const unsupported = await expectSlotuiError(() => client.create('slis', { name: 'n', type: 't' }));
    expect(unsupported.kind).toBe('protocol');
    expect(unsupported.message).toMatch(/HTTP 415.*path for slis/);
    const notAllowed = await expectSlotuiError(() => client.remove('slis', 'x'));
    expect(notAllowed.kind).toBe('protocol');
  });

  it('a redirect is not followed (the token stays home)', async () => {
    const { client, server } = await setup((_req, res) => {
      res.writeHead(302, { location: 'https://elsewhere.example/v1/slis/' });
      res.end();
    });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain('does not follow redirects');
    expect(server.requests).toHaveLength(1);
  });

  it('a 5xx answer to a POST warns that the change may have been saved', async () => {
    const { client, server } = await setup((_req, res) => json(res, 500, { detail: 'boom' }));
    const error = await expectSlotuiError(() => client.create('slos', { name: 'x' }));
    expect(error.kind).toBe('server');
    expect(error.message).toContain('may or may not have been saved');
    expect(server.requests).toHaveLength(1);
  });

  it('Retry-After as an HTTP date is honoured', async () => {
    let calls = 0;
    const { client, waits } = await setup((_req, res) => {
      calls++;
      if (calls === 1) json(res, 429, {}, { 'retry-after': new Date(Date.now() + 3_000).toUTCString() });
      else json(res, 200, { total: 0, results: [], next: null });
    });
    await client.listPage('slis');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(1_000);
    expect(waits[0]).toBeLessThanOrEqual(3_000);
  });

  it('a Retry-After beyond 30s is not waited out: the 429 is returned with retryAfterMs', async () => {
    const { client, waits, server } = await setup((_req, res) => json(res, 429, {}, { 'retry-after': '120' }));
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.message).toContain('Wait 120 seconds');
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('bodies that are not what they claim', () => {
  it('an HTML page with status 200 is a protocol error', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body>Login</body></html>');
    });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toMatch(/HTML page.*path for slis/);
    expectPlainSentence(error.message);
  });

  it('a complete body with invalid JSON is a protocol error, not retried', async () => {
    const { client, server } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"total": 5, "results": [{"id": "1"');
    });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain('not valid JSON');
    expect(server.requests).toHaveLength(1);
  });

  it('a non-record answer to get is a protocol error', async () => {
    const { client } = await setup((_req, res) => json(res, 200, ['not', 'a', 'record']));
    const error = await expectSlotuiError(() => client.get('slis', '1'));
    expect(error.kind).toBe('protocol');
  });
});
