// The dashboard's whole list (filter and order over every record gathered),
// measured in a child process of its own (wholeList-entry.ts, bundled).
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { bundleEntry } from './sandbox.mjs';
import { runProcess } from './proc.mjs';

const ENTRY = fileURLToPath(new URL('./wholeList-entry.ts', import.meta.url));

/** Bundles the entry once; `run(ctx, query)` gathers with "none", "filter" or "sort" active and resolves its JSON line. */
export async function wholeListRunner() {
  const bundle = await bundleEntry(ENTRY, 'whole-list');
  return {
    run: async (ctx, query) => {
      const run = await runProcess(process.execPath, ['--expose-gc', bundle.file], {
        env: { ...ctx.env, BENCH_QUERY: query },
        keepStdout: true,
        timeoutMs: 900_000,
      });
      if (run.code !== 0)
        throw new Error(`The whole list run exited ${run.code}: ${run.stderr.trim().split('\n').at(-1) ?? ''}`);
      return JSON.parse(run.stdout.trim().split('\n').at(-1));
    },
    cleanup: () => bundle.cleanup(),
  };
}
