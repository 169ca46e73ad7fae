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
  const client = await ctx.connect(settings);
  const { runDashboard } = await import('../../tui/run.js');
  return runDashboard({ client, settings, openProfile: profileOpener(ctx), ...streams });
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
