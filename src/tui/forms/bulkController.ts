/**
 * Acting on the marked records: deleting them after one question that counts
 * them and says what refers to them, and sending the plan of a bulk edit (the
 * fields filled in, set on each, one PATCH a record). Each record is sent
 * once: a failure is listed with its sentence, the others go on, and `y`
 * again sends only what failed. What was done leaves the marks.
 */
import type { ApiRecord } from '../../api/record.js';
import { relationsOf } from '../../presentation/relations.js';
import type { ResourceName } from '../../api/resources.js';
import { fieldChanges } from '../../domain/recordChanges.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import type { KeyLayer } from '../input/binding.js';
import { watchUsedBy } from '../state/relationsStore.js';
import { errorSentence } from '../text/errorSentence.js';
import { reloadList, type FormsContext } from './context.js';
import type { BulkFailure, BulkState } from './formsStore.js';
import { counted, grouped } from '../../text/count.js';

export interface BulkController {
  askDeleteMany(resource: ResourceName, records: readonly ApiRecord[]): void;
  /** The plan of a bulk edit: `patch` set on each record (shown first; `y` sends it). */
  showPlan(resource: ResourceName, records: readonly ApiRecord[], patch: Record<string, unknown>): void;
  layer(): KeyLayer;
}

const shown = (value: unknown): string =>
  truncate(sanitizeLine(value === undefined ? '(none)' : JSON.stringify(value)), 40);

/** `~ slo/slo-000001 target_value "99.9" → "99.95"`, or `= slo/slo-000002 (already so)`: the apply plan's words. */
function planLine(
  singular: string,
  record: ApiRecord,
  patch: Record<string, unknown>,
): { id: string; text: string; changes: boolean } {
  const changes = Object.entries(fieldChanges(record, { ...record, ...patch }));
  const at = `${singular}/${sanitizeLine(record.id)}`;
  return changes.length === 0
    ? { id: record.id, text: `= ${at} (already so)`, changes: false }
    : {
        id: record.id,
        text: `~ ${at} ${changes.map(([key, [before, after]]) => `${key} ${shown(before)} → ${shown(after)}`).join(', ')}`,
        changes: true,
      };
}

export function createBulkController(ctx: FormsContext): BulkController {
  const { store } = ctx;
  let stopWatching: (() => void) | undefined;

  const bulk = (): BulkState | undefined => {
    const s = store.getSnapshot();
    return s.kind === 'delete-many' || s.kind === 'bulk-plan' ? s : undefined;
  };

  const askDeleteMany = (resource: ResourceName, records: readonly ApiRecord[]) => {
    if (!ctx.writable()) return ctx.refuse();
    stopWatching?.();
    const asked: BulkState = {
      kind: 'delete-many',
      resource,
      records: [...records],
      sending: false,
      done: [],
      failures: [],
      usedBy: null,
    };
    store.set(asked);
    const ids = records.map((r) => r.id);
    const unwatchIndex = watchUsedBy(ctx.index(), relationsOf(ctx.registry), resource, ids, (usedBy) => {
      const s = store.getSnapshot();
      if (s.kind === 'delete-many' && s.records === asked.records) store.set({ ...s, usedBy });
    });
    const unwatchStore = store.subscribe(() => {
      const s = store.getSnapshot();
      if (s.kind !== 'delete-many' || s.records !== asked.records) stopWatching?.();
    });
    stopWatching = () => {
      unwatchIndex?.();
      unwatchStore();
      stopWatching = undefined;
    };
  };

  const showPlan = (resource: ResourceName, records: readonly ApiRecord[], patch: Record<string, unknown>) => {
    const singular = ctx.registry.get(resource).singular;
    store.set({
      kind: 'bulk-plan',
      resource,
      records: [...records],
      patch,
      lines: records.map((r) => planLine(singular, r, patch)),
      sending: false,
      done: [],
      failures: [],
    });
  };

  /** Sends what is left, one request a record, in order; then says what was done. */
  const send = async () => {
    const s = bulk();
    if (!s || s.sending) return;
    if (!ctx.writable()) return ctx.refuse();
    const def = ctx.registry.get(s.resource);
    const todo = s.records.filter(
      (r) =>
        !s.done.includes(r.id) && (s.kind === 'delete-many' || s.lines.find((l) => l.id === r.id)?.changes === true),
    );
    store.set({ ...s, sending: true, failures: [] });
    const done = [...s.done];
    const failures: BulkFailure[] = [];
    for (const record of todo) {
      try {
        if (s.kind === 'delete-many') {
          await ctx.client().remove(s.resource, record.id);
          ctx.noteWrite(s.resource, { removed: record.id });
          ctx.leaveDetailsOf(s.resource, record.id);
        } else {
          const saved = await ctx.client().update(s.resource, record.id, s.patch);
          ctx.noteWrite(s.resource, { saved });
        }
        done.push(record.id);
      } catch (error) {
        failures.push({ id: record.id, sentence: errorSentence(error) });
      }
      const now = bulk();
      if (now && now.records === s.records) store.set({ ...now, done: [...done], failures: [...failures] });
    }
    ctx.unmark(s.resource, done);
    const verb = s.kind === 'delete-many' ? 'Deleted' : 'Saved';
    const count = (n: number) => counted(n, def.kind, def.plural);
    if (failures.length === 0) {
      ctx.close();
      const skipped = s.kind === 'bulk-plan' ? s.lines.filter((l) => !l.changes).length : 0;
      ctx.say(
        `${verb} ${count(done.length)}.${skipped > 0 ? ` ${count(skipped)} already so: nothing sent for ${skipped === 1 ? 'it' : 'them'}.` : ''}`,
      );
    } else {
      const now = bulk();
      if (now && now.records === s.records) store.set({ ...now, sending: false, done, failures });
    }
    await reloadList(ctx, s.resource);
  };

  const layer = (): KeyLayer => ({
    context: 'confirm',
    owns: true,
    handlers: {
      'confirm-yes': () => void send(),
      'confirm-no': () => {
        const s = bulk();
        if (!s || s.sending) return;
        ctx.close();
        ctx.say(
          s.done.length > 0
            ? `${grouped(s.done.length)} done; the rest was not sent and stays marked.`
            : 'Nothing was sent.',
        );
      },
    },
  });

  return { askDeleteMany, showPlan, layer };
}
