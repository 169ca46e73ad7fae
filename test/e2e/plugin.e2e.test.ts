/**
 * An interactive plugin in a real pseudo-terminal: it gets the terminal as
 * `E`'s editor does (the normal screen, the cursor, cooked input: a line
 * typed reaches it as a line), and the dashboard comes back drawn and
 * working, the terminal left as found when it quits.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { ensureBuilt, ENTER_ALT, LEAVE_ALT, PtySession } from './pty.js';

let sandbox: SandboxHandle;
let session: PtySession | undefined;
let dir: string;
beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandbox({});
  dir = mkdtempSync(join(tmpdir(), 'slotui-plugin-e2e-'));
}, 180_000);
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  session?.dispose();
  session = undefined;
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

test('an interactive plugin gets the terminal and gives it back as it was', async () => {
  const script = join(dir, 'plugin.cjs');
  const out = join(dir, 'got.json');
  writeFileSync(script, PLUGIN);
  // The settings are there before the program starts (a folder of the test's own), so nothing reloads meanwhile.
  const configDir = mkdtempSync(join(dir, 'config-'));
  writeFileSync(
    join(configDir, 'settings.yaml'),
    `plugins:\n  - name: ask\n    key: ctrl+t\n    interactive: true\n    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(script)}, ${JSON.stringify(out)}]\n`,
    { mode: 0o600 },
  );
  const s = (session = new PtySession({
    args: [],
    env: {
      SLOTUI_BASE_URL: sandbox.baseUrl,
      SLOTUI_CA_FILE: sandbox.caFile,
      SLOTUI_TOKEN: sandbox.token,
      SLOTUI_CONFIG_DIR: configDir,
    },
  }));
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
  // Keys work again: the next row, then q quits with the terminal restored.
  s.press('j');
  s.press('q');
  expect((await s.waitForExit()).exitCode).toBe(0);
  expect(s.raw.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(s.raw.lastIndexOf(ENTER_ALT));
}, 60_000);
