/**
 * The plugins of settings.yaml as key bindings: one row a plugin with a key
 * (action id `plugin:NAME`, in the list and/or the details), added to the
 * keymap in effect so the dispatcher, the help and the hint bar treat them as
 * any other key. A key that a built-in action of that screen already has, or
 * that another plugin of the same screen and resource has, is a settings
 * problem: said, and that plugin's key left out.
 */
import type { SettingsFinding } from '../config/userSettings.js';
import type { PluginSpec } from '../domain/plugins.js';
import { displayKey, pluginKeyOn } from '../domain/plugins.js';
import { writable, type Binding, type KeyContext, type KeyEnv } from './input/binding.js';
import { buildKeymap, type Keymap } from './input/keymap.js';

const SCREENS = [
  { screen: 'list', context: 'list' },
  { screen: 'details', context: 'detail' },
] as const;

/** Below every screen: their keys are taken on the list and the details too. */
const BELOW: readonly KeyContext[] = ['global', 'always'];

export const pluginActionId = (plugin: PluginSpec): string => `plugin:${plugin.name}`;

export interface PluginKeys {
  keymap: Keymap;
  /** One a plugin left without its key: `plugins.2.key`, `"d" is delete's key on the list; choose another key.` */
  problems: SettingsFinding[];
}

/** `settings.yaml: plugins.2.key: "d" is delete's key…`, as the dashboard says it. */
export const findingSentence = (finding: SettingsFinding): string =>
  `settings.yaml: ${finding.path.join('.')}: ${finding.message}`;

const overlaps = (a: PluginSpec, b: PluginSpec): boolean =>
  !a.resources || !b.resources || a.resources.some((r) => b.resources!.includes(r));

export function withPluginKeys(base: Keymap, plugins: readonly PluginSpec[], env: KeyEnv): PluginKeys {
  const problems: SettingsFinding[] = [];
  const rows: Binding[] = [];
  const taken: { plugin: PluginSpec; key: string; context: KeyContext }[] = [];
  plugins.forEach((plugin, index) => {
    if (plugin.key === undefined) return;
    const key = displayKey(plugin.key);
    const when: KeyContext[] = [];
    let problem: string | undefined;
    for (const { screen, context } of SCREENS) {
      if (!pluginKeyOn(plugin, screen)) continue;
      const builtIn = [context, ...BELOW]
        .flatMap((c) => base.inContext(c))
        .find((b) => base.keysOf(b, env).includes(key));
      const other = taken.find((t) => t.key === key && t.context === context && overlaps(t.plugin, plugin));
      if (builtIn)
        problem ??= `"${plugin.key}" is ${builtIn.id}'s key on the ${screen === 'list' ? 'list' : 'details'}`;
      else if (other) problem ??= `"${plugin.key}" is plugin ${other.plugin.name}'s key too`;
      when.push(context);
    }
    if (problem) {
      problems.push({ path: ['plugins', String(index), 'key'], message: `${problem}; choose another key.` });
      return;
    }
    for (const context of when) taken.push({ plugin, key, context });
    if (when.length === 0) return;
    rows.push({
      id: pluginActionId(plugin),
      keys: [key],
      description: `plugin ${plugin.name}${plugin.description ? `: ${plugin.description}` : ''}${plugin.resources ? ` (${plugin.resources.join(', ')})` : ''}`,
      group: 'Plugins',
      when,
      ...(plugin.dangerous
        ? { enabled: writable, disabledReason: `Read-only: plugin ${plugin.name} is dangerous, so it does not run.` }
        : {}),
    });
  });
  return { keymap: rows.length === 0 ? base : buildKeymap([...base.bindings, ...rows]), problems };
}
