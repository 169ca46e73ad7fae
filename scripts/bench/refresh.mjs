// The refresh of the page on screen, measured in a child process of its own
// (refresh-entry.ts, bundled): requests a refresh sends and its time.
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { bundleEntry } from './sandbox.mjs';
import { runProcess } from './proc.mjs';

const ENTRY = fileURLToPath(new URL('./refresh-entry.ts', import.meta.url));

/** Refreshes the first page of SLIs `refreshes` times; resolves the entry's JSON line. */
export async function pageRefresh(ctx, { refreshes = 20 } = {}) {
  const bundle = await bundleEntry(ENTRY, 'page-refresh');
  try {
    const run = await runProcess(process.execPath, [bundle.file], {
      env: { ...ctx.env, BENCH_REFRESHES: String(refreshes) },
      keepStdout: true,
      timeoutMs: 120_000,
    });
    if (run.code !== 0)
      throw new Error(`The page refresh run exited ${run.code}: ${run.stderr.trim().split('\n').at(-1) ?? ''}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1));
  } finally {
    await bundle.cleanup();
  }
}
