/**
 * The page kept by the last run, in the built program against the sandbox:
 * the dashboard draws it first (marked cached), before its HTTP client is
 * loaded, then asks the service; a service that never answers leaves it on
 * screen and q still ends the program at once with the terminal restored
 * (Ctrl+C and SIGTERM with a request hanging: quit.e2e.test.ts), and a
 * service that answers replaces it with what the service holds now.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { ensureBuilt, expectRestored, PtySession } from './pty.js';

let sandbox: SandboxHandle;
let cacheHome: string;
let session: PtySession | undefined;

beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandbox({});
  cacheHome = mkdtempSync(join(tmpdir(), 'slotui-e2e-kept-'));
}, 180_000);
afterAll(async () => {
  await sandbox?.close();
  rmSync(cacheHome, { recursive: true, force: true });
});
afterEach(() => {
  sandbox.setFaults({});
  session?.dispose();
  session = undefined;
});

/** A dashboard on the sandbox; every run shares the cache folder that keeps the last page shown. */
function dashboard(): PtySession {
  session?.dispose();
  session = new PtySession({
    args: [],
    env: {
      SLOTUI_BASE_URL: sandbox.baseUrl,
      SLOTUI_CA_FILE: sandbox.caFile,
      SLOTUI_TOKEN: sandbox.token,
      SLOTUI_REQUEST_TIMEOUT: '600',
      XDG_CACHE_HOME: cacheHome,
    },
  });
  return session;
}

const statusLine = (screen: string): string => screen.split('\n').find((l) => /^slis · page /.test(l)) ?? '';

async function quitWithQ(s: PtySession): Promise<void> {
  s.press('q');
  const exit = await s.waitForExit(8_000);
  expect(exit.exitCode).toBe(0);
  expectRestored(s);
}

test('the kept page: drawn while the service is silent, replaced once it answers', async () => {
  // The first run shows the service's page and keeps it.
  let s = dashboard();
  await s.waitFor(
    (screen) => /read \d+s ago/.test(statusLine(screen)) && !/cached/.test(statusLine(screen)),
    'the page',
  );
  expect(s.screen()).toContain('checkout-api availability');
  await quitWithQ(s);

  // The service now holds a new name, and hangs: the kept page (the old name) is drawn, marked cached.
  const client = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, ca: sandbox.caPem });
  try {
    await client.update('slis', 'sli-000001', { name: 'checkout-api availability renamed' });
  } finally {
    await client.close();
  }
  sandbox.setFaults({ hangRate: 1 });
  s = dashboard();
  await s.waitFor((screen) => / · cached · read /.test(statusLine(screen)), 'the kept page');
  expect(s.screen()).toContain('checkout-api availability');
  expect(s.screen()).not.toContain('renamed');
  await quitWithQ(s);

  // The service answers: the kept page gives way to what it holds now.
  sandbox.setFaults({});
  s = dashboard();
  // Both: a record the program read by another request (the next page's, ahead) can show its new
  // name in the kept rows before the first page's own answer replaces them.
  await s.waitFor(
    (screen) => screen.includes('checkout-api availability renamed') && !statusLine(screen).includes('cached'),
    "the service's page",
  );
  await quitWithQ(s);
}, 90_000);
