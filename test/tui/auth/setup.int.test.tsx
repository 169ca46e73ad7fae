/**
 * The token setup flow end to end through ink-testing-library, against real
 * sandboxes over TLS: first run (welcome), JSON or bare JWT pasted, garbage,
 * expired, refused, unreachable; stored 0600 in a 0700 folder; never drawn.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
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
  tokenEndpointAnswer,
  type AuthHarness,
  type RootView,
} from './helpers.js';

let sandbox: SandboxHandle;
let other: SandboxHandle;
let view: RootView | undefined;
let harness: AuthHarness | undefined;
const secrets: string[] = [];

beforeAll(async () => {
  [sandbox, other] = await Promise.all([startSandbox(), startSandbox({ userId: 'someone-else' })]);
});
afterAll(async () => {
  await Promise.all([sandbox.close(), other.close()]);
});
afterEach(async () => {
  // No frame of any test ever shows a token.
  for (const frame of view?.frames() ?? []) for (const secret of secrets) expect(frame).not.toContain(secret);
  for (const sequence of harness?.written ?? []) for (const secret of secrets) expect(sequence).not.toContain(secret);
  view?.unmount();
  view = undefined;
  await harness?.close();
  harness = undefined;
});

const secret = <T extends string>(token: T): T => {
  secrets.push(token);
  return token;
};

const storedConfig = (h: AuthHarness) =>
  JSON.parse(readFileSync(join(h.configDir, 'config.json'), 'utf8')) as {
    currentProfile?: string;
    profiles: Record<string, { token?: string; baseUrl?: string; frontendUrl?: string }>;
  };

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

  test('welcome → d starts the demo', async () => {
    harness = await authHarness(sandbox, {
      start: { kind: 'welcome' },
      startDemo: async () => ({
        client: (await import('../helpers.js')).sandboxClient(sandbox),
        settings: (await import('../helpers.js')).testSettings({ profileName: 'demo' }),
      }),
    });
    view = renderRoot({ auth: harness.auth });
    await waitForWords(view, 'Try the demo sandbox');
    await pressUntil(view, 'd', 'profile demo · demo sandbox');
    await waitForText(view, 'checkout-api availability', 'demo sandbox');
  });
});

describe('the setup flow (auth login on a terminal)', () => {
  async function openFlow(): Promise<RootView> {
    harness = await authHarness(sandbox, { start: { kind: 'setup' }, exitAfterLogin: true });
    view = renderRoot({ auth: harness.auth });
    return view;
  }

  test('a bare JWT: stored, the flow ends with exit 0 and the outcome', async () => {
    const v = await openFlow();
    await toTokenStep(v, sandbox.baseUrl);
    const token = secret(sandbox.issueToken({ sub: 'alice' }));
    v.paste(token);
    v.press(KEYS.enter);
    await waitUntil(() => v.quitCodes.length > 0, 'the flow to end');
    expect(v.quitCodes).toEqual([0]);
    expect(harness!.logins.map((l) => [l.user, l.profile])).toEqual([['alice', 'default']]);
    expect(storedConfig(harness!).profiles.default?.token).toBe(token);
  });

  test('the CA file step: prefilled from SLOTUI_CA_FILE (or the profile), used for the check, stored in the profile', async () => {
    harness = await authHarness(sandbox, { start: { kind: 'setup' }, exitAfterLogin: true });
    view = renderRoot({ auth: harness.auth, settings: { caFile: sandbox.caFile } });
    await waitForText(view, 'Base URL');
    view.type(sandbox.baseUrl);
    view.press(KEYS.enter);
    await waitForText(view, '› Frontend URL');
    view.press(KEYS.enter);
    await waitForText(view, '› CA file', sandbox.caFile.slice(-20));
    view.press(KEYS.enter);
    await waitForText(view, 'Paste the whole answer');
    view.paste(secret(sandbox.issueToken()));
    view.press(KEYS.enter);
    const v = view;
    await waitUntil(() => v.quitCodes.length > 0, 'the flow to end');
    expect(storedConfig(harness).profiles.default).toMatchObject({ baseUrl: sandbox.baseUrl, caFile: sandbox.caFile });
  });

  test('a CA file that cannot be used is refused at its own step, saying what to give; fixed, the flow goes on', async () => {
    harness = await authHarness(sandbox, { start: { kind: 'setup' }, exitAfterLogin: true });
    const v = (view = renderRoot({ auth: harness.auth }));
    await waitForText(v, 'Base URL');
    v.type(sandbox.baseUrl);
    v.press(KEYS.enter);
    await waitForText(v, '› Frontend URL');
    v.press(KEYS.enter);
    await waitForText(v, '› CA file');
    v.type(join(harness.configDir, 'missing.pem'));
    v.press(KEYS.enter);
    await waitForWords(
      v,
      'missing.pem does not exist. Give the path of a PEM file of certificate authorities, or leave the field empty.',
    );
    expect(v.lastFrame()).toContain('› CA file');
    expect(v.lastFrame()).not.toContain('Paste the whole answer');
    v.press('\u0015');
    v.type(sandbox.caFile);
    v.press(KEYS.enter);
    await waitForText(v, 'Paste the whole answer');
  });

  test('a certificate not trusted is found when the base URL is entered: the CA file field asks for one, before any token', async () => {
    harness = await authHarness(sandbox, {
      start: { kind: 'setup' },
      exitAfterLogin: true,
      env: { SLOTUI_CA_FILE: '' },
    });
    const v = (view = renderRoot({ auth: harness.auth }));
    await waitForText(v, 'Base URL');
    v.type(sandbox.baseUrl);
    v.press(KEYS.enter);
    await waitForText(v, '› CA file');
    await waitForWords(
      v,
      "The service's certificate is not trusted",
      'If the service uses a private certificate authority, give its PEM file here',
    );
    expect(flat(v.lastFrame())).not.toContain('--ca-file');
    // The sandbox's CA given: checked with it, then on to the token.
    v.type(sandbox.caFile);
    v.press(KEYS.enter);
    await waitForText(v, 'Paste the whole answer');
    v.paste(secret(sandbox.issueToken()));
    v.press(KEYS.enter);
    await waitUntil(() => v.quitCodes.length > 0, 'the flow to end');
    expect(v.quitCodes).toEqual([0]);
  });

  test('garbage: "not a JWT", the value kept; fixed, then accepted', async () => {
    const v = await openFlow();
    await toTokenStep(v, sandbox.baseUrl);
    v.paste('hello there');
    v.press(KEYS.enter);
    await waitForWords(v, 'That is not a JWT or the JSON {"jwt": ...} answer of the token endpoint.');
    expect(v.lastFrame()).toContain('(11 characters)');
    v.press('\u0015');
    v.paste(secret(sandbox.issueToken()));
    v.press(KEYS.enter);
    await waitUntil(() => v.quitCodes.length > 0, 'the flow to end');
    expect(v.quitCodes).toEqual([0]);
  });

  test('an expired JWT: that reason, nothing sent, nothing stored', async () => {
    const v = await openFlow();
    await toTokenStep(v, sandbox.baseUrl);
    const before = sandbox.stats().requests;
    const expired = secret(sandbox.issueToken({ expiresInSeconds: -10 }));
    v.paste(expired);
    v.press(KEYS.enter);
    await waitForWords(v, 'This token expired on', 'Get a new one from');
    expect(sandbox.stats().requests).toBe(before);
    expect(v.lastFrame()).toContain(`(${expired.length} characters)`);
    expect(harness!.logins).toEqual([]);
  });

  test('a token the service refuses (signed by another sandbox): that reason, nothing stored', async () => {
    const v = await openFlow();
    await toTokenStep(v, sandbox.baseUrl);
    v.paste(secret(other.issueToken()));
    v.press(KEYS.enter);
    await waitForWords(v, 'The service refused this token (HTTP 401); it was not stored.');
    expect(harness!.logins).toEqual([]);
    expect(v.quitCodes).toEqual([]);
  });

  test('an unreachable service (a closed port): said when the base URL is entered, which stays to be fixed', async () => {
    const port = await closedPort();
    const v = await openFlow();
    await waitForText(v, 'Base URL');
    v.type(`https://127.0.0.1:${port}`);
    v.press(KEYS.enter);
    await waitForWords(v, `Could not connect to https://127.0.0.1:${port}`);
    expect(v.lastFrame()).toContain('› Base URL');
    // Fixed: on to the next field.
    v.press('\u0015');
    v.type(sandbox.baseUrl);
    v.press(KEYS.enter);
    await waitForText(v, '› Frontend URL');
    expect(harness!.logins).toEqual([]);
  });

  test('a JSON answer pasted over several lines is not cut at its first newline', async () => {
    const v = await openFlow();
    await toTokenStep(v, sandbox.baseUrl);
    const token = secret(sandbox.issueToken());
    v.paste(`{\n  "jwt": "${token}"\n}`);
    v.press(KEYS.enter);
    await waitUntil(() => v.quitCodes.length > 0, 'the flow to end');
    expect(storedConfig(harness!).profiles.default?.token).toBe(token);
  });

  test('Esc on the first field cancels (exit 1 for auth login)', async () => {
    const v = await openFlow();
    await waitForText(v, '› Base URL');
    v.press(KEYS.escape);
    await waitUntil(() => v.quitCodes.length > 0, 'the flow to end');
    expect(v.quitCodes).toEqual([1]);
  });
});

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
