/**
 * The CLI's entry: parse, dispatch to one command under commands/, and turn
 * what goes wrong into one line on stderr and the interface's exit code.
 *
 * - SlotuiError: "slotui: <message>", exit error.exitCode (2 usage, 4 auth, else 1).
 * - Anything else (a bug): "slotui: unexpected error: <message>. The details are in
 *   <configDir>/crash-….log." (stack, token redacted, mode 0600), exit 1.
 * - stdout closed by its reader (`| head`): quiet, exit 0.
 * Every message is redacted of the tokens met during the run and sanitised.
 */
import { isSlotuiError, redact } from '../api/errors.js';
import { sanitizeLine } from '../text/sanitize.js';
import { configDirFrom } from '../config/paths.js';
import { crashLogNote, writeCrashLog } from '../crashLog.js';
import { parseCommandLine } from './args.js';
import type { CommandName } from './commands.js';
import type { Context } from './context.js';
import { Output, OutputClosed, stderrWriter, type CliIo } from './io.js';
import { VERSION } from './version.js';

export type { CliIo } from './io.js';

type Command = (ctx: Context, args: string[]) => Promise<number>;

/**
 * Each command's code is loaded only when it runs (its own chunk in the
 * bundle), so `--version` and `--help` load almost nothing and `list` loads
 * the HTTP client and the schemas but never the config writer or the dashboard.
 */
const LOAD: Record<CommandName, () => Promise<Command>> = {
  dashboard: async () => (await import('./commands/dashboard.js')).dashboardCommand,
  list: async () => (await import('./commands/list.js')).listCommand,
  get: async () => (await import('./commands/get.js')).getCommand,
  create: async () => (await import('./commands/create.js')).createCommand,
  update: async () => (await import('./commands/update.js')).updateCommand,
  delete: async () => (await import('./commands/delete.js')).deleteCommand,
  'auth login': async () => (await import('./commands/auth-login.js')).authLoginCommand,
  'auth status': async () => (await import('./commands/auth-status.js')).authStatusCommand,
  'auth logout': async () => (await import('./commands/auth-logout.js')).authLogoutCommand,
  sandbox: async () => (await import('./commands/sandbox.js')).sandboxCommand,
  completion: async () => (await import('./commands/completion.js')).completionCommand,
  budget: async () => (await import('./commands/budget.js')).budgetCommand,
  alerts: async () => (await import('./commands/alerts.js')).alertsCommand,
  burn: async () => (await import('./commands/burn.js')).burnCommand,
  export: async () => (await import('./commands/export.js')).exportCommand,
  apply: async () => (await import('./commands/apply.js')).applyCommand,
  diff: async () => (await import('./commands/diff.js')).diffCommand,
  'used-by': async () => (await import('./commands/used-by.js')).usedByCommand,
  report: async () => (await import('./commands/report.js')).reportCommand,
  watch: async () => (await import('./commands/watch.js')).watchCommand,
  rules: async () => (await import('./commands/rules.js')).rulesCommand,
  config: async () => (await import('./commands/config.js')).configCommand,
  plugin: async () => (await import('./commands/plugin.js')).pluginCommand,
  lint: async () => (await import('./commands/lint.js')).lintCommand,
};

/**
 * Commands that always ask the service. Loading node:tls starts Node's load of
 * its root certificates on another thread (about 20 ms, which the first TLS
 * context otherwise waits for); started as the command is known, it runs while
 * the command's code loads.
 */
const ASK_THE_SERVICE: ReadonlySet<CommandName> = new Set([
  'dashboard',
  'list',
  'get',
  'create',
  'update',
  'delete',
  'used-by',
  'report',
  'watch',
  'export',
  'apply',
  'diff',
]);

export async function main(io: CliIo): Promise<number> {
  let ctx: Context | undefined;
  try {
    // The completion scripts' call on every Tab: answered before parsing (the words are half typed).
    if (io.argv[0] === '__complete') {
      const [{ completeWords, idsWanted, profileIn }, { REGISTRY }] = await Promise.all([
        import('./completion.js'),
        import('../presentation/resources.js'),
      ]);
      const words = io.argv.slice(1);
      const registry = io.registry ?? REGISTRY;
      const ids = idsWanted(words, registry);
      let candidates: string[];
      if (ids) {
        const [{ createContext }, { idCandidates }] = await Promise.all([
          import('./context.js'),
          import('./completionIds.js'),
        ]);
        ctx = createContext(io, {}, io.now);
        candidates = await idCandidates(ctx, ids, profileIn(words)).catch(() => []);
      } else {
        candidates = completeWords(words, io.env, registry);
      }
      return await writeAndExit(io, candidates.map((word) => `${word}\n`).join(''));
    }
    const parsed = parseCommandLine(io.argv);
    if (parsed.kind === 'version') return await writeAndExit(io, `slotui ${VERSION}\n`);
    if (parsed.kind === 'help') {
      const [{ commandHelp, programHelp }, { REGISTRY }] = await Promise.all([
        import('./help.js'),
        import('../presentation/resources.js'),
      ]);
      const registry = io.registry ?? REGISTRY;
      const resource = parsed.resource === undefined ? undefined : registry.resolve(parsed.resource);
      return await writeAndExit(
        io,
        parsed.topic ? commandHelp(parsed.topic, VERSION, registry, resource) : programHelp(VERSION, registry),
      );
    }
    if (ASK_THE_SERVICE.has(parsed.command.name)) void import('node:tls');
    const [{ createContext }, run] = await Promise.all([import('./context.js'), LOAD[parsed.command.name]()]);
    ctx = createContext(io, parsed.flags, io.now, { waitNotices: parsed.command.name !== 'dashboard' });
    return await run(ctx, parsed.args);
  } catch (error) {
    return report(io, error, ctx?.secrets ?? new Set(tokensOf(io.env)));
  } finally {
    // The command is done: a request it gave up on (a Tab's one-second deadline) may still be
    // connecting, and a graceful close would wait for that connection's own timeout. When the
    // process ends next, idle connections go with it.
    await ctx?.close({ abort: true, leaveIdle: io.endsWithProcess === true });
  }
}

async function writeAndExit(io: CliIo, text: string): Promise<number> {
  await new Output(io.stdout).write(text);
  return 0;
}

function report(io: CliIo, error: unknown, secrets: Set<string>): number {
  if (error instanceof OutputClosed) return 0;
  const err = stderrWriter(io.stderr);
  const clean = (text: string) => sanitizeLine(redact(text, [...secrets]));
  if (isSlotuiError(error)) {
    err.line(`slotui: ${clean(error.message)}`);
    return error.exitCode;
  }
  // A bug, not a failure we know how to describe: the stack goes to a file (token redacted), one line here.
  const message = error instanceof Error ? error.message : String(error);
  const log = writeCrashLog(error, {
    configDir: configDirFrom(io.env),
    secrets: [...secrets],
    context: commandOf(io.argv),
    version: VERSION,
  });
  err.line(`slotui: unexpected error: ${clean(message).replace(/[.\s]+$/, '')}. ${crashLogNote(log)}`);
  return 1;
}

/** The command words for the crash log, without flag values (a value could be a secret). */
function commandOf(argv: readonly string[]): string {
  return ['slotui', ...argv.filter((a) => /^[a-z][a-z-]*$/i.test(a)).slice(0, 3)].join(' ');
}

function tokensOf(env: NodeJS.ProcessEnv): string[] {
  const token = env.SLOTUI_TOKEN?.trim();
  return token ? [token] : [];
}
