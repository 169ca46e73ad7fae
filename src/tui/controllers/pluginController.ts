/**
 * Plugins in the dashboard: a plugin's key runs it on the marked records of
 * the list (else the selected one) or on the record of the details. With
 * `confirm: true` it asks first; `interactive: true` gets the terminal as the
 * editor does (E); the others run with their output captured (bounded,
 * sanitised) in an overlay that scrolls, Ctrl+C stopping them. A plugin that
 * cannot be run, exits non-zero or writes too much says so in one line and
 * leaves the dashboard as it was.
 */
import type { ApiRecord } from '../../api/record.js';
import type { ResourceName } from '../../api/resources.js';
import { MAX_PLUGIN_OUTPUT, runCaptured, runOnTerminal, type CapturedRun } from '../../config/pluginRunner.js';
import { pluginInvocation, pluginKeyOn, pluginRunsOn, type PluginSpec } from '../../domain/plugins.js';
import { sanitizeLine, sanitizeText } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import type { Binding, HandlersOf, KeyHandlers, KeyLayer } from '../input/binding.js';
import { pluginActionId } from '../plugins.js';
import { NO_PLUGIN, type PluginRunStore, type PluginTargetState } from '../state/pluginRun.js';
import { errorSentence } from '../text/errorSentence.js';
import type { DashboardContext } from './context.js';

export const pluginBindings = [
  {
    id: 'plugin-yes',
    keys: ['y'],
    description: 'yes: run the plugin',
    hint: 'run',
    group: 'Plugins',
    when: ['plugin'],
  },
  {
    id: 'plugin-no',
    keys: ['n', 'Esc', 'Enter'],
    description: 'no (the default): the plugin does not run',
    hint: 'no',
    group: 'Plugins',
    when: ['plugin'],
  },
  {
    id: 'plugin-up',
    keys: ['↑', 'k'],
    description: "scroll the plugin's output up",
    group: 'Plugins',
    when: ['plugin'],
  },
  {
    id: 'plugin-down',
    keys: ['↓', 'j'],
    description: "scroll the plugin's output down",
    group: 'Plugins',
    when: ['plugin'],
  },
  { id: 'plugin-page-up', keys: ['PgUp'], description: 'a page up', group: 'Plugins', when: ['plugin'] },
  { id: 'plugin-page-down', keys: ['PgDn', 'Space'], description: 'a page down', group: 'Plugins', when: ['plugin'] },
  { id: 'plugin-top', keys: ['g'], description: 'the first line', group: 'Plugins', when: ['plugin'] },
  { id: 'plugin-bottom', keys: ['G'], description: 'the last line', group: 'Plugins', when: ['plugin'] },
  {
    id: 'plugin-close',
    keys: ['Esc', 'q', 'Enter'],
    description: "close the plugin's output",
    hint: 'close',
    group: 'Plugins',
    when: ['plugin'],
  },
] as const satisfies readonly Binding[];

/** Lines kept of a plugin's output at most (the bytes are bounded too: MAX_PLUGIN_OUTPUT). */
const MAX_LINES = 20_000;

export interface PluginControllerDeps {
  store: PluginRunStore;
  /** The plugins of settings.yaml as they are now. */
  plugins(): readonly PluginSpec[];
  /** The environment plugins inherit (SLOTUI_TOKEN is taken out of it). */
  environment: Readonly<Record<string, string | undefined>>;
  /** Hands the terminal over while `work` runs (the editor's way), or rejects when there is no terminal. */
  handOver(work: () => void): Promise<void>;
}

export interface PluginController {
  /** The plugin keys of a screen, acting on `targets()`. */
  handlers(screen: 'list' | 'details', resource: ResourceName, targets: () => readonly ApiRecord[]): KeyHandlers;
  /** The overlay's keys (the question, or the output). */
  layer(): KeyLayer;
  dispose(): void;
}

const lastLine = (text: string): string =>
  sanitizeText(text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1) ?? '';

export function createPluginController(ctx: DashboardContext, deps: PluginControllerDeps): PluginController {
  const { store } = deps;
  let running: AbortController | undefined;
  const close = () => store.set(NO_PLUGIN);
  const named = (plugin: PluginSpec) => `Plugin ${truncate(sanitizeLine(plugin.name), 40)}`;

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

  const start = (plugin: PluginSpec, resource: ResourceName, records: readonly ApiRecord[]) => {
    if (records.length === 0) return;
    if (running) {
      ctx.say('A plugin is running: wait for it, or Ctrl+C stops it.', 'error');
      return;
    }
    const target = { plugin, resource, records };
    if (plugin.confirm) store.set({ kind: 'confirm', ...target });
    else launch(target);
  };

  const scroll = (by: (s: { scroll: number; lines: number; visible: number }) => number) => () => {
    const s = store.getSnapshot();
    if (s.kind !== 'output') return;
    const room = ctx.room();
    const max = Math.max(0, room.lines - room.visible);
    const next = Math.max(0, Math.min(max, by({ scroll: s.scroll, lines: room.lines, visible: room.visible })));
    if (next !== s.scroll) store.set({ ...s, scroll: next });
  };

  const outputHandlers: HandlersOf<typeof pluginBindings> = {
    'plugin-up': scroll((s) => s.scroll - 1),
    'plugin-down': scroll((s) => s.scroll + 1),
    'plugin-page-up': scroll((s) => s.scroll - Math.max(1, s.visible - 1)),
    'plugin-page-down': scroll((s) => s.scroll + Math.max(1, s.visible - 1)),
    'plugin-top': scroll(() => 0),
    'plugin-bottom': scroll((s) => s.lines),
    'plugin-close': () => {
      if (running) ctx.say('The plugin is still running: Ctrl+C stops it.', 'error');
      else close();
    },
  };
  const confirmHandlers: HandlersOf<typeof pluginBindings> = {
    'plugin-yes': () => {
      const s = store.getSnapshot();
      if (s.kind === 'confirm') launch(s);
    },
    'plugin-no': () => {
      const s = store.getSnapshot();
      close();
      if (s.kind === 'confirm') ctx.say(`${named(s.plugin)} did not run.`);
    },
  };

  return {
    handlers(screen, resource, targets) {
      const handlers: KeyHandlers = {};
      const resolve = (word: string) => ctx.registry.resolve(word)?.name;
      for (const plugin of deps.plugins())
        if (pluginKeyOn(plugin, screen) && pluginRunsOn(plugin, resource, resolve))
          handlers[pluginActionId(plugin)] = () => start(plugin, resource, targets());
      return handlers;
    },
    layer() {
      const s = store.getSnapshot();
      return {
        context: 'plugin',
        owns: true,
        handlers:
          s.kind === 'confirm'
            ? confirmHandlers
            : { ...outputHandlers, ...(running ? { 'quit-now': () => running?.abort() } : {}) },
      };
    },
    dispose() {
      running?.abort();
      running = undefined;
    },
  };
}
