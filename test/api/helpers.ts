/**
 * Test servers of our own for the client: HTTPS listeners with a fresh
 * self-signed certificate (given to the client as its CA: verification stays
 * on), a plain TCP listener that only counts connections, and a port that is
 * known to be closed. Each counts what reaches it, so tests can prove that a
 * refused request never left the client.
 */
import { once } from 'node:events';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { expect } from 'vitest';
import { isSlotuiError, type SlotuiError } from '../../src/api/errors.js';
import type { Page } from '../../src/api/types.js';
import { createTlsMaterial, type TlsMaterial } from '../../src/sandbox/tls.js';
import type { SandboxOptions } from '../../src/sandbox/types.js';

let material: Promise<TlsMaterial> | undefined;
/** One certificate for 127.0.0.1 and localhost per test worker is enough (and keeps the suite fast). */
export function tlsMaterial(): Promise<TlsMaterial> {
  material ??= createTlsMaterial();
  return material;
}

/**
 * A sandbox's options with the worker's shared certificate, for a sandbox on the default host
 * (a test of certificates that must differ starts its sandboxes without it).
 */
export async function sharedCertificate(options: SandboxOptions = {}): Promise<SandboxOptions> {
  return options.host === undefined && options.tls === undefined ? { ...options, tls: await tlsMaterial() } : options;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  /** https://127.0.0.1:PORT */
  origin: string;
  port: number;
  caPem: string;
  requests: SeenRequest[];
  connections(): number;
  close(): Promise<void>;
}

export type Handler = (
  req: IncomingMessage & { body: string },
  res: ServerResponse,
  server: TestServer,
) => void | Promise<void>;

/** An HTTPS server on 127.0.0.1 with an ephemeral port, answering through `handler`. */
export async function startHttpsServer(handler: Handler): Promise<TestServer> {
  const { key, cert } = await tlsMaterial();
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createHttpsServer({ key, cert });
  server.on('secureConnection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const handle: TestServer = {
    origin: '',
    port: 0,
    caPem: cert,
    requests: [],
    connections: () => connections,
    async close() {
      server.close();
      for (const socket of sockets) socket.destroy();
      if (server.listening) await once(server, 'close');
    },
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      handle.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      Promise.resolve(handler(Object.assign(req, { body }), res, handle)).catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  handle.port = address.port;
  handle.origin = `https://127.0.0.1:${address.port}`;
  return handle;
}

/** Answers JSON with a status. */
export function json(
  res: { writeHead(status: number, headers: Record<string, string | number>): unknown; end(text: string): unknown },
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** A plain TCP listener that accepts and counts connections (and closes them). */
export async function startCountingTcpServer(): Promise<{
  port: number;
  connections(): number;
  close(): Promise<void>;
}> {
  let connections = 0;
  const server = createNetServer((socket) => {
    connections++;
    socket.destroy();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    connections: () => connections,
    async close() {
      server.close();
      await once(server, 'close');
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  server.close();
  await once(server, 'close');
  return address.port;
}

/** A sleep that records each wait and returns at once (backoff without real time). */
export function recordingSleep(): { waits: number[]; sleep: (ms: number, signal?: AbortSignal) => Promise<void> } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
}

/**
 * Every error a test caught, so each file can assert at the end that no
 * message ever carried a token.
 */
export const caughtErrors: SlotuiError[] = [];

/** Runs `fn`, expects it to throw a SlotuiError, records and returns it. */
export async function expectSlotuiError(fn: () => Promise<unknown> | unknown): Promise<SlotuiError> {
  let thrown: unknown;
  try {
    await fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected a SlotuiError to be thrown').toBeDefined();
  if (!isSlotuiError(thrown)) throw thrown instanceof Error ? thrown : new Error(String(thrown));
  caughtErrors.push(thrown);
  return thrown;
}

/** Asserts no caught error's message (or field messages) contains any of the tokens. */
export function expectNoTokenInErrors(tokens: readonly string[]): void {
  expect(caughtErrors.length).toBeGreaterThan(0);
  for (const error of caughtErrors) {
    const text = `${error.message} ${JSON.stringify(error.fieldErrors ?? {})}`;
    for (const token of tokens) expect(text).not.toContain(token);
  }
}

/** Polls until `condition` holds, at most `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sentence shape of every message: short, no stack, no raw newline. */
export function expectPlainSentence(message: string): void {
  expect(message.length).toBeGreaterThan(10);
  expect(message.length).toBeLessThan(600);
  expect(message).not.toMatch(/\n|\bat .*\(.*:\d+:\d+\)/);
}

// SLOTUI_DUMP_ERRORS=1 prints every caught message at the end of a file, to review their wording.
if (process.env.SLOTUI_DUMP_ERRORS) {
  const { afterAll } = await import('vitest');
  afterAll(() => {
    for (const e of caughtErrors) console.log(`[${e.kind}${e.status ? ` ${e.status}` : ''}] ${e.message}`);
  });
}

/** Every page of a walk, and the ids they hold in order. */
export async function collect(iterator: AsyncIterable<Page>): Promise<{ pages: Page[]; ids: string[] }> {
  const pages: Page[] = [];
  for await (const page of iterator) pages.push(page);
  return { pages, ids: pages.flatMap((p) => p.results.map((r) => r.id)) };
}

/** Ids once each, and records in chronological (created_at) order. */
export function expectOnceInOrder(pages: Page[], expectedCount: number): void {
  const records = pages.flatMap((p) => p.results);
  const ids = records.map((r) => r.id);
  expect(ids).toHaveLength(expectedCount);
  expect(new Set(ids).size).toBe(expectedCount);
  const times = records.map((r) => Date.parse(String(r.created_at)));
  for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
}
