import { describe, expect, test } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import { configDirFrom, defaultConfigDir } from '../../src/config/paths.js';
import { envTokenWarning, requireConnection, resolveSettings, type SettingsStore } from '../../src/config/settings.js';
import type { StoredConfig } from '../../src/config/store.js';

const fakeStore = (config: StoredConfig): SettingsStore => ({ dir: '/cfg', read: () => structuredClone(config) });

const stored = fakeStore({
  currentProfile: 'prod',
  profiles: {
    prod: {
      baseUrl: 'https://prod.example',
      frontendUrl: 'https://app.prod.example',
      token: 'prod.tok.en',
      caFile: '/ca/prod.pem',
      paths: { slos: '/v1/objectives/' },
    },
    staging: { baseUrl: 'https://staging.example', token: 'stg.tok.en' },
  },
});

describe('resolveSettings', () => {
  test('the current profile, values from the profile', () => {
    const s = resolveSettings({ env: {}, flags: {}, store: stored });
    expect(s).toEqual({
      profileName: 'prod',
      baseUrl: 'https://prod.example',
      baseUrlSource: 'profile',
      frontendUrl: 'https://app.prod.example',
      token: 'prod.tok.en',
      tokenSource: 'profile',
      caFile: '/ca/prod.pem',
      paths: { slos: '/v1/objectives/' },
      readOnly: false,
      noColor: false,
      configDir: '/cfg',
    });
  });

  test("the profile's field names and index maximum", () => {
    const s = resolveSettings({
      env: {},
      flags: {},
      store: fakeStore({
        profiles: { default: { fields: { agreements: { slo_ids: 'objective_ids' } }, indexMaxRecords: 5000 } },
      }),
    });
    expect(s).toMatchObject({ fields: { agreements: { slo_ids: 'objective_ids' } }, indexMaxRecords: 5000 });
  });

  test('--profile beats SLOTUI_PROFILE beats the current profile', () => {
    expect(resolveSettings({ env: { SLOTUI_PROFILE: 'staging' }, flags: {}, store: stored }).baseUrl).toBe(
      'https://staging.example',
    );
    expect(
      resolveSettings({ env: { SLOTUI_PROFILE: 'staging' }, flags: { profile: 'prod' }, store: stored }).profileName,
    ).toBe('prod');
    expect(resolveSettings({ env: {}, flags: {}, store: fakeStore({ profiles: {} }) }).profileName).toBe('default');
  });

  test('each variable overrides the stored profile, and the source says so', () => {
    const s = resolveSettings({
      env: {
        SLOTUI_BASE_URL: 'https://env.example',
        SLOTUI_TOKEN: 'env.tok.en',
        SLOTUI_FRONTEND_URL: 'https://fe.env',
        SLOTUI_CA_FILE: '/ca/env.pem',
        NO_COLOR: '1',
      },
      flags: { readOnly: true },
      store: stored,
    });
    expect(s).toMatchObject({
      baseUrl: 'https://env.example',
      baseUrlSource: 'env',
      token: 'env.tok.en',
      tokenSource: 'env',
      frontendUrl: 'https://fe.env',
      caFile: '/ca/env.pem',
      readOnly: true,
      noColor: true,
      // The profile's own token is hidden by the variable: the dashboard says so.
      storedTokenShadowed: true,
    });
  });

  test('SLOTUI_TOKEN equal to the stored token hides nothing: no note about it winning', () => {
    const s = resolveSettings({ env: { SLOTUI_TOKEN: 'prod.tok.en' }, flags: {}, store: stored });
    expect(s.tokenSource).toBe('env');
    expect(s.storedTokenShadowed).toBeUndefined();
  });

  test('empty variables count as unset', () => {
    const s = resolveSettings({
      env: { SLOTUI_TOKEN: '', SLOTUI_PROFILE: ' ', NO_COLOR: '' },
      flags: {},
      store: stored,
    });
    expect(s).toMatchObject({ profileName: 'prod', token: 'prod.tok.en', tokenSource: 'profile', noColor: false });
  });

  test('a profile that does not exist is fine when the environment gives the rest', () => {
    const s = resolveSettings({
      env: { SLOTUI_BASE_URL: 'https://env.example', SLOTUI_TOKEN: 'e.n.v' },
      flags: { profile: 'nowhere' },
      store: stored,
    });
    expect(requireConnection(s, ['prod', 'staging'])).toEqual({ baseUrl: 'https://env.example', token: 'e.n.v' });
  });
});

describe('the request deadline', () => {
  const withTimeout = fakeStore({
    currentProfile: 'slow',
    profiles: { slow: { baseUrl: 'https://slow.example', requestTimeout: 120 } },
  });

  test("the profile's requestTimeout, in seconds; SLOTUI_REQUEST_TIMEOUT wins; neither leaves the client's default", () => {
    expect(resolveSettings({ env: {}, flags: {}, store: withTimeout }).requestTimeoutMs).toBe(120_000);
    expect(
      resolveSettings({ env: { SLOTUI_REQUEST_TIMEOUT: '2.5' }, flags: {}, store: withTimeout }).requestTimeoutMs,
    ).toBe(2_500);
    expect(
      resolveSettings({ env: {}, flags: {}, store: fakeStore({ profiles: {} }) }).requestTimeoutMs,
    ).toBeUndefined();
  });

  test.each(['0', '-1', 'soon', '1e9'])('SLOTUI_REQUEST_TIMEOUT=%s is a config error', (value) => {
    expect(() => resolveSettings({ env: { SLOTUI_REQUEST_TIMEOUT: value }, flags: {}, store: withTimeout })).toThrow(
      /^SLOTUI_REQUEST_TIMEOUT must be a number of seconds/,
    );
  });
});

describe('a token from the environment with a base URL from the profile', () => {
  const prod = fakeStore({
    currentProfile: 'prod',
    profiles: { prod: { baseUrl: 'https://slo.example.com/api', token: 'stored' } },
  });

  test('is warned about in one line naming the origin and the profile', () => {
    const settings = resolveSettings({ env: { SLOTUI_TOKEN: 'from-env' }, flags: {}, store: prod });
    expect(envTokenWarning(settings)).toBe(
      "SLOTUI_TOKEN from the environment is sent to https://slo.example.com, the base URL of profile prod; set SLOTUI_BASE_URL with it, or unset it to use the profile's own token.",
    );
  });

  test('is not when both come from the environment, or both from the profile', () => {
    expect(
      envTokenWarning(
        resolveSettings({
          env: { SLOTUI_TOKEN: 't', SLOTUI_BASE_URL: 'https://other.example' },
          flags: {},
          store: prod,
        }),
      ),
    ).toBeUndefined();
    expect(envTokenWarning(resolveSettings({ env: {}, flags: {}, store: prod }))).toBeUndefined();
  });
});

describe('a stored token goes only to the origin stored with it', () => {
  test('SLOTUI_BASE_URL of another origin, no SLOTUI_TOKEN: the token is withheld, and why is said (exit 4)', () => {
    const s = resolveSettings({ env: { SLOTUI_BASE_URL: 'evil.example' }, flags: {}, store: stored });
    expect(s).toMatchObject({
      baseUrl: 'https://evil.example',
      tokenSource: 'none',
      tokenWithheldFor: 'https://prod.example',
    });
    expect(s.token).toBeUndefined();
    const error = (() => {
      try {
        requireConnection(s);
      } catch (e) {
        return e as SlotuiError;
      }
    })();
    expect(error?.kind).toBe('auth');
    expect(error?.message).toBe(
      'The token stored in profile prod belongs to https://prod.example, and SLOTUI_BASE_URL names https://evil.example: it is not sent there. Set SLOTUI_TOKEN to a token of that service, or unset SLOTUI_BASE_URL.',
    );
  });

  test('the same origin (another path, a bare host) keeps it; another port or scheme does not', () => {
    for (const base of ['https://prod.example/api/', 'prod.example', 'https://PROD.example:443'])
      expect(resolveSettings({ env: { SLOTUI_BASE_URL: base }, flags: {}, store: stored }).token).toBe('prod.tok.en');
    for (const base of ['https://prod.example:8443', 'https://prod.example.evil', 'http://prod.example'])
      expect(resolveSettings({ env: { SLOTUI_BASE_URL: base }, flags: {}, store: stored }).token).toBeUndefined();
  });

  test("without the variables (the dashboard's switch), the profile's own address and token", () => {
    const env = {
      SLOTUI_BASE_URL: 'https://env.example',
      SLOTUI_TOKEN: 'env.tok.en',
      SLOTUI_FRONTEND_URL: 'https://fe',
    };
    const s = resolveSettings({ env, flags: { profile: 'staging' }, store: stored, addressAndTokenFromEnv: false });
    expect(s).toMatchObject({ baseUrl: 'https://staging.example', token: 'stg.tok.en', tokenSource: 'profile' });
    expect(s.frontendUrl).toBeUndefined();
  });
});

describe('requireConnection', () => {
  const caught = (fn: () => unknown): SlotuiError => {
    try {
      fn();
    } catch (error) {
      return error as SlotuiError;
    }
    throw new Error('expected an error');
  };

  test('no base URL: a config error (exit 1) naming the profile', () => {
    const s = resolveSettings({ env: {}, flags: { profile: 'nowhere' }, store: stored });
    const error = caught(() => requireConnection(s, ['prod', 'staging']));
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe(
      'No base URL is set for profile nowhere (there is no stored profile nowhere; stored: prod, staging). Set SLOTUI_BASE_URL or run `slotui auth login`.',
    );
  });

  test('no token: an auth error (exit 4)', () => {
    const s = resolveSettings({
      env: { SLOTUI_BASE_URL: 'https://x.example' },
      flags: {},
      store: fakeStore({ profiles: {} }),
    });
    const error = caught(() => requireConnection(s));
    expect(error.kind).toBe('auth');
    expect(error.exitCode).toBe(4);
  });
});

describe('config folder', () => {
  test('SLOTUI_CONFIG_DIR wins, made absolute', () => {
    expect(configDirFrom({ SLOTUI_CONFIG_DIR: '/tmp/x' })).toBe('/tmp/x');
    expect(configDirFrom({ SLOTUI_CONFIG_DIR: 'rel' })).toBe(`${process.cwd()}/rel`);
  });

  test('the OS default', () => {
    expect(defaultConfigDir({}, { platform: 'linux', homedir: '/home/u' })).toBe('/home/u/.config/slotui');
    expect(defaultConfigDir({ XDG_CONFIG_HOME: '/xdg' }, { platform: 'linux', homedir: '/home/u' })).toBe(
      '/xdg/slotui',
    );
    expect(defaultConfigDir({ XDG_CONFIG_HOME: 'relative' }, { platform: 'linux', homedir: '/home/u' })).toBe(
      '/home/u/.config/slotui',
    );
    expect(defaultConfigDir({}, { platform: 'darwin', homedir: '/Users/u' })).toBe(
      '/Users/u/Library/Preferences/slotui',
    );
  });
});
