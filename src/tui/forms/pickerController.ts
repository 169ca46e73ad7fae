/**
 * The record picker of a reference field (Ctrl+P in a form): pages of the
 * referenced resource, searched by name as you type; Enter puts the id in
 * the field (added to the list for a reference list).
 */
import type { KeyLayer } from '../input/router.js';
import { EMPTY_EDITOR, editLine } from '../text/lineEditor.js';
import { errorSentence } from '../errorText.js';
import type { FormsContext } from './context.js';
import { focusedRow, setValue, valueOf } from './formModel.js';
import { pickerRows, type PickerState } from './formsStore.js';
import { splitIds } from './payload.js';

export const PICKER_PAGE_SIZE = 25;

export interface PickerController {
  /** Opens the picker for the focused field, if it is a reference. */
  open(): void;
  layer(picker: PickerState): KeyLayer;
}

export function createPickerController(ctx: FormsContext): PickerController {
  const { store } = ctx;
  let gen = 0;

  const update = (change: (picker: PickerState) => PickerState) => {
    const s = store.getSnapshot();
    if (s.kind === 'form' && s.picker) store.set({ ...s, picker: change(s.picker) });
  };
  const current = (mine: number) => {
    const s = store.getSnapshot();
    return s.kind === 'form' && s.picker?.gen === mine;
  };

  const load = (mine: number) => {
    const s = store.getSnapshot();
    if (s.kind !== 'form' || !s.picker || s.picker.gen !== mine || s.picker.loading) return;
    const { picker } = s;
    if (picker.records.length > 0 && !picker.next) return;
    update((p) => ({ ...p, loading: true, error: null }));
    const client = ctx.client();
    const request =
      picker.records.length === 0
        ? client.listPage(picker.resource, { limit: PICKER_PAGE_SIZE })
        : client.followPage(picker.resource, picker.next!);
    request.then(
      (page) => {
        if (!current(mine)) return;
        let again = false;
        update((p) => {
          const seen = new Set(p.records.map((r) => r.id));
          again = p.moreWanted > 0 && page.next !== null;
          const moreWanted = again ? p.moreWanted - 1 : 0;
          return {
            ...p,
            loading: false,
            moreWanted,
            records: [...p.records, ...page.results.filter((r) => !seen.has(r.id))],
            next: page.next,
            total: page.total,
          };
        });
        // PgDn pressed while this page loaded: the next one now, so no press is lost.
        if (again) load(mine);
      },
      (error: unknown) => {
        if (!current(mine)) return;
        update((p) => ({
          ...p,
          loading: false,
          moreWanted: 0,
          error: `${errorSentence(error)} PgDn tries again; Esc closes, and the id can be typed by hand.`,
        }));
      },
    );
  };

  const open = () => {
    const s = store.getSnapshot();
    if (s.kind !== 'form') return;
    const row = focusedRow(s.form);
    if (row?.kind !== 'field' || !row.field.references) return;
    const mine = ++gen;
    const picker: PickerState = {
      target: row.id,
      resource: row.field.references,
      append: row.field.kind === 'reference-list',
      records: [],
      next: null,
      total: null,
      loading: false,
      moreWanted: 0,
      error: null,
      search: EMPTY_EDITOR,
      selected: 0,
      gen: mine,
    };
    store.set({ ...s, picker });
    load(mine);
  };

  const choose = () => {
    const s = store.getSnapshot();
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

  const layer = (picker: PickerState): KeyLayer => ({
    context: 'picker',
    owns: true,
    handlers: {
      'picker-up': () => update((p) => ({ ...p, selected: Math.max(0, p.selected - 1) })),
      'picker-down': () =>
        update((p) => ({ ...p, selected: Math.max(0, Math.min(pickerRows(p).length - 1, p.selected + 1)) })),
      'picker-more': () => {
        if (picker.loading) update((p) => ({ ...p, moreWanted: p.moreWanted + 1 }));
        else if (picker.next || picker.records.length === 0) load(picker.gen);
      },
      'picker-choose': choose,
      'picker-cancel': () => {
        const s = store.getSnapshot();
        if (s.kind === 'form') store.set({ ...s, picker: null });
      },
    },
    text: (input, key) => {
      const edited = editLine(picker.search, input, key);
      if (!edited) return false;
      update((p) => ({ ...p, search: edited, selected: 0 }));
      return true;
    },
  });

  return { open, layer };
}
