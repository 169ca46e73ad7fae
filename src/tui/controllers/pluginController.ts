/**
 * Plugins' keys in the dashboard: a plugin's key runs it on the marked
 * records of the list (else the selected one) or on the record of the
 * details. With `confirm: true` it asks first; its output scrolls in an
 * overlay. How it runs and how its end is said: pluginLaunch.ts.
 */
import type { ApiRecord } from '../../api/record.js';
import type { ResourceName } from '../../api/resources.js';
import { pluginKeyOn, pluginRunsOn, type PluginSpec } from '../../domain/plugins.js';
import type { Binding, HandlersOf, KeyHandlers, KeyLayer } from '../input/binding.js';
import { pluginActionId } from '../plugins.js';
import { NO_PLUGIN } from '../state/pluginRun.js';
import type { DashboardContext } from './context.js';
import { createPluginLauncher, pluginNamed, type PluginLaunchDeps } from './pluginLaunch.js';

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

export interface PluginControllerDeps extends PluginLaunchDeps {
  /** The plugins of settings.yaml as they are now. */
  plugins(): readonly PluginSpec[];
}

export interface PluginController {
  /** The plugin keys of a screen, acting on `targets()`. */
  handlers(screen: 'list' | 'details', resource: ResourceName, targets: () => readonly ApiRecord[]): KeyHandlers;
  /** The overlay's keys (the question, or the output). */
  layer(): KeyLayer;
  dispose(): void;
}

export function createPluginController(ctx: DashboardContext, deps: PluginControllerDeps): PluginController {
  const { store } = deps;
  const launcher = createPluginLauncher(ctx, deps);
  const close = () => store.set(NO_PLUGIN);
  const launch = launcher.launch;

  const start = (plugin: PluginSpec, resource: ResourceName, records: readonly ApiRecord[]) => {
    if (records.length === 0) {
      // Before the first page is in, or on an empty list: the key is not dropped without a word.
      ctx.say(`${pluginNamed(plugin)} runs on a record, and none is selected.`, 'error');
      return;
    }
    if (launcher.isRunning()) {
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
      if (launcher.isRunning()) ctx.say('The plugin is still running: Ctrl+C stops it.', 'error');
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
      if (s.kind === 'confirm') ctx.say(`${pluginNamed(s.plugin)} did not run.`);
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
            : { ...outputHandlers, ...(launcher.isRunning() ? { 'quit-now': launcher.stop } : {}) },
      };
    },
    dispose() {
      launcher.stop();
    },
  };
}
