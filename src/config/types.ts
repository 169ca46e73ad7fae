/** Profiles and the settings resolved from them, the environment and the flags. */
import type { ResourceName } from '../api/resources.js';

export interface Profile {
  baseUrl?: string;
  frontendUrl?: string;
  token?: string;
  caFile?: string;
  /** Per-resource path overrides, e.g. { slos: '/v1/objectives/' }. */
  paths?: Partial<Record<ResourceName, string>>;
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
  caFile?: string;
  paths: Partial<Record<ResourceName, string>>;
  readOnly: boolean;
  noColor: boolean;
  configDir: string;
}

export interface SettingsFlags {
  profile?: string;
  readOnly?: boolean;
}
