/**
 * The program's keys, below every screen: quit, help, the command line, the
 * number keys of the resources. Ctrl+C quits from anywhere, even inside a
 * text input; Ctrl+Z is the shell's (job control), listed here for the help.
 */
import { REGISTRY, type ViewRegistry } from '../../presentation/resources.js';
import type { Binding, HandlersOf, KeyEnv, KeyLayer } from '../input/binding.js';
import type { DashboardContext } from './context.js';

/** `1`..`N`, one a resource (at most 9). */
const numberKeys = (count: number): string[] => Array.from({ length: Math.min(9, count) }, (_, i) => String(i + 1));
const registryOf = (env: KeyEnv): ViewRegistry => env.registry ?? REGISTRY;
const switchResource = (registry: ViewRegistry): string =>
  `switch resource: ${registry.defs.map((d) => d.plural).join(', ')}`;

export const globalBindings = [
  {
    id: 'quit-now',
    keys: ['Ctrl+C'],
    description: 'quit (the terminal is left as it was found)',
    group: 'Program',
    when: ['always'],
  },
  { id: 'quit', keys: ['q'], description: 'quit', hint: 'quit', group: 'Program', when: ['global', 'help'] },
  {
    id: 'suspend',
    keys: ['Ctrl+Z'],
    description: 'suspend to the shell, the terminal as found (`fg` comes back)',
    group: 'Program',
    when: ['always'],
  },
  { id: 'help', keys: ['?', 'F1'], description: 'help: every key', hint: 'help', group: 'Program', when: ['global'] },
  {
    id: 'command',
    keys: [':'],
    description: 'command line (:slos, :profile NAME, :q)',
    hint: 'command',
    group: 'Program',
    when: ['global'],
  },
  {
    id: 'history-back',
    keys: ['['],
    description: 'back to the screen before, as a browser does',
    group: 'Moving around',
    when: ['global'],
  },
  {
    id: 'history-forward',
    keys: [']'],
    description: 'forward again to the screen left with [',
    group: 'Moving around',
    when: ['global'],
  },
  {
    id: 'switch-resource',
    keys: numberKeys(REGISTRY.names.length),
    keysFor: (env) => numberKeys(registryOf(env).names.length),
    description: switchResource(REGISTRY),
    descriptionFor: (env) => switchResource(registryOf(env)),
    hint: 'resource',
    group: 'Resources',
    when: ['global'],
  },
] as const satisfies readonly Binding[];

export function createGlobalController(ctx: Pick<DashboardContext, 'registry' | 'nav' | 'quit'>): {
  layer(): KeyLayer;
} {
  const { nav } = ctx;
  const handlers: HandlersOf<typeof globalBindings> = {
    'quit-now': ctx.quit,
    quit: ctx.quit,
    help: () => nav.dispatch({ type: 'overlay', overlay: 'help' }),
    command: () => nav.dispatch({ type: 'overlay', overlay: 'command' }),
    'history-back': () => nav.dispatch({ type: 'history-back' }),
    'history-forward': () => nav.dispatch({ type: 'history-forward' }),
    'switch-resource': (pressed) => {
      const resource = ctx.registry.names[Number(pressed) - 1];
      if (resource) nav.dispatch({ type: 'switch-resource', resource });
    },
  };
  return { layer: () => ({ context: 'global', handlers }) };
}
