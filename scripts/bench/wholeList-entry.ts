/**
 * The bench's whole-list measurement: in its own process (run with
 * --expose-gc), the dashboard's whole list (WholeList over a RecordIndex, the
 * real code, no terminal) gathers every SLI of the sandbox over one
 * connection with BENCH_QUERY active ("none", "filter": `/` and a word, "sort":
 * an order), and prints one JSON line:
 *   {"mode":..,"records":N,"gatherMs":N,"matches":N,"rssGatheredKiB":N,
 *    "keyMs":[..] (filter: each key of a word typed over the whole list),
 *    "otherTextMs":N (a text that does not extend the last),
 *    "sortMs":N (`o` over every record held), "sortAgainMs":N (`o` again: TYPE), "rssAfterKiB":N (the view holding both),
 *    "rssAtRestKiB":N (the view let go, the records still held)}
 * The heap is tuned as the dashboard tunes it once it gathers (src/startup/heap.ts).
 * Reads SLOTUI_BASE_URL, SLOTUI_TOKEN, SLOTUI_CA_FILE and BENCH_QUERY.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createClient } from '../../src/api/client.js';
import { RecordIndex } from '../../src/api/recordIndex.js';
import { VIEWS } from '../../src/presentation/resources.js';
import { keepHeapSmall } from '../../src/startup/heap.js';
import { WholeList } from '../../src/tui/state/wholeList.js';

const mode = process.env.BENCH_QUERY ?? 'none';
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const rssKiB = () => {
  gc();
  gc();
  return Math.round(process.memoryUsage().rss / 1024);
};

const client = createClient({
  baseUrl: process.env.SLOTUI_BASE_URL ?? '',
  token: process.env.SLOTUI_TOKEN ?? '',
  ca: readFileSync(process.env.SLOTUI_CA_FILE ?? '', 'utf8'),
  connections: 1,
});
const index = new RecordIndex({
  walk: (resource, options) => client.pages(resource, options),
  maxRecords: 2_000_000,
});
const def = VIEWS.slis;
const columns = def.columns;
// Let go once measured (filter), so what the view held can be given back.
let kept: WholeList | undefined = new WholeList({ index, def, pageSize: 24, columns: () => columns });
const whole = () => kept!;
// Each update draws a page of matches, as the list screen does.
let drawn = 0;
whole().subscribe(() => {
  drawn += whole().getSnapshot().rows.length;
});
await client.listPage('slis', { limit: 1 });

// As the dashboard does when its record index starts gathering (src/tui/run.ts, onGathering).
keepHeapSmall();
const started = performance.now();
if (mode === 'filter') whole().setText('latency');
else if (mode === 'sort') whole().sortNext();
else void index.ensure('slis');
await index.ensure('slis');
const gatherMs = performance.now() - started;
const records = index.records('slis').length;
const matches = whole().getSnapshot().matches;
const rssGatheredKiB = rssKiB();

const timed = (act: () => void) => {
  const t0 = performance.now();
  act();
  whole().getSnapshot();
  return performance.now() - t0;
};
const result: Record<string, unknown> = { mode, records, gatherMs, matches, rssGatheredKiB, drawn };
if (mode === 'filter') {
  // `/` typed over every record held: a word letter by letter, each extending the last.
  whole().clearText();
  const word = 'svc-01 avail';
  const keyMs: number[] = [];
  for (let i = 1; i <= word.length; i++) keyMs.push(timed(() => whole().setText(word.slice(0, i))));
  result.keyMs = keyMs;
  result.otherTextMs = timed(() => whole().setText('throughput'));
  whole().clearText();
  // `o` over every record held.
  result.sortMs = timed(() => whole().sortNext());
  // `o` again: the next column (TYPE, a few kinds whose keys tie in long runs).
  result.sortAgainMs = timed(() => whole().sortNext());
  result.rssAfterKiB = rssKiB();
  // The view let go (the list left, the records still held): what the filter and sort took is given back.
  kept.dispose();
  kept = undefined;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  result.rssAtRestKiB = rssKiB();
}
process.stdout.write(`${JSON.stringify(result)}\n`);
kept?.dispose();
index.close();
await client.close();
