/** Shared helpers of the sandbox tests: a sandbox plus an undici Agent that trusts its certificate. */
import { Agent, request } from 'undici';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';
import { sharedCertificate } from '../api/helpers.js';

export interface Harness {
  sandbox: SandboxHandle;
  agent: Agent;
  /** A request to a path on the sandbox (or an absolute URL), with the sandbox token unless `token` is given (null: none). */
  call(path: string, init?: CallInit): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallInit {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'HEAD';
  token?: string | null;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox(await sharedCertificate(options));
  const agent = new Agent({ connect: { ca: sandbox.caPem } });
  const call = async (path: string, init: CallInit = {}): Promise<CallResult> => {
    const headers: Record<string, string> = { ...init.headers };
    const token = init.token === undefined ? sandbox.token : init.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] ??= 'application/json';
    }
    const url = /^https:/.test(path) ? path : `${sandbox.baseUrl}${path}`;
    const res = await request(url, { dispatcher: agent, method: init.method ?? 'GET', headers, body });
    const text = await res.body.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, headers: res.headers, text, json };
  };
  return {
    sandbox,
    agent,
    call,
    close: async () => {
      await agent.close();
      await sandbox.close();
    },
  };
}

export interface ListBody {
  total: number;
  results: Array<Record<string, unknown> & { id: string; created_at: string }>;
  next: string | null;
  previous: string | null;
}

/** Polls `condition` every 10 ms until it holds or `timeoutMs` passes (then throws). */
export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition.');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Sends `head` (request line and headers, no trailing blank line) over a fresh
 * verified TLS connection with Connection: close, and returns the raw answer.
 * For requests undici won't make (a forged Host header).
 */
export async function rawRequest(sandbox: SandboxHandle, head: string): Promise<{ status: number; body: string }> {
  const { connect } = await import('node:tls');
  const url = new URL(sandbox.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(
      { host: url.hostname, port: Number(url.port), ca: sandbox.caPem, servername: 'localhost' },
      () => {
        socket.write(`${head}\r\nConnection: close\r\n\r\n`);
      },
    );
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), body: text.slice(split + 4) });
    });
    socket.setTimeout(5000, () => socket.destroy(new Error('The raw request timed out.')));
  });
}
