/**
 * The bench's refresh of the page on screen: in its own process, one
 * ListStore shows the first page of SLIs as the dashboard does, then its
 * `refresh()` (what the dashboard runs every `refresh`) is timed BENCH_REFRESHES
 * times, counting the requests each sends. Prints one JSON line:
 *   {"refreshes":N,"requests":N,"ms":[N...]}
 * Reads SLOTUI_BASE_URL, SLOTUI_TOKEN and SLOTUI_CA_FILE.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createClient } from '../../src/api/client.js';
import { ListStore } from '../../src/tui/state/listStore.js';

let requests = 0;
const client = createClient({
  baseUrl: process.env.SLOTUI_BASE_URL ?? '',
  token: process.env.SLOTUI_TOKEN ?? '',
  ca: readFileSync(process.env.SLOTUI_CA_FILE ?? '', 'utf8'),
  connections: 1,
  onRequest: () => {
    requests++;
    return () => undefined;
  },
});
const list = new ListStore({ client, resource: 'slis', pageSize: 20 });
const shown = new Promise<void>((resolve) => {
  const stop = list.subscribe(() => {
    if (list.getSnapshot().page && list.getSnapshot().loading === null) {
      stop();
      resolve();
    }
  });
});
list.ensureLoaded();
await shown;
const refreshes = Math.max(1, Number.parseInt(process.env.BENCH_REFRESHES ?? '20', 10) || 20);
requests = 0;
const ms: number[] = [];
for (let i = 0; i < refreshes; i++) {
  const t0 = performance.now();
  if (!(await list.refresh())) throw new Error(`Refresh ${i + 1} failed.`);
  ms.push(performance.now() - t0);
}
process.stdout.write(`${JSON.stringify({ refreshes, requests, ms })}\n`);
list.dispose();
await client.close();
