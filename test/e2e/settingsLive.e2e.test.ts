/**
 * settings.yaml in a real pseudo-terminal, one run against the sandbox, its checks in order:
 * - an interactive plugin it names gets the terminal as `E`'s editor does (the normal screen, the
 *   cursor, cooked input: a line typed reaches it as a line), and the dashboard comes back drawn
 *   and working;
 * - a save while the dashboard runs is seen (a watcher on the real file system), said, and
 *   applied (a profile made read-only, then keys rebound, a function key among them).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { ensureBuilt, ENTER_ALT, inOrder, LEAVE_ALT, PtySession } from './pty.js';

let sandbox: SandboxHandle;
let dir: string;
beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandbox({});
  dir = mkdtempSync(join(tmpdir(), 'slotui-settings-e2e-'));
}, 180_000);
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Says it is ready, reads one line from the terminal, writes what it got, exits. */
const PLUGIN = `
const fs = require('node:fs');
process.stdout.write('PLUGIN READY ' + process.env.SLOTUI_ID + '\\n');
let got = '';
process.stdin.on('data', (chunk) => {
  got += chunk;
  if (!got.includes('\\n')) return;
  fs.writeFileSync(process.argv[2], JSON.stringify({ line: got.split('\\n')[0], tty: Boolean(process.stdin.isTTY), id: process.env.SLOTUI_ID }));
  process.exit(0);
});
`;

describe('settings.yaml: a plugin, then saves while the dashboard runs', () => {
  let s: PtySession;
  let file: string;
  let out: string;
  beforeAll(() => {
    const script = join(dir, 'plugin.cjs');
    out = join(dir, 'got.json');
    writeFileSync(script, PLUGIN);
    // The settings are there before the program starts (a folder of the test's own), so nothing reloads meanwhile.
    const configDir = mkdtempSync(join(dir, 'config-'));
    file = join(configDir, 'settings.yaml');
    writeFileSync(
      file,
      `plugins:\n  - name: ask\n    key: ctrl+t\n    interactive: true\n    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(script)}, ${JSON.stringify(out)}]\n`,
      { mode: 0o600 },
    );
    s = new PtySession({
      args: [],
      env: {
        SLOTUI_BASE_URL: sandbox.baseUrl,
        SLOTUI_CA_FILE: sandbox.caFile,
        SLOTUI_TOKEN: sandbox.token,
        SLOTUI_CONFIG_DIR: configDir,
      },
    });
  });
  afterAll(() => s?.dispose());
  const check = inOrder();

  check('an interactive plugin gets the terminal and gives it back as it was', async () => {
    // The rows, not only the first frame: on a loaded machine that frame can come before the first
    // page, and a plugin on the selected record has no record to run on until the rows are there.
    await s.waitFor((screen) => /^slis · page 1 of/m.test(screen) && screen.includes('sli-000001'), 'the SLIs');
    const before = s.raw.length;
    s.press('\u0014'); // Ctrl+T
    await s.waitFor((screen) => screen.includes('PLUGIN READY sli-'), 'the plugin on the terminal');
    // The dashboard left the alternate screen and showed the cursor before the plugin ran.
    expect(s.raw.slice(before)).toContain(LEAVE_ALT);
    // Typed with Enter (a carriage return): a line only in the terminal's cooked mode.
    s.press('hello\r');
    await s.waitFor(
      (screen) => /^slis · page/m.test(screen) && screen.includes('Plugin ask finished.'),
      'the dashboard back',
    );
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({
      line: 'hello',
      tty: true,
      id: expect.stringMatching(/^sli-/),
    });
    const after = s.raw.slice(before);
    expect(after.lastIndexOf(ENTER_ALT)).toBeGreaterThan(after.indexOf(LEAVE_ALT));
  });

  check('a save while it runs is applied and said', async () => {
    writeFileSync(file, 'profiles:\n  default:\n    readOnly: true\n', { mode: 0o600 });
    await s.waitFor((screen) => screen.includes('settings reloaded'), 'the reload said');
    s.press('d');
    await s.waitFor((screen) => /read-only/i.test(screen), 'delete refused as read-only');
  });

  check('a broken save says its problem', async () => {
    writeFileSync(file, 'profiles:\n  default:\n    readOnly: true\n    refesh: 30s\n', { mode: 0o600 });
    await s.waitFor((screen) => screen.includes('did you mean "refresh"'), 'the problem said');
  });

  check(
    'a key rebound while it runs works at once, a function key too, and the key it replaced no longer does',
    async () => {
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
    },
  );

  check('q: exit 0, the terminal given back', async () => {
    s.press('q');
    expect((await s.waitForExit()).exitCode).toBe(0);
    expect(s.raw.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(s.raw.lastIndexOf(ENTER_ALT));
  });
});
