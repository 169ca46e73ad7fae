/**
 * A create or edit form: focus, typing, suggestions of values in use,
 * queries, and sending. A submit in flight makes a second one a no-op (no
 * double creates), and every failure puts the error on the form, whose
 * contents stay as typed.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import { writable, type Binding, type HandlersOf, type KeyLayer } from '../input/binding.js';
import type { FormsContext } from './context.js';
import { NOWHERE_TO_PASTE, PASTE_HAS_LINES } from '../input/paste.js';
import { createFormSave } from './formSave.js';
import type { DraftController } from './draftController.js';
import {
  addQuery,
  focusedRow,
  isDirty,
  isLastRow,
  moveFocus,
  nextSuggestion,
  openForm,
  removeFocusedQuery,
  setValue,
  typeInto,
  pasteInto,
  type FormState,
} from './formModel.js';

/** A key of the form: its group, context and read-only rule are the same for every one. */
const formKey = <const Id extends string>(id: Id, keys: readonly string[], description: string, hint?: string) =>
  ({ id, keys, description, ...(hint ? { hint } : {}), group: 'Forms', when: ['form'], enabled: writable }) as const;

export const formBindings = [
  formKey('form-submit', ['Ctrl+S'], 'save the form', 'save'),
  formKey('form-next', ['Tab', '↓'], 'next field', 'next'),
  formKey('form-prev', ['Shift+Tab', '↑'], 'previous field'),
  formKey('form-enter', ['Enter'], 'next field; on the last field, save'),
  formKey('form-pick', ['Ctrl+P'], 'pick the record from a list (SLI, organization, SLOs)', 'pick'),
  formKey(
    'form-accept-suggestion',
    ['→'],
    'at the end of the text: take the value suggested under the field (again: the next one)',
    'accept',
  ),
  formKey('form-add-query', ['Ctrl+N'], 'add a named query (SLI form)', 'add query'),
  formKey('form-remove-query', ['Ctrl+D'], 'remove the query the cursor is in (SLI form)', 'remove query'),
  formKey('form-cancel', ['Esc'], 'cancel the form (asks first when something was typed)', 'cancel'),
] as const satisfies readonly Binding[];

export interface FormController {
  openCreate(resource: ResourceName): void;
  openBulkEdit(resource: ResourceName, records: readonly ApiRecord[]): void;
  openEdit(resource: ResourceName, record: ApiRecord): void;
  submit(): Promise<void>;
  layer(form: FormState, openPicker: () => void): KeyLayer;
}

export function createFormController(
  ctx: FormsContext,
  drafts: DraftController,
  showPlan: (resource: ResourceName, records: readonly ApiRecord[], patch: Record<string, unknown>) => void,
): FormController {
  const { store } = ctx;
  const sameForm = (a: FormState, b: FormState) => a.def === b.def && a.record === b.record;

  /** Changes the open form, if the form open is still `expected` (late answers check this). */
  const update = (change: (form: FormState) => FormState, expected?: FormState) => {
    const s = store.getSnapshot();
    if (s.kind !== 'form' || (expected && !sameForm(s.form, expected))) return;
    store.set({ ...s, form: change(s.form) });
  };

  const save = createFormSave(ctx, drafts, update, showPlan);
  const { loadSuggestions, submit } = save;

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

  /** Every field empty (a record of nothing), so what is filled in is what changes; no queries, no draft. */
  const openBulkEdit = (resource: ResourceName, records: readonly ApiRecord[]) => {
    if (!ctx.writable()) return ctx.refuse();
    const def = ctx.registry.get(resource);
    const fields = def.fields.filter((f) => f.kind !== 'queries');
    const blank = openForm({ ...def, fields }, { id: '' });
    const form: FormState = { ...blank, bulk: { records: [...records] } };
    store.set({ kind: 'form', form, picker: null });
    loadSuggestions(form);
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
      text: (input, key) => {
        const s = store.getSnapshot();
        const typed = s.kind === 'form' ? typeInto(s.form, input, key) : undefined;
        if (s.kind !== 'form' || !typed) return false;
        if (typed !== s.form) store.set({ ...s, form: typed });
        return true;
      },
      paste: (text) => {
        const s = store.getSnapshot();
        const pasted = s.kind === 'form' ? pasteInto(s.form, text) : undefined;
        if (pasted === 'has-lines') return { kind: 'refused', reason: PASTE_HAS_LINES };
        if (s.kind !== 'form' || !pasted) return { kind: 'refused', reason: NOWHERE_TO_PASTE };
        if (pasted !== s.form) store.set({ ...s, form: pasted });
        return { kind: 'handled' };
      },
    };
  };

  return { openCreate, openEdit, openBulkEdit, submit, layer };
}
