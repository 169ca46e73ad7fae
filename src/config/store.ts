/**
 * The config store: named profiles and the current profile, in
 * `<config dir>/config.json` written by `conf`.
 *
 * Reading is plain node:fs (every command reads the profile, and loading conf
 * with its validator costs ~25 ms at every start); conf itself is
 * loaded on the first write only (auth login and logout, the setup flow).
 *
 * The file holds tokens, so it is kept private the way ssh keeps keys: the
 * file is written mode 0600 inside a folder of mode 0700, and a file or folder
 * that other users can read or change is refused with the chmod that fixes it.
 *
 * Nothing is created until something is stored: reading a store that does not
 * exist yet gives an empty one, so `slotui list` with variables alone leaves
 * no trace on disk.
 */
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type Conf from 'conf';
import { SlotuiError } from '../api/errors.js';
import { RESOURCE_NAMES, type ResourceName } from '../api/resources.js';
import { withFileLock } from './lock.js';
import { readPrivateFile } from './privateFile.js';
import type { Profile } from './types.js';

const CONFIG_NAME = 'config';
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

export interface StoredConfig {
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

/** The file's objects as stored (unknown fields kept). */
interface RawConfig {
  currentProfile?: string;
  profiles: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A profile as stored: every field optional, unknown fields kept. */
interface StoredProfile {
  baseUrl?: string;
  frontendUrl?: string;
  token?: string;
  caFile?: string;
  paths?: Record<string, string>;
  /** Per resource, slotui's field name → the service's. */
  fields?: Record<string, Record<string, string>>;
  indexMaxRecords?: number;
  /** Seconds one request may take in all. */
  requestTimeout?: number;
}

const PROFILE_STRING_KEYS = ['baseUrl', 'frontendUrl', 'token', 'caFile'] as const;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Where the file's object departs from slotui's format (a dotted path, "" for
 * the top level), or undefined when it fits. Plain code rather than zod: every
 * command reads the config, and zod costs ~20 ms to load.
 */
function shapeProblem(raw: unknown): string | undefined {
  if (!isPlainObject(raw)) return '';
  if (raw.currentProfile !== undefined && typeof raw.currentProfile !== 'string') return 'currentProfile';
  if (raw.profiles === undefined) return undefined;
  if (!isPlainObject(raw.profiles)) return 'profiles';
  for (const [name, profile] of Object.entries(raw.profiles)) {
    if (!isPlainObject(profile)) return `profiles.${name}`;
    for (const key of PROFILE_STRING_KEYS) {
      if (profile[key] !== undefined && typeof profile[key] !== 'string') return `profiles.${name}.${key}`;
    }
    if (profile.paths !== undefined) {
      if (!isPlainObject(profile.paths)) return `profiles.${name}.paths`;
      for (const [resource, path] of Object.entries(profile.paths)) {
        if (typeof path !== 'string') return `profiles.${name}.paths.${resource}`;
      }
    }
    if (profile.fields !== undefined) {
      if (!isPlainObject(profile.fields)) return `profiles.${name}.fields`;
      for (const [resource, names] of Object.entries(profile.fields)) {
        if (!isPlainObject(names)) return `profiles.${name}.fields.${resource}`;
        for (const [field, theirs] of Object.entries(names)) {
          if (typeof theirs !== 'string' || theirs === '') return `profiles.${name}.fields.${resource}.${field}`;
        }
      }
    }
    const max = profile.indexMaxRecords;
    if (max !== undefined && !(typeof max === 'number' && Number.isInteger(max) && max > 0))
      return `profiles.${name}.indexMaxRecords`;
    const timeout = profile.requestTimeout;
    if (timeout !== undefined && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0))
      return `profiles.${name}.requestTimeout`;
  }
  return undefined;
}

const KNOWN_PROFILE_KEYS = new Set([
  'baseUrl',
  'frontendUrl',
  'token',
  'caFile',
  'paths',
  'fields',
  'indexMaxRecords',
  'requestTimeout',
]);

/** A config of profiles is a few KiB: past this, a file is not one (and is not read whole). */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/** Group or other may read, write or enter: not private. */
const SHARED_BITS = 0o077;

/** Whether a name can be a profile's (letters, digits, ".", "_", "-"): names read from the file are checked with it. */
export const isProfileName = (name: string): boolean => PROFILE_NAME.test(name);

/** Throws a usage error for a name that cannot be a profile (the name is a key in the file, and shows in output). */
export function assertProfileName(name: string): void {
  if (!PROFILE_NAME.test(name)) {
    throw new SlotuiError(
      'usage',
      `"${name.slice(0, 64).replace(/[^\x20-\x7e]/g, '?')}" cannot be a profile name. Use letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit).`,
    );
  }
}

export class ConfigStore {
  readonly dir: string;
  readonly file: string;
  /** False on Windows, where POSIX modes mean nothing (the folder is per-user already). */
  private readonly checkModes: boolean;

  constructor(dir: string, options: { checkModes?: boolean } = {}) {
    this.dir = resolve(dir);
    this.file = join(this.dir, `${CONFIG_NAME}.json`);
    this.checkModes = options.checkModes ?? process.platform !== 'win32';
  }

  /** The whole config; an empty one when the file does not exist yet. */
  read(): StoredConfig {
    if (!existsSync(this.file)) return { profiles: {} };
    this.assertPrivate();
    return this.parse(this.readFile());
  }

  listProfiles(): string[] {
    return Object.keys(this.read().profiles).sort();
  }

  getProfile(name: string): Profile | undefined {
    const { profiles } = this.read();
    return Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  }

  currentProfileName(): string | undefined {
    return this.read().currentProfile;
  }

  /** Replaces the profile's settings (creating it); fields this version does not know are kept. */
  saveProfile(name: string, profile: Profile): void {
    assertProfileName(name);
    this.update((config) => {
      const unknown = Object.entries(ownEntry(config.profiles, name) ?? {}).filter(
        ([key]) => !KNOWN_PROFILE_KEYS.has(key),
      );
      config.profiles[name] = { ...Object.fromEntries(unknown), ...dropUndefined(profile) };
    });
  }

  /** Stores a token in the profile (creating the profile). */
  setToken(name: string, token: string): void {
    assertProfileName(name);
    this.update((config) => {
      config.profiles[name] = { ...ownEntry(config.profiles, name), token };
    });
  }

  /** Forgets the profile's token; false when it had none. */
  removeToken(name: string): boolean {
    let removed = false;
    if (this.getProfile(name)?.token === undefined) return false;
    this.update((config) => {
      const { token, ...rest } = ownEntry(config.profiles, name) ?? {};
      removed = token !== undefined;
      config.profiles[name] = rest;
    });
    return removed;
  }

  setCurrentProfile(name: string): void {
    assertProfileName(name);
    this.update((config) => {
      config.currentProfile = name;
    });
  }

  /**
   * Read, change, write back, holding the file's lock (another slotui may be
   * updating it: the read under the lock sees its change). The change works
   * on the file's own objects so fields this version does not know survive;
   * conf writes atomically (a temp file renamed over) and re-applies 0600.
   */
  private update(change: (config: RawConfig) => void): void {
    this.ensureFolder();
    this.guarded(() => withFileLock(this.file, () => this.updateLocked(change)));
  }

  private updateLocked(change: (config: RawConfig) => void): void {
    const exists = existsSync(this.file);
    if (exists) this.assertPrivate();
    const raw: Record<string, unknown> = exists ? this.readFile() : {};
    this.parse(raw); // refuses a file in another shape before anything is written over it
    const config: RawConfig = {
      ...raw,
      profiles: { ...(raw.profiles as RawConfig['profiles'] | undefined) },
    };
    change(config);
    this.withConf((conf) => {
      conf.store = config as unknown as Record<string, unknown>;
    });
  }

  /**
   * The file's object as conf reads it: a leading BOM is ignored, JSON that is
   * not an object reads as an empty store, and conf's own bookkeeping key is left out.
   */
  private readFile(): Record<string, unknown> {
    return this.guarded(() => {
      const read = readPrivateFile(this.file, { maxBytes: MAX_CONFIG_BYTES });
      if (read.problem === 'not-a-file' || read.problem === 'too-large') {
        throw new SlotuiError(
          'config',
          read.problem === 'not-a-file'
            ? `The config file ${this.file} is not a regular file. Remove it (then log in again), or set SLOTUI_CONFIG_DIR to another folder.`
            : `The config file ${this.file} is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB, too large to be slotui's. Fix it or remove it (then log in again) and try again.`,
        );
      }
      const parsed: unknown = JSON.parse((read.text ?? '{}').replace(/^\uFEFF/, ''));
      const store: Record<string, unknown> =
        parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...parsed } : {};
      delete store[CONF_INTERNAL_KEY];
      return store;
    });
  }

  private withConf<T>(use: (conf: Conf<Record<string, unknown>>) => T): T {
    return this.guarded(() => {
      const conf = new (loadConf())<Record<string, unknown>>({
        cwd: this.dir,
        configName: CONFIG_NAME,
        configFileMode: FILE_MODE,
        // Profile names may contain dots ("prod.eu"): keys are plain keys.
        accessPropertiesByDotNotation: false,
        // A broken file is the user's to fix, never silently emptied (it may hold their only token copy).
        clearInvalidConfig: false,
      });
      return use(conf);
    });
  }

  /** Runs a read or write of the file; its failures become the config errors users see. */
  private guarded<T>(action: () => T): T {
    try {
      return action();
    } catch (error) {
      if (error instanceof SlotuiError) throw error;
      if (error instanceof SyntaxError) {
        throw new SlotuiError(
          'config',
          `The config file ${this.file} is not valid JSON. Fix it or remove it (then log in again) and try again.`,
          { cause: error },
        );
      }
      const code = (error as NodeJS.ErrnoException).code;
      throw new SlotuiError(
        'config',
        `The config file ${this.file} cannot be read or written (${code ?? (error as Error).message}). Check its permissions, or set SLOTUI_CONFIG_DIR to another folder.`,
        { cause: error },
      );
    }
  }

  private parse(raw: unknown): StoredConfig {
    const problem = shapeProblem(raw);
    if (problem !== undefined) {
      throw new SlotuiError(
        'config',
        `The config file ${this.file} is not in slotui's format (at ${problem || 'top level'}). Fix it or remove it (then log in again) and try again.`,
      );
    }
    const data = raw as { currentProfile?: string; profiles?: Record<string, StoredProfile> };
    const profiles: Record<string, Profile> = Object.fromEntries(
      Object.entries(data.profiles ?? {}).map(([name, stored]) => [name, toProfile(stored)]),
    );
    const config: StoredConfig = { profiles };
    if (data.currentProfile !== undefined) config.currentProfile = data.currentProfile;
    return config;
  }

  /** Creates the folder 0700 if missing; a folder made by us is chmod-ed (the umask may have widened nothing, but may have narrowed the owner). */
  private ensureFolder(): void {
    if (existsSync(this.dir)) {
      this.assertPrivateFolder();
      return;
    }
    try {
      mkdirSync(this.dir, { recursive: true, mode: FOLDER_MODE });
      if (this.checkModes) chmodSync(this.dir, FOLDER_MODE);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new SlotuiError(
        'config',
        `The config folder ${this.dir} cannot be created (${code ?? 'unknown error'}). Set SLOTUI_CONFIG_DIR to a folder you can write.`,
        { cause: error },
      );
    }
  }

  private assertPrivate(): void {
    this.assertPrivateFolder();
    if (!this.checkModes) return;
    const mode = statSync(this.file).mode;
    if (mode & SHARED_BITS) {
      throw new SlotuiError(
        'config',
        `The config file ${this.file} can be ${whatOthersCanDo(mode)} by other users. Run \`chmod 600 ${this.file}\` and try again.`,
      );
    }
  }

  private assertPrivateFolder(): void {
    if (!this.checkModes) return;
    const mode = statSync(this.dir).mode;
    if (mode & SHARED_BITS) {
      throw new SlotuiError(
        'config',
        `The config folder ${this.dir} can be ${whatOthersCanDo(mode)} by other users. Run \`chmod 700 ${this.dir}\` and try again.`,
      );
    }
  }
}

/** conf keeps its bookkeeping (migrations) under this key; it is not part of the config. */
const CONF_INTERNAL_KEY = '__internal__';

/**
 * conf, loaded on first use. In the bundle esbuild inlines this require() as a
 * lazily run module, so conf and its validator are parsed but never run by
 * commands that only read; elsewhere (tests) Node's require loads the ESM package.
 */
function loadConf(): typeof Conf {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = (typeof require === 'function' ? require('conf') : createRequire(import.meta.url)('conf')) as {
    default: typeof Conf;
  };
  return module.default;
}

function whatOthersCanDo(mode: number): string {
  return mode & 0o044 ? 'read' : mode & 0o022 ? 'changed' : 'entered';
}

function toProfile(stored: StoredProfile): Profile {
  const profile: Profile = {};
  if (stored.baseUrl !== undefined) profile.baseUrl = stored.baseUrl;
  if (stored.frontendUrl !== undefined) profile.frontendUrl = stored.frontendUrl;
  if (stored.token !== undefined) profile.token = stored.token;
  if (stored.caFile !== undefined) profile.caFile = stored.caFile;
  if (stored.requestTimeout !== undefined) profile.requestTimeout = stored.requestTimeout;
  if (stored.paths) {
    const paths: Partial<Record<ResourceName, string>> = {};
    for (const name of RESOURCE_NAMES) {
      const value = stored.paths[name];
      if (value !== undefined) paths[name] = value;
    }
    profile.paths = paths;
  }
  // Checked where it is used (the client names the resource or field it does not know).
  if (stored.fields) profile.fields = stored.fields as NonNullable<Profile['fields']>;
  if (stored.indexMaxRecords !== undefined) profile.indexMaxRecords = stored.indexMaxRecords;
  return profile;
}

function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function dropUndefined(profile: Profile): Record<string, unknown> {
  return Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
}
