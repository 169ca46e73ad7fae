/**
 * Monkey test: 1,500 random keys (and a few resizes) on the dashboard,
 * across every screen (lists, details, help, filter, command line, and
 * whatever c/e/d open), against the sandbox injecting faults (errors,
 * resets, latency). Seeded: SLOTUI_MONKEY_SEED=N replays a run, and a
 * failure prints its seed and the keys of the batch. Asserts no crash (a
 * frame with its status line is always drawn), no unhandled rejection or
 * uncaught exception, and a frame never larger than the terminal. The
 * controllers take 5,000 more over the driver, in milliseconds
 * (monkey.test.ts); these go through Ink and the real sandbox.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { seededRandom } from '../../src/sandbox/faults.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { textWidth } from '../../src/text/width.js';
import { KEYS, renderDashboard, statusLineOf } from '../tui/helpers.js';
import { instantSleep, watchProcess } from './helpers.js';

const SEED = Number(process.env.SLOTUI_MONKEY_SEED ?? 20_250_601);
/** SLOTUI_MONKEY_KEYS shortens or lengthens a run (CI keeps the default). */
const KEY_COUNT = Number(process.env.SLOTUI_MONKEY_KEYS ?? 1_500);
const BATCH = 25;

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 60 });
});
afterAll(async () => {
  await sandbox.close();
});

/** What a person could press: every key of the keymap, and then some. */
const ALPHABET: string[] = [
  '1',
  '2',
  '3',
  '4',
  'j',
  'k',
  KEYS.up,
  KEYS.down,
  'n',
  'p',
  KEYS.left,
  KEYS.right,
  KEYS.pageUp,
  KEYS.pageDown,
  'g',
  'G',
  KEYS.enter,
  KEYS.enter,
  KEYS.escape,
  KEYS.escape,
  '/',
  ':',
  '?',
  'r',
  'c',
  'e',
  'd',
  'y',
  'q',
  KEYS.ctrlC,
  KEYS.backspace,
  KEYS.tab,
  ' ',
  'a',
  'x',
  's',
  'l',
  'o',
  '0',
  '9',
  '-',
  '.',
  '\u001b[H',
  '\u001b[F',
  '\u0001',
  '\u0005',
  '\u0015',
  '日',
  '🚀',
  '\u001b[Z',
];
/** Whole commands now and then, so the command line really runs things. */
const COMMANDS = [
  ':slos\r',
  ':slis\r',
  ':orgs\r',
  ':agreements\r',
  ':profile other\r',
  ':help\r',
  ':nonsense\r',
  ':q\r',
  '/latency\r',
  '/zzz\r',
];
const SIZES: [number, number][] = [
  [100, 24],
  [80, 24],
  [120, 40],
  [60, 16],
  [70, 20],
];

/** Polls until the frame stops changing (bounded), so each check reads a settled frame. */
async function settle(lastFrame: () => string, timeoutMs = 1_500): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let previous = lastFrame();
  let stable = 0;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 8));
    const frame = lastFrame();
    stable = frame === previous ? stable + 1 : 0;
    previous = frame;
    if (stable >= 2) break;
  }
  return previous;
}

describe('monkey', () => {
  test(`${KEY_COUNT} seeded random keys with faults: no crash, no unhandled rejection, frame within the terminal`, async () => {
    const random = seededRandom(SEED);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    sandbox.setFaults({
      errorRate: 0.05,
      errorStatuses: [500, 502, 503, 429],
      retryAfterSeconds: 0,
      resetRate: 0.02,
      truncateRate: 0.02,
      latencyMs: 3,
      seed: SEED,
    });
    const client = createClient({
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      ca: sandbox.caPem,
      sleep: instantSleep().sleep,
      timeouts: { connectMs: 2_000, headersMs: 2_000, bodyMs: 2_000 },
    });
    const watch = watchProcess();
    let size: [number, number] = [100, 24];
    const d = renderDashboard({ client, columns: size[0], rows: size[1] });
    let sent = 0;
    let batchKeys: string[] = [];
    try {
      await settle(d.lastFrame);
      while (sent < KEY_COUNT) {
        batchKeys = [];
        if (random() < 0.03) {
          size = pick(SIZES);
          d.resize(...size);
        }
        while (batchKeys.length < BATCH && sent < KEY_COUNT) {
          const key = random() < 0.03 ? pick(COMMANDS) : pick(ALPHABET);
          batchKeys.push(key);
          // A command is typed one key at a time, as a person would.
          if (key.length > 1 && (key.startsWith(':') || key.startsWith('/'))) d.type(key);
          else d.press(key);
          sent++;
        }
        const frame = await settle(d.lastFrame);
        const [columns, rows] = size;
        const lines = frame.split('\n');
        expect(lines.length, 'rows of the frame').toBeLessThanOrEqual(rows);
        for (const line of lines)
          expect(textWidth(line), `a line wider than ${columns}: ${line}`).toBeLessThanOrEqual(columns);
        // Still alive: the status line is drawn (an exception while rendering would leave nothing).
        expect(statusLineOf(frame), 'the status line').not.toBe('');
        watch.check();
      }
      // Still answering keys at the end: Ctrl+C quits from wherever the monkey left it (exit 0).
      const quits = d.quitCodes.length;
      d.press(KEYS.ctrlC);
      const deadline = Date.now() + 3_000;
      while (d.quitCodes.length === quits && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(d.quitCodes.slice(quits)).toEqual([0]);
    } catch (error) {
      const keys = batchKeys.map((k) => JSON.stringify(k)).join(' ');
      console.error(
        `Monkey test failed with SLOTUI_MONKEY_SEED=${SEED} after ${sent} keys (size ${size.join('x')}); last batch: ${keys}\nFrame:\n${d.lastFrame()}`,
      );
      throw error;
    } finally {
      d.unmount();
      await client.close();
      sandbox.setFaults({});
      watch.stop();
    }
    watch.check();
  }, 90_000);
});
