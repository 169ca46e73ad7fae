/**
 * The keys that act on one record, in the list (its selection) and in the
 * details (the record shown): create, edit, edit as JSON, delete (the
 * forms'), used by, the relations tree, and copying its id or a summary.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import { relationsOf } from '../../presentation/relations.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { createCopier, markdownTable, recordSummary } from '../copy.js';
import { writable, type Binding, type HandlersOf } from '../input/binding.js';
import type { RelationsMode } from '../state/relationsStore.js';
import type { DashboardContext } from './context.js';
import { markedRecords } from './marksController.js';
import { grouped } from '../../text/count.js';

export const recordBindings = [
  {
    id: 'create',
    keys: ['c'],
    description: 'create a record',
    hint: 'create',
    group: 'Records',
    when: ['list'],
    enabled: writable,
    disabledReason: 'read-only: creating is off',
  },
  {
    id: 'edit',
    keys: ['e'],
    description: 'edit the selected record',
    hint: 'edit',
    group: 'Records',
    when: ['list', 'detail'],
    enabled: writable,
    disabledReason: 'read-only: editing is off',
  },
  {
    id: 'delete',
    keys: ['d'],
    description: 'delete the selected record, after asking to confirm',
    hint: 'delete',
    group: 'Records',
    when: ['list', 'detail'],
    enabled: writable,
    disabledReason: 'read-only: deleting is off',
  },
  {
    id: 'edit-json',
    keys: ['E'],
    description: 'edit the selected record as JSON in $VISUAL or $EDITOR',
    group: 'Records',
    when: ['list', 'detail'],
    enabled: writable,
    disabledReason: 'read-only: editing is off',
  },
  {
    id: 'used-by',
    keys: ['u'],
    description: "used by: the records that refer to it (an SLI's SLOs, an SLO's or an organization's agreements)",
    hint: 'used by',
    group: 'Relations',
    when: ['list', 'detail'],
  },
  {
    id: 'relations',
    keys: ['x'],
    description: 'relations tree: organization → agreements → SLOs → SLI, ids that point nowhere marked',
    hint: 'relations',
    group: 'Relations',
    when: ['list', 'detail'],
  },
  {
    id: 'copy-id',
    keys: ['y'],
    description: 'copy the id (OSC 52, through tmux too)',
    hint: 'copy id',
    group: 'Relations',
    when: ['list', 'detail'],
  },
  {
    id: 'copy-summary',
    keys: ['Y'],
    description: 'copy a Markdown summary (an SLO: target, window, budget, SLI, first page tier)',
    hint: 'copy summary',
    group: 'Relations',
    when: ['list', 'detail'],
  },
] as const satisfies readonly Binding[];

export type RecordHandlers = HandlersOf<typeof recordBindings>;

export interface RecordControllerDeps {
  clock: () => Date;
  /** Writes our own escape sequence to the terminal (OSC 52); absent: copying is not available. */
  writeTerminal?: (sequence: string) => void;
  /** Inside tmux (what is copied may stop there). */
  inTmux?: boolean;
}

export function createRecordController(
  ctx: DashboardContext,
  deps: RecordControllerDeps,
): {
  /** The keys on `record()`; on the list (`inList`), with marks, on the marked records instead. */
  handlers(resource: ResourceName, record: () => ApiRecord | undefined, inList?: boolean): RecordHandlers;
} {
  const relations = relationsOf(ctx.registry);
  const copier = createCopier(
    deps.writeTerminal,
    (resource, record) =>
      recordSummary(ctx.registry.get(resource), record, relations, ctx.session().index, ctx.records, deps.clock()),
    relations,
    Boolean(deps.inTmux),
  );

  const onMarked = (resource: ResourceName): RecordHandlers => {
    const def = ctx.registry.get(resource);
    const records = markedRecords(ctx, resource);
    const n = `${grouped(records.length)} marked ${records.length === 1 ? def.kind : def.plural}`;
    return {
      'copy-id': () =>
        ctx.say(copier.copyText(records.map((r) => sanitizeLine(r.id)).join(' '), `the ids of the ${n}`)),
      'copy-summary': () =>
        ctx.say(copier.copyText(markdownTable(def, records, deps.clock().getTime()), `a Markdown table of the ${n}`)),
      'used-by': () => ctx.say('u shows one record: Esc unmarks them all first.'),
      relations: () => ctx.say('x shows one record: Esc unmarks them all first.'),
      ...(ctx.env().readOnly
        ? {}
        : {
            delete: () => ctx.forms.askDeleteMany(resource, records),
            edit: () => ctx.forms.openBulkEdit(resource, records),
            'edit-json': () => ctx.say('E edits one record as JSON: e sets fields on every marked one.'),
            create: ctx.forms.listHandlers(resource, () => undefined).create,
          }),
    };
  };

  const handlers = (resource: ResourceName, record: () => ApiRecord | undefined, inList = false): RecordHandlers => {
    if (inList && ctx.session().marks.count(resource) > 0) return onMarked(resource);
    const on = (act: (r: ApiRecord) => void) => () => {
      const r = record();
      if (r) act(r);
    };
    const open = (mode: RelationsMode) =>
      on((r) => ctx.relations.open(mode, resource, r.id, relations.model.name(resource, r)));
    return {
      'copy-id': on((r) => ctx.say(copier.copyId(resource, r))),
      'copy-summary': on((r) => ctx.say(copier.copySummary(resource, r))),
      'used-by': open('used-by'),
      relations: open('tree'),
      // c, e, E, d (the forms refuse again in read-only sessions).
      ...(ctx.env().readOnly ? {} : ctx.forms.listHandlers(resource, record)),
    };
  };
  return { handlers };
}
