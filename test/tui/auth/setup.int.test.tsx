/**
 * The token setup flow through ink-testing-library, against a real sandbox
 * over TLS: the first run from the welcome screen to the dashboard (the JSON
 * answer pasted, stored 0600 in a 0700 folder, never drawn), the welcome
 * screen and the token page's address as drawn, and a paste over several
 * lines as Ink delivers it. The flow's other ways (a bare JWT, the CA file
 * step, garbage, expired, refused, unreachable, Esc) are
 * setup-flow.int.test.ts's, through the shell without Ink.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../../src/sandbox/server.js';
import type { SandboxHandle } from '../../../src/sandbox/types.js';
import { textWidth } from '../../../src/text/width.js';
import { KEYS, flat, waitForText, waitForWords, waitUntil } from '../helpers.js';
import {
  authHarness,
  pressUntil,
  renderRoot,
  storedConfig,
  tokenEndpointAnswer,
  tokenWatch,
  type AuthHarness,
  type RootView,
} from './helpers.js';

let sandbox: SandboxHandle;
let view: RootView | undefined;
let harness: AuthHarness | undefined;
const tokens = tokenWatch();
const secret = tokens.secret;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  // No frame of any test ever shows a token.
  tokens.neverIn(view?.frames() ?? []);
  tokens.neverIn(harness?.written ?? []);
  view?.unmount();
  view = undefined;
  await harness?.close();
  harness = undefined;
});

const expiryOf = (token: string) => {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
  return new Date(payload.exp * 1000).toISOString().slice(0, 10);
};

/** Opens the flow at the token step for `baseUrl` (both URLs typed, the frontend and the CA file by Enter). */
async function toTokenStep(v: RootView, baseUrl: string): Promise<void> {
  await waitForText(v, 'Base URL');
  v.type(baseUrl);
  v.press(KEYS.enter);
  await waitForText(v, '› Frontend URL');
  v.press(KEYS.enter);
  await waitForText(v, '› CA file');
  v.press(KEYS.enter);
  await waitForText(v, 'Paste the whole answer');
}

describe('first run', () => {
  test('welcome → connect → URLs → JSON answer pasted: verified, stored 0600/0700, who and until when, then the dashboard', async () => {
    harness = await authHarness(sandbox, { start: { kind: 'welcome' }, startDemo: undefined });
    view = renderRoot({ auth: harness.auth });
    await waitForWords(view, 'Welcome to slotui', 'Connect to a service');
    await pressUntil(view, 'c', '› Base URL');

    // http is refused with a sentence.
    view.type(sandbox.baseUrl.replace('https:', 'http:'));
    view.press(KEYS.enter);
    await waitForWords(view, 'The base URL must start with https://');
    view.press('\u0015'); // Ctrl+U clears the field
    view.type(sandbox.baseUrl);
    view.press(KEYS.enter);
    await waitForText(view, '› Frontend URL');
    view.press(KEYS.enter);
    await waitForText(view, '› CA file');
    view.press(KEYS.enter);

    const endpoint = `${sandbox.frontendUrl}/api/service/v1/users/m2m-token`;
    const frame = await waitForText(view, endpoint);
    // A clickable link (OSC 8) around our own URL; the clipboard is not touched until Ctrl+Y.
    expect(frame).toContain(`\u001B]8;;${endpoint}\u0007`);
    expect(harness.written).toEqual([]);
    expect(flat(frame)).toContain(
      'Copy it into your browser, or press Ctrl+Y to put it on the clipboard. Ctrl+O opens it in your browser.',
    );
    view.press('\u0019'); // Ctrl+Y
    await waitForText(view, 'Sent to the clipboard (if the terminal allows OSC 52).');
    expect(harness.written).toEqual([`\u001B]52;c;${Buffer.from(endpoint).toString('base64')}\u0007`]);
    view.press('\u000F'); // Ctrl+O
    await waitUntil(() => harness!.opened.length === 1, 'the browser opener');
    expect(harness.opened).toEqual([endpoint]);

    const answer = await tokenEndpointAnswer(sandbox);
    const token = secret((JSON.parse(answer) as { jwt: string }).jwt);
    view.paste(answer);
    await waitForText(view, `•••••••••••••••••••••••• (${answer.length} characters)`);
    view.press(KEYS.enter);
    const host = new URL(sandbox.baseUrl).host;
    await waitForWords(
      view,
      `Logged in to ${host} as user-1 (profile default); the token expires on ${expiryOf(token)}.`,
      'Press Enter to open the dashboard.',
    );

    expect(storedConfig(harness)).toEqual({
      currentProfile: 'default',
      profiles: { default: { baseUrl: sandbox.baseUrl, frontendUrl: sandbox.frontendUrl, token } },
    });
    expect(statSync(join(harness.configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(harness.configDir).mode & 0o777).toBe(0o700);

    view.press(KEYS.enter);
    await waitForText(view, 'checkout-api availability', 'profile default');
  });

  test('the welcome screen fits 80 columns, each choice wrapping under its own text', async () => {
    harness = await authHarness(sandbox, { start: { kind: 'welcome' } });
    view = renderRoot({ auth: harness.auth, columns: 80, rows: 24 });
    const frame = await waitForWords(view, 'Welcome to slotui', 'Connect to a service');
    const lines = frame.split('\n');
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(80);
    const connect = lines.findIndex((l) => l.startsWith('  c  Connect to a service'));
    expect(connect).toBeGreaterThan(-1);
    expect(lines[connect + 1]).toMatch(/^ {5}\S/);
    expect(lines.some((l) => l.startsWith('  q  Quit.'))).toBe(true);
  });

  test('a token page address longer than the terminal is shown whole, over several lines', async () => {
    harness = await authHarness(sandbox, { start: { kind: 'setup' } });
    // A host that exists nowhere: no certificate to check (this test is about the address shown).
    delete harness.auth.checkTls;
    view = renderRoot({ auth: harness.auth, columns: 60, rows: 24 });
    await waitForText(view, 'Base URL');
    const base = 'https://slo-frontend.a-rather-long-host-name.example.com/tenants/night-shift';
    view.type(base);
    view.press(KEYS.enter);
    await waitForText(view, '› Frontend URL');
    view.press(KEYS.enter);
    await waitForText(view, '› CA file');
    view.press(KEYS.enter);
    const frame = await waitForText(view, 'Paste the whole answer');
    // What the terminal shows: the OSC 8 link sequences around each piece take no room.
    // eslint-disable-next-line no-control-regex -- removing the link sequences is the point
    const lines = frame.split('\n').map((l) => l.replace(/\u001b\]8;;[^\u0007]*\u0007/g, ''));
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(60);
    const first = lines.findIndex((l) => l.startsWith('1. While logged in')) + 1;
    const shown = lines
      .slice(first, first + 3)
      .map((l) => l.trim())
      .join('');
    // Enter on the frontend field: the base URL's origin.
    expect(shown).toContain(`${new URL(base).origin}/api/service/v1/users/m2m-token`);
  });
});

describe('the setup flow (auth login on a terminal)', () => {
  async function openFlow(): Promise<RootView> {
    harness = await authHarness(sandbox, { start: { kind: 'setup' }, exitAfterLogin: true });
    view = renderRoot({ auth: harness.auth });
    return view;
  }

  test('a JSON answer pasted over several lines is not cut at its first newline', async () => {
    const v = await openFlow();
    await toTokenStep(v, sandbox.baseUrl);
    const token = secret(sandbox.issueToken());
    v.paste(`{\n  "jwt": "${token}"\n}`);
    v.press(KEYS.enter);
    await waitUntil(() => v.quitCodes.length > 0, 'the flow to end');
    expect(storedConfig(harness!).profiles.default?.token).toBe(token);
  });
});
