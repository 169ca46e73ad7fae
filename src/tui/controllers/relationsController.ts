/** Used by (`u`) and the relations tree (`x`): moving through the lines, Enter opening the record of one, Esc closing. */
import { relationsOf } from '../../presentation/relations.js';
import type { Binding, HandlersOf, KeyLayer } from '../input/binding.js';
import type { DashboardContext } from './context.js';

export const relationsBindings = [
  { id: 'up', keys: ['↑', 'k'], description: 'move up', group: 'Relations', when: ['relations'] },
  {
    id: 'down',
    keys: ['↓', 'j'],
    description: 'move down',
    hint: 'move',
    group: 'Relations',
    when: ['relations'],
  },
  {
    id: 'details',
    keys: ['Enter'],
    description: 'open the selected record',
    hint: 'open',
    group: 'Relations',
    when: ['relations'],
  },
  {
    id: 'back',
    keys: ['Esc'],
    description: 'close used-by or the relations tree',
    hint: 'close',
    group: 'Relations',
    when: ['relations'],
  },
] as const satisfies readonly Binding[];

export function createRelationsController(ctx: DashboardContext): { layer(): KeyLayer } {
  const view = ctx.relations;
  const { model } = relationsOf(ctx.registry);
  const handlers: HandlersOf<typeof relationsBindings> = {
    up: () => view.move(-1),
    down: () => view.move(1),
    details: () => {
      const line = view.selectedLine();
      if (!line) return;
      if (line.resolution === 'dangling') {
        ctx.say(
          `${model.noun(line.resource, false)} ${line.id} points nowhere: there is no such record to open.`,
          'error',
        );
        return;
      }
      view.close();
      ctx.nav.dispatch({ type: 'open-detail', entry: { resource: line.resource, id: line.id } });
    },
    back: () => view.close(),
  };
  return { layer: () => ({ context: 'relations', owns: true, handlers }) };
}
