// The edit form on a 1 MiB value, measured in a child process of its own (longField-entry.ts, bundled).
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { bundleEntry } from './sandbox.mjs';
import { runProcess } from './proc.mjs';

const ENTRY = fileURLToPath(new URL('./longField-entry.ts', import.meta.url));

/** Resolves { openMs, keyMs: number[], valueLength } from the entry's JSON line. */
export async function longFieldTimes() {
  const bundle = await bundleEntry(ENTRY, 'long-field');
  try {
    const run = await runProcess(process.execPath, [bundle.file], {
      env: process.env,
      keepStdout: true,
      timeoutMs: 120_000,
    });
    if (run.code !== 0)
      throw new Error(`The long-field run exited ${run.code}: ${run.stderr.trim().split('\n').at(-1) ?? ''}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1));
  } finally {
    await bundle.cleanup();
  }
}
