/**
 * A request flood on 127.0.0.1 (bounded, so the test is): the sandbox checks
 * the token before it reads a body, keeps none of an unauthenticated one,
 * serves at most MAX_CONNECTIONS connections at once, and keeps a bounded
 * amount of what it records. Its memory is then bounded by those caps,
 * whatever is sent at it.
 */
import { connect, type TLSSocket } from 'node:tls';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { MAX_CONNECTIONS } from '../../src/sandbox/server.js';
import { startHarness, type Harness } from './helpers.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const MB = 1024 * 1024;
const port = () => Number(new URL(h.sandbox.baseUrl).port);

function tlsSocket(): TLSSocket {
  return connect({ host: '127.0.0.1', port: port(), ca: h.sandbox.caPem, servername: 'localhost' });
}

/** What the server answers a request sent as `head` (then `body`, if any), until it closes; '' when it drops us. */
function exchange(head: string, body?: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = tlsSocket();
    let answer = '';
    socket.on('secureConnect', () => {
      socket.write(head);
      if (body) socket.write(body);
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (/\r\n\r\n/.test(answer)) socket.destroy(); // the status line and headers are all we look at
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => undefined);
  });
}

const post = (length: number, token?: string) =>
  [
    'POST /v1/slis/ HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    '',
    '',
  ].join('\r\n');

describe('a flood', () => {
  test('the token is checked before the body is read: a 401 comes before any byte of it is sent', async () => {
    const answer = await exchange(post(MB)); // a 1 MB body announced, never sent
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(h.sandbox.requests.at(-1)).toEqual({ method: 'POST', path: '/v1/slis/', authorized: false });
  });

  test('200 unauthenticated 1 MB POSTs at once: each is refused or dropped, and no body is kept', async () => {
    const body = Buffer.from(JSON.stringify('x'.repeat(MB - 2))); // valid JSON: a body read would be kept
    const answers = await Promise.all(Array.from({ length: 200 }, () => exchange(post(MB), body)));
    for (const answer of answers) expect(answer === '' || /^HTTP\/1\.1 401 /.test(answer)).toBe(true);
    expect(answers.filter((a) => a !== '').length).toBeGreaterThan(0);
    expect(h.sandbox.requests.every((r) => r.body === undefined && !r.authorized)).toBe(true);
    // Still serving once it is over.
    expect((await h.call('/v1/slis/?limit=1')).status).toBe(200);
  });

  test(`at most ${MAX_CONNECTIONS} connections at once; more are dropped as they come`, async () => {
    const sockets = Array.from({ length: MAX_CONNECTIONS + 30 }, () => tlsSocket());
    const outcomes = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<'open' | 'dropped'>((resolve) => {
            socket.on('secureConnect', () => resolve('open'));
            socket.on('close', () => resolve('dropped'));
            socket.on('error', () => undefined);
          }),
      ),
    );
    try {
      expect(outcomes.filter((o) => o === 'open').length).toBeLessThanOrEqual(MAX_CONNECTIONS);
      expect(outcomes.filter((o) => o === 'dropped').length).toBeGreaterThanOrEqual(30);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  test('authenticated 1 MB bodies: what the sandbox records of them stays bounded (8 MB)', async () => {
    const text = JSON.stringify({ name: 'x'.repeat(MB - 20) });
    for (let i = 0; i < 20; i++) {
      const r = await h.call('/v1/slis/sli-999999/', {
        method: 'PATCH',
        body: text,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status).toBe(404);
    }
    const kept = h.sandbox.requests.reduce(
      (sum, r) => sum + (r.body === undefined ? 0 : JSON.stringify(r.body).length),
      0,
    );
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(8 * MB);
  });
});
