/**
 * `slotui` and `slotui --demo`: the interactive dashboard. The terminal check
 * comes first, before anything is started or read; the dashboard (Ink, React)
 * and the sandbox are loaded by dynamic import only here, so scripting
 * commands never load them.
 */
import { createClient } from '../../api/client.js';
import type { Settings } from '../../config/types.js';
import type { Session } from '../../tui/types.js';
import { booleanFlag } from '../args.js';
import type { Context } from '../context.js';
import { VERSION } from '../version.js';
import { createAuthDeps } from './auth-setup.js';

export const NEEDS_TERMINAL = 'slotui\'s dashboard needs a terminal. For scripts use `slotui list <resource>` (see slotui --help).';

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

  const settings = ctx.settings();
  // Token setup (issue 5): a first run opens the welcome screen; a profile without a token opens the setup flow.
  const demo = demoStarter(ctx);
  try {
    if (!settings.baseUrl && isFirstRun(ctx)) {
      const { runDashboard } = await import('../../tui/run.js');
      const auth = createAuthDeps(ctx, { start: { kind: 'welcome' }, startDemo: demo.start });
      return await runDashboard({ settings, openProfile: profileOpener(ctx), auth, secrets: ctx.secrets, ...streams });
    }
    if (settings.baseUrl && !settings.token) {
      const { runDashboard } = await import('../../tui/run.js');
      const auth = createAuthDeps(ctx, { start: { kind: 'setup', reason: `Profile ${settings.profileName} has no token yet.` } });
      return await runDashboard({ settings, openProfile: profileOpener(ctx), auth, secrets: ctx.secrets, ...streams });
    }
    const client = await ctx.connect(settings);
    const { runDashboard } = await import('../../tui/run.js');
    return await runDashboard({ client, settings, openProfile: profileOpener(ctx), auth: createAuthDeps(ctx), secrets: ctx.secrets, ...streams });
  } finally {
    await demo.close();
  }
}

/** First run: no stored profile has a base URL, and neither SLOTUI_BASE_URL nor SLOTUI_TOKEN is set. */
export function isFirstRun(ctx: Context): boolean {
  // Only a service address or a token says "configured": a corporate SLOTUI_CA_FILE or a
  // SLOTUI_PROFILE set in a shell's rc file still leaves a newcomer with nothing to connect to.
  if (['SLOTUI_BASE_URL', 'SLOTUI_TOKEN'].some((name) => ctx.io.env[name]?.trim())) return false;
  return !Object.values(ctx.store().read().profiles).some((profile) => profile.baseUrl);
}

/** The welcome screen's demo: the sandbox started in-process on demand, closed when the dashboard ends. */
function demoStarter(ctx: Context): { start: () => Promise<Session>; close: () => Promise<void> } {
  let running: { close(): Promise<void> } | undefined;
  return {
    start: async () => {
      const { startSandbox } = await import('../../sandbox/server.js');
      const sandbox = await startSandbox();
      running = sandbox;
      const readOnly = booleanFlag(ctx.flags, 'read-only');
      const client = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, ca: sandbox.caPem, readOnly, userAgent: `slotui/${VERSION}` });
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
        noColor: Boolean(ctx.io.env.NO_COLOR),
        configDir: ctx.store().dir,
      };
      ctx.secrets.add(sandbox.token);
      const original = sandbox.close.bind(sandbox);
      running = { close: async () => { await client.close(); await original(); } };
      return { client, settings };
    },
    close: async () => {
      await running?.close();
      running = undefined;
    },
  };
}

/** `:profile NAME` in the dashboard: the settings and a client of another profile (closed with the run). */
function profileOpener(ctx: Context): (name: string) => Promise<Session> {
  return async (name) => {
    const settings = ctx.settings(name);
    return { client: await ctx.connect(settings), settings };
  };
}

async function runDemo(ctx: Context, streams: { stdin: NodeJS.ReadStream; stdout: NodeJS.WriteStream; stderr: NodeJS.WritableStream }): Promise<number> {
  const [{ startSandbox }, { runDashboard }] = await Promise.all([
    import('../../sandbox/server.js'),
    import('../../tui/run.js'),
  ]);
  const sandbox = await startSandbox();
  const client = createClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    ca: sandbox.caPem,
    readOnly: booleanFlag(ctx.flags, 'read-only'),
    userAgent: `slotui/${VERSION}`,
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
    readOnly: booleanFlag(ctx.flags, 'read-only'),
    noColor: Boolean(ctx.io.env.NO_COLOR),
    configDir: ctx.store().dir,
  };
  try {
    return await runDashboard({ client, settings, demo: true, openProfile: profileOpener(ctx), ...streams });
  } finally {
    await client.close();
    await sandbox.close();
  }
}
