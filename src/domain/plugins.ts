/**
 * What a plugin (settings.yaml `plugins:`) is given when it runs on records:
 * its argv with the placeholders replaced, the variables slotui sets in its
 * environment, and its standard input. Pure: the program (and `slotui plugin
 * run`) spawn what this says.
 *
 * - No shell: the argv is run as it is, so record data is never read as
 *   shell syntax (a name holding `$(touch x)` is one argument, as written).
 * - A placeholder is replaced only when it is a whole argument: `$SLOTUI_ID`
 *   is, `--id=$SLOTUI_ID` stays as written (the program reads the
 *   environment for that). On several records `$SLOTUI_ID`, `$SLOTUI_IDS` and
 *   `$SLOTUI_NAME` become one argument per record.
 * - The token is never given: not in argv, not in the variables set here
 *   (SLOTUI_TOKEN is taken out of what the plugin inherits, too), not on stdin.
 */
import type { ApiRecord } from '../api/record.js';

/**
 * A plugin as settings.yaml declares it: src/config/settingsSchema/plugins.ts checks the file, and
 * what it reads is handed here as this (a field the schema gives another type fails the type check
 * where the settings' plugins are passed on).
 */
export interface PluginSpec {
  name: string;
  key?: string | undefined;
  description?: string | undefined;
  /** Resource words (`slos`, `slo`); every resource when not given. */
  resources?: string[] | undefined;
  contexts?: ('list' | 'details')[] | undefined;
  /** The program and its arguments, run without a shell. */
  command: string[];
  stdin?: 'none' | 'records' | undefined;
  confirm?: boolean | undefined;
  dangerous?: boolean | undefined;
  interactive?: boolean | undefined;
}

/** What a plugin runs on. */
export interface PluginTarget {
  /** The resource's name (`slos`). */
  resource: string;
  records: readonly ApiRecord[];
  profile: string;
  baseUrl: string;
}

export interface PluginInvocation {
  /** argv[0] is the program (looked up on PATH, never through a shell). */
  argv: string[];
  /** The variables slotui sets (beside the environment it inherits, SLOTUI_TOKEN taken out). */
  env: Record<string, string>;
  /** What goes to its standard input; undefined: nothing. */
  stdin?: string;
}

/** Variables never handed to a plugin, whatever slotui itself inherited. */
export const WITHHELD_VARIABLES: readonly string[] = ['SLOTUI_TOKEN'];

function nameOf(record: ApiRecord): string {
  return typeof record.name === 'string' ? record.name : '';
}

/** The argv, environment and input of the plugin on these records. */
export function pluginInvocation(plugin: PluginSpec, target: PluginTarget): PluginInvocation {
  const ids = target.records.map((r) => r.id);
  const names = target.records.map(nameOf);
  const one = target.records.length === 1;
  const env: Record<string, string> = {
    SLOTUI_IDS: ids.join(' '),
    SLOTUI_RESOURCE: target.resource,
    SLOTUI_PROFILE: target.profile,
    SLOTUI_BASE_URL: target.baseUrl,
    SLOTUI_PLUGIN: plugin.name,
    ...(one ? { SLOTUI_ID: ids[0]!, SLOTUI_NAME: names[0]! } : {}),
  };
  const replacements: Record<string, readonly string[]> = {
    $SLOTUI_ID: ids,
    $SLOTUI_IDS: ids,
    $SLOTUI_NAME: names,
    $SLOTUI_RESOURCE: [target.resource],
    $SLOTUI_PROFILE: [target.profile],
    $SLOTUI_BASE_URL: [target.baseUrl],
  };
  const argv = plugin.command.flatMap((arg, index) =>
    index > 0 && Object.hasOwn(replacements, arg) ? [...replacements[arg]!] : [arg],
  );
  return {
    argv,
    env,
    ...(plugin.stdin === 'records' ? { stdin: `${JSON.stringify(target.records, null, 2)}\n` } : {}),
  };
}

/** Does the plugin run on this resource (`slos`, or a word for it: `slo`)? */
export function pluginRunsOn(plugin: PluginSpec, resource: string, resolve: (word: string) => string | undefined) {
  return !plugin.resources || plugin.resources.some((word) => resolve(word) === resource);
}

/** Does its key work on this screen? */
export function pluginKeyOn(plugin: PluginSpec, screen: 'list' | 'details'): boolean {
  return plugin.key !== undefined && (plugin.contexts ?? ['list', 'details']).includes(screen);
}

/** `ctrl+o` as the dashboard writes keys (`Ctrl+O`); a character as it is. */
export function displayKey(key: string): string {
  return /^ctrl\+[a-z]$/i.test(key) ? `Ctrl+${key.slice(5).toUpperCase()}` : key;
}
