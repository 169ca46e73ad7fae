/**
 * The token setup flow against real sandboxes over TLS, through the program's
 * shell (src/tui/shell.ts) without Ink, read from its state: a bare JWT
 * stored, the CA file step (prefilled, refused, asked for by an untrusted
 * certificate), garbage, expired, refused and unreachable, and Esc. What is
 * drawn (the welcome screen, the token page's address, the first run through
 * to the dashboard, a token never drawn) is setup.int.test.tsx's, through Ink.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../../src/sandbox/server.js';
import type { SandboxHandle } from '../../../src/sandbox/types.js';
import type { SetupState } from '../../../src/tui/auth/setupStore.js';
import { Shell } from '../../../src/tui/shell.js';
import type { Settings } from '../../../src/config/types.js';
import { keyEvent, silentTerminal } from '../driver.js';
import { FIXED_NOW, testSettings } from '../helpers.js';
import { authHarness, storedConfig, tokenWatch, type AuthHarness } from './helpers.js';

let sandbox: SandboxHandle;
let other: SandboxHandle;
let harness: AuthHarness | undefined;
let shell: Shell | undefined;
const tokens = tokenWatch();
const secret = tokens.secret;

beforeAll(async () => {
  [sandbox, other] = await Promise.all([startSandbox(), startSandbox({ userId: 'someone-else' })]);
});
afterAll(async () => {
  await Promise.all([sandbox.close(), other.close()]);
});
afterEach(async () => {
  // Nothing the flow wrote to the terminal itself ever holds a token.
  tokens.neverIn(harness?.written ?? []);
  shell?.dispose();
  shell = undefined;
  await harness?.close();
  harness = undefined;
});

interface Flow {
  quitCodes: number[];
  state(): SetupState;
  key(...keys: string[]): void;
  /** Types text, a key a character. */
  type(text: string): void;
  /** One read of several characters, as a terminal delivers a paste. */
  paste(text: string): void;
  until(condition: (s: SetupState) => boolean, what: string): Promise<void>;
}

/** The shell on the token setup (as `slotui auth login` opens it), with the CLI's real auth deps. */
async function openFlow(options: { settings?: Partial<Settings>; env?: NodeJS.ProcessEnv } = {}): Promise<Flow> {
  harness = await authHarness(sandbox, { start: { kind: 'setup' }, exitAfterLogin: true, env: options.env });
  const quitCodes: number[] = [];
  const opened = new Shell({
    settings: testSettings(options.settings),
    stdout: silentTerminal(110, 28),
    now: () => FIXED_NOW,
    onQuit: (code) => quitCodes.push(code),
    stopProcess: () => undefined,
    auth: harness.auth,
  });
  shell = opened;
  const state = (): SetupState => {
    const view = opened.getSnapshot();
    if (view.kind !== 'setup' || !view.setup) throw new Error(`not the setup but ${view.kind}`);
    return view.setup.state;
  };
  const send = (input: string) => opened.handleInput(input, keyEvent('a').key);
  return {
    quitCodes,
    state,
    key: (...keys) =>
      keys.forEach((k) => {
        const { input, key } = keyEvent(k);
        opened.handleInput(input, key);
      }),
    type: (text) => {
      for (const ch of text) send(ch);
    },
    paste: send,
    until: async (condition, what) => {
      const deadline = Date.now() + 10_000;
      while (!(opened.getSnapshot().kind === 'setup' && condition(state()))) {
        if (quitCodes.length > 0 || Date.now() > deadline)
          throw new Error(
            `Never got ${what}: ${JSON.stringify(opened.getSnapshot().kind === 'setup' ? state() : null)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

const ended = (f: Flow) =>
  new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 10_000;
    const poll = () =>
      f.quitCodes.length > 0
        ? resolve()
        : Date.now() > deadline
          ? reject(new Error('the flow never ended'))
          : setTimeout(poll, 5);
    poll();
  });

/** At the token step for `baseUrl` (both URLs typed, the frontend and the CA file by Enter). */
async function toTokenStep(f: Flow, baseUrl: string): Promise<void> {
  f.type(baseUrl);
  f.key('Enter');
  await f.until((s) => s.step === 'frontend-url', 'the frontend URL');
  f.key('Enter');
  await f.until((s) => s.step === 'ca-file', 'the CA file');
  f.key('Enter');
  await f.until((s) => s.step === 'token', 'the token step');
}

describe('the setup flow (auth login on a terminal)', () => {
  test('a bare JWT: stored, the flow ends with exit 0 and the outcome', async () => {
    const f = await openFlow();
    await toTokenStep(f, sandbox.baseUrl);
    const token = secret(sandbox.issueToken({ sub: 'alice' }));
    f.paste(token);
    f.key('Enter');
    await ended(f);
    expect(f.quitCodes).toEqual([0]);
    expect(harness!.logins.map((l) => [l.user, l.profile])).toEqual([['alice', 'default']]);
    expect(storedConfig(harness!).profiles.default?.token).toBe(token);
  });

  test('the CA file step: prefilled from SLOTUI_CA_FILE (or the profile), used for the check, stored in the profile', async () => {
    const f = await openFlow({ settings: { caFile: sandbox.caFile } });
    f.type(sandbox.baseUrl);
    f.key('Enter');
    await f.until((s) => s.step === 'frontend-url', 'the frontend URL');
    f.key('Enter');
    await f.until((s) => s.step === 'ca-file', 'the CA file');
    expect(f.state().caFile.value).toBe(sandbox.caFile);
    f.key('Enter');
    await f.until((s) => s.step === 'token', 'the token step');
    f.paste(secret(sandbox.issueToken()));
    f.key('Enter');
    await ended(f);
    expect(storedConfig(harness!).profiles.default).toMatchObject({ baseUrl: sandbox.baseUrl, caFile: sandbox.caFile });
  });

  test('a CA file that cannot be used is refused at its own step, saying what to give; fixed, the flow goes on', async () => {
    const f = await openFlow();
    f.type(sandbox.baseUrl);
    f.key('Enter');
    await f.until((s) => s.step === 'frontend-url', 'the frontend URL');
    f.key('Enter');
    await f.until((s) => s.step === 'ca-file', 'the CA file');
    f.type(join(harness!.configDir, 'missing.pem'));
    f.key('Enter');
    await f.until((s) => s.error !== null, 'the CA file refused');
    expect(f.state().error).toContain(
      'missing.pem does not exist. Give the path of a PEM file of certificate authorities, or leave the field empty.',
    );
    expect(f.state().step).toBe('ca-file');
    f.key('Ctrl+U');
    f.type(sandbox.caFile);
    f.key('Enter');
    await f.until((s) => s.step === 'token', 'the token step');
  });

  test('a certificate not trusted is found when the base URL is entered: the CA file field asks for one, before any token', async () => {
    const f = await openFlow({ env: { SLOTUI_CA_FILE: '' } });
    f.type(sandbox.baseUrl);
    f.key('Enter');
    await f.until((s) => s.step === 'ca-file', 'the CA file asked for');
    const said = f.state().error ?? '';
    expect(said).toContain("The service's certificate is not trusted");
    expect(said).toContain('If the service uses a private certificate authority, give its PEM file here');
    expect(said).not.toContain('--ca-file');
    // The sandbox's CA given: checked with it, then on to the token.
    f.type(sandbox.caFile);
    f.key('Enter');
    await f.until((s) => s.step === 'token', 'the token step');
    f.paste(secret(sandbox.issueToken()));
    f.key('Enter');
    await ended(f);
    expect(f.quitCodes).toEqual([0]);
  });

  test('garbage: "not a JWT", the value kept; fixed, then accepted', async () => {
    const f = await openFlow();
    await toTokenStep(f, sandbox.baseUrl);
    f.paste('hello there');
    f.key('Enter');
    await f.until((s) => s.error !== null, 'the refusal');
    expect(f.state().error).toBe('That is not a JWT or the JSON {"jwt": ...} answer of the token endpoint.');
    expect(f.state().token.value).toBe('hello there');
    f.key('Ctrl+U');
    f.paste(secret(sandbox.issueToken()));
    f.key('Enter');
    await ended(f);
    expect(f.quitCodes).toEqual([0]);
  });

  test('an expired JWT: that reason, nothing sent, nothing stored', async () => {
    const f = await openFlow();
    await toTokenStep(f, sandbox.baseUrl);
    const before = sandbox.stats().requests;
    const expired = secret(sandbox.issueToken({ expiresInSeconds: -10 }));
    f.paste(expired);
    f.key('Enter');
    await f.until((s) => s.error !== null, 'the refusal');
    expect(f.state().error).toMatch(/This token expired on .*Get a new one from/);
    expect(sandbox.stats().requests).toBe(before);
    expect(f.state().token.value).toBe(expired);
    expect(harness!.logins).toEqual([]);
  });

  test('a token the service refuses (signed by another sandbox): that reason, nothing stored', async () => {
    const f = await openFlow();
    await toTokenStep(f, sandbox.baseUrl);
    f.paste(secret(other.issueToken()));
    f.key('Enter');
    await f.until((s) => s.error !== null && !s.busy, 'the refusal');
    expect(f.state().error).toContain('The service refused this token (HTTP 401); it was not stored.');
    expect(harness!.logins).toEqual([]);
    expect(f.quitCodes).toEqual([]);
  });

  test('an unreachable service (a closed port): said when the base URL is entered, which stays to be fixed', async () => {
    const port = await closedPort();
    const f = await openFlow();
    f.type(`https://127.0.0.1:${port}`);
    f.key('Enter');
    await f.until((s) => s.error !== null, 'the failure');
    expect(f.state().error).toContain(`Could not connect to https://127.0.0.1:${port}`);
    expect(f.state().step).toBe('base-url');
    // Fixed: on to the next field.
    f.key('Ctrl+U');
    f.type(sandbox.baseUrl);
    f.key('Enter');
    await f.until((s) => s.step === 'frontend-url', 'the frontend URL');
    expect(harness!.logins).toEqual([]);
  });

  test('Esc on the first field cancels (exit 1 for auth login)', async () => {
    const f = await openFlow();
    expect(f.state().step).toBe('base-url');
    f.key('Esc');
    await ended(f);
    expect(f.quitCodes).toEqual([1]);
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
