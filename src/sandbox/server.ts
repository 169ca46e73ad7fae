/**
 * The embedded sandbox: the SLO service of docs/service-api.md over real HTTPS on
 * loopback, with sample data, bearer-JWT auth, a stand-in login frontend and
 * fault switches for tests. Built on node:https only.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import onExit from 'signal-exit';
import { WIRE_REGISTRY, type Registry } from '../api/resources.js';
import { handleApi } from './api.js';
import { FaultInjector } from './faults.js';
import { handleFrontend } from './frontend.js';
import { signToken } from './jwt.js';
import { DataFileError, loadDataFile, Persister } from './persist.js';
import { errorReply, htmlReply, type Reply } from './reply.js';
import { addSampleData, addSeededSlis, addSeededSlos, emptyData } from './sample.js';
import { Store, type DataSnapshot } from './store.js';
import { isLoopbackHost } from './hosts.js';
import { createTlsMaterial } from './tls.js';
import { VerifiedTokens } from './verifiedTokens.js';
import { PageBodies } from './pageBodies.js';
import { parseTarget, type RequestTarget } from './target.js';
import type { RecordedRequest, SandboxHandle, SandboxOptions } from './types.js';

const DEFAULT_MAX_LIMIT = 100;
const TOKEN_LIFETIME_SECONDS = 365 * 24 * 3600;
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_RECORDED_REQUESTS = 1000;
/** The bodies kept in `requests` (for tests), in all: the oldest go first past it. */
const MAX_RECORDED_BODY_BYTES = 8 * 1024 * 1024;
/**
 * Connections served at once; more are dropped as they come. With bodies of at
 * most MAX_BODY_BYTES read only after the token is checked, a flood of
 * requests holds at most this many bodies: the sandbox's memory stays bounded.
 */
export const MAX_CONNECTIONS = 128;
/** Login sessions of the stand-in frontend kept (the oldest forgotten first). */
const MAX_SESSIONS = 1000;

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && options.expose !== true) {
    throw new Error(
      `The sandbox serves only loopback addresses unless exposed on purpose (host ${host}, no expose option).`,
    );
  }
  const port = options.port ?? 0;
  const maxLimit = options.maxLimit ?? DEFAULT_MAX_LIMIT;
  const userId = options.userId ?? 'user-1';
  checkWhole('port', port, 0, 65535);
  checkWhole('maxLimit', maxLimit, 1, Number.MAX_SAFE_INTEGER);
  if (options.seed !== undefined) checkWhole('seed', options.seed, 0, 10_000_000);
  if (options.seedSlos !== undefined) checkWhole('seedSlos', options.seedSlos, 0, 1_000_000);

  const registry = options.registry ?? WIRE_REGISTRY;
  const { data, fromFile } = await initialData(options, registry);
  const store = new Store(data, Date.now, registry);
  const persister = options.dataFile ? new Persister(options.dataFile, () => store.snapshot()) : undefined;
  // A new data file is written at once, so it exists (mode 0600) from the start.
  if (persister && !fromFile) {
    await persister.save().catch((err: NodeJS.ErrnoException) => {
      throw new DataFileError(
        options.dataFile!,
        `it cannot be written (${err.code ?? err.message}).`,
        'Check that its folder exists and is writable.',
      );
    });
  }

  const tls = options.tls ?? (await createTlsMaterial(certificateHosts(host)));
  const tempDir = await mkdtemp(join(tmpdir(), 'slotui-sandbox-'));
  // Removed by close(); and, should the process end first (a signal that Ink's exit hook raises again
  // once the terminal is back ends it before close() has run), as it ends.
  const forgetTempDir = onExit(() => rmSync(tempDir, { recursive: true, force: true }));
  const caFile = join(tempDir, 'ca.pem');
  await writeFile(caFile, tls.cert, { mode: 0o600 });

  const secret = randomBytes(32);
  const verifiedTokens = new VerifiedTokens(secret);
  const pages = new PageBodies();
  const issueToken = (opts: { sub?: string; expiresInSeconds?: number } = {}): string => {
    const iat = Math.floor(Date.now() / 1000);
    const sub = opts.sub ?? userId;
    return signToken(secret, { sub, user_id: sub, iat, exp: iat + (opts.expiresInSeconds ?? TOKEN_LIFETIME_SECONDS) });
  };

  const faults = new FaultInjector(options.faults);
  const requests: RecordedRequest[] = [];
  const counters = { connections: 0, requests: 0 };
  const sessions = new Set<string>();
  const sockets = new Set<Socket>();
  const closing = new AbortController();
  let origin = '';
  let knownHosts = new Set<string>();

  const bodyBytes = new WeakMap<RecordedRequest, number>();
  let recordedBodyBytes = 0;
  const record = (entry: RecordedRequest, rawBody = '') => {
    requests.push(entry);
    // Most requests have no body: nothing to count, and no entry in the weak map.
    if (rawBody.length > 0) bodyBytes.set(entry, rawBody.length);
    recordedBodyBytes += rawBody.length;
    while (
      requests.length > MAX_RECORDED_REQUESTS ||
      (recordedBodyBytes > MAX_RECORDED_BODY_BYTES && requests.length > 1)
    ) {
      recordedBodyBytes -= bodyBytes.get(requests.shift()!) ?? 0;
    }
  };

  /** Links use the origin the client used when it is one of ours (127.0.0.1 or localhost), else the base URL. */
  const linkOrigin = (hostHeader: string | undefined) =>
    hostHeader && knownHosts.has(hostHeader.toLowerCase()) ? `https://${hostHeader.toLowerCase()}` : origin;

  /**
   * A request without a body (most: GET, DELETE) that reads is answered in the
   * same turn as it arrives, without a promise in between; what waits (a body,
   * an injected latency, a write saving the data) goes on in `answerApi`.
   */
  function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
    counters.requests++;
    const method = req.method ?? 'GET';
    const url = parseTarget(req.url ?? '/', origin);
    const isApi = url.pathname === '/v1' || url.pathname.startsWith('/v1/');
    const path = url.pathname + url.search;

    // Nothing of a body is kept before the token is checked; the frontend reads none at all.
    if (!isApi) {
      discardBody(req);
      record({ method, path, authorized: false });
      send(
        res,
        handleFrontend(
          { sessions, userId, issueToken: () => issueToken() },
          { method, url: new URL(req.url ?? '/', origin), cookie: req.headers.cookie },
        ) ?? errorReply(404, 'Not found.'),
      );
      while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.values().next().value!);
      return undefined;
    }

    const auth = authenticate(req.headers.authorization);
    if (!auth.ok) {
      discardBody(req);
      record({ method, path, authorized: false });
      send(res, errorReply(401, auth.detail, undefined, { 'www-authenticate': auth.challenge, connection: 'close' }));
      return undefined;
    }

    // A request that announces no body is answered without waiting for its end.
    if (!announcesBody(req)) return answerApi(req, res, method, url, path, '');
    return readBody(req).then((body) => answerApi(req, res, method, url, path, body));
  }

  function answerApi(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: RequestTarget,
    path: string,
    body: string | undefined | typeof TOO_LARGE,
  ): Promise<void> | undefined {
    if (body === undefined) return undefined; // the client went away mid-body
    if (body === TOO_LARGE) {
      record({ method, path, authorized: true });
      send(
        res,
        errorReply(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`, undefined, { connection: 'close' }),
      );
      return undefined;
    }
    record({ method, path, body: parseJson(body), authorized: true }, body);

    if (faults.latencyMs > 0) {
      return sleep(faults.latencyMs, undefined, { signal: closing.signal }).then(
        () => answerAfterLatency(req, res, method, url, body),
        () => undefined, // closing
      );
    }
    return answerAfterLatency(req, res, method, url, body);
  }

  function answerAfterLatency(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: RequestTarget,
    body: string,
  ): Promise<void> | undefined {
    const fault = faults.decide();
    switch (fault.kind) {
      case 'reset':
        req.socket.destroy();
        return undefined;
      case 'hang':
        return undefined; // never answered; close() destroys the socket
      case 'error': {
        const retry: Record<string, string> =
          fault.status === 429 || fault.status === 503 ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
        send(res, errorReply(fault.status, faultDetail(fault.status), undefined, retry));
        return undefined;
      }
      case 'html':
        send(
          res,
          htmlReply(
            200,
            '<!doctype html><html><head><title>Maintenance</title></head><body><h1>We will be back soon</h1><p>The service is under maintenance.</p></body></html>',
          ),
        );
        return undefined;
      default:
        break;
    }

    const reply = handleApi(
      {
        store,
        registry,
        maxLimit,
        origin: linkOrigin(req.headers.host),
        persist: () => persister?.save() ?? Promise.resolve(),
        pages,
      },
      { method, url, contentType: req.headers['content-type'], body },
    );
    const answer = (done: Reply) => {
      if (fault.kind === 'truncate') sendTruncated(res, done);
      else send(res, done);
    };
    if (reply instanceof Promise) return reply.then(answer);
    answer(reply);
    return undefined;
  }

  function authenticate(header: string | undefined): { ok: true } | { ok: false; detail: string; challenge: string } {
    const challenge = 'Bearer realm="slotui-sandbox"';
    if (!header)
      return {
        ok: false,
        detail: 'Authentication is required: send the header Authorization: Bearer <token>.',
        challenge,
      };
    const match = /^Bearer +([^\s]+) *$/i.exec(header);
    if (!match)
      return {
        ok: false,
        detail: 'The Authorization header must have the form "Bearer <token>".',
        challenge: `${challenge}, error="invalid_request"`,
      };
    const check = verifiedTokens.check(match[1]!, Math.floor(Date.now() / 1000));
    if (!check.ok)
      return {
        ok: false,
        detail: `${check.reason} Get a new token from the token endpoint.`,
        challenge: `${challenge}, error="invalid_token"`,
      };
    return { ok: true };
  }

  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    // A bug in a handler: answer plainly rather than leave the client hanging.
    const failed = () => {
      if (!res.headersSent && !res.destroyed) send(res, errorReply(500, 'The sandbox failed to handle this request.'));
    };
    try {
      onRequest(req, res)?.catch(failed);
    } catch {
      failed();
    }
  });
  server.maxConnections = MAX_CONNECTIONS;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', () => {
    counters.connections++;
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await rm(tempDir, { recursive: true, force: true });
    throw err;
  }
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = urlHostOf(host);
  origin = `https://${urlHost}:${actualPort}`;
  knownHosts = new Set([`${urlHost}:${actualPort}`, `127.0.0.1:${actualPort}`, `localhost:${actualPort}`]);

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      closing.abort();
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      // Also sockets still in the TLS handshake, and those of hung requests.
      for (const socket of sockets) socket.destroy();
      await serverClosed;
      await persister?.flush();
      await rm(tempDir, { recursive: true, force: true });
      forgetTempDir();
    })();
    return closed;
  };

  return {
    baseUrl: origin,
    frontendUrl: origin,
    caPem: tls.cert,
    caFile,
    token: issueToken(),
    issueToken,
    stats: () => ({ ...counters }),
    requests,
    setFaults: (next) => faults.set(next),
    close,
  };
}

async function initialData(
  options: SandboxOptions,
  registry: Registry,
): Promise<{ data: DataSnapshot; fromFile: boolean }> {
  if (options.dataFile) {
    const loaded = await loadDataFile(options.dataFile, registry);
    if (loaded) return { data: loaded, fromFile: true };
  }
  const data = emptyData(registry);
  if (options.sample !== false) addSampleData(data, registry);
  if (options.seed) addSeededSlis(data, options.seed);
  if (options.seedSlos) addSeededSlos(data, options.seedSlos);
  return { data, fromFile: false };
}

function checkWhole(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`The sandbox option ${name} must be a whole number from ${min} to ${max}; it is ${value}.`);
  }
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

function certificateHosts(host: string): string[] {
  const hosts = new Set(['127.0.0.1', 'localhost']);
  if (!WILDCARDS.has(host)) hosts.add(host);
  return [...hosts];
}

/** The host as it goes in a URL: wildcards become 127.0.0.1, IPv6 addresses get brackets. */
function urlHostOf(host: string): string {
  if (WILDCARDS.has(host)) return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host.toLowerCase();
}

/** A body that will not be used: let it flow past (nothing is kept), up to where the connection is dropped. */
function discardBody(req: IncomingMessage): void {
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) req.socket.destroy();
  });
  req.resume();
}

/** Whether the request says a body follows (a length above 0, or chunks). */
function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const TOO_LARGE = Symbol('too large');

/** The whole body as text; undefined if the client went away, TOO_LARGE past the limit. */
function readBody(req: IncomingMessage): Promise<string | undefined | typeof TOO_LARGE> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(undefined));
    req.on('close', () => resolve(req.complete ? Buffer.concat(chunks).toString('utf8') : undefined));
  });
}

function parseJson(body: string): unknown {
  if (body === '') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  const headers: Record<string, string | number> = { ...reply.headers };
  // 204 carries neither a body nor a Content-Length. A kept page's bytes know their length.
  if (reply.status !== 204)
    headers['content-length'] = typeof reply.body === 'string' ? Buffer.byteLength(reply.body) : reply.body.length;
  res.writeHead(reply.status, headers);
  res.end(reply.status === 204 ? undefined : reply.body);
}

/** Promises the whole body, sends half of it, then drops the connection. */
function sendTruncated(res: ServerResponse, reply: Reply): void {
  const body = Buffer.from(reply.body);
  if (body.length === 0 || reply.status === 204) {
    res.socket?.destroy(); // nothing to cut short: drop the connection instead
    return;
  }
  res.writeHead(reply.status, { ...reply.headers, 'content-length': body.length });
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => {
    setImmediate(() => res.socket?.destroy());
  });
}

function faultDetail(status: number): string {
  if (status === 429) return 'Too many requests; wait before trying again.';
  if (status === 503) return 'The service is unavailable for a moment; try again shortly.';
  if (status >= 500) return 'The service failed to handle this request.';
  return 'The request failed (injected fault).';
}
