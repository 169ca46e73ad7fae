/**
 * Quitting while a request hangs, in a real pseudo-terminal against the
 * sandbox: Ctrl+C and SIGTERM cancel the requests under way and end the
 * program with the terminal restored, instead of waiting for the request's
 * own deadline (set to 10 minutes here, so only a cancelled request lets the
 * program end within the bounded wait). q with a request hanging is the kept
 * page's second run (keptPage.e2e.test.ts).
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { ensureBuilt, expectRestored, PtySession } from './pty.js';

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
  sandbox.setFaults({});
  session?.dispose();
  session = undefined;
});

type Exit = { exitCode: number; signal?: number };
const exitZero = (exit: Exit) => exit.exitCode === 0;
// 143, or the signal itself when Ink's exit hook re-raises it after ours restored the terminal.
const endedBySigterm = (exit: Exit) => exit.exitCode === 143 || exit.signal === 15;

test.each([
  ['Ctrl+C', (s: PtySession) => s.press('\u0003'), exitZero],
  ['SIGTERM', (s: PtySession) => s.kill('SIGTERM'), endedBySigterm],
])(
  '%s with a request hanging ends the program at once, the terminal restored',
  async (_name, quit, expectedExit) => {
    // Every request hangs: the first page never comes.
    sandbox.setFaults({ hangRate: 1 });
    const s = (session = new PtySession({
      args: [],
      env: {
        SLOTUI_BASE_URL: sandbox.baseUrl,
        SLOTUI_CA_FILE: sandbox.caFile,
        SLOTUI_TOKEN: sandbox.token,
        SLOTUI_REQUEST_TIMEOUT: '600',
      },
    }));
    // The dashboard is drawn while its first page is asked for and never answered.
    await s.waitFor((screen) => /slis/.test(screen), 'the dashboard');
    quit(s);
    // Far below the request's own deadlines (15 s for headers, 10 minutes in all).
    const exit = await s.waitForExit(8_000);
    expect(expectedExit(exit), `exit ${JSON.stringify(exit)}`).toBe(true);
    expectRestored(s);
  },
  60_000,
);
