/**
 * The request deadline: a server that trickles its body one byte at a time
 * restarts undici's body timeout with every byte, so only a deadline over the
 * whole try ends it. Against an HTTPS server of our own on 127.0.0.1.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { removeFolder, runCli, tempFolder } from '../reliability/helpers.js';
import { expectPlainSentence, expectSlotuiError, startHttpsServer, type TestServer } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** Answers 200 with a large Content-Length, then one byte every 20 ms, until the client goes away. */
async function trickleServer(): Promise<TestServer> {
  const timers = new Set<NodeJS.Timeout>();
  const server = await startHttpsServer((_req, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1_000_000 });
    res.write('{');
    const timer = setInterval(() => res.write(' '), 20);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  cleanups.push(async () => {
    for (const timer of timers) clearInterval(timer);
    await server.close();
  });
  return server;
}

describe('the request deadline', () => {
  it('ends a body that trickles a byte at a time, naming the deadline and how to change it', async () => {
    const server = await trickleServer();
    const client = createClient({
      baseUrl: server.origin,
      token: 'tok',
      ca: server.caPem,
      timeouts: { bodyMs: 5_000, totalMs: 300 },
    });
    cleanups.push(() => client.close());
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      "The server's answer to GET /v1/slis/ did not arrive whole within the request deadline of 0.3s. Try again later, or give it longer with SLOTUI_REQUEST_TIMEOUT (seconds) or the profile's requestTimeout.",
    );
    expectPlainSentence(error.message);
    // A GET that ran out its deadline is not tried again: that would double the wait.
    expect(server.requests).toHaveLength(1);
  });

  it('an ordinary answer is unaffected, and the deadline timer does not outlive the request', async () => {
    const server = await startHttpsServer((_req, res) => {
      const text = '{"total":0,"results":[],"next":null,"previous":null}';
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': text.length });
      res.end(text);
    });
    cleanups.push(() => server.close());
    const client = createClient({
      baseUrl: server.origin,
      token: 'tok',
      ca: server.caPem,
      timeouts: { totalMs: 10_000 },
    });
    cleanups.push(() => client.close());
    await expect(client.listPage('slis')).resolves.toMatchObject({ total: 0 });
  });

  it('slotui list takes SLOTUI_REQUEST_TIMEOUT in seconds, and refuses a value that is not one', async () => {
    const server = await trickleServer();
    const dir = await tempFolder('slotui-deadline-');
    cleanups.push(() => removeFolder(dir));
    const env = {
      SLOTUI_CONFIG_DIR: dir,
      SLOTUI_BASE_URL: server.origin,
      SLOTUI_TOKEN: 'tok',
      SLOTUI_REQUEST_TIMEOUT: '0.4',
    };
    const r = await runCli(['list', 'slis', '--all', '--json'], { env, client: { ca: server.caPem } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^slotui: The server's answer to GET \/v1\/slis\/ did not arrive whole within the request deadline of 0\.4s\./,
    );
    const bad = await runCli(['list', 'slis'], {
      env: { ...env, SLOTUI_REQUEST_TIMEOUT: 'soon' },
      client: { ca: server.caPem },
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      'slotui: SLOTUI_REQUEST_TIMEOUT must be a number of seconds from 0.001 to 86400, such as 60 (got "soon").\n',
    );
  });
});
