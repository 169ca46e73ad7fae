/**
 * The bench's record-index measurement: in its own process (run with
 * --expose-gc), gather every SLI of the sandbox into a RecordIndex over one
 * kept-alive connection, the way the dashboard does, and print one JSON line:
 *   {"records":N,"total":N,"ms":N,"heapBeforeKiB":N,"heapAfterKiB":N,"rssBeforeKiB":N,"rssAfterKiB":N,"state":"complete"}
 * Reads SLOTUI_BASE_URL, SLOTUI_TOKEN and SLOTUI_CA_FILE.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createClient } from '../../src/api/client.js';
import { RecordIndex } from '../../src/api/recordIndex.js';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const settle = () => {
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapKiB: Math.round(heapUsed / 1024), rssKiB: Math.round(rss / 1024) };
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
  })}\n`,
);
index.close();
await client.close();
