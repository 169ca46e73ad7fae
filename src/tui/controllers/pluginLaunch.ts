/**
 * How a plugin runs once its key is pressed (and its question answered):
 * `interactive: true` gets the terminal as the editor does (E); the others run
 * with their output captured (bounded, sanitised) into the overlay's store,
 * Ctrl+C stopping them. How it ended is said in one line; a dangerous plugin
 * does not run under read-only. The keys are pluginController.ts's.
 */
import { MAX_PLUGIN_OUTPUT, runCaptured, runOnTerminal, type CapturedRun } from '../../config/pluginRunner.js';
import { pluginInvocation, type PluginSpec } from '../../domain/plugins.js';
import { sanitizeLine, sanitizeText } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import { NO_PLUGIN, type PluginRunStore, type PluginTargetState } from '../state/pluginRun.js';
import { errorSentence } from '../text/errorSentence.js';
import type { DashboardContext } from './context.js';

/** Lines kept of a plugin's output at most (the bytes are bounded too: MAX_PLUGIN_OUTPUT). */
const MAX_LINES = 20_000;

export interface PluginLaunchDeps {
  store: PluginRunStore;
  /** The environment plugins inherit (SLOTUI_TOKEN is taken out of it). */
  environment: Readonly<Record<string, string | undefined>>;
  /** Hands the terminal over while `work` runs (the editor's way), or rejects when there is no terminal. */
  handOver(work: () => void): Promise<void>;
}

export interface PluginLauncher {
  launch(target: PluginTargetState): void;
  /** A captured plugin is running (its overlay cannot close; another cannot start). */
  isRunning(): boolean;
  /** Ctrl+C: the running plugin is stopped. */
  stop(): void;
}

/** `Plugin NAME`, made safe and short, as sentences about a plugin begin. */
export const pluginNamed = (plugin: PluginSpec): string => `Plugin ${truncate(sanitizeLine(plugin.name), 40)}`;

const lastLine = (text: string): string =>
  sanitizeText(text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1) ?? '';

export function createPluginLauncher(ctx: DashboardContext, deps: PluginLaunchDeps): PluginLauncher {
  const { store } = deps;
  let running: AbortController | undefined;
  const close = () => store.set(NO_PLUGIN);
  const named = pluginNamed;

  const invocationOf = (target: PluginTargetState) => {
    const session = ctx.session();
    return pluginInvocation(target.plugin, {
      resource: target.resource,
      records: target.records,
      profile: session.settings.profileName,
      baseUrl: session.client.baseUrl,
    });
  };

  const runInteractive = async (target: PluginTargetState) => {
    close();
    let status = 0;
    try {
      await deps.handOver(() => {
        status = runOnTerminal(target.plugin.name, invocationOf(target), deps.environment);
      });
    } catch (error) {
      ctx.say(errorSentence(error), 'error');
      return;
    }
    if (status === 0) ctx.say(`${named(target.plugin)} finished.`);
    else ctx.say(`${named(target.plugin)} exited with status ${status}.`, 'error');
  };

  const finish = (target: PluginTargetState, run: CapturedRun) => {
    const { end } = run;
    const said = lastLine(run.output);
    const tail = said ? `: ${truncate(said, 80)}` : '.';
    if (end.kind === 'exited' && end.code === 0) {
      const s = store.getSnapshot();
      if (s.kind === 'output') store.set({ ...s, running: false, end: 'exit 0' });
      return;
    }
    close();
    if (end.kind === 'flooded')
      ctx.say(
        `${named(target.plugin)} wrote more than ${MAX_PLUGIN_OUTPUT / 1024 / 1024} MiB and was stopped.`,
        'error',
      );
    else if (end.kind === 'stopped') ctx.say(`${named(target.plugin)} was stopped.`);
    else if (end.signal) ctx.say(`${named(target.plugin)} was ended by ${end.signal}${tail}`, 'error');
    else ctx.say(`${named(target.plugin)} exited with status ${end.code ?? '?'}${tail}`, 'error');
  };

  const runCapturedPlugin = (target: PluginTargetState) => {
    const abort = new AbortController();
    running = abort;
    const { plugin, resource, records } = target;
    store.set({ kind: 'output', plugin, resource, records, running: true, lines: [], end: null, scroll: 0 });
    const show = (output: string) => {
      const s = store.getSnapshot();
      if (s.kind !== 'output' || running !== abort) return;
      store.set({ ...s, lines: sanitizeText(output).replace(/\n$/, '').split('\n').slice(0, MAX_LINES) });
    };
    runCaptured(target.plugin.name, invocationOf(target), {
      env: deps.environment,
      signal: abort.signal,
      onOutput: show,
    }).then(
      (run) => {
        if (running !== abort) return;
        show(run.output);
        running = undefined;
        finish(target, run);
      },
      (error: unknown) => {
        if (running !== abort) return;
        running = undefined;
        close();
        ctx.say(errorSentence(error), 'error');
      },
    );
  };

  const launch = (target: PluginTargetState) => {
    if (target.plugin.dangerous && ctx.env().readOnly) {
      close();
      ctx.say(`Read-only: plugin ${sanitizeLine(target.plugin.name)} is dangerous, so it does not run.`, 'error');
      return;
    }
    if (target.plugin.interactive) void runInteractive(target);
    else runCapturedPlugin(target);
  };

  return {
    launch,
    isRunning: () => running !== undefined,
    stop: () => running?.abort(),
  };
}
