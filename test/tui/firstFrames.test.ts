/**
 * The frames drawn before Ink (src/tui/firstFrames.ts) over the program's
 * shell and the fake client, on fake timers: drawn at once and again as the
 * view changes, Ink wanted once nothing loads (or after the wait, or at once
 * for what the painter leaves to Ink), the screen handed over clean.
 */
import { EventEmitter } from 'node:events';
import { afterEach, expect, test, vi } from 'vitest';
import type { ApiClient } from '../../src/api/types.js';
import { drawUntilInk, INK_WAIT_MS } from '../../src/tui/firstFrames.js';
import { Shell } from '../../src/tui/shell.js';
import { keyEvent, sampleRecords } from './driver.js';
import { fakeClient } from './fakeClient.js';
import { FIXED_NOW, testSettings } from './testing.js';

const shells: Shell[] = [];
afterEach(() => {
  for (const shell of shells.splice(0)) shell.dispose();
  vi.useRealTimers();
});

/** The shell as the program makes it, on a terminal that keeps what is written to it. */
function shellWriting(client: ApiClient = fakeClient(sampleRecords())): {
  shell: Shell;
  stdout: NodeJS.WriteStream;
  written: string[];
} {
  vi.useFakeTimers();
  const written: string[] = [];
  const stdout = Object.assign(new EventEmitter(), {
    columns: 100,
    rows: 24,
    isTTY: true,
    write: (data: string) => written.push(data) > 0,
  }) as unknown as NodeJS.WriteStream;
  const shell = new Shell({
    client,
    settings: testSettings(),
    stdout,
    now: () => FIXED_NOW,
    onQuit: () => undefined,
    stopProcess: () => undefined,
  });
  shells.push(shell);
  return { shell, stdout, written };
}

/** Whether the promise has settled, after the microtasks now queued. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

test('drawn at once (the first page loading), again when the page is in; then Ink is wanted', async () => {
  const { shell, stdout, written } = shellWriting();
  const frames = drawUntilInk(shell, stdout);
  expect(written).toHaveLength(1);
  expect(written[0]).toContain('Loading the first page of SLIs…');
  expect(await settled(frames.inkWanted)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(written.length).toBeGreaterThan(1);
  expect(written.at(-1)).toMatch(/sli-\d+/);
  expect(await settled(frames.inkWanted)).toBe(true);
  // Handed over while the screen shows the view as it is: the cursor goes home, nothing is cleared.
  frames.handOver();
  expect(written.at(-1)).toBe('\u001b[H');
});

test('a terminal resized before Ink takes over: drawn again at its new size', async () => {
  const { shell, stdout, written } = shellWriting();
  drawUntilInk(shell, stdout);
  await vi.advanceTimersByTimeAsync(1);
  // eslint-disable-next-line no-control-regex
  const lines = (frame: string) => [...frame.matchAll(/\u001b\[(\d+);1H/g)].map((m) => Number(m[1]));
  expect(Math.max(...lines(written.at(-1)!))).toBe(24);
  Object.assign(stdout, { columns: 60, rows: 12 });
  stdout.emit('resize');
  expect(Math.max(...lines(written.at(-1)!))).toBe(12);
  // Every line cut to the new width: no line of the frame is longer than 60 cells.
  // eslint-disable-next-line no-control-regex
  const text = written.at(-1)!.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '\n');
  expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(60);
});

test('a page that does not come: Ink is wanted after the wait; once stopped, nothing more is drawn', async () => {
  const client = fakeClient(sampleRecords());
  client.listPage = () => new Promise(() => undefined);
  const { shell, stdout, written } = shellWriting(client);
  const frames = drawUntilInk(shell, stdout);
  expect(written).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(INK_WAIT_MS - 1);
  expect(await settled(frames.inkWanted)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await settled(frames.inkWanted)).toBe(true);
  // The view changes (another resource) and is drawn; stopped (the dashboard ended), a change is not.
  const { input, key } = keyEvent('2');
  shell.handleInput(input, key);
  expect(written).toHaveLength(2);
  expect(written[1]).toContain('Loading the first page of SLOs…');
  frames.stop();
  shell.handleInput(keyEvent('1').input, keyEvent('1').key);
  frames.handOver();
  expect(written).toHaveLength(2);
});

test('a view the painter leaves to Ink (text of wide characters): Ink is wanted at once, the screen cleared for it', async () => {
  const records = sampleRecords();
  records.slis![0] = { ...records.slis![0]!, name: '数据库延迟' };
  const { shell, stdout, written } = shellWriting(fakeClient(records));
  const frames = drawUntilInk(shell, stdout);
  expect(await settled(frames.inkWanted)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await settled(frames.inkWanted)).toBe(true);
  const drawn = written.length;
  frames.handOver();
  expect(written.slice(drawn)).toEqual(['\u001b[H\u001b[2J']);
});
