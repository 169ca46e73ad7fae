/**
 * Out-of-order answers with real latency in the sandbox: the latency is
 * switched at random between key presses (0 to 100 ms), so a slow answer to
 * an earlier page can arrive after a fast answer to a later one. However the
 * answers come back, the page shown in the end is the one asked for last, and
 * after the last key no frame shows any page but the one on screen then or
 * the one asked for. Seeded (SLOTUI_MONKEY_SEED) and reproducible.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seededRandom } from '../../src/sandbox/faults.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { renderDashboard, sandboxClient, shownPage, waitForFrame, waitForPage } from '../tui/helpers.js';
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

const firstIdOf = (page: number) => `sli-${String((page - 1) * PAGE_SIZE + 1).padStart(6, '0')}`;

describe('out-of-order answers', () => {
  test.each([11, 12, 13])(
    'seed %i: the page asked for last is the one shown',
    async (base) => {
      const seed = Number(process.env.SLOTUI_MONKEY_SEED ?? 0) + base;
      const random = seededRandom(seed);
      const watch = watchProcess();
      const d = renderDashboard({ client: sandboxClient(sandbox) });
      try {
        await waitForPage(d, 1, PAGES);
        let wanted = 1;
        const keys: string[] = [];
        for (let i = 0; i < 24; i++) {
          // Only moves that stay inside the list, so "asked for" is unambiguous.
          const choices = [...(wanted < PAGES ? ['n', 'n'] : []), ...(wanted > 1 ? ['p', 'p'] : []), 'g', 'G'];
          const key = choices[Math.floor(random() * choices.length)]!;
          wanted = key === 'n' ? wanted + 1 : key === 'p' ? wanted - 1 : key === 'g' ? 1 : PAGES;
          keys.push(key);
          sandbox.setFaults({ latencyMs: Math.floor(random() * MAX_LATENCY_MS) });
          d.press(key);
          // Sometimes faster than the server, sometimes not.
          const pause = Math.floor(random() * MAX_PAUSE_MS);
          if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        }
        const onScreen = shownPage(d.lastFrame());
        const framesBefore = d.frames().length;
        sandbox.setFaults({});
        const frame = await waitForFrame(
          d,
          (f) => shownPage(f) === wanted && !/loading/i.test(f),
          `page ${wanted} after ${keys.join('')}`,
          8_000,
        );
        expect(frame, `keys ${keys.join('')} (seed ${seed})`).toContain(firstIdOf(wanted));
        // Twice the longest answer later it is still that page: no late answer replaced it.
        await new Promise((resolve) => setTimeout(resolve, 2 * MAX_LATENCY_MS));
        expect(shownPage(d.lastFrame())).toBe(wanted);
        const shown = d
          .frames()
          .slice(framesBefore)
          .map(shownPage)
          .filter((n) => n !== undefined);
        expect(
          shown.filter((n) => n !== onScreen && n !== wanted),
          `keys ${keys.join('')} (seed ${seed})`,
        ).toEqual([]);
        watch.check();
      } finally {
        d.unmount();
        watch.stop();
        sandbox.setFaults({});
      }
    },
    30_000,
  );
});
