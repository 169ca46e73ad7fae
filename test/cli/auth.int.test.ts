import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { run, startCliHarness, removeTempDirs, tempDir, type CliHarness, type RunResult } from './helpers.js';

let h: CliHarness;
let configDir: string;
beforeAll(async () => {
  h = await startCliHarness();
});
afterAll(async () => {
  await h?.close();
  await removeTempDirs();
});
beforeEach(async () => {
  configDir = await tempDir('slotui-auth-config-');
});

/** No SLOTUI_TOKEN or SLOTUI_BASE_URL: the stored profile is what counts. */
const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  SLOTUI_CONFIG_DIR: configDir,
  SLOTUI_CA_FILE: h.sandbox.caFile,
  ...extra,
});
const configFile = () => join(configDir, 'config.json');
const stored = () =>
  JSON.parse(readFileSync(configFile(), 'utf8')) as {
    currentProfile?: string;
    profiles: Record<string, { token?: string; baseUrl?: string }>;
  };

/** A token the sandbox did not sign (the signature's first character changed). */
const forged = (token: string): string => {
  const [head, body, sig = ''] = token.split('.');
  return `${head}.${body}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
};

const neverShows = (result: RunResult, ...tokens: string[]) => {
  for (const token of tokens) {
    expect(result.stdout).not.toContain(token);
    expect(result.stderr).not.toContain(token);
  }
};

const expectedExpiry = () => {
  const payload = JSON.parse(Buffer.from(h.sandbox.token.split('.')[1]!, 'base64url').toString()) as { exp: number };
  return new Date(payload.exp * 1000).toISOString().slice(0, 10);
};

describe('auth login --with-token', () => {
  test('a bare JWT on stdin: verified, stored 0600 in a 0700 folder, profile made current', async () => {
    const r = await run(['auth', 'login', '--with-token', '--base-url', h.sandbox.baseUrl], {
      env: env(),
      stdin: `${h.sandbox.token}\n`,
    });
    expect(r.code).toBe(0);
    const host = new URL(h.sandbox.baseUrl).host;
    expect(r.stdout).toBe(
      `Logged in to ${host} as user-1 (profile default); the token expires on ${expectedExpiry()}.\n`,
    );
    neverShows(r, h.sandbox.token);
    // The CA it was checked with (SLOTUI_CA_FILE) is stored too: the next run trusts the service without the variable.
    expect(stored()).toEqual({
      currentProfile: 'default',
      profiles: { default: { baseUrl: h.sandbox.baseUrl, token: h.sandbox.token, caFile: h.sandbox.caFile } },
    });
    if (process.platform !== 'win32') {
      expect(statSync(configFile()).mode & 0o777).toBe(0o600);
      expect(statSync(configDir).mode & 0o777).toBe(0o700);
    }
    // The stored profile alone now reaches the service.
    const list = await run(['list', 'slis', '--json', '--limit', '1'], { env: { SLOTUI_CONFIG_DIR: configDir } });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toHaveLength(1);
  });

  test('the JSON answer of the token endpoint, into a named profile', async () => {
    const json = `{\n  "jwt": "${h.sandbox.token}"\n}\n`;
    const r = await run(
      [
        'auth',
        'login',
        '--with-token',
        '--profile',
        'sandbox',
        '--base-url',
        h.sandbox.baseUrl,
        '--frontend-url',
        h.sandbox.frontendUrl,
      ],
      { env: env(), stdin: json },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(profile sandbox)');
    expect(stored().currentProfile).toBe('sandbox');
    expect(stored().profiles.sandbox).toMatchObject({ token: h.sandbox.token, baseUrl: h.sandbox.baseUrl });
  });

  test('a login into another profile says, last, that it is now the current one', async () => {
    const login = (profile: string) =>
      run(['auth', 'login', '--with-token', '--profile', profile, '--base-url', h.sandbox.baseUrl], {
        env: env(),
        stdin: h.sandbox.token,
      });
    expect((await login('prod')).stdout).not.toContain('now the current profile');
    const r = await login('staging');
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
      'Profile staging is now the current profile (it was prod): commands without --profile use it.',
    );
    expect(stored().currentProfile).toBe('staging');
    // Logging in again to the current profile changes nothing worth saying.
    expect((await login('staging')).stdout).not.toContain('now the current profile');
  });

  test('garbage is refused in one sentence and nothing is stored', async () => {
    const r = await run(['auth', 'login', '--with-token', '--base-url', h.sandbox.baseUrl], {
      env: env(),
      stdin: 'not-a-token-at-all',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('slotui: That is not a JWT or the JSON {"jwt": ...} answer of the token endpoint.\n');
    expect(existsSync(configFile())).toBe(false);
  });

  test('a token the service refuses: exit 4, not stored', async () => {
    const bad = forged(h.sandbox.token);
    const r = await run(['auth', 'login', '--with-token', '--base-url', h.sandbox.baseUrl], { env: env(), stdin: bad });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^slotui: The service refused this token \(HTTP 401\); it was not stored\./);
    neverShows(r, bad, h.sandbox.token);
    expect(existsSync(configFile())).toBe(false);
  });

  test('an expired token: exit 4 before any request', async () => {
    const expired = h.sandbox.issueToken({ expiresInSeconds: -60 });
    const before = h.sandbox.stats().requests;
    const r = await run(['auth', 'login', '--with-token', '--base-url', h.sandbox.baseUrl], {
      env: env(),
      stdin: expired,
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('This token expired on');
    expect(r.stderr).toContain(`${h.sandbox.baseUrl}/api/service/v1/users/m2m-token`);
    expect(h.sandbox.stats().requests).toBe(before);
    expect(existsSync(configFile())).toBe(false);
  });

  test('an unreachable service: exit 1, not stored', async () => {
    const r = await run(['auth', 'login', '--with-token', '--base-url', 'https://127.0.0.1:1'], {
      env: env(),
      stdin: h.sandbox.token,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^slotui: Could not connect to https:\/\/127\.0\.0\.1:1/);
    neverShows(r, h.sandbox.token);
    expect(existsSync(configFile())).toBe(false);
  });

  test('a bare host means https://host', async () => {
    const host = new URL(h.sandbox.baseUrl).host;
    const r = await run(['auth', 'login', '--with-token', '--base-url', host], { env: env(), stdin: h.sandbox.token });
    expect(r.code).toBe(0);
    expect(stored().profiles.default?.baseUrl).toBe(`https://${host}`);
    const list = await run(['list', 'slis', '--limit', '1'], {
      env: { SLOTUI_CONFIG_DIR: configDir, SLOTUI_BASE_URL: host },
    });
    expect(list.code).toBe(0);
  });

  test('an http base URL, no base URL, or no --with-token are usage errors', async () => {
    const http = await run(['auth', 'login', '--with-token', '--base-url', 'http://127.0.0.1:8080'], {
      env: env(),
      stdin: h.sandbox.token,
    });
    expect(http.code).toBe(2);
    expect(http.stderr).toContain('--base-url must start with https://');
    const none = await run(['auth', 'login', '--with-token'], { env: env(), stdin: h.sandbox.token });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No base URL is known for profile default');
    const bare = await run(['auth', 'login'], { env: env() });
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('`slotui auth login --with-token`');
    expect(existsSync(configFile())).toBe(false);
  });
});

describe('auth status and logout', () => {
  const login = async () => {
    const r = await run(['auth', 'login', '--with-token', '--base-url', h.sandbox.baseUrl], {
      env: env(),
      stdin: h.sandbox.token,
    });
    expect(r.code).toBe(0);
  };

  test('status shows profile, base URL, user, expiry and that the token works, never the token', async () => {
    await login();
    const r = await run(['auth', 'status'], { env: env() });
    expect(r.code).toBe(0);
    neverShows(r, h.sandbox.token);
    expect(r.stdout).toMatch(/^Profile\s+default \(the current profile\)$/m);
    expect(r.stdout).toMatch(
      new RegExp(`^Base URL\\s+${h.sandbox.baseUrl.replace(/\./g, '\\.')} \\(from the profile\\)$`, 'm'),
    );
    expect(r.stdout).toMatch(/^Token\s+ends in ….{4} \(stored in the profile\)$/m);
    expect(r.stdout).toMatch(/^User\s+user-1$/m);
    expect(r.stdout).toMatch(new RegExp(`^Expires\\s+${expectedExpiry()} \\(in 36[45] days\\)$`, 'm'));
    expect(r.stdout).toMatch(/^Check\s+the service accepts the token$/m);

    const json = await run(['auth', 'status', '--json'], { env: env() });
    expect(json.code).toBe(0);
    neverShows(json, h.sandbox.token);
    expect(JSON.parse(json.stdout)).toMatchObject({
      profile: 'default',
      baseUrl: h.sandbox.baseUrl,
      tokenSource: 'profile',
      tokenEnding: h.sandbox.token.slice(-4),
      user: 'user-1',
      works: true,
      expired: false,
      problem: null,
    });
  });

  test('SLOTUI_TOKEN wins over the stored token, and status says so', async () => {
    await login();
    const other = h.sandbox.issueToken({ sub: 'user-2' });
    const r = await run(['auth', 'status'], { env: env({ SLOTUI_TOKEN: other }) });
    expect(r.code).toBe(0);
    neverShows(r, other, h.sandbox.token);
    expect(r.stdout).toContain('from SLOTUI_TOKEN, which wins over any stored token');
    expect(r.stdout).toMatch(/^User\s+user-2$/m);
  });

  test('a refused token: exit 4, and --json stays pure JSON', async () => {
    const bad = forged(h.sandbox.token);
    const r = await run(['auth', 'status', '--json'], {
      env: env({ SLOTUI_TOKEN: bad, SLOTUI_BASE_URL: h.sandbox.baseUrl }),
    });
    expect(r.code).toBe(4);
    neverShows(r, bad);
    expect(JSON.parse(r.stdout)).toMatchObject({ works: false, tokenSource: 'env' });
    expect(r.stderr).toMatch(/^slotui: The server refused the token \(HTTP 401/);
  });

  test('logout forgets the stored token; status then says there is none (exit 4)', async () => {
    await login();
    const r = await run(['auth', 'logout'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Removed the stored token of profile default.\n');
    expect(stored().profiles.default?.token).toBeUndefined();
    expect(stored().profiles.default?.baseUrl).toBe(h.sandbox.baseUrl);
    const again = await run(['auth', 'logout'], { env: env() });
    expect(again.stdout).toBe('Profile default has no stored token; nothing to remove.\n');
    const status = await run(['auth', 'status'], { env: env() });
    expect(status.code).toBe(4);
    expect(status.stdout).toMatch(/^Token\s+not set$/m);
    expect(status.stderr).toContain('No token is set for profile default.');
  });
});

describe('authentication errors of other commands', () => {
  test('a 401 exits 4, the token never shown, --json stdout empty', async () => {
    const bad = forged(h.sandbox.token);
    const r = await run(['list', 'slis', '--json'], { env: h.env({ SLOTUI_TOKEN: bad }) });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^slotui: The server refused the token \(HTTP 401/);
    neverShows(r, bad);
  });

  test('no token: exit 4 without a request', async () => {
    const before = h.sandbox.stats().requests;
    const r = await run(['list', 'slis'], { env: env({ SLOTUI_BASE_URL: h.sandbox.baseUrl }) });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'slotui: No token is set for profile default (there is no stored profile default). Set SLOTUI_TOKEN or run `slotui auth login --with-token`.\n',
    );
    expect(h.sandbox.stats().requests).toBe(before);
  });

  test('a certificate slotui does not trust is named as one, not as an unreachable service', async () => {
    const r = await run(['auth', 'status'], {
      env: { SLOTUI_CONFIG_DIR: configDir, SLOTUI_BASE_URL: h.sandbox.baseUrl, SLOTUI_TOKEN: h.sandbox.token },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^Check\s+the service was reached, but its certificate is not trusted or not valid \(set SLOTUI_CA_FILE or --ca-file\)$/m,
    );
    expect(r.stdout).not.toContain('could not reach');
    expect(r.stderr).toMatch(
      /^slotui: The service's certificate is not trusted \(https:\/\/127\.0\.0\.1:\d+: .*set SLOTUI_CA_FILE or give --ca-file/,
    );
    const list = await run(['list', 'slis'], {
      env: { SLOTUI_CONFIG_DIR: configDir, SLOTUI_BASE_URL: h.sandbox.baseUrl, SLOTUI_TOKEN: h.sandbox.token },
    });
    expect(list.code).toBe(1);
    expect(list.stderr).toMatch(/^slotui: The service's certificate is not trusted/);
  });

  test('no base URL: exit 1 naming the profile', async () => {
    const r = await run(['get', 'slis', 'sli-000001', '--profile', 'nowhere'], {
      env: env({ SLOTUI_TOKEN: h.sandbox.token }),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^slotui: No base URL is set for profile nowhere .*Set SLOTUI_BASE_URL or run `slotui auth login`\.\n$/,
    );
  });
});
