/**
 * The heap settings of a whole-list read, counted in young collections over a
 * stream of pages (two pages alive at a time, as `list --all` holds one being
 * printed and the next being read), each in a process of its own: the
 * settings are process-wide.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { GATHERING_HEAP_FLAGS, STREAM_HEAP_FLAGS } from '../../src/startup/heap.js';

const STREAM_OF_PAGES = `
const { setFlagsFromString } = require('node:v8');
const { PerformanceObserver, constants } = require('node:perf_hooks');
setFlagsFromString(process.env.HEAP_FLAGS);
let young = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR) young++;
});
observer.observe({ entryTypes: ['gc'] });
let alive = [];
for (let p = 0; p < 1500; p++) {
  const page = [];
  for (let i = 0; i < 100; i++)
    page.push({ id: 'sli-' + p + '-' + i, name: 'service ' + i + ' latency '.repeat(4), queries: { p95: { select: 'percentile(' + i + ')', limit: 1 } } });
  alive.push(JSON.parse(JSON.stringify(page)));
  if (alive.length > 2) alive.shift();
}
setTimeout(() => { observer.disconnect(); process.stdout.write(String(young)); }, 100);
`;

function youngCollections(flags: string): number {
  const run = spawnSync(process.execPath, ['-e', STREAM_OF_PAGES], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, HEAP_FLAGS: flags },
  });
  expect(run.status).toBe(0);
  return Number(run.stdout);
}

describe('heap settings of a whole-list read', () => {
  it('a stream of pages grows the young generation at once: several times fewer young collections', () => {
    const gathering = youngCollections(GATHERING_HEAP_FLAGS);
    const stream = youngCollections(STREAM_HEAP_FLAGS);
    expect(gathering).toBeGreaterThan(50);
    expect(stream * 4).toBeLessThan(gathering);
  });
});
