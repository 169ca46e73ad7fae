/**
 * `slotui` and `slotui --demo`: the interactive dashboard. The terminal check
 * comes first, before anything is started or read; the dashboard (Ink, React)
 * and the sandbox are loaded by dynamic import only here, so scripting
 * commands never load them.
 *
 * The dashboard talks over one kept-alive connection (one TLS handshake per
 * session; src/tui/state/requestGate.ts orders the requests on it). Its first
 * page is asked for before the dashboard's code loads, so the request and the
 * load overlap; with the page kept by the last run, that page is drawn first
 * and asked for as the dashboard opens.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createClient } from '../../api/client.js';
import type { ResourceName } from '../../api/resources.js';
import type { ApiClient } from '../../api/types.js';
import type { Settings } from '../../config/types.js';
import { DraftStore } from '../../config/drafts.js';
import { watchSettingsFile } from '../../config/settingsWatcher.js';
import type { SettingsWatcher } from '../../tui/state/userSettings.js';
import { withheldTokenSentence } from '../../config/settings.js';
import type { Session } from '../../tui/session.js';
import type { ProfileEntry } from '../../tui/types.js';
import { parseDuration } from '../../domain/sloMath.js';
import { booleanFlag, stringFlag, usageError } from '../args.js';
import { pageKeeper } from '../pageKeeper.js';
import type { Context } from '../context.js';
import { VERSION } from '../version.js';
import { pageSizeFor, readSize } from '../../tui/layout.js';
import type { FirstPage } from '../../tui/types.js';
import { createAuthDeps } from './auth-setup.js';

export const NEEDS_TERMINAL =
  "slotui's dashboard needs a terminal. For scripts use `slotui list <resource>` (see slotui --help).";

export async function dashboardCommand(ctx: Context): Promise<number> {
  if (!ctx.stdinIsTerminal || !ctx.stdoutIsTerminal) {
    ctx.err.line(NEEDS_TERMINAL);
    return 2;
  }
  const streams = {
    stdin: ctx.io.stdin as NodeJS.ReadStream,
    stdout: ctx.io.stdout as NodeJS.WriteStream,
    stderr: ctx.io.stderr,
  };
  if (booleanFlag(ctx.flags, 'demo')) return runDemo(ctx, streams);

  const settings = withRefreshOption(ctx.settings(), ctx);
  // Token setup: a first run opens the welcome screen; a profile without a token opens the setup flow.
  const demo = demoStarter(ctx);
  // What every way into the dashboard hands it: the profile, its switches, drafts, the streams.
  const common = {
    settings,
    openProfile: profileOpener(ctx),
    listProfiles: profileLister(ctx),
    drafts: new DraftStore(settings.configDir),
    keptPages: (s: Settings) => pageKeeper(ctx.io.env, s),
    secrets: ctx.secrets,
    watchSettings: settingsWatcher(settings.configDir),
    ...streams,
  };
  try {
    if (!settings.baseUrl && isFirstRun(ctx)) {
      const { runDashboard } = await import('../../tui/run.js');
      const auth = createAuthDeps(ctx, { start: { kind: 'welcome' }, startDemo: demo.start });
      return await runDashboard({ ...common, auth });
    }
    if (settings.baseUrl && !settings.token) {
      const { runDashboard } = await import('../../tui/run.js');
      const auth = createAuthDeps(ctx, {
        start: {
          kind: 'setup',
          reason: withheldTokenSentence(settings) ?? `Profile ${settings.profileName} has no token yet.`,
        },
      });
      return await runDashboard({ ...common, auth });
    }
    const client = await ctx.connect(settings, { connections: DASHBOARD_CONNECTIONS });
    const firstResource = ctx.registry.names[0]!;
    if (common.keptPages(settings)?.load(firstResource).kept) {
      // The page the last run showed: the first frame draws it at once (marked cached), before the
      // HTTP stack is loaded (the client loads it at its first request); the dashboard asks for the
      // page as it opens, and the service's answer replaces the kept one.
      const { runDashboard } = await import('../../tui/run.js');
      return await runDashboard({ ...common, client, auth: createAuthDeps(ctx) });
    }
    // The client loads its HTTP stack at its first request; loaded first, the wait below counts
    // only the connection and the request, as it was meant to.
    await import('../../api/http.js');
    const firstPage = requestFirstPage(client, firstResource, streams.stdout);
    await requestOnTheWire(firstPage.promise, REQUEST_SENT_WAIT_MS);
    const { runDashboard } = await import('../../tui/run.js');
    // A first page that is nearly in is drawn in the first frame rather than after a "loading" one.
    await settledWithin(firstPage.promise, FIRST_PAGE_WAIT_MS);
    return await runDashboard({ ...common, client, auth: createAuthDeps(ctx), firstPage });
  } finally {
    // The dashboard has ended (q, Ctrl+C, a signal): requests still under way are cancelled, not waited on.
    // Bounded: a socket that will not tear down must not keep a quit dashboard on screen.
    await settledWithin(Promise.all([ctx.close({ abort: true }), demo.close()]), CLOSE_WAIT_MS);
  }
}

/**
 * Waits, before the dashboard's code loads (tens of milliseconds of
 * synchronous evaluation, in which no socket is served), until the first
 * page's request is on the wire: its TLS handshake is done and the request
 * sent, so the server answers while the code loads. Bounded by `ms` (a far
 * server's handshake outlasts the load anyway) and by the page itself.
 */
async function requestOnTheWire(page: Promise<unknown>, ms: number): Promise<void> {
  let sent!: () => void;
  const onTheWire = new Promise<void>((resolve) => (sent = resolve));
  const onHeaders = () => sent();
  // undici says on this channel that a request's headers were written to its socket.
  subscribe(HEADERS_SENT, onHeaders);
  try {
    await settledWithin(Promise.race([page, onTheWire]), ms);
  } finally {
    unsubscribe(HEADERS_SENT, onHeaders);
  }
}

const HEADERS_SENT = 'undici:client:sendHeaders';
/** How long the dashboard's code waits for the first request to be sent. */
export const REQUEST_SENT_WAIT_MS = 40;

/** `--refresh DURATION` (`0` or `off`: never; at least 1s), as milliseconds in the settings; nothing when absent. */
export function refreshOption(ctx: Context): { refreshMs?: number } {
  const text = stringFlag(ctx.flags, 'refresh')?.trim().toLowerCase();
  if (text === undefined) return {};
  if (text === '0' || text === 'off') return { refreshMs: 0 };
  const parsed = parseDuration(text);
  if (!parsed.ok) throw usageError(`--refresh: ${parsed.reason}, or 0 (or off) for none.`, 'dashboard');
  if (parsed.value < 1) throw usageError('--refresh must be at least 1s (or 0 for none).', 'dashboard');
  return { refreshMs: Math.round(parsed.value * 1000) };
}

/** Follows settings.yaml in the config folder (started by the dashboard once it draws). */
function settingsWatcher(configDir: string): SettingsWatcher {
  return (onReload) => watchSettingsFile(configDir, onReload);
}

/** The settings with --refresh applied and pinned (a settings file read again later leaves it be). */
function withRefreshOption(settings: Settings, ctx: Context): Settings {
  const option = refreshOption(ctx);
  if (option.refreshMs === undefined) return settings;
  return { ...settings, refreshMs: option.refreshMs, pinned: { ...settings.pinned, refreshMs: option.refreshMs } };
}

/** The dashboard's requests share one kept-alive connection. */
export const DASHBOARD_CONNECTIONS = 1;

/** The dashboard's first page (of the first resource, as many as the terminal shows), requested now; its failure is the dashboard's to show. */
function requestFirstPage(client: ApiClient, resource: ResourceName, stdout: NodeJS.WriteStream): FirstPage {
  const limit = pageSizeFor(readSize(stdout).rows);
  const promise = client.listPage(resource, { limit, offset: 0 });
  const firstPage: FirstPage = { resource, limit, promise };
  promise.then(
    (page) => {
      firstPage.page = page;
    },
    () => undefined, // not unhandled: the list store that adopts it shows the error
  );
  return firstPage;
}

/**
 * How long the dashboard waits for its first page once its code has loaded, before
 * drawing anyway. The request has been under way while the code loaded; on a near
 * server its answer is a few milliseconds off, and the first frame then shows it.
 */
export const FIRST_PAGE_WAIT_MS = 25;

/** How long the dashboard waits, once ended, for its connections to close (q ends it within a second). */
export const CLOSE_WAIT_MS = 300;

/** Resolves when `promise` settles (either way) or after `ms`, whichever comes first. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    timeout,
  ]);
  clearTimeout(timer);
}

/** First run: no stored profile has a base URL, and neither SLOTUI_BASE_URL nor SLOTUI_TOKEN is set. */
export function isFirstRun(ctx: Context): boolean {
  // Only a service address or a token says "configured": a corporate SLOTUI_CA_FILE or a
  // SLOTUI_PROFILE set in a shell's rc file still leaves a newcomer with nothing to connect to.
  if (['SLOTUI_BASE_URL', 'SLOTUI_TOKEN'].some((name) => ctx.io.env[name]?.trim())) return false;
  return !Object.values(ctx.store().read().profiles).some((profile) => profile.baseUrl);
}

/** The embedded sandbox started in-process, and a dashboard session on it; close() ends both. */
async function startDemoSession(ctx: Context): Promise<{ session: Session; close(): Promise<void> }> {
  const { startSandbox } = await import('../../sandbox/server.js');
  const sandbox = await startSandbox();
  const readOnly = booleanFlag(ctx.flags, 'read-only');
  const client = createClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    ca: sandbox.caPem,
    readOnly,
    userAgent: `slotui/${VERSION}`,
    connections: DASHBOARD_CONNECTIONS,
  });
  const settings: Settings = {
    profileName: 'demo',
    baseUrl: sandbox.baseUrl,
    baseUrlSource: 'default',
    frontendUrl: sandbox.frontendUrl,
    token: sandbox.token,
    tokenSource: 'default',
    caFile: sandbox.caFile,
    paths: {},
    readOnly,
    ...refreshOption(ctx),
    noColor: Boolean(ctx.io.env.NO_COLOR),
    configDir: ctx.store().dir,
  };
  ctx.secrets.add(sandbox.token);
  return {
    session: { client, settings },
    close: async () => {
      await client.close();
      await sandbox.close();
    },
  };
}

/** The welcome screen's demo: started on demand, closed when the dashboard ends. */
function demoStarter(ctx: Context): { start: () => Promise<Session>; close: () => Promise<void> } {
  let running: { close(): Promise<void> } | undefined;
  return {
    start: async () => {
      const demo = await startDemoSession(ctx);
      running = demo;
      return demo.session;
    },
    close: async () => {
      await running?.close();
      running = undefined;
    },
  };
}

/** `:profile NAME` in the dashboard: the settings and a client of another profile (closed with the run). */
/**
 * `:profile NAME`: that profile's session. SLOTUI_TOKEN and SLOTUI_BASE_URL
 * belong to the profile chosen at start: another profile gets its own stored
 * address and token (the variables' token never goes to another profile's server).
 */
export function profileOpener(ctx: Context): (name: string) => Promise<Session> {
  return async (name) => {
    // Read now, not at start: a CA file or token changed since (another shell, a re-login) is what is used.
    const settings = ctx.settings(name, { fromEnv: name === ctx.settings().profileName, fresh: true });
    return { client: await ctx.connect(settings, { connections: DASHBOARD_CONNECTIONS, quiet: true }), settings };
  };
}

/** The stored profiles, read from the config file each time `:profile` or its Tab asks. */
function profileLister(ctx: Context): () => ProfileEntry[] {
  return () =>
    Object.entries(ctx.store().read().profiles).map(([name, profile]) => ({
      name,
      ...(profile.baseUrl ? { baseUrl: profile.baseUrl } : {}),
    }));
}

async function runDemo(
  ctx: Context,
  streams: { stdin: NodeJS.ReadStream; stdout: NodeJS.WriteStream; stderr: NodeJS.WritableStream },
): Promise<number> {
  const [demo, { runDashboard }] = await Promise.all([startDemoSession(ctx), import('../../tui/run.js')]);
  try {
    return await runDashboard({
      ...demo.session,
      demo: true,
      openProfile: profileOpener(ctx),
      listProfiles: profileLister(ctx),
      drafts: new DraftStore(demo.session.settings.configDir),
      secrets: ctx.secrets,
      ...streams,
    });
  } finally {
    await demo.close();
  }
}
