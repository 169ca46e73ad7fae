// The record index's memory and time for the whole list, measured in a child
// process of its own (index-entry.ts, bundled) so nothing else shares its heap.
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { bundleEntry } from './sandbox.mjs';
import { runProcess } from './proc.mjs';

const ENTRY = fileURLToPath(new URL('./index-entry.ts', import.meta.url));

/** Gathers every SLI of the context's sandbox into a record index, then reads it again `rereads` times; resolves the entry's JSON line. */
export async function indexMemory(ctx, { rereads = 0 } = {}) {
  const bundle = await bundleEntry(ENTRY, 'record-index');
  try {
    const run = await runProcess(process.execPath, ['--expose-gc', bundle.file], {
      env: { ...ctx.env, BENCH_REREADS: String(rereads) },
      keepStdout: true,
      timeoutMs: 300_000 + rereads * 30_000,
    });
    if (run.code !== 0)
      throw new Error(`The record index run exited ${run.code}: ${run.stderr.trim().split('\n').at(-1) ?? ''}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1));
  } finally {
    await bundle.cleanup();
  }
}
