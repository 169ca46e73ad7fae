/**
 * The record picker of a reference field (Ctrl+P in a form): pages of the
 * referenced resource (PgDn reads the next), and a search as you type over
 * the whole list: the session's record index, gathered in the background
 * from the moment the picker opens, matched as the list's `/` filter
 * matches (listQuery.ts). Enter puts the id in the field (added to the list
 * for a reference list).
 */
import { writable, type Binding, type KeyLayer } from '../input/binding.js';
import { EMPTY_EDITOR, editLine } from '../text/lineEditor.js';
import type { FormsContext } from './context.js';
import { focusedRow, setValue, valueOf } from './formModel.js';
import { pickerRows, type PickerState } from './formsStore.js';
import { idsOf } from '../../api/fieldText.js';
import { createPickerData } from './pickerData.js';

export const pickerBindings = [
  { id: 'up', keys: ['↑'], description: 'move up', group: 'Picker', when: ['picker'], enabled: writable },
  {
    id: 'down',
    keys: ['↓'],
    description: 'move down',
    hint: 'move',
    group: 'Picker',
    when: ['picker'],
    enabled: writable,
  },
  {
    id: 'picker-more',
    keys: ['PgDn'],
    description: 'the next page of records (read from the service when not loaded yet)',
    hint: 'more',
    group: 'Picker',
    when: ['picker'],
    enabled: writable,
  },
  {
    id: 'picker-choose',
    keys: ['Enter'],
    description: 'use the selected record (typing searches the whole list by name and id)',
    hint: 'choose',
    group: 'Picker',
    when: ['picker'],
    enabled: writable,
  },
  {
    id: 'picker-cancel',
    keys: ['Esc'],
    description: 'close the picker',
    hint: 'close',
    group: 'Picker',
    when: ['picker'],
    enabled: writable,
  },
] as const satisfies readonly Binding[];

export interface PickerController {
  /** Opens the picker for the focused field, if it is a reference. */
  open(): void;
  layer(picker: PickerState): KeyLayer;
}

export function createPickerController(ctx: FormsContext): PickerController {
  const { store } = ctx;
  let gen = 0;
  const { update, withMatches, startSearch, load } = createPickerData(ctx);

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
      matches: null,
      searched: 0,
      index: null,
      selected: 0,
      gen: mine,
    };
    store.set({ ...s, picker });
    startSearch(mine, picker.resource);
    update(withMatches);
    load(mine);
  };

  const choose = () => {
    const s = store.getSnapshot();
    if (s.kind !== 'form' || !s.picker) return;
    const { picker } = s;
    const rows = pickerRows(picker);
    const record = rows.at(Math.min(picker.selected, rows.length - 1));
    if (!record) return;
    let value = record.id;
    if (picker.append) {
      const ids = idsOf(valueOf(s.form, picker.target));
      value = (ids.includes(record.id) ? ids : [...ids, record.id]).join(', ');
    }
    store.set({ ...s, picker: null, form: setValue(s.form, picker.target, value) });
  };

  const layer = (picker: PickerState): KeyLayer => ({
    context: 'picker',
    owns: true,
    handlers: {
      up: () => update((p) => ({ ...p, selected: Math.max(0, p.selected - 1) })),
      down: () => update((p) => ({ ...p, selected: Math.max(0, Math.min(pickerRows(p).length - 1, p.selected + 1)) })),
      'picker-more': () => {
        if (picker.loading) update((p) => ({ ...p, moreWanted: p.moreWanted + 1 }));
        else if (picker.next || picker.records.length === 0) load(picker.gen, picker.records.length > 0);
        // Everything is loaded: PgDn goes to the end, as a list's last page would.
        else update((p) => ({ ...p, selected: Math.max(0, pickerRows(p).length - 1) }));
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
      update((p) => withMatches({ ...p, search: edited, selected: 0 }));
      return true;
    },
  });

  return { open, layer };
}
