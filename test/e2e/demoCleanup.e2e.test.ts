/**
 * The demo sandbox (`slotui --demo`, or d on the welcome screen) writes its certificate to a
 * folder of its own under the temporary folder: when the program is quit (q, Ctrl+C), that folder
 * goes with it. Each case runs with a temporary folder of its own. (A signal that Ink's exit hook
 * raises again, SIGQUIT say, can end the process before the folder is removed.)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { ensureBuilt, PtySession } from './pty.js';

let session: PtySession | undefined;
let temp: string | undefined;
beforeAll(() => ensureBuilt(), 180_000);
afterEach(() => {
  session?.dispose();
  session = undefined;
  if (temp) rmSync(temp, { recursive: true, force: true });
  temp = undefined;
});

test.each([
  ['q', (s: PtySession) => s.press('q')],
  ['Ctrl+C', (s: PtySession) => s.press('\u0003')],
])(
  'the demo quit by %s leaves no folder in the temporary folder',
  async (_name, end) => {
    temp = mkdtempSync(join(tmpdir(), 'slotui-e2e-temp-'));
    const s = (session = new PtySession({ env: { TMPDIR: temp } }));
    await s.waitForText('checkout-api availability');
    // The sandbox's folder is there while the demo runs.
    expect(readdirSync(temp).filter((name) => name.startsWith('slotui-sandbox-'))).toHaveLength(1);
    end(s);
    await s.waitForExit();
    expect(readdirSync(temp).filter((name) => name.startsWith('slotui-sandbox-'))).toEqual([]);
  },
  60_000,
);
