/**
 * Hostile text against the real terminal: the built slotui in a
 * pseudo-terminal, on a sandbox that loaded its records as-is from a data
 * file (ANSI and OSC sequences, DCS/APC strings, C0/C1 controls, bidi
 * overrides, a 100k-character string, wide characters). The RAW bytes the
 * program wrote are searched for each payload: none gets through, the
 * window title never changes, and the screen keeps its layout (no row
 * wider than the terminal, header and status line where they belong).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import {
  expectNoHostileSequences,
  gluedPayloads,
  hostileDataFile,
  removeFolder,
  tempFolder,
} from '../reliability/helpers.js';
import { ensureBuilt, PtySession } from './pty.js';

const COLS = 100;
const ROWS = 30;
let sandbox: SandboxHandle;
let dir: string;
let session: PtySession | undefined;

beforeAll(async () => {
  ensureBuilt();
  dir = await tempFolder('slotui-e2e-hostile-');
  const dataFile = join(dir, 'data.json');
  await writeFile(dataFile, hostileDataFile());
  sandbox = await startSandbox({ dataFile });
}, 180_000);
afterAll(async () => {
  await sandbox?.close();
  await removeFolder(dir);
});
afterEach(() => {
  session?.dispose();
  session = undefined;
});

const statusLine = (s: PtySession): string => s.lines().find((l) => /^\w+ · page .* of /.test(l)) ?? '';

/** Every row within the width and not wrapped; header first; status line third from the bottom. */
function expectLayout(s: PtySession): void {
  const buffer = s.term.buffer.active;
  for (let i = 0; i < ROWS; i++) {
    const line = buffer.getLine(buffer.viewportY + i)!;
    expect(line.isWrapped, `row ${i} wrapped: ${line.translateToString(true)}`).toBe(false);
  }
  expect(s.lines()[0]).toMatch(/^slotui · profile default/);
  expect(s.lines().indexOf(statusLine(s))).toBe(ROWS - 3);
}

/** The raw output with the program's own CSI sequences (Ink's colours, cursor moves) taken out. */
function withoutOwnCsi(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '').replace(/\u001b[78]/g, '');
}

describe('hostile records in the dashboard', () => {
  test('list and details: no payload reaches the terminal, title unchanged, layout intact', async () => {
    const s = new PtySession({
      args: [],
      cols: COLS,
      rows: ROWS,
      env: { SLOTUI_BASE_URL: sandbox.baseUrl, SLOTUI_CA_FILE: sandbox.caFile, SLOTUI_TOKEN: sandbox.token },
    });
    session = s;
    const titles: string[] = [];
    s.term.onTitleChange((title) => titles.push(title));
    await s.waitForText('plain record');
    await s.waitFor(() => statusLine(s).startsWith('slis · page 1 of 1 · total 5'), 'the status line');
    expectLayout(s);
    expect(s.screen()).toMatch(/^evil <m0><m0> <m1><m1>/m);
    expect(s.screen()).toContain('日本語の可用性');

    // The hostile record's details, then the long one, then the wide one.
    s.press('\r');
    await s.waitForText('line one');
    expectLayout(s);
    s.press('\u001b');
    await s.waitForText('plain record');
    s.press('j');
    s.press('\r');
    await s.waitFor((screen) => /^name\s+long-x+/m.test(screen), 'the long record');
    expectLayout(s);
    s.press('\u001b');
    await s.waitForText('plain record');
    s.press('j');
    s.press('\r');
    await s.waitFor((screen) => /^type\s+可用性/m.test(screen), 'the wide record');
    expectLayout(s);
    s.press('q');
    expect((await s.waitForExit()).exitCode).toBe(0);

    expect(titles).toEqual([]);
    expect(s.raw).not.toContain('PWNED');
    // Ink writes CSI sequences of its own; what is left must hold no control at all but line ends.
    expectNoHostileSequences(withoutOwnCsi(s.raw).replace(/\r/g, ''), 'the raw terminal output');
    // Nor did any payload (CSI ones included) reach the terminal next to its marker.
    // (The terminal's own line ends, CR LF, are not a payload: a wrapped line may end just after a marker.)
    const shown = s.raw.replace(/\r\n/g, '\n');
    for (const glued of gluedPayloads()) expect(shown.includes(glued), JSON.stringify(glued)).toBe(false);
    expect(s.raw).toContain('<m0><m0>');
  }, 60_000);
});

describe('hostile records through the CLI in a terminal', () => {
  test('slotui list and get write no payload', async () => {
    for (const args of [
      ['list', 'slis'],
      ['get', 'slis', 'sli-000001'],
    ]) {
      const s = new PtySession({
        args,
        cols: COLS,
        rows: ROWS,
        env: { SLOTUI_BASE_URL: sandbox.baseUrl, SLOTUI_CA_FILE: sandbox.caFile, SLOTUI_TOKEN: sandbox.token },
      });
      session = s;
      expect((await s.waitForExit()).exitCode).toBe(0);
      // The CLI writes no escape sequence of its own: not one ESC may reach the terminal.
      expect(s.raw).not.toContain('\u001b');
      expectNoHostileSequences(s.raw.replace(/\r/g, ''), `slotui ${args.join(' ')}`);
      s.dispose();
      session = undefined;
    }
  }, 60_000);
});
