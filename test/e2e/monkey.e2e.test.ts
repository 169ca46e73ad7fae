/**
 * A shorter monkey in the real terminal: 500 seeded random keys to the
 * built slotui in a pseudo-terminal, on a sandbox injecting faults, then
 * Ctrl+C. The program must still be running after the keys, exit 0, and
 * leave the terminal as found (alternate screen left, cursor shown).
 * SLOTUI_MONKEY_SEED=N replays a run; a failure prints the seed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { seededRandom } from '../../src/sandbox/faults.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { ensureBuilt, ENTER_ALT, HIDE_CURSOR, LEAVE_ALT, PtySession, SHOW_CURSOR } from './pty.js';

const SEED = Number(process.env.SLOTUI_MONKEY_SEED ?? 7_001);
/** SLOTUI_MONKEY_KEYS shortens or lengthens a run. */
const KEY_COUNT = Number(process.env.SLOTUI_MONKEY_KEYS ?? 500);

// No q and no Ctrl+C until the end (they would quit early); no lone Esc (it would glue to the next key).
const ALPHABET = [
  '1',
  '2',
  '3',
  '4',
  'j',
  'k',
  '\u001b[A',
  '\u001b[B',
  'n',
  'p',
  '\u001b[C',
  '\u001b[D',
  '\u001b[5~',
  '\u001b[6~',
  'g',
  'G',
  '\r',
  '/',
  ':',
  '?',
  'r',
  'c',
  'e',
  'd',
  'y',
  '\u007f',
  '\t',
  ' ',
  'a',
  'x',
  's',
  '0',
  '日',
];

let sandbox: SandboxHandle;
let session: PtySession | undefined;
beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandbox({
    faults: {
      errorRate: 0.05,
      errorStatuses: [500, 503],
      retryAfterSeconds: 0,
      resetRate: 0.03,
      latencyMs: 5,
      seed: SEED,
    },
  });
}, 180_000);
afterAll(async () => {
  await sandbox?.close();
});
afterEach(() => {
  session?.dispose();
  session = undefined;
});

describe('monkey in a pseudo-terminal', () => {
  test(`${KEY_COUNT} random keys, then Ctrl+C: exit 0 and the terminal restored`, async () => {
    const random = seededRandom(SEED);
    const s = new PtySession({
      args: [],
      cols: 90,
      rows: 26,
      env: { SLOTUI_BASE_URL: sandbox.baseUrl, SLOTUI_CA_FILE: sandbox.caFile, SLOTUI_TOKEN: sandbox.token },
    });
    session = s;
    try {
      await s.waitFor((screen) => /^slis · page/m.test(screen), 'the first screen');
      for (let sent = 0; sent < KEY_COUNT; ) {
        let batch = '';
        for (let i = 0; i < 10 && sent < KEY_COUNT; i++, sent++) {
          const key = ALPHABET[Math.floor(random() * ALPHABET.length)]!;
          // Esc to leave a screen, sent alone so it is not read as Alt+key.
          if (random() < 0.05) {
            s.press(batch);
            batch = '';
            s.press('\u001b');
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          batch += key;
        }
        s.press(batch);
        // Wait for the output to go quiet (bounded), so keys do not pile up faster than a person types.
        const deadline = Date.now() + 500;
        let length = -1;
        while (Date.now() < deadline && s.raw.length !== length) {
          length = s.raw.length;
          await new Promise((resolve) => setTimeout(resolve, 15));
        }
        expect(s.exit, `the program ended after ${sent} keys`).toBeUndefined();
      }
      s.press('\u0003');
      const exit = await s.waitForExit(10_000);
      expect(exit.exitCode).toBe(0);
      expect(s.raw).toContain(ENTER_ALT);
      expect(s.raw.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(s.raw.lastIndexOf(ENTER_ALT));
      expect(s.raw.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(s.raw.lastIndexOf(HIDE_CURSOR));
      expect(s.term.buffer.active.type).toBe('normal');
      expect(s.raw).not.toMatch(/unexpected error/i);
    } catch (error) {
      console.error(`The pty monkey failed with SLOTUI_MONKEY_SEED=${SEED}. Screen:\n${s.screen()}`);
      throw error;
    }
  }, 90_000);
});
