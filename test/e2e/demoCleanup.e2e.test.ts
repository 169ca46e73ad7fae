/**
 * The demo sandbox (`slotui --demo`, or d on the welcome screen) writes its certificate to a
 * folder of its own under the temporary folder: however the program ends, that folder goes with
 * it, also when a signal that Ink's exit hook raises again ends the process before the sandbox is
 * closed (SIGQUIT; SIGHUP with a form open). Each case runs with a temporary folder of its own.
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
  ['SIGTERM', (s: PtySession) => s.kill('SIGTERM')],
  ['SIGQUIT', (s: PtySession) => s.kill('SIGQUIT')],
])(
  'the demo ended by %s leaves no folder in the temporary folder',
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

test('the demo ended by the terminal gone under a form with text typed leaves no folder either', async () => {
  temp = mkdtempSync(join(tmpdir(), 'slotui-e2e-temp-'));
  const s = (session = new PtySession({ env: { TMPDIR: temp } }));
  await s.waitForText('checkout-api availability');
  s.press('c');
  await s.waitForText('New SLI');
  s.press('typed before the drop');
  await s.waitFor(() => s.lines().some((l) => l.includes('[typed before the drop')), 'the name typed');
  s.hangUp();
  await s.waitForExit();
  expect(readdirSync(temp).filter((name) => name.startsWith('slotui-sandbox-'))).toEqual([]);
}, 60_000);
