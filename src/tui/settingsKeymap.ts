/**
 * The keymap settings.yaml asks for: its `keys` rebind actions by id
 * (input/keySettings.ts), its plugins add their keys (plugins.ts). What could
 * not be used comes back as findings, for the message line. A keymap given
 * outright (a test's) is used as it is, with the plugins' keys added.
 */
import type { UserSettings } from '../config/userSettings.js';
import type { KeyEnv } from './input/binding.js';
import type { Keymap } from './input/keymap.js';
import { keyOverrides } from './input/keySettings.js';
import { BINDINGS, createKeymap } from './keys.js';
import { withPluginKeys, type PluginKeys } from './plugins.js';

export function settingsKeymap(settings: UserSettings, env: KeyEnv, given?: Keymap): PluginKeys {
  const rebound = given ? { keymap: given, problems: [] } : rebind(settings);
  const withPlugins = withPluginKeys(rebound.keymap, settings.plugins ?? [], env);
  return { keymap: withPlugins.keymap, problems: [...rebound.problems, ...withPlugins.problems] };
}

function rebind(settings: UserSettings): PluginKeys {
  const rebound = keyOverrides(settings.keys, BINDINGS);
  return { keymap: createKeymap(rebound.overrides), problems: rebound.problems };
}
