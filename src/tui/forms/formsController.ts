/**
 * The forms layer: the list keys that open a form, the delete question or
 * the user's editor (c, e, E, d), and the key layer of whatever is open. The
 * work is done by one small controller per context (form, picker, confirm,
 * editor) over one shared store; this only wires them. The layers own the
 * keyboard (only Ctrl+C passes below them), and their bindings come from
 * keys.ts, so the hint bar and help list them.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import type { KeyHandler, KeyLayer } from '../input/binding.js';
import { createBulkController } from './bulkController.js';
import { createConfirmController } from './confirmController.js';
import { createFormsContext, type FormsDeps } from './context.js';
import { createDraftController } from './draftController.js';
import { createEditorController } from './editorController.js';
import { createFormController } from './formController.js';
import type { FormsStore } from './formsStore.js';
import { createPickerController } from './pickerController.js';

export { type FormsDeps } from './context.js';

/** The keys that open a form, the delete question or the editor, by action id. */
type RecordKeys = Partial<Record<'create' | 'edit' | 'edit-json' | 'delete', KeyHandler>>;

export interface Forms {
  store: FormsStore;
  /** The layers of what is open (top first), or null when nothing is. */
  layers(): KeyLayer[] | null;
  /** Does the open thing take typed text (so a burst of keys stays one paste)? */
  textInput(): boolean;
  /** The list's c, e, E and d, for the record `selected()` returns. */
  listHandlers(resource: ResourceName, selected: () => ApiRecord | undefined): RecordKeys;
  openCreate(resource: ResourceName): void;
  openEdit(resource: ResourceName, record: ApiRecord): void;
  editExternally(resource: ResourceName, record: ApiRecord): Promise<void>;
  askDelete(resource: ResourceName, record: ApiRecord): void;
  /** The marked records: one question that counts them and says what refers to them. */
  askDeleteMany(resource: ResourceName, records: readonly ApiRecord[]): void;
  /** The marked records: a form of the resource's fields, empty; what is filled in is set on each (a plan first). */
  openBulkEdit(resource: ResourceName, records: readonly ApiRecord[]): void;
  /** Ctrl+C: keeps the open form's changes as a draft before the dashboard quits; what to say then (undefined: nothing typed). */
  keepDraft(): string | undefined;
}

export function createForms(deps: FormsDeps): Forms {
  const ctx = createFormsContext(deps);
  const drafts = createDraftController(ctx);
  const bulk = createBulkController(ctx);
  const form = createFormController(ctx, drafts, bulk.showPlan);
  const picker = createPickerController(ctx);
  const confirm = createConfirmController(ctx, drafts.forget);
  const editor = createEditorController(ctx, deps.runEditor);
  const { store } = ctx;

  const layers = (): KeyLayer[] | null => {
    const s = store.getSnapshot();
    switch (s.kind) {
      case 'none':
        return null;
      case 'form':
        if (s.picker) return [picker.layer(s.picker)];
        if (s.form.draftOffer) return [drafts.layer()];
        if (s.form.confirmDiscard) return [confirm.discardLayer()];
        return [form.layer(s.form, picker.open)];
      case 'delete':
        return [confirm.deleteLayer()];
      case 'external':
        return [editor.layer()];
      case 'delete-many':
      case 'bulk-plan':
        return [bulk.layer()];
    }
  };

  const listHandlers = (resource: ResourceName, selected: () => ApiRecord | undefined): RecordKeys => {
    if (!ctx.writable()) return {};
    const withSelected = (action: (record: ApiRecord) => void) => () => {
      const record = selected();
      if (record) action(record);
      else ctx.say('No record is selected.');
    };
    return {
      create: () => form.openCreate(resource),
      edit: withSelected((r) => form.openEdit(resource, r)),
      'edit-json': withSelected((r) => void editor.edit(resource, r)),
      delete: withSelected((r) => confirm.askDelete(resource, r)),
    };
  };

  return {
    store,
    layers,
    textInput: () => {
      const s = store.getSnapshot();
      return s.kind === 'form' && !s.form.confirmDiscard && !s.form.draftOffer;
    },
    listHandlers,
    openCreate: form.openCreate,
    openEdit: form.openEdit,
    editExternally: editor.edit,
    askDelete: confirm.askDelete,
    askDeleteMany: bulk.askDeleteMany,
    openBulkEdit: form.openBulkEdit,
    keepDraft: drafts.keep,
  };
}
