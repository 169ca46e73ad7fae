/** The help's keys (`?`): it owns the keyboard, scrolls, and closes with Esc or `?`; q still quits. */
import type { Binding, HandlersOf, KeyLayer } from '../input/binding.js';
import { maxScroll, type DashboardContext } from './context.js';

export const helpBindings = [
  {
    id: 'help-close',
    keys: ['Esc', '?', 'F1'],
    description: 'close the help',
    hint: 'close',
    group: 'Help',
    when: ['help'],
  },
  { id: 'up', keys: ['↑', 'k'], description: 'scroll the help up', group: 'Help', when: ['help'] },
  {
    id: 'down',
    keys: ['↓', 'j'],
    description: 'scroll the help down',
    hint: 'scroll',
    group: 'Help',
    when: ['help'],
  },
  {
    id: 'prev-page',
    keys: ['PgUp'],
    description: 'scroll the help up a screen',
    group: 'Help',
    when: ['help'],
  },
  {
    id: 'next-page',
    keys: ['PgDn'],
    description: 'scroll the help down a screen',
    group: 'Help',
    when: ['help'],
  },
  { id: 'first-page', keys: ['g'], description: 'the top of the help', group: 'Help', when: ['help'] },
  { id: 'last-page', keys: ['G'], description: 'the end of the help', group: 'Help', when: ['help'] },
] as const satisfies readonly Binding[];

export function createHelpController(ctx: DashboardContext): { layer(): KeyLayer } {
  const { nav } = ctx;
  const scrollTo = (to: (scroll: number, page: number, max: number) => number) => {
    const room = ctx.room();
    const max = maxScroll(room);
    const page = Math.max(1, room.visible - 1);
    nav.dispatch({ type: 'scroll-help', to: to(nav.getSnapshot().helpScroll, page, max), max });
  };
  const handlers: HandlersOf<typeof helpBindings> & { quit: () => void } = {
    // The help says "q quit · everywhere": the help is somewhere.
    quit: ctx.quit,
    'help-close': () => nav.dispatch({ type: 'overlay', overlay: 'none' }),
    up: () => scrollTo((at) => at - 1),
    down: () => scrollTo((at) => at + 1),
    'prev-page': () => scrollTo((at, page) => at - page),
    'next-page': () => scrollTo((at, page) => at + page),
    'first-page': () => scrollTo(() => 0),
    'last-page': () => scrollTo((_, __, max) => max),
  };
  return { layer: () => ({ context: 'help', owns: true, handlers }) };
}
