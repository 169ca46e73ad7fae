/**
 * `slotui plugin list` and `slotui plugin run NAME <resource> <id>...`: the
 * plugins of settings.yaml, run from a script with the same argv,
 * environment and input the dashboard gives them (src/domain/plugins.ts),
 * their output on ours and their exit status passed on.
 */
import type { ApiRecord } from '../../api/record.js';
import { runAttached } from '../../config/pluginRunner.js';
import { pluginInvocation, pluginRunsOn, type PluginSpec } from '../../domain/plugins.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { closestWord } from '../../text/suggest.js';
import { usageError } from '../args.js';
import type { Context } from '../context.js';
import { plainTable } from '../table.js';
import { idArg, refuseIfReadOnly, resourceArg } from './shared.js';

const ACTIONS = ['list', 'run'] as const;

export async function pluginCommand(ctx: Context, [action = '', ...args]: string[]): Promise<number> {
  const plugins = ctx.settings().userSettings?.plugins ?? [];
  switch (action) {
    case 'list':
      return listPlugins(ctx, plugins);
    case 'run':
      return runPlugin(ctx, plugins, args);
    default:
      throw usageError(
        `\`slotui plugin\` takes ${ACTIONS.join(' or ')} (got "${sanitizeLine(action).slice(0, 40)}").`,
        'plugin',
      );
  }
}

async function listPlugins(ctx: Context, plugins: readonly PluginSpec[]): Promise<number> {
  if (plugins.length === 0) {
    ctx.err.line('No plugins: add them under plugins: in settings.yaml (slotui config path says where).');
    return 0;
  }
  const rows = plugins.map((p) => [
    p.name,
    p.key ?? '',
    (p.resources ?? ['all']).join(','),
    (p.contexts ?? ['list', 'details']).join(','),
    flagsOf(p),
    p.description ?? '',
  ]);
  const width = ctx.stdoutIsTerminal ? ctx.io.stdout.columns : undefined;
  await ctx.out.write(plainTable(['NAME', 'KEY', 'RESOURCES', 'WHERE', 'FLAGS', 'DESCRIPTION'], rows, width));
  return 0;
}

const flagsOf = (p: PluginSpec): string =>
  [p.confirm && 'confirm', p.dangerous && 'dangerous', p.interactive && 'interactive', p.stdin === 'records' && 'stdin']
    .filter(Boolean)
    .join(',');

async function runPlugin(ctx: Context, plugins: readonly PluginSpec[], args: string[]): Promise<number> {
  const [name = '', word = '', ...ids] = args;
  if (!name || !word || ids.length === 0)
    throw usageError('Usage: slotui plugin run NAME <resource> <id>... (slotui plugin list names them).', 'plugin');
  const plugin = plugins.find((p) => p.name === name);
  if (!plugin) {
    const meant = closestWord(
      name,
      plugins.map((p) => p.name),
    );
    throw usageError(
      `No plugin is named "${sanitizeLine(name).slice(0, 40)}"${meant ? `; did you mean "${meant}"?` : '.'} slotui plugin list names them.`,
      'plugin',
    );
  }
  const def = resourceArg(word, 'plugin', ctx.registry);
  for (const id of ids) idArg(def, id, 'plugin');
  if (!pluginRunsOn(plugin, def.name, (w) => ctx.registry.resolve(w)?.name))
    throw usageError(`Plugin ${plugin.name} does not run on ${def.plural}.`, 'plugin');
  const settings = ctx.settings();
  if (plugin.dangerous) refuseIfReadOnly(settings.readOnly, `run (plugin ${plugin.name} is dangerous)`);
  const client = await ctx.connect(settings);
  const records: ApiRecord[] = [];
  for (const id of new Set(ids)) records.push(await client.get(def.name, id));
  const invocation = pluginInvocation(plugin, {
    resource: def.name,
    records,
    profile: settings.profileName,
    baseUrl: settings.baseUrl ?? '',
  });
  const onTerminal = ctx.io.stdout === process.stdout;
  return runAttached(plugin.name, invocation, {
    env: ctx.io.env,
    input: ctx.stdinIsTerminal ? 'inherit' : 'none',
    ...(onTerminal ? {} : { out: ctx.io.stdout, err: ctx.io.stderr }),
  });
}
