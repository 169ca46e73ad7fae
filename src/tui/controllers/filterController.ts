/** The filter line (`/`): what is typed filters the whole list at once; Enter keeps it, Esc clears it. */
import type { Binding, HandlersOf, KeyLayer } from '../input/binding.js';
import { editLine } from '../text/lineEditor.js';
import type { DashboardContext } from './context.js';

export const filterBindings = [
  {
    id: 'filter-keep',
    keys: ['Enter'],
    description: 'keep the filter and return to the list',
    hint: 'keep',
    group: 'Filter',
    when: ['filter'],
  },
  {
    id: 'filter-cancel',
    keys: ['Esc'],
    description: 'clear the filter',
    hint: 'clear',
    group: 'Filter',
    when: ['filter'],
  },
] as const satisfies readonly Binding[];

export function createFilterController(ctx: DashboardContext): { layer(): KeyLayer } {
  const { nav } = ctx;
  const whole = () => ctx.session().wholes[nav.getSnapshot().resource];
  const close = () => nav.dispatch({ type: 'overlay', overlay: 'none' });
  const handlers: HandlersOf<typeof filterBindings> = {
    'filter-keep': close,
    'filter-cancel': () => {
      whole().clearText();
      close();
    },
  };
  return {
    layer: () => ({
      context: 'filter',
      owns: true,
      handlers,
      text: (input, key) => {
        const edited = editLine(nav.getSnapshot().filter, input, key);
        if (!edited) return false;
        nav.dispatch({ type: 'edit-filter', editor: edited });
        whole().setText(edited.value);
        return true;
      },
    }),
  };
}
