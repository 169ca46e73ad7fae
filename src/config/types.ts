/** Profiles and the settings resolved from them, the environment and the flags. */
import type { UserSettings } from './settingsSchema/index.js';
import type { ResourceName } from '../api/resources.js';
import type { FieldNames } from '../api/fieldNames.js';

export interface Profile {
  baseUrl?: string;
  frontendUrl?: string;
  token?: string;
  caFile?: string;
  /** Per-resource path overrides, e.g. { slos: '/v1/objectives/' }. */
  paths?: Partial<Record<ResourceName, string>>;
  /** The service's names for fields slotui assumes, by resource, e.g. { agreements: { slo_ids: 'objective_ids' } }. */
  fields?: FieldNames;
  /** Records the dashboard's index holds at most per resource (filtering, sorting, relations). */
  indexMaxRecords?: number;
  /** Seconds one request may take in all, headers and body (SLOTUI_REQUEST_TIMEOUT wins). */
  requestTimeout?: number;
}

export type Source = 'env' | 'profile' | 'flag' | 'default' | 'none';

/** What a command or the dashboard runs with. */
export interface Settings {
  profileName: string;
  baseUrl?: string;
  baseUrlSource: Source;
  frontendUrl?: string;
  token?: string;
  tokenSource: Source;
  /** SLOTUI_TOKEN is set and the profile stores a token of its own, which it hides. */
  storedTokenShadowed?: boolean;
  /**
   * The profile stores a token for this origin, and SLOTUI_BASE_URL names
   * another: the token is not used (a stored token goes only to the origin it
   * was stored with), and `token` is unset.
   */
  tokenWithheldFor?: string;
  caFile?: string;
  paths: Partial<Record<ResourceName, string>>;
  fields?: FieldNames;
  indexMaxRecords?: number;
  /** The request deadline in milliseconds, when the environment or the profile sets one (else the client's default). */
  requestTimeoutMs?: number;
  readOnly: boolean;
  /** How often the dashboard reads again what it shows, in milliseconds (0: never; default 10 s). */
  refreshMs?: number;
  /** What settings.yaml has wrong, each `settings.yaml:LINE:COL: PATH: MESSAGE` (its other parts hold). */
  settingsProblems?: string[];
  /** What settings.yaml holds (the parts without problems), as read at start; the dashboard follows its changes. */
  userSettings?: UserSettings;
  /** The profile's badge in the header (settings.yaml: `badge`, `color`). */
  badge?: { text: string; color?: string };
  /** What the command line or the environment fixed: a settings.yaml read again later cannot change it. */
  pinned?: { readOnly?: boolean; refreshMs?: number };
  noColor: boolean;
  configDir: string;
}

export interface SettingsFlags {
  profile?: string;
  readOnly?: boolean;
}
