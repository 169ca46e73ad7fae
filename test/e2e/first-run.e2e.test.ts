/**
 * End to end, the first run of the built program in a real pseudo-terminal:
 * with nothing configured `slotui` opens the welcome screen; `c` walks through
 * the token setup against a sandbox (the JSON answer of its token endpoint
 * pasted), stores the token 0600, and lands on the dashboard. The token never
 * reaches the terminal. The welcome screen's `d` (the demo sandbox) starts
 * dashboard.e2e.test.ts's run.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { tokenEndpointAnswer } from '../sandbox/tokenEndpoint.js';
import { ensureBuilt, PtySession } from './pty.js';

let sandbox: SandboxHandle;
let session: PtySession | undefined;

beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandbox();
}, 180_000);
afterAll(async () => {
  await sandbox.close();
});
afterEach(() => {
  session?.dispose();
  session = undefined;
});

test('welcome screen, then c: the token setup stores the pasted token and opens the dashboard', async () => {
  const answer = await tokenEndpointAnswer(sandbox);
  const token = (JSON.parse(answer) as { jwt: string }).jwt;
  const s = (session = new PtySession({ args: [], env: { SLOTUI_CA_FILE: sandbox.caFile } }));
  await s.waitForText('Welcome');
  s.press('c');
  await s.waitForText('Base URL');
  s.press(`${sandbox.baseUrl}\r`);
  await s.waitFor((screen) => /› Frontend URL/i.test(screen), 'the frontend URL field');
  s.press('\r');
  // The CA file step, prefilled from SLOTUI_CA_FILE.
  await s.waitFor(
    (screen) => screen.includes(`› CA file`) && screen.includes(sandbox.caFile.slice(-20)),
    'the CA file field, prefilled',
  );
  s.press('\r');
  await s.waitForText('/api/service/v1/users/m2m-token');
  s.press(answer);
  await s.waitFor((screen) => !screen.includes(token.slice(0, 12)) && /•/.test(screen), 'the masked token');
  s.press('\r');
  await s.waitForText(`Logged in to ${new URL(sandbox.baseUrl).host} as user-1 (profile default)`);
  s.press('\r');
  await s.waitForText('checkout-api availability');
  expect(s.screen()).not.toContain(token.slice(-16));
  s.press('q');
  await s.waitFor(() => s.exit !== undefined, 'the exit');
  expect(s.exit?.exitCode).toBe(0);
  expect(s.raw).not.toContain(token);
  // Stored in the profile, in a file only the user can read.
  const file = join(s.configDir, 'config.json');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
    currentProfile: 'default',
    profiles: { default: { baseUrl: sandbox.baseUrl, token } },
  });
});
