/**
 * The bench's record-index measurement: in its own process (run with
 * --expose-gc), gather every SLI of the sandbox into a RecordIndex over one
 * kept-alive connection, the way the dashboard does, then read it again
 * BENCH_REREADS times as the dashboard's refresh does (`reread`), and print
 * one JSON line:
 *   {"records":N,"total":N,"ms":N,"heapBeforeKiB":N,"heapAfterKiB":N,"rssBeforeKiB":N,"rssAfterKiB":N,
 *    "state":"complete","rereads":N,"rereadMs":[N...],"heapAfterFirstRereadKiB":N,"heapAfterRereadsKiB":N,
 *    "rssAfterRereadsKiB":N}
 * Reads SLOTUI_BASE_URL, SLOTUI_TOKEN, SLOTUI_CA_FILE and BENCH_REREADS (default 0).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createClient } from '../../src/api/client.js';
import { RecordIndex } from '../../src/api/recordIndex.js';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
/** `heapKiB`: the JS heap and the buffers outside it, where the index's packed records live (src/api/packedRecords.ts). */
const settle = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers, rss } = process.memoryUsage();
  return { heapKiB: Math.round((heapUsed + arrayBuffers) / 1024), rssKiB: Math.round(rss / 1024) };
};

const client = createClient({
  baseUrl: process.env.SLOTUI_BASE_URL ?? '',
  token: process.env.SLOTUI_TOKEN ?? '',
  ca: readFileSync(process.env.SLOTUI_CA_FILE ?? '', 'utf8'),
  connections: 1,
});
const index = new RecordIndex({ walk: (resource, options) => client.pages(resource, options) });
// Warm the connection and the code paths with one page, so "before" is a working client.
await client.listPage('slis', { limit: 1 });
const before = settle();
const started = performance.now();
await index.ensure('slis');
const ms = performance.now() - started;
const after = settle();
const status = index.status('slis');
// The dashboard's refresh of a filtered list: every page read again, only what changed kept.
const rereads = Math.max(0, Number.parseInt(process.env.BENCH_REREADS ?? '0', 10) || 0);
const rereadMs: number[] = [];
let afterFirst = after;
for (let i = 0; i < rereads; i++) {
  const t0 = performance.now();
  if (!(await index.reread('slis'))) throw new Error(`Reading the index again failed (read ${i + 1}).`);
  rereadMs.push(performance.now() - t0);
  if (i === 0) afterFirst = settle();
}
const afterRereads = rereads > 0 ? settle() : after;
process.stdout.write(
  `${JSON.stringify({
    records: index.records('slis').length,
    total: status.total,
    state: status.state,
    ms,
    heapBeforeKiB: before.heapKiB,
    heapAfterKiB: after.heapKiB,
    rssBeforeKiB: before.rssKiB,
    rssAfterKiB: after.rssKiB,
    rereads,
    rereadMs,
    heapAfterFirstRereadKiB: afterFirst.heapKiB,
    heapAfterRereadsKiB: afterRereads.heapKiB,
    rssAfterRereadsKiB: afterRereads.rssKiB,
  })}\n`,
);
index.close();
await client.close();
