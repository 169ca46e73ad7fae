/**
 * Several profiles: `auth status` lists each (host, user, expiry, whether the
 * token works now) and never a token; SLOTUI_TOKEN winning is said. What is
 * decided without a service (browser, first run, tmux) is in auth-start.test.ts.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigStore } from '../../src/config/store.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { removeTempDirs, run, startCliHarness, tempDir, type CliHarness, type RunResult } from './helpers.js';

let h: CliHarness;
let other: SandboxHandle;
beforeAll(async () => {
  h = await startCliHarness();
  other = await startSandbox();
});
afterAll(async () => {
  await h?.close();
  await other?.close();
  await removeTempDirs();
});

const neverShows = (result: RunResult, tokens: string[]) => {
  for (const token of tokens) {
    expect(result.stdout).not.toContain(token);
    expect(result.stderr).not.toContain(token);
  }
};

describe('auth status with several profiles', () => {
  test('profile names from a hand-edited file are shown without what a terminal would act on', async () => {
    const configDir = await tempDir('slotui-profiles-');
    const hostile = 'x\u001b]52;c;cHduZWQ=\u0007\u001b[2Jy\u202e';
    const prod = h.sandbox.issueToken({ sub: 'prod-user' });
    await writeFile(
      join(configDir, 'config.json'),
      JSON.stringify({
        currentProfile: 'prod',
        profiles: { prod: { baseUrl: h.sandbox.baseUrl, token: prod }, [hostile]: {} },
      }),
      { mode: 0o600 },
    );
    const r = await run(['auth', 'status'], {
      env: { SLOTUI_CONFIG_DIR: configDir, SLOTUI_CA_FILE: h.sandbox.caFile },
    });
    expect(r.code).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(r.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(r.stdout).toContain('other profiles: xy');
    expect(r.stdout).toMatch(/^ {4}xy · no base URL/m);
    const json = await run(['auth', 'status', '--json'], {
      env: { SLOTUI_CONFIG_DIR: configDir, SLOTUI_CA_FILE: h.sandbox.caFile },
    });
    // eslint-disable-next-line no-control-regex
    expect(json.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    expect((JSON.parse(json.stdout) as { storedProfiles: string[] }).storedProfiles).toContain(hostile); // the data kept
  });

  test('each profile: host, user, expiry, works or refused; the current one marked; no token anywhere', async () => {
    const configDir = await tempDir('slotui-profiles-');
    const store = new ConfigStore(configDir);
    const prod = h.sandbox.issueToken({ sub: 'prod-user' });
    const staging = other.issueToken({ sub: 'staging-user' }); // signed by another sandbox: refused by h.sandbox
    const expired = h.sandbox.issueToken({ sub: 'old-user', expiresInSeconds: -10 });
    store.saveProfile('prod', { baseUrl: h.sandbox.baseUrl, token: prod });
    store.saveProfile('staging', { baseUrl: h.sandbox.baseUrl, token: staging });
    store.saveProfile('old', { baseUrl: h.sandbox.baseUrl, token: expired });
    store.saveProfile('empty', { baseUrl: h.sandbox.baseUrl });
    store.setCurrentProfile('prod');
    const env = { SLOTUI_CONFIG_DIR: configDir, SLOTUI_CA_FILE: h.sandbox.caFile };
    const host = new URL(h.sandbox.baseUrl).host;

    const r = await run(['auth', 'status'], { env });
    expect(r.code).toBe(0);
    neverShows(r, [prod, staging, expired]);
    expect(r.stdout).toContain('Stored profiles (* the one in use):');
    expect(r.stdout).toMatch(
      new RegExp(`^  \\* prod · ${host} · token ….{4} · user prod-user · expires \\d{4}-\\d\\d-\\d\\d · works$`, 'm'),
    );
    expect(r.stdout).toMatch(
      new RegExp(`^    staging · ${host} · token ….{4} · user staging-user · expires .* · refused or expired$`, 'm'),
    );
    expect(r.stdout).toMatch(/^ {4}old · .* · user old-user · expires .* · refused or expired$/m);
    expect(r.stdout).toMatch(/^ {4}empty · .* · no token · not checked$/m);

    const json = await run(['auth', 'status', '--json'], { env });
    neverShows(json, [prod, staging, expired]);
    const parsed = JSON.parse(json.stdout) as { profiles: { name: string; works: boolean | null; current: boolean }[] };
    expect(parsed.profiles.map((p) => [p.name, p.works, p.current])).toEqual([
      ['empty', null, false],
      ['old', false, false],
      ['prod', true, true],
      ['staging', false, false],
    ]);

    // SLOTUI_TOKEN wins over the stored token, and status says so.
    const envToken = h.sandbox.issueToken({ sub: 'from-env' });
    const withEnv = await run(['auth', 'status', '--profile', 'staging'], { env: { ...env, SLOTUI_TOKEN: envToken } });
    expect(withEnv.code).toBe(0);
    neverShows(withEnv, [prod, staging, expired, envToken]);
    expect(withEnv.stdout).toContain('from SLOTUI_TOKEN, which wins over any stored token');
    expect(withEnv.stdout).toContain('SLOTUI_TOKEN is set: it wins over the stored token of the profile in use.');
    expect(withEnv.stdout).toMatch(/^User\s+from-env$/m);
  });

  test('a config file others can read is refused with the chmod that fixes it, before any token is read', async () => {
    const configDir = await tempDir('slotui-loose-');
    const store = new ConfigStore(configDir);
    const token = h.sandbox.issueToken();
    store.saveProfile('default', { baseUrl: h.sandbox.baseUrl, token });
    const { chmodSync } = await import('node:fs');
    chmodSync(store.file, 0o644);
    const r = await run(['auth', 'status'], { env: { SLOTUI_CONFIG_DIR: configDir } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Run \`chmod 600 ${store.file}\``);
    neverShows(r, [token]);
  });
});

describe('SLOTUI_TOKEN with a profile of its own base URL', () => {
  test('a one-line warning on stderr, once, naming where the token goes; the command still runs', async () => {
    const dir = await tempDir();
    new ConfigStore(dir).saveProfile('prod', { baseUrl: h.sandbox.baseUrl });
    const env = { SLOTUI_CONFIG_DIR: dir, SLOTUI_CA_FILE: h.sandbox.caFile, SLOTUI_TOKEN: h.sandbox.token };
    const r = await run(['list', 'slis', '--profile', 'prod', '--limit', '1'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `slotui: warning: SLOTUI_TOKEN from the environment is sent to ${new URL(h.sandbox.baseUrl).origin}, the base URL of profile prod; set SLOTUI_BASE_URL with it, or unset it to use the profile's own token.\n`,
    );
    neverShows(r, [h.sandbox.token]);
    const both = await run(['list', 'slis', '--limit', '1'], { env: { ...env, SLOTUI_BASE_URL: h.sandbox.baseUrl } });
    expect(both.stderr).toBe('');
  });
});
