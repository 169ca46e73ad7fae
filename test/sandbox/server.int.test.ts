import { readFile, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { Agent, request } from 'undici';
import { describe, expect, test } from 'vitest';
import { runSandboxCommand } from '../../src/sandbox/command.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { tlsMaterial } from '../api/helpers.js';
import { startHarness, waitFor } from './helpers.js';

describe('the sandbox server', () => {
  test('serves HTTPS on 127.0.0.1 with a base URL without trailing slash, and its CA in a 0600 file', async () => {
    const h = await startHarness();
    try {
      expect(h.sandbox.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(h.sandbox.frontendUrl).toBe(h.sandbox.baseUrl);
      expect(h.sandbox.caPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
      expect(await readFile(h.sandbox.caFile, 'utf8')).toBe(h.sandbox.caPem);
      expect((await stat(h.sandbox.caFile)).mode & 0o777).toBe(0o600);
    } finally {
      await h.close();
    }
    await expect(stat(h.sandbox.caFile)).rejects.toThrow(/ENOENT/);
  });

  test('a client that does not trust the CA is refused (verification on)', async () => {
    const h = await startHarness();
    const untrusting = new Agent();
    try {
      await expect(request(`${h.sandbox.baseUrl}/v1/slis/`, { dispatcher: untrusting })).rejects.toThrow(
        /certificate/i,
      );
    } finally {
      await untrusting.close();
      await h.close();
    }
  });

  test('plain HTTP gets no HTTP answer', async () => {
    const h = await startHarness();
    try {
      const port = Number(new URL(h.sandbox.baseUrl).port);
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET /v1/slis/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
        );
        let text = '';
        socket.on('data', (c: Buffer) => {
          text += c.toString('latin1');
        });
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
        socket.setTimeout(5000, () => socket.destroy());
      });
      expect(answer).not.toMatch(/^HTTP\/1\.1 200/);
    } finally {
      await h.close();
    }
  });

  test('keep-alive: sequential requests on one Agent share one TLS connection', async () => {
    const sandbox = await startSandbox();
    // One connection per origin, so undici reuses the idle socket rather than opening a second one
    // while the first is being released; a server without keep-alive would still force reconnects.
    const agent = new Agent({ connect: { ca: sandbox.caPem }, connections: 1 });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await request(`${sandbox.baseUrl}/v1/slis/?offset=${i}`, {
          dispatcher: agent,
          headers: { authorization: `Bearer ${sandbox.token}` },
        });
        expect(res.statusCode).toBe(200);
        await res.body.json();
      }
      expect(sandbox.stats()).toEqual({ connections: 1, requests: 5 });
    } finally {
      await agent.close();
      await sandbox.close();
    }
  });

  test('stats count connections and requests; recorded requests are bounded to the last 1000', async () => {
    const h = await startHarness({ sample: false });
    try {
      const agents = [new Agent({ connect: { ca: h.sandbox.caPem } }), new Agent({ connect: { ca: h.sandbox.caPem } })];
      for (const agent of agents) {
        const res = await request(`${h.sandbox.baseUrl}/v1/slis/`, { dispatcher: agent });
        await res.body.text();
        await agent.close();
      }
      expect(h.sandbox.stats()).toEqual({ connections: 2, requests: 2 });
      for (let i = 0; i < 1010; i++) await h.call(`/v1/slis/?offset=${i}`);
      expect(h.sandbox.requests).toHaveLength(1000);
      expect(h.sandbox.requests.at(-1)!.path).toBe('/v1/slis/?offset=1009');
      expect(h.sandbox.stats().requests).toBe(1012);
    } finally {
      await h.close();
    }
  });

  test('close() is safe to call twice and ends open keep-alive connections', async () => {
    const h = await startHarness();
    expect((await h.call('/v1/slis/')).status).toBe(200);
    await Promise.all([h.sandbox.close(), h.sandbox.close()]);
    await h.sandbox.close();
    await expect(h.call('/v1/slis/')).rejects.toThrow();
    await h.agent.close();
  });

  test('serves the certificate it is given, else one of its own', async () => {
    const given = await tlsMaterial();
    const [withGiven, withOwn] = await Promise.all([
      startSandbox({ sample: false, tls: given }),
      startSandbox({ sample: false }),
    ]);
    try {
      expect(withGiven.caPem).toBe(given.cert);
      expect(await readFile(withGiven.caFile, 'utf8')).toBe(given.cert);
      expect(withOwn.caPem).not.toBe(given.cert);
      const agent = new Agent({ connect: { ca: given.cert } });
      const res = await request(`${withGiven.baseUrl}/v1/slis/`, {
        dispatcher: agent,
        headers: { authorization: `Bearer ${withGiven.token}` },
      });
      expect(res.statusCode).toBe(200);
      await res.body.dump();
      await agent.close();
    } finally {
      await Promise.all([withGiven.close(), withOwn.close()]);
    }
  });

  test('listens on a given port', async () => {
    const first = await startSandbox({ sample: false });
    const port = Number(new URL(first.baseUrl).port);
    await first.close();
    const second = await startSandbox({ port, sample: false });
    try {
      expect(second.baseUrl).toBe(`https://127.0.0.1:${port}`);
    } finally {
      await second.close();
    }
  });

  test('a port in use and bad options fail with an error', async () => {
    const first = await startSandbox({ sample: false });
    try {
      await expect(startSandbox({ port: Number(new URL(first.baseUrl).port) })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
    await expect(startSandbox({ port: -1 })).rejects.toThrow(/port must be a whole number/);
    await expect(startSandbox({ maxLimit: 0 })).rejects.toThrow(/maxLimit/);
  });
});

describe('runSandboxCommand', () => {
  test('prints the four KEY=value lines, serves until aborted, then closes', async () => {
    let output = '';
    const stdout = new Writable({
      write(chunk: Buffer, _enc, done) {
        output += chunk.toString('utf8');
        done();
      },
    });
    const controller = new AbortController();
    let handle: SandboxHandle | undefined;
    const running = runSandboxCommand({
      stdout,
      signal: controller.signal,
      seed: 3,
      onStarted: (h) => {
        handle = h;
      },
    });
    await waitFor(() => output.split('\n').length >= 5);
    const lines = output.trimEnd().split('\n');
    expect(lines.map((l) => l.split('=')[0])).toEqual([
      'SLOTUI_BASE_URL',
      'SLOTUI_FRONTEND_URL',
      'SLOTUI_CA_FILE',
      'SLOTUI_TOKEN',
    ]);
    const env = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    ) as Record<string, string>;
    expect(env.SLOTUI_BASE_URL).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(env.SLOTUI_FRONTEND_URL).toBe(env.SLOTUI_BASE_URL);
    expect(handle!.baseUrl).toBe(env.SLOTUI_BASE_URL);

    const ca = await readFile(env.SLOTUI_CA_FILE!, 'utf8');
    const agent = new Agent({ connect: { ca } });
    try {
      const res = await request(`${env.SLOTUI_BASE_URL}/v1/slis/?limit=1`, {
        dispatcher: agent,
        headers: { authorization: `Bearer ${env.SLOTUI_TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(((await res.body.json()) as { total: number }).total).toBe(33);
    } finally {
      await agent.close();
    }

    controller.abort();
    await running;
    await expect(stat(env.SLOTUI_CA_FILE!)).rejects.toThrow(/ENOENT/);
  });
});
