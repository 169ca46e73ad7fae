/**
 * A create or edit form: focus, typing, suggestions of values in use,
 * queries, and sending. A submit in flight makes a second one a no-op (no
 * double creates), and every failure puts the error on the form, whose
 * contents stay as typed.
 */
import type { Key } from 'ink';
import { isSlotuiError } from '../../api/errors.js';
import type { ResourceDef, ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { errorSentence } from '../errorText.js';
import { writable, type Binding, type HandlersOf, type KeyLayer } from '../input/binding.js';
import { EMPTY_EDITOR, editLine } from '../text/lineEditor.js';
import { recordName, reloadList, settled, type FormsContext } from './context.js';
import type { DraftController } from './draftController.js';
import {
  addQuery,
  focusedRow,
  formRows,
  isDirty,
  isLastRow,
  maxLengthOf,
  moveFocus,
  nextSuggestion,
  openForm,
  removeFocusedQuery,
  setEditor,
  setValue,
  type FormState,
} from './formModel.js';
import { buildPayload, hasErrors, placeErrors, type Built } from './payload.js';

export const formBindings = [
  {
    id: 'form-submit',
    keys: ['Ctrl+S'],
    description: 'save the form',
    hint: 'save',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-next',
    keys: ['Tab', '↓'],
    description: 'next field',
    hint: 'next',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-prev',
    keys: ['Shift+Tab', '↑'],
    description: 'previous field',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-enter',
    keys: ['Enter'],
    description: 'next field; on the last field, save',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-pick',
    keys: ['Ctrl+P'],
    description: 'pick the record from a list (SLI, organization, SLOs)',
    hint: 'pick',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-accept-suggestion',
    keys: ['→'],
    description: 'at the end of the text: take the value suggested under the field (again: the next one)',
    hint: 'accept',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-add-query',
    keys: ['Ctrl+N'],
    description: 'add a named query (SLI form)',
    hint: 'add query',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-remove-query',
    keys: ['Ctrl+D'],
    description: 'remove the query the cursor is in (SLI form)',
    hint: 'remove query',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
  {
    id: 'form-cancel',
    keys: ['Esc'],
    description: 'cancel the form (asks first when something was typed)',
    hint: 'cancel',
    group: 'Forms',
    when: ['form'],
    enabled: writable,
  },
] as const satisfies readonly Binding[];

/** Records read for suggestions of values already in use. */
export const SUGGESTION_SAMPLE = 100;

export interface FormController {
  openCreate(resource: ResourceName): void;
  openEdit(resource: ResourceName, record: ApiRecord): void;
  submit(): Promise<void>;
  layer(form: FormState, openPicker: () => void): KeyLayer;
}

/** Distinct values of a field among records, most used first. */
function usedValues(records: readonly ApiRecord[], key: string): string[] {
  const counts = new Map<string, number>();
  for (const r of records) {
    const v = r[key];
    if (typeof v === 'string' && v.trim() !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([v]) => sanitizeLine(v));
}

export function createFormController(ctx: FormsContext, drafts: DraftController): FormController {
  const { store } = ctx;
  const sameForm = (a: FormState, b: FormState) => a.def === b.def && a.record === b.record;

  /** Changes the open form, if the form open is still `expected` (late answers check this). */
  const update = (change: (form: FormState) => FormState, expected?: FormState) => {
    const s = store.getSnapshot();
    if (s.kind !== 'form' || (expected && !sameForm(s.form, expected))) return;
    store.set({ ...s, form: change(s.form) });
  };

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

  const open = (form: FormState) => {
    const offered = drafts.withOffer(form);
    store.set({ kind: 'form', form: offered, picker: null });
    loadSuggestions(offered);
  };

  const openCreate = (resource: ResourceName) => {
    if (!ctx.writable()) return ctx.refuse();
    open(openForm(ctx.registry.get(resource)));
  };

  const openEdit = (resource: ResourceName, record: ApiRecord) => {
    if (!ctx.writable()) return ctx.refuse();
    open(openForm(ctx.registry.get(resource), record));
  };

  const afterCreate = async (def: ResourceDef, created: ApiRecord) => {
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
    if (form.mode === 'edit' && Object.keys(built.payload).length === 0) {
      ctx.close();
      ctx.say('Nothing changed: nothing was sent.');
      return;
    }
    store.set({ ...s, form: { ...form, submitting: true, errors: {}, topErrors: [] } });
    const client = ctx.client();
    const { def } = form;
    try {
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

  const layer = (form: FormState, openPicker: () => void): KeyLayer => {
    const row = focusedRow(form);
    const handlers: HandlersOf<typeof formBindings> = {
      'form-submit': () => void submit(),
      'form-next': () => update((f) => moveFocus(f, 1)),
      'form-prev': () => update((f) => moveFocus(f, -1)),
      'form-enter': () => {
        if (isLastRow(form)) void submit();
        else update((f) => moveFocus(f, 1));
      },
      'form-cancel': () => {
        const s = store.getSnapshot();
        if (s.kind !== 'form' || s.form.submitting) return;
        if (isDirty(s.form)) store.set({ ...s, form: { ...s.form, confirmDiscard: true } });
        else ctx.close();
      },
    };
    if (row?.kind === 'field' && row.field.references) handlers['form-pick'] = openPicker;
    const suggestion = nextSuggestion(form, row);
    const editor = row ? form.editors[row.id] : undefined;
    if (suggestion !== undefined && row && editor && editor.cursor >= editor.value.length) {
      handlers['form-accept-suggestion'] = () => update((f) => setValue(f, row.id, suggestion));
    }
    if (form.def.fields.some((f) => f.kind === 'queries')) handlers['form-add-query'] = () => update(addQuery);
    if (row?.kind === 'query') handlers['form-remove-query'] = () => update(removeFocusedQuery);
    return {
      context: 'form',
      owns: true,
      handlers,
      text: (input: string, key: Key) => {
        const s = store.getSnapshot();
        if (s.kind !== 'form') return false;
        const current = focusedRow(s.form);
        if (!current || current.kind === 'queries') return false;
        if (s.form.submitting) return true; // what was sent stays what is shown
        const field = current.kind === 'field' ? current.field : undefined;
        const edited = editLine(s.form.editors[current.id] ?? EMPTY_EDITOR, input, key, maxLengthOf(field));
        if (!edited) return false;
        store.set({ ...s, form: setEditor(s.form, current.id, edited) });
        return true;
      },
    };
  };

  return { openCreate, openEdit, submit, layer };
}
