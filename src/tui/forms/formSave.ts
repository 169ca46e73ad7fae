/**
 * What a form reads and sends: suggestions of values already in use, and
 * saving (one request at a time, so no double creates; every failure put on
 * the form, whose contents stay as typed; a new record selected in its list).
 */
import { isSlotuiError } from '../../api/errors.js';
import type { ApiRecord } from '../../api/record.js';
import type { ResourceName } from '../../api/resources.js';
import type { ResourceView } from '../../presentation/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { errorSentence } from '../text/errorSentence.js';
import { recordName, reloadList, settled, type FormsContext } from './context.js';
import type { DraftController } from './draftController.js';
import { formRows, type FormState } from './formModel.js';
import { buildPayload, hasErrors, placeErrors, type Built } from './payload.js';
import { fieldChanges } from '../../domain/recordChanges.js';
import { targetWarning } from './targetCheck.js';

/** Records read for suggestions of values already in use. */
const SUGGESTION_SAMPLE = 100;

/** Distinct values of a field among records, most used first. */
function usedValues(records: readonly ApiRecord[], key: string): string[] {
  const counts = new Map<string, number>();
  for (const r of records) {
    const v = r[key];
    if (typeof v === 'string' && v.trim() !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([v]) => sanitizeLine(v));
}

/** Changes the open form, if the form open is still `expected` (late answers check this). */
type UpdateForm = (change: (form: FormState) => FormState, expected?: FormState) => void;

export function createFormSave(
  ctx: FormsContext,
  drafts: DraftController,
  update: UpdateForm,
  showPlan: (resource: ResourceName, records: readonly ApiRecord[], patch: Record<string, unknown>) => void,
): { loadSuggestions(form: FormState): void; submit(): Promise<void> } {
  const { store } = ctx;

  const loadSuggestions = (form: FormState) => {
    const keys = form.def.fields.filter((f) => f.suggestFromRecords).map((f) => f.key);
    if (keys.length === 0) return;
    const apply = (records: readonly ApiRecord[]) => {
      update((f) => ({ ...f, suggestions: Object.fromEntries(keys.map((k) => [k, usedValues(records, k)])) }), form);
    };
    // What is on screen at once; a larger sample of the records when it arrives.
    apply(ctx.stores()[form.def.name].getSnapshot().page?.results ?? []);
    ctx
      .client()
      .listPage(form.def.name, { limit: SUGGESTION_SAMPLE })
      .then(
        (page) => apply(page.results),
        () => undefined,
      );
  };

  const afterCreate = async (def: ResourceView, created: ApiRecord) => {
    const list = ctx.stores()[def.name];
    list.setFilter('');
    list.invalidate();
    // Records come in chronological order: the new one is on the last page.
    list.last();
    await settled(list);
    for (let tries = 0; tries < 2; tries++) {
      const page = list.getSnapshot().page;
      const index = page?.results.findIndex((r) => r.id === created.id) ?? -1;
      if (index >= 0) {
        list.select(index);
        return;
      }
      if (!page?.next) return;
      list.next();
      await settled(list);
    }
  };

  const submit = async () => {
    const s = store.getSnapshot();
    if (s.kind !== 'form' || s.form.submitting) return; // one request at a time: no double creates
    if (!ctx.writable()) return ctx.refuse();
    const form = s.form;
    const built = buildPayload(form);
    if (hasErrors(built)) {
      const first = formRows(form).findIndex((r) => built.errors[r.id] !== undefined);
      store.set({
        ...s,
        form: { ...form, errors: built.errors, topErrors: built.topErrors, focus: first >= 0 ? first : form.focus },
      });
      return;
    }
    if (form.bulk) {
      // Nothing is sent from the form: the plan says what each marked record would become first.
      if (Object.keys(built.payload).length === 0) return ctx.say('Fill in a field to set it on every marked record.');
      showPlan(form.def.name, form.bulk.records, built.payload);
      return;
    }
    if (form.mode === 'edit' && Object.keys(built.payload).length === 0) {
      ctx.close();
      ctx.say('Nothing changed: nothing was sent.');
      return;
    }
    const warning = targetWarning(form, built.payload);
    if (warning) {
      const row = formRows(form).findIndex((r) => r.id === warning.row);
      store.set({
        ...s,
        form: {
          ...form,
          errors: { [warning.row]: warning.text },
          topErrors: [],
          warnedTarget: warning.value,
          focus: row >= 0 ? row : form.focus,
        },
      });
      return;
    }
    store.set({ ...s, form: { ...form, submitting: true, errors: {}, topErrors: [] } });
    const client = ctx.client();
    const { def } = form;
    try {
      if (form.mode === 'edit' && (await changedElsewhere(form))) return;
      const saved =
        form.mode === 'create'
          ? await client.create(def.name, built.payload)
          : await client.update(def.name, form.record!.id, built.payload);
      drafts.forget(form);
      ctx.noteWrite(def.name, { saved });
      if (store.getSnapshot().kind === 'form') ctx.close();
      ctx.say(`${form.mode === 'create' ? 'Created' : 'Saved'} ${recordName(def, saved)}.`);
      if (form.mode === 'create') await afterCreate(def, saved);
      else await reloadList(ctx, def.name);
    } catch (error) {
      const failed: Built = { payload: {}, errors: {}, topErrors: [] };
      if (isSlotuiError(error) && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
        placeErrors(form, error.fieldErrors, failed);
        failed.topErrors.unshift('The service refused the form: see the messages on the fields.');
      } else {
        failed.topErrors.push(`${errorSentence(error)} What you typed is kept: press Ctrl+S to try again.`);
      }
      const first = formRows(form).findIndex((r) => failed.errors[r.id] !== undefined);
      update(
        (f) => ({
          ...f,
          submitting: false,
          errors: failed.errors,
          topErrors: failed.topErrors,
          focus: first >= 0 ? first : f.focus,
        }),
        form,
      );
    }
  };

  /**
   * Someone else changed the record since the form opened (another engineer, a pipeline): said
   * before anything is sent, with what is there now. The next Ctrl+S saves over it; Esc keeps
   * theirs (the details already show it).
   */
  const changedElsewhere = async (form: FormState): Promise<boolean> => {
    const now = await ctx.client().get(form.def.name, form.record!.id);
    const changes = Object.entries(fieldChanges(form.record!, now));
    const version = JSON.stringify(now);
    if (changes.length === 0 || form.overwrites === version) return false;
    ctx.noteWrite(form.def.name, { saved: now });
    const shown = changes
      .slice(0, 3)
      .map(
        ([field, [, value]]) =>
          `${field} is now ${value === undefined ? '(none)' : sanitizeLine(JSON.stringify(value)).slice(0, 60)}`,
      )
      .join(', ');
    update(
      (f) => ({
        ...f,
        submitting: false,
        overwrites: version,
        topErrors: [
          `Changed by someone else since you opened it: ${shown}${changes.length > 3 ? ` and ${changes.length - 3} more` : ''}. Ctrl+S saves yours over it, Esc keeps theirs.`,
        ],
      }),
      form,
    );
    return true;
  };

  return { loadSuggestions, submit };
}
