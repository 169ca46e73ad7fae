// Scripting measurements: `slotui list` against curl fetching the same data.
import process from 'node:process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { runProcess } from './proc.mjs';
import { bundleEntry } from './sandbox.mjs';

export const CURL = '/usr/bin/curl';

/** curl arguments shared by every reference: verified TLS with the sandbox CA, the token from a file (never in argv). */
export async function curlSetup(ctx) {
  const headerFile = join(ctx.tempDir, 'curl-headers');
  await writeFile(headerFile, `Authorization: Bearer ${ctx.sandbox.token}\n`, { mode: 0o600 });
  return ['-sS', '--fail', '--cacert', ctx.sandbox.caFile, '-H', `@${headerFile}`];
}

function check(result, what) {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}: ${result.stderr.trim().slice(0, 300)}`);
  return result;
}

/** `slotui list slis --limit 100 --json`, checked once for a JSON array of 100 records. */
export async function listOnePage(ctx, { keep = false } = {}) {
  const result = check(
    await runProcess(process.execPath, [ctx.bin, 'list', 'slis', '--limit', '100', '--json'], {
      env: ctx.env,
      keepStdout: keep,
    }),
    'slotui list slis --limit 100 --json',
  );
  if (keep) {
    const records = JSON.parse(result.stdout);
    if (!Array.isArray(records) || records.length !== 100)
      throw new Error('slotui list slis --limit 100 --json did not print an array of 100 records.');
  }
  return result.ms;
}

export async function curlOnePage(ctx, curlArgs) {
  const url = `${ctx.sandbox.baseUrl}/v1/slis/?limit=100&offset=0`;
  return check(await runProcess(CURL, [...curlArgs, url], { env: ctx.env }), 'curl (one page)').ms;
}

/** `slotui list slis --all --json` with peak memory; checks the record count when `expectTotal` is given. */
export async function listAll(ctx, { expectTotal } = {}) {
  const keep = expectTotal !== undefined;
  const result = check(
    await runProcess(process.execPath, [ctx.bin, 'list', 'slis', '--all', '--json'], {
      env: ctx.env,
      keepStdout: keep,
      peak: true,
      timeoutMs: 300_000,
    }),
    'slotui list slis --all --json',
  );
  if (keep) {
    const records = JSON.parse(result.stdout);
    if (!Array.isArray(records) || records.length !== expectTotal) {
      throw new Error(
        `slotui list slis --all --json printed ${Array.isArray(records) ? records.length : 'no array of'} records; the sandbox has ${expectTotal}.`,
      );
    }
  }
  return { ms: result.ms, peakKiB: result.peakKiB };
}

/**
 * The reference of --all: one curl process fetching every page (limit 100) in
 * order over one kept-alive connection, the URLs given in a config file.
 */
export async function curlAllPages(ctx, curlArgs, total) {
  const configFile = join(ctx.tempDir, `curl-all-${total}.cfg`);
  const lines = [];
  for (let offset = 0; offset < total; offset += 100)
    lines.push(`url = "${ctx.sandbox.baseUrl}/v1/slis/?limit=100&offset=${offset}"`);
  await writeFile(configFile, `${lines.join('\n')}\n`);
  const result = check(
    await runProcess(CURL, [...curlArgs, '-K', configFile], { env: ctx.env, peak: true, timeoutMs: 300_000 }),
    'curl (all pages)',
  );
  return { ms: result.ms, peakKiB: result.peakKiB, bytes: result.stdoutBytes };
}

const WALK_ENTRY = fileURLToPath(new URL('./walk-entry.ts', import.meta.url));

/**
 * The floor of --all (walk-entry.ts, bundled once): the same pages as curl,
 * over undici alone, parsed and printed. `run()` resolves one run's time.
 */
export async function undiciWalker(ctx, total) {
  const bundle = await bundleEntry(WALK_ENTRY, 'walk');
  return {
    async run() {
      const env = { ...ctx.env, BENCH_TOTAL: String(total) };
      return check(await runProcess(process.execPath, [bundle.file], { env, timeoutMs: 300_000 }), 'the undici walk')
        .ms;
    },
    cleanup: bundle.cleanup,
  };
}
