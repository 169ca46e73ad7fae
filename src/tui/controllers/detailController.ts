/**
 * The details' keys: back to the list, scrolling, the records it refers to
 * (Tab marks the next, Enter opens the marked one), reading it again, and
 * the burn calculator of an SLO. Scrolling reads how far it reaches from the
 * view model; the keys on the record itself are the record controller's.
 */
import type { ApiRecord } from '../../api/record.js';
import type { ResourceName } from '../../api/resources.js';
import type { Binding, HandlersOf, KeyLayer } from '../input/binding.js';
import { extensionOf } from '../extensions.js';
import { referencesOf } from '../screens/references.js';
import { currentDetail } from '../state/navigation.js';
import { maxScroll, type DashboardContext } from './context.js';
import type { RecordHandlers } from './recordController.js';

export const detailBindings = [
  {
    id: 'back',
    keys: ['Esc'],
    description: 'back to the list, on the same row',
    hint: 'back',
    group: 'Details',
    when: ['detail'],
  },
  { id: 'up', keys: ['↑', 'k'], description: 'scroll up', group: 'Details', when: ['detail'] },
  {
    id: 'down',
    keys: ['↓', 'j'],
    description: 'scroll down',
    hint: 'scroll',
    group: 'Details',
    when: ['detail'],
  },
  { id: 'prev-page', keys: ['PgUp'], description: 'scroll up a screen', group: 'Details', when: ['detail'] },
  { id: 'next-page', keys: ['PgDn'], description: 'scroll down a screen', group: 'Details', when: ['detail'] },
  { id: 'first-page', keys: ['g'], description: 'scroll to the top', group: 'Details', when: ['detail'] },
  { id: 'last-page', keys: ['G'], description: 'scroll to the bottom', group: 'Details', when: ['detail'] },
  {
    id: 'open-reference',
    keys: ['Enter', 's'],
    description: "open the record marked › (an SLO's SLI, an agreement's organization or SLOs)",
    hint: 'open',
    group: 'Details',
    when: ['detail'],
  },
  {
    id: 'reference-next',
    keys: ['Tab'],
    description: 'mark the next record it refers to',
    hint: 'next ref',
    group: 'Details',
    when: ['detail'],
  },
  {
    id: 'reference-prev',
    keys: ['Shift+Tab'],
    description: 'mark the previous record it refers to',
    group: 'Details',
    when: ['detail'],
  },
  {
    id: 'reload',
    keys: ['r', 'Ctrl+R'],
    description: 'read the record again',
    hint: 'reload',
    group: 'Details',
    when: ['detail'],
  },
  {
    id: 'burn',
    keys: ['b'],
    description: 'burn calculator: type an error rate (2%) or the bad time spent (12m) (SLO details)',
    hint: 'burn',
    group: 'Details',
    when: ['detail'],
  },
] as const satisfies readonly Binding[];

export function createDetailController(
  ctx: DashboardContext,
  onRecord: (resource: ResourceName, record: () => ApiRecord | undefined) => RecordHandlers,
): { layer(): KeyLayer } {
  const { nav, records } = ctx;

  const layer = (): KeyLayer => {
    const top = currentDetail(nav.getSnapshot())!;
    const shown = () => records.get(top.resource, top.id).record ?? top.record;
    const scrollTo = (to: (page: number, max: number) => number) => {
      const room = ctx.room();
      const max = maxScroll(room);
      nav.dispatch({ type: 'scroll-detail', to: to(Math.max(1, room.visible), max), max });
    };
    const handlers: HandlersOf<typeof detailBindings> = {
      back: () => nav.dispatch({ type: 'back' }),
      up: () => scrollTo(() => top.scroll - 1),
      down: () => scrollTo(() => top.scroll + 1),
      'prev-page': () => scrollTo((page) => top.scroll - page),
      'next-page': () => scrollTo((page) => top.scroll + page),
      'first-page': () => scrollTo(() => 0),
      'last-page': () => scrollTo((_, max) => max),
      reload: () => {
        records.load(top.resource, top.id);
        // The names that could not be read are read again too.
        for (const ref of referencesOf(ctx.registry, top.resource, shown()))
          if (records.get(ref.resource, ref.id).error !== null) records.load(ref.resource, ref.id);
      },
    };
    // The burn calculator needs a budget: only where the resource has one.
    if (extensionOf(top.resource).burnCalculator)
      handlers.burn = () => nav.dispatch({ type: 'overlay', overlay: 'burn' });
    const refs = referencesOf(ctx.registry, top.resource, shown());
    const marked = refs[Math.min(top.reference, refs.length - 1)];
    if (marked)
      handlers['open-reference'] = () =>
        nav.dispatch({ type: 'open-detail', entry: { resource: marked.resource, id: marked.id } });
    if (refs.length > 1) {
      const mark = (to: number) => () => nav.dispatch({ type: 'mark-reference', to, count: refs.length });
      handlers['reference-next'] = mark(top.reference + 1);
      handlers['reference-prev'] = mark(top.reference - 1);
    }
    return { context: 'detail', handlers: { ...handlers, ...onRecord(top.resource, shown) } };
  };
  return { layer };
}
