/**
 * What a command runs with, built lazily (gh's factory): the config store,
 * the settings and API clients are only made when a command asks for them,
 * so `slotui --help` touches nothing and `list` with variables alone never
 * creates a config folder. Every client made is closed at the end of the run.
 * The HTTP client (undici) is loaded on the first connect: commands that never
 * talk to the service never load it.
 */
import { REGISTRY, type ViewRegistry } from '../presentation/resources.js';
import type { ApiClient, CloseOptions } from '../api/types.js';
import { configDirFrom } from '../config/paths.js';
import { envTokenWarning, requireConnection, resolveSettings } from '../config/settings.js';
import { ConfigStore } from '../config/store.js';
import type { Settings, SettingsFlags } from '../config/types.js';
import { booleanFlag, stringFlag, type FlagValues } from './args.js';
import { Output, stderrWriter, type CliIo, type StderrWriter } from './io.js';
import { createProgress, type ProgressReporter } from './progress.js';
import { waitNotice } from './waitNotice.js';
import { VERSION } from './version.js';

export interface Context {
  io: CliIo;
  /** stdout, with backpressure and quiet EPIPE. */
  out: Output;
  err: StderrWriter;
  flags: FlagValues;
  /** The resources commands know. */
  registry: ViewRegistry;
  /** Whether stdout is a terminal (summary lines on stderr, table width). */
  stdoutIsTerminal: boolean;
  stdinIsTerminal: boolean;
  /** A progress line on stderr for long work; silent unless stderr is a terminal. */
  progress(): ProgressReporter;
  now(): Date;
  store(): ConfigStore;
  /** The settings of the profile chosen by the flags and environment (or of another profile). */
  /**
   * The settings of a profile (default: the one chosen at start). With
   * `fromEnv: false`, that profile's own address and token, not
   * SLOTUI_BASE_URL's and SLOTUI_TOKEN's (they belong to the start profile).
   */
  /** A profile's settings, kept once read; `fresh` reads the config file again (`:profile` in a dashboard that has run a while). */
  settings(profile?: string, options?: { fromEnv?: boolean; fresh?: boolean }): Settings;
  /** A client for the settings; throws when the base URL or token is missing. */
  connect(settings: Settings, options?: ConnectOptions): Promise<ApiClient>;
  /** Texts never to print (tokens met during this run); error output is redacted with them. */
  secrets: Set<string>;
  /** Closes every client made; `{ abort: true }` cancels their requests under way first. */
  close(options?: CloseOptions): Promise<void>;
}

interface ConnectOptions {
  /** Keep-alive connections to the service (default: as many as requests under way). */
  connections?: number;
  /** Nothing on stderr (the dashboard is on screen); else a doubtful token source is warned about once. */
  quiet?: boolean;
}

export interface ContextOptions {
  /** Say on a terminal's stderr what a slow request waits for (the CLI's commands; never the dashboard, which owns the screen). */
  waitNotices?: boolean;
}

export function createContext(
  io: CliIo,
  flags: FlagValues,
  now: () => Date = () => new Date(),
  contextOptions: ContextOptions = {},
): Context {
  const onRequest = contextOptions.waitNotices
    ? waitNotice(io.stderr, { ...io.progress, env: io.env, afterMs: io.progress?.waitNoticeMs })
    : undefined;
  let store: ConfigStore | undefined;
  const settingsCache = new Map<string, Settings>();
  const clients: ApiClient[] = [];
  const secrets = new Set<string>();
  let warned = false;
  let settingsWarned = false;
  let caWarned = false;
  const envToken = io.env.SLOTUI_TOKEN?.trim();
  if (envToken) secrets.add(envToken);

  const context: Context = {
    io,
    out: new Output(io.stdout),
    err: stderrWriter(io.stderr),
    flags,
    registry: io.registry ?? REGISTRY,
    stdoutIsTerminal: io.stdout.isTTY === true,
    // Read when asked: io.stdin may be made on first use (the entry's process.stdin).
    get stdinIsTerminal() {
      return io.stdin.isTTY === true;
    },
    now,
    secrets,

    progress() {
      return createProgress(io.stderr, { ...io.progress, env: io.env });
    },

    store() {
      store ??= new ConfigStore(configDirFrom(io.env));
      return store;
    },

    settings(profile, options = {}) {
      const fromEnv = options.fromEnv ?? true;
      const key = `${fromEnv ? 'env' : 'stored'}:${profile ?? ''}`;
      const cached = options.fresh ? undefined : settingsCache.get(key);
      if (cached) return cached;
      const settingsFlags: SettingsFlags = {
        profile: profile ?? stringFlag(flags, 'profile'),
        readOnly: booleanFlag(flags, 'read-only'),
      };
      const settings = resolveSettings({
        env: io.env,
        flags: settingsFlags,
        store: context.store(),
        addressAndTokenFromEnv: fromEnv,
      });
      if (settings.token) secrets.add(settings.token);
      settingsCache.set(key, settings);
      return settings;
    },

    async connect(settings, options = {}) {
      const known = settings.baseUrl && settings.token ? undefined : context.store().listProfiles();
      const { baseUrl, token } = requireConnection(settings, known);
      secrets.add(token);
      const warning = options.quiet || warned ? undefined : envTokenWarning(settings);
      if (warning) {
        warned = true;
        context.err.line(`slotui: warning: ${warning}`);
      }
      const problems = settings.settingsProblems ?? [];
      if (!options.quiet && !settingsWarned && problems.length > 0) {
        settingsWarned = true;
        context.err.line(
          `slotui: warning: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}; the rest of the file holds (slotui config check lists every problem).`,
        );
      }
      const { createClient, readCaFile, caFileWarning } = await import('../api/client.js');
      const ca = settings.caFile ? await readCaFile(settings.caFile) : undefined;
      const caWarning = settings.caFile && !caWarned ? caFileWarning(settings.caFile) : undefined;
      if (caWarning) {
        caWarned = true;
        context.err.line(`slotui: warning: ${caWarning}`);
      }
      const client = (io.createClient ?? createClient)({
        baseUrl,
        token,
        ca,
        paths: settings.paths,
        ...(settings.fields ? { fields: settings.fields } : {}),
        readOnly: settings.readOnly,
        ...(settings.requestTimeoutMs !== undefined ? { timeouts: { totalMs: settings.requestTimeoutMs } } : {}),
        userAgent: `slotui/${VERSION}`,
        registry: context.registry,
        ...(options.connections !== undefined ? { connections: options.connections } : {}),
        ...(onRequest ? { onRequest } : {}),
      });
      clients.push(client);
      return client;
    },

    async close(options?: CloseOptions) {
      await Promise.allSettled(clients.splice(0).map((client) => client.close(options)));
    },
  };
  return context;
}
