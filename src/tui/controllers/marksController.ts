/**
 * Marks on the list (k9s's Space): the selected record, every record the
 * list shows, and unmarking them all. With marks, the record keys act on the
 * marked records (recordController.ts); the marks themselves live in the
 * session (state/marks.ts), so they survive paging, filtering and refreshes.
 */
import type { ApiRecord } from '../../api/record.js';
import type { ResourceName } from '../../api/resources.js';
import type { Binding, HandlersOf } from '../input/binding.js';
import type { DashboardContext } from './context.js';
import { counted, grouped } from '../../text/count.js';

export const marksBindings = [
  {
    id: 'mark',
    keys: ['Space'],
    description: 'mark or unmark the selected record, and move down (d, e, y, Y and :export then act on the marked)',
    hint: 'mark',
    group: 'Records',
    when: ['list'],
  },
  {
    id: 'mark-all',
    keys: ['*'],
    description: 'mark every record the list shows (filtered or sorted: every match, across pages); again: unmark them',
    group: 'Records',
    when: ['list'],
  },
  {
    id: 'clear-marks',
    keys: ['Esc'],
    description: 'unmark every record (when no filter is set)',
    hint: 'unmark all',
    group: 'Records',
    when: ['list'],
  },
] as const satisfies readonly Binding[];

/** The marked records as they are known now (the record store's or the index's copy when fresher). */
export const markedRecords = (
  ctx: Pick<DashboardContext, 'session' | 'records'>,
  resource: ResourceName,
): ApiRecord[] =>
  [...ctx.session().marks.of(resource).values()].map(
    (r) => ctx.records.get(resource, r.id).record ?? ctx.session().index.get(resource, r.id) ?? r,
  );

export function createMarksController(ctx: DashboardContext): {
  /** The keys on the resource's list; `escFree`: Esc has nothing else to do there (no filter, nothing gathering). */
  handlers(resource: ResourceName, escFree: boolean): HandlersOf<typeof marksBindings>;
} {
  return {
    handlers(resource, escFree) {
      const marks = ctx.session().marks;
      const def = ctx.registry.get(resource);
      const handlers: HandlersOf<typeof marksBindings> = {
        mark: () => {
          const shown = ctx.shown();
          const record = shown.selectedRecord;
          if (!record) return;
          marks.toggle(resource, record);
          shown.moveSelection(1);
        },
        'mark-all': () => {
          const shown = ctx.shown();
          const whole = ctx.session().wholes[resource];
          const records = shown.whole ? whole.matches() : shown.rows.map((row) => row.record);
          const before = marks.count(resource);
          const now = marks.toggleAll(resource, records);
          const where = shown.whole ? 'of the whole list' : 'on this page (/ or o first to mark across pages)';
          ctx.say(
            now >= before
              ? `Marked ${counted(records.length, def.kind, def.plural)} ${where}: ${grouped(now)} marked.`
              : `Unmarked ${counted(before - now, def.kind, def.plural)}: ${grouped(now)} marked.`,
          );
        },
      };
      if (escFree && marks.count(resource) > 0)
        handlers['clear-marks'] = () => {
          const n = marks.count(resource);
          marks.clear(resource);
          ctx.say(`Unmarked ${counted(n, def.kind, def.plural)}.`);
        };
      return handlers;
    },
  };
}
