/**
 * The token inside a running dashboard, against the sandbox's real tokens
 * over TLS, through the program's shell (src/tui/shell.ts) without Ink, read
 * from its state: the expiry warning under 30 days (injected clock), an
 * expired token opening the setup flow at start, SLOTUI_TOKEN winning over the
 * stored token, and a refused SLOTUI_TOKEN. The warning as drawn is
 * statusLine.int.test.tsx's; a 401 while working relogin.test.ts's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient } from '../../../src/api/types.js';
import type { Settings } from '../../../src/config/types.js';
import { startSandbox } from '../../../src/sandbox/server.js';
import type { SandboxHandle } from '../../../src/sandbox/types.js';
import { Shell } from '../../../src/tui/shell.js';
import type { DashboardViewModel } from '../../../src/tui/view/viewModel.js';
import type { SetupState } from '../../../src/tui/auth/setupStore.js';
import { keyEvent, silentTerminal } from '../driver.js';
import { sandboxClient, testSettings } from '../helpers.js';
import { authHarness, type AuthHarness } from './helpers.js';

let sandbox: SandboxHandle;
let harness: AuthHarness | undefined;
let shell: Shell | undefined;
let client: ApiClient | undefined;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  shell?.dispose();
  shell = undefined;
  await client?.close();
  client = undefined;
  await harness?.close();
  harness = undefined;
});

const DAY = 86_400_000;
const expOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Shown = { dashboard: DashboardViewModel } | { setup: SetupState };

interface Run {
  shown(): Shown;
  until(condition: (shown: Shown) => boolean, what: string): Promise<void>;
  paste(text: string): void;
  key(name: string): void;
}

/** The program's shell on a dashboard of the sandbox with `token`, the CLI's real auth deps, and the clock `now`. */
async function open(token: string, now: () => Date, settings: Partial<Settings> = {}): Promise<Run> {
  harness = await authHarness(sandbox, { now });
  client = sandboxClient(sandbox, { token });
  const opened = new Shell({
    client,
    settings: testSettings({
      baseUrl: sandbox.baseUrl,
      frontendUrl: sandbox.frontendUrl,
      token,
      tokenSource: 'profile',
      ...settings,
    }),
    stdout: silentTerminal(110, 28),
    now,
    onQuit: () => undefined,
    stopProcess: () => undefined,
    auth: harness.auth,
  });
  shell = opened;
  const shown = (): Shown => {
    const view = opened.getSnapshot();
    if (view.kind === 'dashboard') return { dashboard: view.dashboard.view.getSnapshot() };
    if (view.kind === 'setup' && view.setup) return { setup: view.setup.state };
    throw new Error(`neither the dashboard nor the setup but ${view.kind}`);
  };
  return {
    shown,
    until: async (condition, what) => {
      const deadline = Date.now() + 10_000;
      while (!condition(shown())) {
        if (Date.now() > deadline) throw new Error(`Never got ${what}: ${JSON.stringify(shown()).slice(0, 2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    paste: (text) => opened.handleInput(text, keyEvent('a').key),
    key: (name) => {
      const { input, key } = keyEvent(name);
      opened.handleInput(input, key);
    },
  };
}

const dashboard = (s: Shown) => ('dashboard' in s ? s.dashboard : null);
const setup = (s: Shown) => ('setup' in s ? s.setup : null);
const message = (v: DashboardViewModel | null) => (v?.bottom.kind === 'message' ? v.bottom.lines.join(' ') : '');
const firstPage = (s: Shown) => {
  const v = dashboard(s);
  return v !== null && v.status.text.startsWith('slis · page 1') && v.status.loading === null;
};

describe('expiry', () => {
  test('fewer than 30 days left: the status line warns; more: it does not', async () => {
    const token = sandbox.issueToken();
    const exp = expOf(token);
    const run = await open(token, () => new Date(exp - 12.5 * DAY));
    await run.until(firstPage, 'page 1');
    expect(dashboard(run.shown())!.status.warning).toBe(`token expires in 12 days (${dayOf(exp)})`);
    shell!.dispose();
    await client!.close();
    await harness!.close();
    const calm = await open(token, () => new Date(exp - 31 * DAY));
    await calm.until(firstPage, 'page 1');
    expect(dashboard(calm.shown())!.status.warning).toBeUndefined();
  });

  test('an expired token opens the setup flow at start with that reason; a new token gets to the dashboard', async () => {
    const token = sandbox.issueToken();
    const run = await open(token, () => new Date(expOf(token) + DAY));
    await run.until((s) => setup(s)?.step === 'token', 'the token step');
    expect(setup(run.shown())!.reason).toContain(`The token of profile default expired on ${dayOf(expOf(token))}.`);
    // The harness context's clock is the same: the new token must be valid then too.
    run.paste(sandbox.issueToken({ expiresInSeconds: 3 * 365 * 86_400 }));
    run.key('Enter');
    await run.until((s) => /Logged in to .* as user-1 \(profile default\)/.test(message(dashboard(s))), 'logged in');
    await run.until(
      (s) =>
        dashboard(s)?.body.kind === 'list' && JSON.stringify(dashboard(s)!.body).includes('checkout-api availability'),
      'the SLIs',
    );
  });
});

describe('SLOTUI_TOKEN', () => {
  test('winning over the stored token is said on screen at start', async () => {
    const token = sandbox.issueToken();
    const run = await open(token, () => new Date(), { tokenSource: 'env', storedTokenShadowed: true });
    await run.until(
      (s) =>
        message(dashboard(s)).includes(
          'Using the token in SLOTUI_TOKEN: it wins over the token stored in profile default.',
        ),
      'the notice',
    );
  });
});

describe('a refused SLOTUI_TOKEN', () => {
  test('is named as the variable, not the profile; after a new token, the next start is said to use the variable again', async () => {
    const [head, body, sig = ''] = sandbox.issueToken().split('.');
    const refused = `${head}.${body}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const run = await open(refused, () => new Date(), { tokenSource: 'env' });
    await run.until((s) => setup(s)?.step === 'token', 'the token step');
    const reason = setup(run.shown())!.reason ?? '';
    expect(reason).toContain('The service refused the token in SLOTUI_TOKEN (HTTP 401)');
    expect(reason).toContain(
      'The new one is stored in profile default; unset SLOTUI_TOKEN for the next start to use it.',
    );
    run.paste(sandbox.issueToken());
    run.key('Enter');
    await run.until(
      (s) =>
        /Logged in to .*SLOTUI_TOKEN is still set: unset it, or the next start uses that token again\./.test(
          message(dashboard(s)),
        ),
      'logged in, with the variable still set',
    );
  });
});
