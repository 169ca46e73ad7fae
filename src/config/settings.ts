/**
 * The settings a command runs with: the stored profile, overridden by the
 * environment (interface: "each overrides the stored profile"), and the flags.
 */
import { SlotuiError, adviceEverywhere } from '../api/errors.js';
import { withScheme, withSchemeIfSet } from './urls.js';
import type { StoredConfig } from './store.js';
import type { Profile, Settings, SettingsFlags, Source } from './types.js';
import { durationMs, loadSettings, problemLine, type ProfileSettings, type UserSettings } from './userSettings.js';

const DEFAULT_PROFILE = 'default';

/** What resolveSettings needs of the store (a ConfigStore, or a fake in tests). */
export interface SettingsStore {
  readonly dir: string;
  read(): StoredConfig;
}

export interface ResolveInput {
  env: NodeJS.ProcessEnv;
  flags: SettingsFlags;
  store: SettingsStore;
  /**
   * False: the profile's own address and token, whatever SLOTUI_BASE_URL,
   * SLOTUI_FRONTEND_URL and SLOTUI_TOKEN say. They belong to the profile
   * chosen at start; the dashboard's switch to another profile uses this.
   */
  addressAndTokenFromEnv?: boolean;
}

/** The origin of an address, or the address itself when it is not a URL (then it matches nothing else). */
function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return address;
  }
}

/** An empty variable counts as unset (`SLOTUI_TOKEN= slotui ...` means "no token from the environment"). */
const fromEnv = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

/** The longest request deadline accepted: a day (beyond it a typo, and timers overflow past 24.8 days). */
const MAX_REQUEST_TIMEOUT_S = 86_400;

/** SLOTUI_REQUEST_TIMEOUT (seconds), else the profile's requestTimeout, in milliseconds; undefined when neither is set. */
function requestTimeoutMs(env: NodeJS.ProcessEnv, profile: Profile): number | undefined {
  const text = fromEnv(env, 'SLOTUI_REQUEST_TIMEOUT');
  const [value, where] =
    text !== undefined
      ? [Number(text), 'SLOTUI_REQUEST_TIMEOUT']
      : [profile.requestTimeout, "The profile's requestTimeout"];
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0 || value > MAX_REQUEST_TIMEOUT_S) {
    const shown = text !== undefined ? `"${text.slice(0, 20).replace(/[^\x20-\x7e]/g, '?')}"` : String(value);
    throw new SlotuiError(
      'config',
      `${where} must be a number of seconds from 0.001 to ${MAX_REQUEST_TIMEOUT_S}, such as 60 (got ${shown}).`,
    );
  }
  return Math.round(value * 1000);
}

export function resolveSettings({ env: fullEnv, flags, store, addressAndTokenFromEnv = true }: ResolveInput): Settings {
  const env: NodeJS.ProcessEnv = addressAndTokenFromEnv
    ? fullEnv
    : { ...fullEnv, SLOTUI_BASE_URL: undefined, SLOTUI_FRONTEND_URL: undefined, SLOTUI_TOKEN: undefined };
  const config = store.read();
  const profileName =
    flags.profile?.trim() || fromEnv(env, 'SLOTUI_PROFILE') || config.currentProfile || DEFAULT_PROFILE;
  const profile: Profile = Object.hasOwn(config.profiles, profileName) ? (config.profiles[profileName] ?? {}) : {};

  const pick = (variable: string, stored: string | undefined): { value?: string; source: Source } => {
    const envValue = fromEnv(env, variable);
    if (envValue !== undefined) return { value: envValue, source: 'env' };
    if (stored) return { value: stored, source: 'profile' };
    return { source: 'none' };
  };
  const baseUrl = pick('SLOTUI_BASE_URL', profile.baseUrl);
  let token = pick('SLOTUI_TOKEN', profile.token);
  const address = withSchemeIfSet(baseUrl.value);
  // A stored token goes only to the origin of the base URL stored with it.
  const storedFor = profile.baseUrl ? originOf(withScheme(profile.baseUrl.trim())) : undefined;
  const withheld = token.source === 'profile' && address && storedFor && originOf(address) !== storedFor;
  if (withheld) token = { source: 'none' };

  return {
    profileName,
    baseUrl: address,
    baseUrlSource: baseUrl.source,
    frontendUrl: withSchemeIfSet(pick('SLOTUI_FRONTEND_URL', profile.frontendUrl).value),
    token: token.value,
    tokenSource: token.source,
    ...(withheld ? { tokenWithheldFor: storedFor } : {}),
    // Said on screen only when the variable hides a different token (the same one hides nothing).
    ...(token.source === 'env' && profile.token && profile.token !== token.value ? { storedTokenShadowed: true } : {}),
    caFile: pick('SLOTUI_CA_FILE', profile.caFile).value,
    paths: { ...profile.paths },
    ...(profile.fields ? { fields: profile.fields } : {}),
    ...(profile.indexMaxRecords !== undefined ? { indexMaxRecords: profile.indexMaxRecords } : {}),
    requestTimeoutMs: requestTimeoutMs(env, profile),
    ...fromSettingsFile(store.dir, profileName, flags, fullEnv),
    noColor: Boolean(env.NO_COLOR),
    configDir: store.dir,
  };
}

/**
 * What settings.yaml says of the profile: read-only (as --read-only, and
 * SLOTUI_READ_ONLY=1 for any profile), and the dashboard's refresh (--refresh
 * wins). Its problems go along to be said; the parts without problems hold.
 */
function fromSettingsFile(
  dir: string,
  profileName: string,
  flags: SettingsFlags,
  env: NodeJS.ProcessEnv,
): Pick<Settings, 'readOnly' | 'refreshMs' | 'settingsProblems' | 'userSettings' | 'pinned'> {
  const loaded = loadSettings(dir);
  const envReadOnly = /^(1|true|yes)$/i.test(env.SLOTUI_READ_ONLY?.trim() ?? '');
  const pinned = flags.readOnly === true || envReadOnly ? { readOnly: true } : undefined;
  return {
    ...profileEffects({ profileName, ...(pinned ? { pinned } : {}) }, loaded.settings),
    ...(pinned ? { pinned } : {}),
    ...(loaded.exists ? { userSettings: loaded.settings } : {}),
    ...(loaded.problems.length > 0 ? { settingsProblems: loaded.problems.map(problemLine) } : {}),
  };
}

/**
 * What a settings file means for one profile's read-only and refresh, under
 * what the command line and environment pinned: at start, and again each time
 * the dashboard sees the file change.
 */
export function profileEffects(
  settings: Pick<Settings, 'profileName' | 'pinned'>,
  file: UserSettings,
): Pick<Settings, 'readOnly' | 'refreshMs' | 'badge'> {
  const own: ProfileSettings = Object.hasOwn(file.profiles ?? {}, settings.profileName)
    ? (file.profiles?.[settings.profileName] ?? {})
    : {};
  const refresh = settings.pinned?.refreshMs ?? (own.refresh === undefined ? undefined : durationMs(own.refresh));
  return {
    readOnly: settings.pinned?.readOnly === true || own.readOnly === true,
    badge: own.badge === undefined ? undefined : { text: own.badge, ...(own.color ? { color: own.color } : {}) },
    ...(refresh !== undefined && Number.isFinite(refresh) && (refresh === 0 || refresh >= 1000)
      ? { refreshMs: refresh }
      : {}),
  };
}

/**
 * A token from SLOTUI_TOKEN sent to a base URL from the profile: the token
 * may belong to another service (exported for one, then another profile
 * used), and it would go to that profile's server. Undefined when the two
 * come from the same place.
 */
export function envTokenWarning(settings: Settings): string | undefined {
  if (settings.tokenSource !== 'env' || settings.baseUrlSource !== 'profile' || !settings.baseUrl) return undefined;
  let origin = settings.baseUrl;
  try {
    origin = new URL(settings.baseUrl).origin;
  } catch {
    // shown as stored
  }
  return `SLOTUI_TOKEN from the environment is sent to ${origin.replace(/[^\x20-\x7e]/g, '?').slice(0, 120)}, the base URL of profile ${settings.profileName}; set SLOTUI_BASE_URL with it, or unset it to use the profile's own token.`;
}

/**
 * The base URL and token a command that talks to the service needs.
 * No base URL: a 'config' error (exit 1). No token: an 'auth' error (exit 4,
 * "authentication needed" in the interface).
 */
export function requireConnection(
  settings: Settings,
  knownProfiles?: readonly string[],
): { baseUrl: string; token: string } {
  const missing =
    knownProfiles && !knownProfiles.includes(settings.profileName)
      ? ` (there is no stored profile ${settings.profileName}${knownProfiles.length ? `; stored: ${knownProfiles.join(', ')}` : ''})`
      : '';
  if (!settings.baseUrl) {
    throw new SlotuiError(
      'config',
      `No base URL is set for profile ${settings.profileName}${missing}. Set SLOTUI_BASE_URL or run \`slotui auth login\`.`,
    );
  }
  if (!settings.token) {
    const withheld = withheldToken(settings);
    throw withheld
      ? new SlotuiError('auth', withheld.what, { advice: adviceEverywhere(withheld.advice) })
      : new SlotuiError('auth', `No token is set for profile ${settings.profileName}${missing}.`, {
          advice: adviceEverywhere('Set SLOTUI_TOKEN or run `slotui auth login --with-token`.'),
        });
  }
  return { baseUrl: settings.baseUrl, token: settings.token };
}

/** Why the profile's stored token is not used (SLOTUI_BASE_URL names another origin), or undefined when it is. */
function withheldToken(settings: Settings): { what: string; advice: string } | undefined {
  if (!settings.tokenWithheldFor || !settings.baseUrl) return undefined;
  const safe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 120);
  return {
    what: `The token stored in profile ${settings.profileName} belongs to ${safe(settings.tokenWithheldFor)}, and SLOTUI_BASE_URL names ${safe(originOf(settings.baseUrl))}: it is not sent there.`,
    advice: 'Set SLOTUI_TOKEN to a token of that service, or unset SLOTUI_BASE_URL.',
  };
}

/** withheldToken as one sentence with its advice, or undefined when the token is used. */
export function withheldTokenSentence(settings: Settings): string | undefined {
  const withheld = withheldToken(settings);
  return withheld && `${withheld.what} ${withheld.advice}`;
}
