/**
 * The token inside a running dashboard: the expiry warning under 30 days
 * (injected clock), an expired token opening the setup flow at start, and a
 * 401 while working: the flow, then back to the same resource, page and
 * selection with a client on the new token.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../../src/sandbox/server.js';
import type { SandboxHandle } from '../../../src/sandbox/types.js';
import { KEYS, sandboxClient, statusLineOf, waitForPage, waitForText, waitForWords, waitUntil } from '../helpers.js';
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

describe('a token the service refuses at start', () => {
  test('after a new token every tab has its count again, not only the one shown', async () => {
    const [head, body, sig = ''] = sandbox.issueToken().split('.');
    const refused = `${head}.${body}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const v = await openDashboard(refused, () => new Date());
    await waitForWords(v, 'The service refused the token of profile default (HTTP 401)', 'Paste the whole answer');
    // The other tabs' first reads are refused too (in the background).
    await waitUntil(() => sandbox.requests.filter((r) => !r.authorized).length >= 2, 'the refused reads');
    const fresh = sandbox.issueToken();
    secrets.push(fresh);
    v.paste(fresh);
    v.press(KEYS.enter);
    await waitForWords(v, 'Logged in to');
    await waitForText(v, 'SLIs (30)', 'SLOs (20)', 'Orgs (4)', 'Agreements (5)');
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

describe('a 401 while working', () => {
  test('opens the flow; afterwards the same resource, page and selection, on a client with the new token', async () => {
    const shortLived = sandbox.issueToken({ expiresInSeconds: 2 });
    const v = await openDashboard(shortLived, () => new Date());
    await waitForPage(v, 1, 2);
    v.press('2'); // SLOs
    await waitForText(v, 'slos · page 1 of');
    v.press('1'); // back to SLIs, to show the resource is kept too
    await waitForPage(v, 1, 2);
    v.press('n');
    await waitForPage(v, 2, 2);
    v.press('j', 'j', 'j');
    v.press(KEYS.enter);
    const detail = await waitForText(v, 'sli-0000');
    const selectedId = /ID\s+(sli-\d+)/.exec(detail)?.[1] ?? /(sli-\d{6})/.exec(detail)?.[1];
    expect(selectedId).toBeDefined();
    v.press(KEYS.escape);
    await waitForPage(v, 2, 2);

    // Let the token run out at the service (bounded wait on the real clock), then reload.
    await waitUntil(() => Date.now() > expOf(shortLived) + 50, 'the short-lived token to expire', 5000);
    v.press('r');
    await waitForWords(v, 'The service refused the token of profile default (HTTP 401)', 'Paste the whole answer');
    // The setup opened by itself: the clipboard is left alone (only Ctrl+Y writes it).
    expect(harness!.written).toEqual([]);

    const fresh = sandbox.issueToken();
    secrets.push(fresh);
    sandbox.requests.splice(0);
    v.paste(fresh);
    v.press(KEYS.enter);
    await waitForWords(v, 'Logged in to', '(profile default)');
    const back = await waitForPage(v, 2, 2);
    expect(statusLineOf(back)).toMatch(/^slis · page 2 of 2/);
    // The requests after the setup carry the new token and are accepted.
    await waitUntil(
      () => sandbox.requests.some((r) => r.path.startsWith('/v1/slis/') && r.authorized),
      'an authorized request',
    );
    // Same selection: Enter opens the same record.
    v.press(KEYS.enter);
    await waitForText(v, selectedId!);
    expect(v.lastFrame()).not.toContain('Paste the whole answer');
  });

  test('a 401 met on a detail screen opens the flow too, and comes back to that record', async () => {
    const shortLived = sandbox.issueToken({ expiresInSeconds: 2 });
    const v = await openDashboard(shortLived, () => new Date());
    await waitForPage(v, 1, 2);
    v.press('j', KEYS.enter);
    await waitForText(v, 'sli-000002', 'queries');
    await waitUntil(() => Date.now() > expOf(shortLived) + 50, 'the short-lived token to expire', 5000);
    v.press('r'); // the detail reads its record again: refused
    await waitForWords(v, 'The service refused the token of profile default (HTTP 401)', 'Paste the whole answer');
    const fresh = sandbox.issueToken();
    secrets.push(fresh);
    v.paste(fresh);
    v.press(KEYS.enter);
    await waitForWords(v, 'Logged in to', '(profile default)');
    const back = await waitForText(v, 'sli-000002', 'queries');
    expect(back).not.toContain('Paste the whole answer');
  });
});
