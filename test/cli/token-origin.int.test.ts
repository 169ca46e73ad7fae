/**
 * A stored token goes only to the origin of the base URL it was stored with:
 * SLOTUI_BASE_URL naming another service (without SLOTUI_TOKEN) sends nothing
 * and says whose the token is; in the dashboard, SLOTUI_TOKEN belongs to the
 * profile chosen at start, and `:profile` uses the stored token of the
 * profile chosen. Two sandboxes on 127.0.0.1 stand for two services.
 */
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { profileOpener } from '../../src/cli/commands/dashboard.js';
import { createContext } from '../../src/cli/context.js';
import { ConfigStore } from '../../src/config/store.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { removeTempDirs, run, tempDir } from './helpers.js';

let home: SandboxHandle;
let elsewhere: SandboxHandle;
beforeAll(async () => {
  [home, elsewhere] = await Promise.all([startSandbox(), startSandbox()]);
});
afterAll(async () => {
  await Promise.all([home?.close(), elsewhere?.close()]);
  await removeTempDirs();
});

async function storedProfiles({ withOther = true } = {}): Promise<string> {
  const configDir = await tempDir('slotui-origin-');
  const store = new ConfigStore(configDir);
  store.saveProfile('home', { baseUrl: home.baseUrl, token: home.token, caFile: home.caFile });
  if (withOther)
    store.saveProfile('other', { baseUrl: elsewhere.baseUrl, token: elsewhere.token, caFile: elsewhere.caFile });
  store.setCurrentProfile('home');
  return configDir;
}

describe('SLOTUI_BASE_URL naming another origin than the stored token', () => {
  test('nothing is sent: exit 4, naming the origin the token belongs to', async () => {
    const configDir = await storedProfiles();
    const before = elsewhere.stats().requests;
    const r = await run(['list', 'slis'], {
      env: { SLOTUI_CONFIG_DIR: configDir, SLOTUI_BASE_URL: elsewhere.baseUrl, SLOTUI_CA_FILE: elsewhere.caFile },
    });
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `slotui: The token stored in profile home belongs to ${home.baseUrl}, and SLOTUI_BASE_URL names ${elsewhere.baseUrl}: it is not sent there. Set SLOTUI_TOKEN to a token of that service, or unset SLOTUI_BASE_URL.\n`,
    );
    expect(r.code).toBe(4);
    expect(elsewhere.stats().requests).toBe(before);
    expect(elsewhere.stats().connections).toBe(0);
  });

  test('the same origin (another path) is the same service: the token goes', async () => {
    const configDir = await storedProfiles();
    const r = await run(['list', 'slis', '-o', 'name', '--limit', '1'], {
      env: { SLOTUI_CONFIG_DIR: configDir, SLOTUI_BASE_URL: `${home.baseUrl}/`, SLOTUI_CA_FILE: home.caFile },
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('sli/sli-000001\n');
  });

  test('with SLOTUI_TOKEN set, that token goes (it was given for that address)', async () => {
    const configDir = await storedProfiles();
    const r = await run(['list', 'slis', '-o', 'name', '--limit', '1'], {
      env: {
        SLOTUI_CONFIG_DIR: configDir,
        SLOTUI_BASE_URL: elsewhere.baseUrl,
        SLOTUI_CA_FILE: elsewhere.caFile,
        SLOTUI_TOKEN: elsewhere.token,
      },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('sli/sli-000001\n');
  });

  test('auth status says the same, and exits 4', async () => {
    const configDir = await storedProfiles({ withOther: false });
    const before = elsewhere.stats().connections;
    const r = await run(['auth', 'status'], {
      env: { SLOTUI_CONFIG_DIR: configDir, SLOTUI_BASE_URL: elsewhere.baseUrl, SLOTUI_CA_FILE: elsewhere.caFile },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`belongs to ${home.baseUrl}`);
    expect(elsewhere.stats().connections).toBe(before);
  });
});

describe('auth login with SLOTUI_BASE_URL naming another service than the profile', () => {
  test('the token is stored with the base URL it was checked with, and that is said', async () => {
    const configDir = await storedProfiles({ withOther: false });
    const env = { SLOTUI_CONFIG_DIR: configDir, SLOTUI_BASE_URL: elsewhere.baseUrl, SLOTUI_CA_FILE: elsewhere.caFile };
    const login = await run(['auth', 'login', '--with-token'], { env, stdin: elsewhere.token });
    expect(login.code).toBe(0);
    expect(login.stderr).toContain(
      `Profile home's base URL is now ${elsewhere.baseUrl}, the service this token was checked with.`,
    );
    expect(new ConfigStore(configDir).getProfile('home')).toMatchObject({
      baseUrl: elsewhere.baseUrl,
      token: elsewhere.token,
    });
  });
});

describe("the dashboard's :profile", () => {
  test('SLOTUI_TOKEN stays with the start profile; another profile gets its own stored token and address', async () => {
    const configDir = await storedProfiles();
    const env = { SLOTUI_CONFIG_DIR: configDir, SLOTUI_TOKEN: home.token };
    const ctx = createContext(
      { argv: [], env, stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough() },
      {},
    );
    const open = profileOpener(ctx);
    const other = await open('other');
    expect(other.settings).toMatchObject({
      baseUrl: elsewhere.baseUrl,
      token: elsewhere.token,
      tokenSource: 'profile',
    });
    expect((await other.client.listPage('slis', { limit: 1, offset: 0 })).results).toHaveLength(1);
    const back = await open('home');
    expect(back.settings).toMatchObject({ baseUrl: home.baseUrl, token: home.token, tokenSource: 'env' });
    // A CA file set on the profile after the dashboard started is the one the next :profile uses.
    const store = new ConfigStore(configDir);
    store.saveProfile('other', { ...store.getProfile('other')!, caFile: join(configDir, 'new-ca.pem') });
    expect((await open('other').catch((error: unknown) => ({ error }))) as object).toMatchObject({
      error: expect.objectContaining({ message: expect.stringContaining('new-ca.pem') }),
    });
    await ctx.close();
  });
});
