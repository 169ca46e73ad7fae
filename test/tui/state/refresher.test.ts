/**
 * The dashboard's heartbeat on a fake clock: the tick every second, a refresh when due, none
 * while one is under way or a form is open, twice the wait after each failure (up to five
 * minutes), and back to the interval after a success or a read the user asked for; a costly
 * refresh spaces the next by ten times its cost.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Refresher } from '../../../src/tui/state/refresher.js';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-25T03:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(options: { intervalMs?: number; due?: () => boolean } = {}) {
  let interval = options.intervalMs ?? 5000;
  const answers: ((ok: boolean | Error) => void)[] = [];
  let ticks = 0;
  const refresher = new Refresher({
    intervalMs: () => interval,
    clock: () => new Date(),
    tick: () => ticks++,
    due: options.due ?? (() => true),
    refresh: () =>
      new Promise<boolean>((resolve, reject) => answers.push((ok) => (ok instanceof Error ? reject(ok) : resolve(ok)))),
  });
  const after = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
  };
  return {
    refresher,
    answers,
    after,
    ticks: () => ticks,
    setInterval: (ms: number) => (interval = ms),
    /** Answers the last refresh and lets its handlers run. */
    answer: async (ok: boolean | Error) => {
      answers.at(-1)!(ok);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('the refresher', () => {
  it('ticks every second and refreshes when the interval has passed', async () => {
    const { answers, after, ticks, refresher } = setup();
    await after(4000);
    expect([ticks(), answers.length]).toEqual([4, 0]);
    await after(1000);
    expect([ticks(), answers.length]).toEqual([5, 1]);
    refresher.dispose();
    await after(5000);
    expect(ticks()).toBe(5);
  });

  it('starts no refresh while one is under way; the next counts from when the last started', async () => {
    const { answers, after, answer } = setup();
    await after(5000);
    await after(2000);
    expect(answers).toHaveLength(1);
    await answer(true); // took 2 s: the next is due 20 s after the last started
    await after(12_000);
    expect(answers).toHaveLength(1);
    await after(6000);
    expect(answers).toHaveLength(2);
  });

  it('spaces the next refresh by ten times what the last took, from its start, and by the interval again once one is quick', async () => {
    const { answers, after, answer, refresher } = setup();
    await after(5000);
    expect(answers).toHaveLength(1);
    await after(3000); // a whole list read again takes 3 s
    await answer(true);
    expect(refresher.waitMs).toBe(30_000);
    await after(26_000);
    expect(answers).toHaveLength(1);
    await after(1000);
    expect(answers).toHaveLength(2);
    await answer(true); // answered at once: the interval again
    expect(refresher.waitMs).toBe(5000);
    await after(5000);
    expect(answers).toHaveLength(3);
    await after(40 * 60_000); // an hour-long read is still followed within five minutes
    await answer(true);
    expect(refresher.waitMs).toBe(5 * 60_000);
  });

  it('a failure that took long waits the longer of its cost and the doubled interval', async () => {
    const { after, answer, refresher } = setup();
    await after(5000);
    await after(4000);
    await answer(false);
    expect(refresher.waitMs).toBe(40_000);
    await after(36_000);
    await answer(false);
    expect(refresher.waitMs).toBe(20_000);
  });

  it('waits twice as long after each failure, up to five minutes, and the interval again after a success', async () => {
    const { answers, after, answer, refresher } = setup();
    const waits: number[] = [];
    await after(5000);
    for (const ok of [false, new Error('down'), false, false, false, false, false, false, false, false]) {
      await answer(ok);
      waits.push(refresher.waitMs);
      // The next refresh comes a full wait after the last one started (it was answered at once).
      const count = answers.length;
      await after(refresher.waitMs - 1000);
      expect(answers).toHaveLength(count);
      await after(1000);
      expect(answers).toHaveLength(count + 1);
    }
    expect(waits).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000, 300_000, 300_000]);
    await answer(true);
    expect(refresher.waitMs).toBe(5000);
  });

  it('doubles at most eight times, below five minutes for a short interval', async () => {
    const { after, answer, refresher } = setup({ intervalMs: 1000 });
    const waits: number[] = [];
    await after(1000);
    for (let n = 0; n < 10; n++) {
      await answer(false);
      waits.push(refresher.waitMs);
      await after(refresher.waitMs);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 256_000, 256_000]);
  });

  it('a failure waits the doubled time before the next refresh', async () => {
    const { answers, after, answer } = setup();
    await after(5000);
    await answer(false);
    await after(9000);
    expect(answers).toHaveLength(1);
    await after(1000);
    expect(answers).toHaveLength(2);
  });

  it('a read the user asked for counts as a refresh and forgets the failures', async () => {
    const { answers, after, answer, refresher } = setup();
    await after(5000);
    await answer(false);
    expect(refresher.waitMs).toBe(10_000);
    await after(3000);
    refresher.readNow();
    expect(refresher.waitMs).toBe(5000);
    await after(4000);
    expect(answers).toHaveLength(1);
    await after(1000);
    expect(answers).toHaveLength(2);
  });

  it('refreshes nothing while a form is open, and at the next beat once it closes', async () => {
    let open = true;
    const { answers, after } = setup({ due: () => !open });
    await after(10_000);
    expect(answers).toHaveLength(0);
    open = false;
    await after(1000);
    expect(answers).toHaveLength(1);
  });

  it('an interval of 0 or less refreshes nothing, but the clock still ticks', async () => {
    const { answers, after, ticks, setInterval } = setup({ intervalMs: 0 });
    await after(10_000);
    expect([ticks(), answers.length]).toEqual([10, 0]);
    setInterval(-1);
    await after(2000);
    expect(answers).toHaveLength(0);
    setInterval(1000);
    await after(1000);
    expect(answers).toHaveLength(1);
  });
});
