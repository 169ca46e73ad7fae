/**
 * What the keys do while a form, the record picker, the delete question or
 * an $EDITOR edit is open, and the list keys that open them (c, e, E, d).
 * The layers it builds own the keyboard (only Ctrl+C passes below them), and
 * their bindings come from keys.ts, so the hint bar and help list them.
 *
 * Sending is guarded: a submit in flight makes a second one a no-op (no
 * double creates), and every failure puts the error on the form, whose
 * contents stay as typed. Read-only sessions get no handlers, and every
 * entry point checks again (the controller refuses).
 */
import type { Key } from 'ink';
import { isSlotuiError } from '../../api/errors.js';
import { RESOURCES, type ResourceDef, type ResourceName } from '../../api/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import type { ApiRecord } from '../../api/schemas.js';
import type { ApiClient } from '../../api/types.js';
import { errorSentence } from '../errorText.js';
import type { KeyHandlers, KeyLayer } from '../input/router.js';
import type { KeyEnv } from '../keys.js';
import type { ListStore } from '../state/listStore.js';
import type { NavStore } from '../state/navigation.js';
import { EMPTY_EDITOR, editLine } from '../text/lineEditor.js';
import { truncate } from '../../text/width.js';
import { editInExternalEditor } from './externalEditor.js';
import {
  addQuery, focusedRow, formRows, isDirty, isLastRow, maxLengthOf, moveFocus, nextSuggestion, openForm,
  removeFocusedQuery, setEditor, setValue, valueOf, type FormState,
} from './formModel.js';
import { FormsStore, pickerRows, type FormsState, type PickerState } from './formsStore.js';
import { buildPayload, hasErrors, placeErrors, splitIds, type Built } from './payload.js';

export const PICKER_PAGE_SIZE = 25;
/** Records read for suggestions of values already in use. */
export const SUGGESTION_SAMPLE = 100;
const SETTLE_TIMEOUT_MS = 15_000;

export interface FormsDeps {
  client: () => ApiClient;
  stores: () => Record<ResourceName, ListStore>;
  nav: NavStore;
  env: () => KeyEnv;
  /** Runs the user's editor on a file, with the terminal handed over to it. */
  runEditor: () => (file: string) => Promise<void>;
}

export interface Forms {
  store: FormsStore;
  /** The layers of what is open (top first), or null when nothing is. */
  layers(): KeyLayer[] | null;
  /** Does the open thing take typed text (so a burst of keys stays one paste)? */
  textInput(): boolean;
  /** The list's c, e, E and d, for the record `selected()` returns. */
  listHandlers(resource: ResourceName, selected: () => ApiRecord | undefined): KeyHandlers;
  openCreate(resource: ResourceName): void;
  openEdit(resource: ResourceName, record: ApiRecord): void;
  editExternally(resource: ResourceName, record: ApiRecord): Promise<void>;
  askDelete(resource: ResourceName, record: ApiRecord): void;
}

/** "SLO “checkout latency” (slo-000003)": how confirmations and messages name a record. */
export function recordName(def: ResourceDef, record: ApiRecord): string {
  const kind = def.kind;
  const label = truncate(sanitizeLine(def.label(record)), 60);
  const id = truncate(sanitizeLine(record.id), 40);
  return label && label !== id ? `${kind} “${label}” (${id})` : `${kind} ${id}`;
}

/** Resolves once the list has nothing loading (bounded). */
function settled(list: ListStore): Promise<void> {
  return new Promise((resolve) => {
    if (list.getSnapshot().loading === null) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, SETTLE_TIMEOUT_MS);
    const unsubscribe = list.subscribe(() => {
      if (list.getSnapshot().loading === null) done();
    });
  });
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

export function createForms(deps: FormsDeps): Forms {
  const store = new FormsStore();
  const state = (): FormsState => store.getSnapshot();
  const say = (text: string, tone: 'info' | 'error' = 'info') => deps.nav.dispatch({ type: 'message', message: { text, tone } });
  const writable = () => !deps.env().readOnly;
  const refuse = () => say('This session is read-only: nothing can be created, changed or deleted.', 'error');
  let pickerGen = 0;

  /** Changes the open form, if the form open is still `form` (late answers check this). */
  const updateForm = (change: (form: FormState) => FormState, expected?: FormState) => {
    const s = state();
    if (s.kind !== 'form' || (expected && (s.form.def !== expected.def || s.form.record !== expected.record))) return;
    store.set({ ...s, form: change(s.form) });
  };
  const updatePicker = (change: (picker: PickerState) => PickerState) => {
    const s = state();
    if (s.kind === 'form' && s.picker) store.set({ ...s, picker: change(s.picker) });
  };

  // ---- opening ----

  const loadSuggestions = (form: FormState) => {
    const keys = form.def.fields.filter((f) => f.suggestFromRecords).map((f) => f.key);
    if (keys.length === 0) return;
    const apply = (records: readonly ApiRecord[]) => {
      const s = state();
      if (s.kind !== 'form' || s.form.def !== form.def || s.form.record !== form.record) return;
      const suggestions = Object.fromEntries(keys.map((k) => [k, usedValues(records, k)]));
      store.set({ ...s, form: { ...s.form, suggestions } });
    };
    // What is on screen at once; a larger sample of the records when it arrives.
    apply(deps.stores()[form.def.name].getSnapshot().page?.results ?? []);
    deps.client().listPage(form.def.name, { limit: SUGGESTION_SAMPLE }).then((page) => apply(page.results), () => undefined);
  };

  const open = (form: FormState) => {
    store.set({ kind: 'form', form, picker: null });
    loadSuggestions(form);
  };

  const openCreate = (resource: ResourceName) => {
    if (!writable()) return refuse();
    open(openForm(RESOURCES[resource]));
  };

  const openEdit = (resource: ResourceName, record: ApiRecord) => {
    if (!writable()) return refuse();
    open(openForm(RESOURCES[resource], record));
  };

  const close = () => store.set({ kind: 'none' });

  // ---- sending ----

  const afterCreate = async (def: ResourceDef, created: ApiRecord) => {
    const list = deps.stores()[def.name];
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

  const reloadList = async (resource: ResourceName) => {
    const list = deps.stores()[resource];
    list.invalidate();
    list.reload();
    await settled(list);
    // The last record of a page was deleted: show the page before, its last row selected.
    const page = list.getSnapshot().page;
    if (page && page.results.length === 0 && page.previous) {
      list.prev();
      await settled(list);
      list.select(Math.max(0, (list.getSnapshot().page?.results.length ?? 1) - 1));
    }
  };

  const submit = async () => {
    const s = state();
    if (s.kind !== 'form' || s.form.submitting) return; // one request at a time: no double creates
    if (!writable()) return refuse();
    const form = s.form;
    const built = buildPayload(form);
    if (hasErrors(built)) {
      const rows = formRows(form);
      const first = rows.findIndex((r) => built.errors[r.id] !== undefined);
      store.set({ ...s, form: { ...form, errors: built.errors, topErrors: built.topErrors, focus: first >= 0 ? first : form.focus } });
      return;
    }
    if (form.mode === 'edit' && Object.keys(built.payload).length === 0) {
      close();
      say('Nothing changed: nothing was sent.');
      return;
    }
    store.set({ ...s, form: { ...form, submitting: true, errors: {}, topErrors: [] } });
    const client = deps.client();
    const { def } = form;
    try {
      const saved = form.mode === 'create'
        ? await client.create(def.name, built.payload)
        : await client.update(def.name, form.record!.id, built.payload);
      if (state().kind === 'form') close();
      say(`${form.mode === 'create' ? 'Created' : 'Saved'} ${recordName(def, saved)}.`);
      if (form.mode === 'create') await afterCreate(def, saved);
      else await reloadList(def.name);
    } catch (error) {
      const failed: Built = { payload: {}, errors: {}, topErrors: [] };
      if (isSlotuiError(error) && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
        placeErrors(form, error.fieldErrors, failed);
        failed.topErrors.unshift('The service refused the form: see the messages on the fields.');
      } else {
        failed.topErrors.push(`${errorSentence(error)} What you typed is kept: press Ctrl+S to try again.`);
      }
      const rows = formRows(form);
      const first = rows.findIndex((r) => failed.errors[r.id] !== undefined);
      updateForm((f) => ({ ...f, submitting: false, errors: failed.errors, topErrors: failed.topErrors, focus: first >= 0 ? first : f.focus }), form);
    }
  };

  // ---- the record picker ----

  const loadPicker = (gen: number) => {
    const s = state();
    if (s.kind !== 'form' || !s.picker || s.picker.gen !== gen || s.picker.loading) return;
    const { picker } = s;
    if (picker.records.length > 0 && !picker.next) return;
    updatePicker((p) => ({ ...p, loading: true, error: null }));
    const client = deps.client();
    const request = picker.records.length === 0
      ? client.listPage(picker.resource, { limit: PICKER_PAGE_SIZE })
      : client.followPage(picker.resource, picker.next!);
    request.then(
      (page) => {
        const now = state();
        if (now.kind !== 'form' || now.picker?.gen !== gen) return;
        updatePicker((p) => {
          const seen = new Set(p.records.map((r) => r.id));
          return { ...p, loading: false, records: [...p.records, ...page.results.filter((r) => !seen.has(r.id))], next: page.next, total: page.total };
        });
      },
      (error: unknown) => {
        const now = state();
        if (now.kind !== 'form' || now.picker?.gen !== gen) return;
        updatePicker((p) => ({ ...p, loading: false, error: `${errorSentence(error)} PgDn tries again; Esc closes, and the id can be typed by hand.` }));
      },
    );
  };

  const openPicker = () => {
    const s = state();
    if (s.kind !== 'form') return;
    const row = focusedRow(s.form);
    if (row?.kind !== 'field' || !row.field.references) return;
    const gen = ++pickerGen;
    const picker: PickerState = {
      target: row.id, resource: row.field.references, append: row.field.kind === 'reference-list',
      records: [], next: null, total: null, loading: false, error: null, search: EMPTY_EDITOR, selected: 0, gen,
    };
    store.set({ ...s, picker });
    loadPicker(gen);
  };

  const choose = () => {
    const s = state();
    if (s.kind !== 'form' || !s.picker) return;
    const { picker } = s;
    const rows = pickerRows(picker);
    const record = rows[Math.min(picker.selected, rows.length - 1)];
    if (!record) return;
    let value = record.id;
    if (picker.append) {
      const ids = splitIds(valueOf(s.form, picker.target));
      value = (ids.includes(record.id) ? ids : [...ids, record.id]).join(', ');
    }
    store.set({ ...s, picker: null, form: setValue(s.form, picker.target, value) });
  };

  const pickerLayer = (picker: PickerState): KeyLayer => ({
    context: 'picker',
    owns: true,
    handlers: {
      'picker-up': () => updatePicker((p) => ({ ...p, selected: Math.max(0, p.selected - 1) })),
      'picker-down': () => {
        updatePicker((p) => ({ ...p, selected: Math.max(0, Math.min(pickerRows(p).length - 1, p.selected + 1)) }));
      },
      'picker-more': () => {
        if (picker.next || picker.records.length === 0) loadPicker(picker.gen);
      },
      'picker-choose': choose,
      'picker-cancel': () => {
        const s = state();
        if (s.kind === 'form') store.set({ ...s, picker: null });
      },
    },
    text: (input, key) => {
      const edited = editLine(picker.search, input, key);
      if (!edited) return false;
      updatePicker((p) => ({ ...p, search: edited, selected: 0 }));
      return true;
    },
  });

  // ---- the form ----

  const formLayer = (form: FormState): KeyLayer => {
    const row = focusedRow(form);
    const handlers: KeyHandlers = {
      'form-submit': () => void submit(),
      'form-next': () => updateForm((f) => moveFocus(f, 1)),
      'form-prev': () => updateForm((f) => moveFocus(f, -1)),
      'form-enter': () => {
        if (isLastRow(form)) void submit();
        else updateForm((f) => moveFocus(f, 1));
      },
      'form-cancel': () => {
        const s = state();
        if (s.kind !== 'form' || s.form.submitting) return;
        if (isDirty(s.form)) store.set({ ...s, form: { ...s.form, confirmDiscard: true } });
        else close();
      },
    };
    if (row?.kind === 'field' && row.field.references) handlers['form-pick'] = openPicker;
    const suggestion = nextSuggestion(form, row);
    const editor = row ? form.editors[row.id] : undefined;
    if (suggestion !== undefined && row && editor && editor.cursor >= Array.from(editor.value).length) {
      handlers['form-accept-suggestion'] = () => updateForm((f) => setValue(f, row.id, suggestion));
    }
    if (form.def.fields.some((f) => f.kind === 'queries')) handlers['form-add-query'] = () => updateForm(addQuery);
    if (row?.kind === 'query') handlers['form-remove-query'] = () => updateForm(removeFocusedQuery);
    return {
      context: 'form',
      owns: true,
      handlers,
      text: (input: string, key: Key) => {
        const s = state();
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

  const discardLayer = (): KeyLayer => ({
    context: 'confirm',
    owns: true,
    handlers: {
      'confirm-yes': () => {
        close();
        say('The form was closed; nothing was sent.');
      },
      'confirm-no': () => updateForm((f) => ({ ...f, confirmDiscard: false })),
    },
  });

  // ---- delete ----

  const askDelete = (resource: ResourceName, record: ApiRecord) => {
    if (!writable()) return refuse();
    store.set({ kind: 'delete', resource, record, deleting: false, error: null });
  };

  const confirmDelete = async () => {
    const s = state();
    if (s.kind !== 'delete' || s.deleting) return;
    if (!writable()) return refuse();
    store.set({ ...s, deleting: true, error: null });
    const def = RESOURCES[s.resource];
    try {
      await deps.client().remove(s.resource, s.record.id);
      close();
      say(`Deleted ${recordName(def, s.record)}.`);
      await reloadList(s.resource);
    } catch (error) {
      const now = state();
      if (now.kind === 'delete') store.set({ ...now, deleting: false, error: `${errorSentence(error)} y tries again; n keeps the record.` });
    }
  };

  const deleteLayer = (): KeyLayer => ({
    context: 'confirm',
    owns: true,
    handlers: {
      'confirm-yes': () => void confirmDelete(),
      'confirm-no': () => {
        const s = state();
        if (s.kind === 'delete' && !s.deleting) {
          close();
          say('Nothing was deleted.');
        }
      },
    },
  });

  // ---- $EDITOR ----

  const editExternally = async (resource: ResourceName, record: ApiRecord) => {
    if (!writable()) return refuse();
    if (state().kind !== 'none') return;
    const def = RESOURCES[resource];
    store.set({ kind: 'external', resource, record });
    try {
      const outcome = await editInExternalEditor({ def, record, client: deps.client(), launch: deps.runEditor() });
      close();
      if (outcome.kind === 'saved') {
        say(`Saved ${recordName(def, outcome.record)}.`);
        await reloadList(resource);
      } else if (outcome.kind === 'unchanged') {
        say('Nothing changed: nothing was sent.');
      } else {
        say(`Not saved: ${outcome.error} Your edit is kept in ${outcome.file}.`, 'error');
      }
    } catch (error) {
      close();
      say(errorSentence(error), 'error');
    }
  };

  // ---- wiring ----

  const layers = (): KeyLayer[] | null => {
    const s = state();
    switch (s.kind) {
      case 'none':
        return null;
      case 'form':
        if (s.picker) return [pickerLayer(s.picker)];
        if (s.form.confirmDiscard) return [discardLayer()];
        return [formLayer(s.form)];
      case 'delete':
        return [deleteLayer()];
      case 'external':
        // The editor has the terminal; nothing here takes keys.
        return [{ context: 'confirm', owns: true, handlers: {} }];
    }
  };

  const listHandlers = (resource: ResourceName, selected: () => ApiRecord | undefined): KeyHandlers => {
    if (!writable()) return {};
    const withSelected = (action: (record: ApiRecord) => void) => () => {
      const record = selected();
      if (record) action(record);
      else say('No record is selected.');
    };
    return {
      'record-create': () => openCreate(resource),
      'record-edit': withSelected((r) => openEdit(resource, r)),
      'record-edit-external': withSelected((r) => void editExternally(resource, r)),
      'record-delete': withSelected((r) => askDelete(resource, r)),
    };
  };

  return {
    store,
    layers,
    textInput: () => {
      const s = state();
      return s.kind === 'form' && !s.form.confirmDiscard;
    },
    listHandlers,
    openCreate,
    openEdit,
    editExternally,
    askDelete,
  };
}
