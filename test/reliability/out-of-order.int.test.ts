/**
 * Out-of-order answers with real latency in the sandbox over TLS: the latency
 * is switched at random between key presses (0 to 100 ms), so a slow answer
 * to an earlier page can arrive after a fast answer to a later one. However
 * the answers come back, the page shown in the end is the one asked for last,
 * and after the last key no view drawn shows any page but the one on screen
 * then or the one asked for. Over the dashboard's view model (every view
 * worked out, not only the frames Ink chose to draw); the list screen through
 * Ink is test/tui/list.int.test.tsx's. Seeded (SLOTUI_MONKEY_SEED) and
 * reproducible.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { seededRandom } from '../../src/sandbox/faults.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { disposeDrivers, driveClient } from '../tui/driver.js';
import { sandboxClient, shownPage } from '../tui/helpers.js';
import { watchProcess } from './helpers.js';

const PAGES = 13; // 230 SLIs, 18 a page at 24 rows
const PAGE_SIZE = 18;
/** The longest answer: the keys come 0 to 40 ms apart, sometimes faster than the server, sometimes not. */
const MAX_LATENCY_MS = 100;
const MAX_PAUSE_MS = 40;
let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 200 });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(disposeDrivers);

const firstIdOf = (page: number) => `sli-${String((page - 1) * PAGE_SIZE + 1).padStart(6, '0')}`;

describe('out-of-order answers', () => {
  test.each([11, 12, 13])(
    'seed %i: the page asked for last is the one shown',
    async (base) => {
      const seed = Number(process.env.SLOTUI_MONKEY_SEED ?? 0) + base;
      const random = seededRandom(seed);
      const watch = watchProcess();
      const client = sandboxClient(sandbox);
      const d = driveClient(client, { realTimers: true });
      const shownNow = () => shownPage(d.status());
      try {
        await d.until((v) => v.status.text.startsWith(`slis · page 1 of ${PAGES}`) && !v.status.loading, 'page 1');
        let wanted = 1;
        const keys: string[] = [];
        for (let i = 0; i < 24; i++) {
          // Only moves that stay inside the list, so "asked for" is unambiguous.
          const choices = [...(wanted < PAGES ? ['n', 'n'] : []), ...(wanted > 1 ? ['p', 'p'] : []), 'g', 'G'];
          const key = choices[Math.floor(random() * choices.length)]!;
          wanted = key === 'n' ? wanted + 1 : key === 'p' ? wanted - 1 : key === 'g' ? 1 : PAGES;
          keys.push(key);
          sandbox.setFaults({ latencyMs: Math.floor(random() * MAX_LATENCY_MS) });
          d.key(key);
          // Sometimes faster than the server, sometimes not.
          const pause = Math.floor(random() * MAX_PAUSE_MS);
          if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        }
        const onScreen = shownNow();
        // Every view worked out from here on: the page each shows.
        const shown: (number | undefined)[] = [];
        const unsubscribe = d.dashboard.view.subscribe(() => shown.push(shownNow()));
        sandbox.setFaults({});
        await d.until(
          (v) => shownPage(v.status.text) === wanted && !v.status.loading,
          `page ${wanted} after ${keys.join('')}`,
        );
        expect(d.rows()[0], `keys ${keys.join('')} (seed ${seed})`).toContain(firstIdOf(wanted));
        // Twice the longest answer later it is still that page: no late answer replaced it.
        await new Promise((resolve) => setTimeout(resolve, 2 * MAX_LATENCY_MS));
        unsubscribe();
        expect(shownNow()).toBe(wanted);
        expect(
          shown.filter((n) => n !== undefined && n !== onScreen && n !== wanted),
          `keys ${keys.join('')} (seed ${seed})`,
        ).toEqual([]);
        watch.check();
      } finally {
        watch.stop();
        sandbox.setFaults({});
        await client.close();
      }
    },
    30_000,
  );
});
