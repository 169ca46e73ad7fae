// The sandbox's speed as a server, against a bare node:https server sending
// the same JSON (bare-entry.ts), both in child processes of their own, loaded
// by the same client here: kept-alive connections, a fixed number of GETs.
import process from 'node:process';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { URL, fileURLToPath } from 'node:url';
import { bundleEntry } from './sandbox.mjs';
import { withTimeout } from './util.mjs';

const ENTRY = fileURLToPath(new URL('./bare-entry.ts', import.meta.url));

/** Starts the bare server answering every request with `body`; resolves { baseUrl, caFile, close() }. */
export async function startBareServer(tempDir, body) {
  const bundle = await bundleEntry(ENTRY, 'bare-server');
  const bodyFile = join(tempDir, 'bare-body.json');
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, [bundle.file, bodyFile], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const ready = await withTimeout(
    new Promise((resolve, reject) => {
      lines.once('line', (line) => resolve(JSON.parse(line)));
      child.once('exit', (code) => reject(new Error(`The bare server exited early (code ${code}).`)));
    }),
    30_000,
    'the bare server to start',
  );
  return {
    baseUrl: ready.baseUrl,
    caFile: ready.caFile,
    pid: child.pid,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin.end();
        try {
          await withTimeout(exited, 10_000, 'the bare server to stop');
        } catch {
          if (child.exitCode === null) child.kill('SIGKILL');
        }
      }
      rmSync(ready.caFile, { force: true });
      await bundle.cleanup();
    },
  };
}

/**
 * `requests` GETs of `path` over `connections` kept-alive connections (each
 * connection's requests one after the other), after one request on each to
 * open it. Resolves { rps, p50Ms, p99Ms }.
 */
export async function requestRate({ baseUrl, caFile, token }, path, { connections, requests }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections, ca: readFileSync(caFile, 'utf8') });
  const url = new URL(path, baseUrl);
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const get = () =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const req = request(url, { agent, headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`GET ${path} answered ${res.statusCode}.`));
        res.on('data', () => undefined);
        res.on('end', () => resolve(performance.now() - t0));
        res.on('error', reject);
      });
      req.setTimeout(10_000, () => req.destroy(new Error(`GET ${path} took longer than 10 s.`)));
      req.on('error', reject);
      req.end();
    });
  try {
    await Promise.all(Array.from({ length: connections }, get));
    const times = [];
    let left = requests;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (left > 0) {
          left--;
          times.push(await get());
        }
      }),
    );
    const ms = performance.now() - started;
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    return { rps: (requests / ms) * 1000, p50Ms: at(0.5), p99Ms: at(0.99) };
  } finally {
    agent.destroy();
  }
}
