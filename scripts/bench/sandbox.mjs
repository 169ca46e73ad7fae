// Runs the embedded sandbox in a child process for the bench. The sandbox is
// TypeScript under src/, so a small entry (sandbox-entry.ts) is bundled with
// esbuild into a temporary file first; the child answers "stats" and
// "requests" on stdin (see the entry for the protocol).
import process from 'node:process';
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { URL, fileURLToPath } from 'node:url';
import { withTimeout } from './util.mjs';

const ENTRY = fileURLToPath(new URL('./sandbox-entry.ts', import.meta.url));

/** Bundles a TypeScript entry of the bench into a temporary .mjs; returns the file to run and a cleanup. */
export async function bundleEntry(entry, name) {
  const dir = await mkdtemp(join(tmpdir(), 'slotui-bench-'));
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    logLevel: 'warning',
    // Bundled CommonJS dependencies (selfsigned) call require().
    banner: {
      js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
    },
  });
  return { file: outfile, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Bundles the sandbox entry once; returns the file to run and a cleanup. */
export function bundleSandbox() {
  return bundleEntry(ENTRY, 'sandbox');
}

/**
 * Starts a sandbox seeded with `seed` SLIs and `seedSlos` SLOs (after the sample data).
 * Returns { baseUrl, caFile, token, pid, stats(), takeRequests(), close() }.
 */
export async function startSandboxChild(file, seed, { seedSlos = 0, startTimeoutMs = 60_000 } = {}) {
  const child = spawn(process.execPath, [file, String(seed), String(seedSlos)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const pending = [];
  let ready;
  const readyPromise = new Promise((resolve, reject) => {
    ready = resolve;
    child.once('exit', (code) => reject(new Error(`The bench sandbox exited early (code ${code}).`)));
    child.once('error', reject);
  });
  lines.on('line', (line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (message.ready) ready(message);
    else pending.shift()?.(message);
  });

  const info = await withTimeout(readyPromise, startTimeoutMs, 'the bench sandbox to start');
  const ask = (command) =>
    withTimeout(
      new Promise((resolve) => {
        pending.push(resolve);
        child.stdin.write(`${command}\n`);
      }),
      5_000,
      `the bench sandbox to answer "${command}"`,
    );

  return {
    baseUrl: info.baseUrl,
    caFile: info.caFile,
    token: info.token,
    pid: child.pid,
    /** { connections, requests } accepted so far. */
    stats: async () => (await ask('stats')).stats,
    /** Requests seen since the last call, as "GET /v1/slis/?limit=..&offset=..". */
    takeRequests: async () => (await ask('requests')).requests,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      try {
        await withTimeout(exited, 10_000, 'the bench sandbox to stop');
      } catch {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  };
}
