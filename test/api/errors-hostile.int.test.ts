/**
 * Error mapping against servers of our own that misbehave in ways the sandbox
 * need not: odd error bodies, redirects, TLS without the CA, a closed port,
 * silence, cut-off bodies. Each failure is a SlotuiError of the right kind
 * and exit code, with a short sentence and no token.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/types.js';
import {
  closedPort,
  expectNoTokenInErrors,
  expectPlainSentence,
  expectSlotuiError,
  json,
  recordingSleep,
  startHttpsServer,
  type Handler,
  type TestServer,
} from './helpers.js';

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
): Promise<{ server: TestServer; client: ApiClient; waits: number[] }> {
  const server = await startHttpsServer(handler);
  cleanups.push(() => server.close());
  const { sleep, waits } = recordingSleep();
  const client = createClient({ baseUrl: server.origin, token: TOKEN, ca: server.caPem, sleep, ...options });
  cleanups.push(() => client.close());
  return { server, client, waits };
}

describe('bodies that are not what they claim', () => {
  it('a body cut off mid-way (connection closed) is retried for a GET, then a protocol error', async () => {
    const { client, server, waits } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"total": 5, "results": [{"id": "1"');
      setImmediate(() => res.socket?.destroy());
    });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain('cut off');
    expect(server.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });
});

describe('connections', () => {
  it('a closed port is a network error saying the connection was refused (not retried)', async () => {
    const port = await closedPort();
    const { sleep, waits } = recordingSleep();
    const client = createClient({ baseUrl: `https://127.0.0.1:${port}`, token: TOKEN, sleep });
    cleanups.push(() => client.close());
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('network');
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain('refused');
    expect(waits).toEqual([]);
    expectPlainSentence(error.message);
  });

  it('without the CA the certificate is not trusted: a TLS error that points to SLOTUI_CA_FILE', async () => {
    const server = await startHttpsServer((_req, res) => json(res, 200, { total: 0, results: [], next: null }));
    cleanups.push(() => server.close());
    const client = createClient({ baseUrl: server.origin, token: TOKEN });
    cleanups.push(() => client.close());
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('tls');
    expect(error.message).toMatch(/certificate/);
    expect(error.message).toContain('SLOTUI_CA_FILE');
    expect(server.requests).toHaveLength(0);
  });

  it('a listener that never completes the TLS handshake times out with the connect timeout', async () => {
    const { createServer } = await import('node:net');
    const held: import('node:net').Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const port = (silent.address() as import('node:net').AddressInfo).port;
    const client = createClient({ baseUrl: `https://127.0.0.1:${port}`, token: TOKEN, timeouts: { connectMs: 200 } });
    cleanups.push(() => client.close());
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/^Connecting to https:\/\/127\.0\.0\.1:\d+ took longer than 0\.2s\./);
    expect(held.length).toBeGreaterThan(0);
  });

  it('a server that never answers times out with the headers timeout', async () => {
    const { client, server } = await setup(
      () => {
        /* never answers */
      },
      { timeouts: { headersMs: 200 } },
    );
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('0.2s');
    expect(server.requests).toHaveLength(1);
  });

  it('a server that stalls mid-body times out with the body timeout', async () => {
    const { client } = await setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"total": 1, ');
      },
      { timeouts: { bodyMs: 200 } },
    );
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('stopped sending');
  });

  it('an AbortSignal cancels a request in flight', async () => {
    const { client } = await setup(() => {
      /* never answers */
    });
    const controller = new AbortController();
    const pending = expectSlotuiError(() => client.listPage('slis', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    expect(error.kind).toBe('cancelled');
  });

  it('an AbortSignal cancels a backoff wait', async () => {
    const server = await startHttpsServer((_req, res) => json(res, 503, {}));
    cleanups.push(() => server.close());
    const client = createClient({
      baseUrl: server.origin,
      token: TOKEN,
      ca: server.caPem,
      retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    cleanups.push(() => client.close());
    const controller = new AbortController();
    const pending = expectSlotuiError(() => client.listPage('slis', { signal: controller.signal }));
    const deadline = Date.now() + 5_000;
    while (server.requests.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('cancelled');
    expect(server.requests).toHaveLength(1);
  });
});
