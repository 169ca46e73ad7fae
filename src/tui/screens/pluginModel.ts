/**
 * The plugin overlay as drawn: the question of a plugin with `confirm: true`,
 * or a plugin's output (sanitised when it came in) scrolled to where the user
 * left it, its state at the top.
 */
import type { ViewRegistry } from '../../presentation/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { fit, truncate } from '../../text/width.js';
import type { ScrollRoom } from '../controllers/context.js';
import type { PluginRunState } from '../state/pluginRun.js';
import { counted } from '../../text/count.js';

export interface PluginBody {
  kind: 'plugin';
  title: string;
  /** The lines in view. */
  lines: string[];
  room: ScrollRoom;
}

export function pluginBody(
  state: Exclude<PluginRunState, { kind: 'none' }>,
  registry: ViewRegistry,
  width: number,
  height: number,
): PluginBody {
  const name = truncate(sanitizeLine(state.plugin.name), 40);
  const def = registry.get(state.resource);
  const on = counted(state.records.length, def.kind, def.plural);
  const visible = Math.max(1, height - 1);
  if (state.kind === 'confirm') {
    const command = state.plugin.command.map((arg) => sanitizeLine(arg)).join(' ');
    const lines = [
      `Run plugin ${name} on ${on}?`,
      '',
      `  ${truncate(command, Math.max(10, width - 2))}`,
      '',
      'y runs it · n, Esc or Enter: it does not run  [y/N]',
    ];
    return {
      kind: 'plugin',
      title: fit(` Plugin ${name}`, width),
      lines: lines.slice(0, visible),
      room: { lines: lines.length, visible },
    };
  }
  const total = state.lines.length;
  const top = Math.min(state.scroll, Math.max(0, total - visible));
  const where = total > visible ? ` · lines ${top + 1}-${Math.min(total, top + visible)} of ${total}` : '';
  const status = state.running ? 'running… Ctrl+C stops it' : `${state.end ?? 'done'} · Esc closes`;
  return {
    kind: 'plugin',
    title: fit(` Plugin ${name} on ${on} · ${status}${where}`, width),
    lines: state.lines.slice(top, top + visible).map((line) => truncate(line.replace(/\t/g, '  '), width)),
    room: { lines: total, visible },
  };
}
