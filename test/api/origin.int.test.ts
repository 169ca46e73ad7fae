/**
 * The token goes only to the base URL's origin: http is refused before any
 * socket, and page links to another origin (or to http) are refused before
 * any request, with a second listener proving nothing reached it.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import {
  expectNoTokenInErrors,
  expectPlainSentence,
  expectSlotuiError,
  json,
  startCountingTcpServer,
  startHttpsServer,
  type TestServer,
} from './helpers.js';

const TOKEN = 'tok-origin-secret-123456';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(() => expectNoTokenInErrors([TOKEN]));

function track<T extends ApiClient | TestServer>(thing: T): T {
  cleanups.push(() => thing.close());
  return thing;
}

function page(results: unknown[], next: string | null, extra: Record<string, unknown> = {}) {
  return { total: results.length, results, next, previous: null, ...extra };
}

describe('base URL', () => {
  it('refuses http:// synchronously, before any socket is opened', async () => {
    const tcp = await startCountingTcpServer();
    cleanups.push(() => tcp.close());
    const error = await expectSlotuiError(() =>
      createClient({ baseUrl: `http://127.0.0.1:${tcp.port}`, token: TOKEN }),
    );
    expect(error.kind).toBe('insecure');
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(/plain http.*https:\/\//);
    expectPlainSentence(error.message);
    // Give a stray connection every chance to show up before counting.
    await new Promise((resolve) => setImmediate(resolve));
    expect(tcp.connections()).toBe(0);
  });
});

describe('links to another origin', () => {
  it('refuses a next on another HTTPS listener: that listener sees no request at all', async () => {
    const other = track(await startHttpsServer((req, res) => json(res, 200, page([], null))));
    const server = track(
      await startHttpsServer((_req, res) =>
        json(res, 200, page([{ id: '1' }], `${other.origin}/v1/slis/?limit=1&offset=1`)),
      ),
    );
    const client = track(createClient({ baseUrl: server.origin, token: TOKEN, ca: [server.caPem, other.caPem] }));

    const seen: string[] = [];
    const error = await expectSlotuiError(async () => {
      for await (const p of client.pages('slis', { limit: 1 })) seen.push(...p.results.map((r) => r.id));
    });
    expect(seen).toEqual(['1']);
    expect(error.kind).toBe('insecure');
    expect(error.message).toContain(other.origin);
    expect(error.message).toContain(server.origin);
    expectPlainSentence(error.message);
    expect(other.requests).toHaveLength(0);
    expect(other.connections()).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses followPage to another origin, to http and to another port, before any request', async () => {
    const other = track(await startHttpsServer((_req, res) => json(res, 200, page([], null))));
    const tcp = await startCountingTcpServer();
    cleanups.push(() => tcp.close());
    const server = track(await startHttpsServer((_req, res) => json(res, 200, page([], null))));
    const client = track(createClient({ baseUrl: server.origin, token: TOKEN, ca: server.caPem }));

    const cross = await expectSlotuiError(() =>
      client.followPage('slis', `${other.origin}/v1/slis/?limit=10&offset=10`),
    );
    expect(cross.kind).toBe('insecure');
    const http = await expectSlotuiError(() =>
      client.followPage('slis', `http://127.0.0.1:${server.port}/v1/slis/?offset=10`),
    );
    expect(http.kind).toBe('insecure');
    expect(http.message).toContain(`http://127.0.0.1:${server.port}`);
    const port = await expectSlotuiError(() => client.followPage('slis', `https://127.0.0.1:${tcp.port}/v1/slis/`));
    expect(port.kind).toBe('insecure');
    const host = await expectSlotuiError(() => client.followPage('slis', `https://localhost:${server.port}/v1/slis/`));
    expect(host.kind).toBe('insecure');

    expect(other.requests).toHaveLength(0);
    expect(other.connections()).toBe(0);
    expect(tcp.connections()).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});
