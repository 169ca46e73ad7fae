/**
 * The token inside a running dashboard, through Ink against the sandbox's
 * real tokens: the expiry warning under 30 days (injected clock), an expired
 * token opening the setup flow at start, a refused SLOTUI_TOKEN. A 401 while
 * working (back to the same resource, page, selection or details on the new
 * client) is relogin.test.ts's, over a fake client that starts refusing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../../src/sandbox/server.js';
import type { SandboxHandle } from '../../../src/sandbox/types.js';
import { KEYS, sandboxClient, statusLineOf, waitForPage, waitForText, waitForWords } from '../helpers.js';
import { authHarness, renderRoot, type AuthHarness, type RootView } from './helpers.js';

let sandbox: SandboxHandle;
let view: RootView | undefined;
let harness: AuthHarness | undefined;
const secrets: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const frame of view?.frames() ?? []) for (const secret of secrets) expect(frame).not.toContain(secret);
  view?.unmount();
  view = undefined;
  await harness?.close();
  harness = undefined;
});

const DAY = 86_400_000;
const expOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;

async function openDashboard(
  token: string,
  now: () => Date,
  tokenSource: 'profile' | 'env' = 'profile',
): Promise<RootView> {
  secrets.push(token);
  harness = await authHarness(sandbox, { now });
  view = renderRoot({
    client: sandboxClient(sandbox, { token }),
    settings: { baseUrl: sandbox.baseUrl, frontendUrl: sandbox.frontendUrl, token, tokenSource },
    auth: harness.auth,
    now,
  });
  return view;
}

describe('expiry', () => {
  test('fewer than 30 days left: the status line warns; more: it does not', async () => {
    const token = sandbox.issueToken();
    const exp = expOf(token);
    const v = await openDashboard(token, () => new Date(exp - 12.5 * DAY));
    const frame = await waitForPage(v, 1);
    expect(statusLineOf(frame)).toContain(`token expires in 12 days (${new Date(exp).toISOString().slice(0, 10)})`);
    v.unmount();
    view = undefined;
    await harness!.close();
    const calm = await openDashboard(token, () => new Date(exp - 31 * DAY));
    const later = await waitForPage(calm, 1);
    expect(statusLineOf(later)).not.toContain('token expires');
  });

  test('an expired token opens the setup flow at start with that reason; a new token gets to the dashboard', async () => {
    const token = sandbox.issueToken();
    const clock = () => new Date(expOf(token) + DAY);
    const v = await openDashboard(token, clock);
    await waitForWords(
      v,
      `The token of profile default expired on ${new Date(expOf(token)).toISOString().slice(0, 10)}.`,
      'Paste the whole answer',
    );
    // The harness context's clock is the same: the new token must be valid then too.
    const fresh = sandbox.issueToken({ expiresInSeconds: 3 * 365 * 86_400 });
    secrets.push(fresh);
    v.paste(fresh);
    v.press(KEYS.enter);
    await waitForWords(v, 'Logged in to', 'as user-1 (profile default)');
    await waitForText(v, 'checkout-api availability');
  });
});

describe('SLOTUI_TOKEN', () => {
  test('winning over the stored token is said on screen at start', async () => {
    const token = sandbox.issueToken();
    secrets.push(token);
    harness = await authHarness(sandbox, { now: () => new Date() });
    view = renderRoot({
      client: sandboxClient(sandbox, { token }),
      settings: { baseUrl: sandbox.baseUrl, token, tokenSource: 'env', storedTokenShadowed: true },
      auth: harness.auth,
      now: () => new Date(),
    });
    await waitForWords(view, 'Using the token in SLOTUI_TOKEN: it wins over the token stored in profile default.');
  });
});

describe('a refused SLOTUI_TOKEN', () => {
  test('is named as the variable, not the profile; after a new token, the next start is said to use the variable again', async () => {
    const [head, body, sig = ''] = sandbox.issueToken().split('.');
    const refused = `${head}.${body}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const v = await openDashboard(refused, () => new Date(), 'env');
    await waitForWords(
      v,
      'The service refused the token in SLOTUI_TOKEN (HTTP 401)',
      'The new one is stored in profile default; unset SLOTUI_TOKEN for the next start to use it.',
    );
    const fresh = sandbox.issueToken();
    secrets.push(fresh);
    v.paste(fresh);
    v.press(KEYS.enter);
    await waitForWords(
      v,
      'Logged in to',
      'SLOTUI_TOKEN is still set: unset it, or the next start uses that token again.',
    );
  });
});
