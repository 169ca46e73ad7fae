/** The burn calculator's line (`b` in an SLO's details): the answer follows what is typed; Enter keeps it, Esc clears it. */
import type { Binding, HandlersOf, KeyLayer } from '../input/binding.js';
import { EMPTY_EDITOR, editLine } from '../text/lineEditor.js';
import type { DashboardContext } from './context.js';

export const burnBindings = [
  {
    id: 'burn-keep',
    keys: ['Enter'],
    description: 'keep the answer in the details',
    hint: 'keep',
    group: 'Burn calculator',
    when: ['burn'],
  },
  {
    id: 'burn-cancel',
    keys: ['Esc'],
    description: 'close the calculator and clear its answer',
    hint: 'clear',
    group: 'Burn calculator',
    when: ['burn'],
  },
] as const satisfies readonly Binding[];

export function createBurnController(ctx: DashboardContext): { layer(): KeyLayer } {
  const { nav } = ctx;
  const close = () => nav.dispatch({ type: 'overlay', overlay: 'none' });
  const handlers: HandlersOf<typeof burnBindings> = {
    'burn-keep': close,
    'burn-cancel': () => {
      nav.dispatch({ type: 'edit-burn', editor: EMPTY_EDITOR });
      close();
    },
  };
  return {
    layer: () => ({
      context: 'burn',
      owns: true,
      handlers,
      text: (input, key) => {
        const edited = editLine(nav.getSnapshot().burn, input, key);
        if (!edited) return false;
        nav.dispatch({ type: 'edit-burn', editor: edited });
        return true;
      },
    }),
  };
}
