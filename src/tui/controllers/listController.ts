/**
 * The list's keys: moving the selection and the pages, opening details, the
 * filter and the order of the whole list, reloading. They act on the list as
 * shown (state/shownList.ts), the server's page or the whole list alike; the
 * keys on the selected record are the record controller's.
 */
import type { ApiRecord } from '../../api/record.js';
import type { ResourceName } from '../../api/resources.js';
import type { Binding, HandlersOf, KeyLayer } from '../input/binding.js';
import type { DashboardContext } from './context.js';
import type { RecordHandlers } from './recordController.js';
import type { createMarksController } from './marksController.js';
import { grouped } from '../../text/count.js';

type MarksHandlers = ReturnType<ReturnType<typeof createMarksController>['handlers']>;

export const listBindings = [
  { id: 'up', keys: ['↑', 'k'], description: 'move the selection up', group: 'Moving around', when: ['list'] },
  {
    id: 'down',
    keys: ['↓', 'j'],
    description: 'move the selection down',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'next-page',
    keys: ['n', '→', 'PgDn', 'Ctrl+F'],
    description: 'next page',
    hint: 'next',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'prev-page',
    keys: ['p', '←', 'PgUp', 'Ctrl+B'],
    description: 'previous page',
    hint: 'prev',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'first-page',
    keys: ['g', 'Home'],
    description: 'first page',
    hint: 'first',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'last-page',
    keys: ['G', 'End'],
    description: 'last page',
    hint: 'last',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'details',
    keys: ['Enter'],
    description: 'details of the selected record',
    hint: 'details',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'filter',
    keys: ['/'],
    description:
      'filter the whole list: name, id and the columns shown (records are gathered in the background; "N of M match")',
    hint: 'filter',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'sort',
    keys: ['o'],
    description: "sort the whole list by the next column (after the last: the server's order)",
    hint: 'sort',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'reverse-sort',
    keys: ['O'],
    description: 'reverse the order of the whole list',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'clear-filter',
    keys: ['Esc'],
    description: 'clear the filter',
    hint: 'clear filter',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'stop-gathering',
    keys: ['Esc'],
    description: 'stop gathering the whole list, no filter set (what is held stays usable; /, o or r gathers again)',
    hint: 'stop gathering',
    group: 'Moving around',
    when: ['list'],
  },
  {
    id: 'reload',
    keys: ['r', 'Ctrl+R'],
    description: 'reload (or retry after an error)',
    hint: 'reload',
    group: 'Moving around',
    when: ['list'],
  },
] as const satisfies readonly Binding[];

export function createListController(
  ctx: DashboardContext,
  onRecord: (resource: ResourceName, record: () => ApiRecord | undefined, marked: boolean) => RecordHandlers,
  onMarks: (resource: ResourceName, escFree: boolean) => MarksHandlers,
): { layer(): KeyLayer } {
  const { nav } = ctx;

  const layer = (): KeyLayer => {
    const { resource } = nav.getSnapshot();
    const session = ctx.session();
    const list = session.stores[resource];
    const whole = session.wholes[resource];
    const shown = ctx.shown();
    const handlers: HandlersOf<typeof listBindings> = {
      up: () => shown.moveSelection(-1),
      down: () => shown.moveSelection(1),
      'next-page': shown.next,
      'prev-page': shown.prev,
      'first-page': shown.first,
      'last-page': shown.last,
      details: () => {
        const record = shown.selectedRecord;
        if (record) nav.dispatch({ type: 'open-detail', entry: { resource, id: record.id, record } });
      },
      filter: () => nav.dispatch({ type: 'overlay', overlay: 'filter', filter: whole.getSnapshot().query.text }),
      sort: () => whole.sortNext(),
      'reverse-sort': () => whole.sortReverse(),
      reload: () => {
        list.reload();
        void session.index.refreshStarted(resource);
        // A tab whose count is missing (its first read failed) gets it back with the same key.
        for (const other of Object.values(session.stores))
          if (other !== list && other.getSnapshot().page === null) other.recover();
      },
    };
    const gathering = session.index.status(resource).state === 'gathering';
    if (shown.filter !== '') handlers['clear-filter'] = shown.clearFilter;
    else if (gathering)
      handlers['stop-gathering'] = () => {
        session.index.cancel(resource);
        const stopped = session.index.status(resource);
        ctx.say(
          `Stopped gathering ${stopped.title}: ${grouped(stopped.held)} held, and usable. /, o or r gathers them again.`,
        );
      };
    return {
      context: 'list',
      handlers: {
        ...handlers,
        ...onRecord(resource, () => ctx.shown().selectedRecord, true),
        ...onMarks(resource, shown.filter === '' && !gathering),
      },
      // Shift and a column's first letter sorts by it (N for NAME, A for AGE), when no key of its own is that letter.
      text: (input, key) => /^[A-Z]$/.test(input) && !key.ctrl && !key.meta && whole.sortByLetter(input),
    };
  };
  return { layer };
}
