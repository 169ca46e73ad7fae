/**
 * settings.yaml saved while the dashboard runs, in a real pseudo-terminal:
 * the running program sees the save (a watcher on the real file system),
 * says so, and applies it (here a profile made read-only).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { ensureBuilt, PtySession } from './pty.js';

let sandbox: SandboxHandle;
let session: PtySession | undefined;
beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandbox({});
}, 180_000);
afterAll(async () => {
  await sandbox?.close();
});
afterEach(() => {
  session?.dispose();
  session = undefined;
});

test('a save while the dashboard runs is applied and said; a broken one says its problem; a rebound key and function key work', async () => {
  const s = (session = new PtySession({
    args: [],
    env: { SLOTUI_BASE_URL: sandbox.baseUrl, SLOTUI_CA_FILE: sandbox.caFile, SLOTUI_TOKEN: sandbox.token },
  }));
  await s.waitFor((screen) => /^slis · page/m.test(screen), 'the first screen');
  const file = join(s.configDir, 'settings.yaml');
  writeFileSync(file, 'profiles:\n  default:\n    readOnly: true\n', { mode: 0o600 });
  await s.waitFor((screen) => screen.includes('settings reloaded'), 'the reload said');
  s.press('d');
  await s.waitFor((screen) => /read-only/i.test(screen), 'delete refused as read-only');
  writeFileSync(file, 'profiles:\n  default:\n    readOnly: true\n    refesh: 30s\n', { mode: 0o600 });
  await s.waitFor((screen) => screen.includes('did you mean "refresh"'), 'the problem said');
  // A key rebound while it runs works at once, and the key it replaced no longer does.
  writeFileSync(file, 'keys:\n  last-page: [L, f8]\n', { mode: 0o600 });
  // The reload of this save, not a line left from an earlier one: the problem said last is gone.
  await s.waitFor(
    (screen) => screen.includes('settings reloaded') && !screen.includes('did you mean'),
    'the keys reloaded',
  );
  s.press('L');
  await s.waitFor((screen) => /^slis · page 2 of 2/m.test(screen), 'L goes to the last page');
  s.press('\u001b[H');
  await s.waitFor((screen) => /^slis · page 1 of 2/m.test(screen), 'Home goes to the first page');
  // A function key, as xterm sends F8: Ink alone cannot tell which one it was.
  s.press('\u001b[19~');
  await s.waitFor((screen) => /^slis · page 2 of 2/m.test(screen), 'F8 goes to the last page');
  s.press('\u001b[H');
  await s.waitFor((screen) => /^slis · page 1 of 2/m.test(screen), 'back on the first page');
  // G is no longer last-page: the pages are held, so had it moved, it would have before the help opened.
  s.press('G');
  s.press('?');
  await s.waitFor((screen) => screen.includes('Help ·'), 'the help');
  s.press('\u001b');
  await s.waitFor((screen) => /^slis · page \d of 2/m.test(screen), 'the list again');
  expect(s.screen()).toMatch(/^slis · page 1 of 2/m);
  s.press('q');
  expect((await s.waitForExit()).exitCode).toBe(0);
}, 60_000);
