/**
 * The record picker of a reference field (Ctrl+P in a form): pages of the
 * referenced resource (PgDn reads the next), and a search as you type over
 * the whole list: the session's record index, gathered in the background
 * from the moment the picker opens, matched as the list's `/` filter
 * matches (listQuery.ts). Enter puts the id in the field (added to the list
 * for a reference list).
 */
import type { ApiRecord } from '../../api/record.js';
import { ListQueryView, queryWords, RecordFilter } from '../../domain/listQuery.js';
import { writable, type Binding, type KeyLayer } from '../input/binding.js';
import { EMPTY_EDITOR, editLine } from '../text/lineEditor.js';
import { errorSentence } from '../errorText.js';
import type { FormsContext } from './context.js';
import { focusedRow, setValue, valueOf } from './formModel.js';
import { pickerRows, type PickerState } from './formsStore.js';
import { splitIds } from './payload.js';

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

export const PICKER_PAGE_SIZE = 25;

export interface PickerController {
  /** Opens the picker for the focused field, if it is a reference. */
  open(): void;
  layer(picker: PickerState): KeyLayer;
}

/** The picker shows a record's name and id: the search matches those (no other columns). */
const PICKER_COLUMNS = [] as const;

export function createPickerController(ctx: FormsContext): PickerController {
  const { store } = ctx;
  let gen = 0;
  /** The open picker's search over the whole list, and how to stop following the index. */
  let search: { gen: number; view: ListQueryView; loaded: RecordFilter; stop: () => void } | undefined;

  const update = (change: (picker: PickerState) => PickerState) => {
    const s = store.getSnapshot();
    if (s.kind === 'form' && s.picker) store.set({ ...s, picker: change(s.picker) });
  };
  const current = (mine: number) => {
    const s = store.getSnapshot();
    return s.kind === 'form' && s.picker?.gen === mine;
  };

  /** The search's matches: the index's records, then the pages loaded that the index does not hold yet. */
  const withMatches = (p: PickerState): PickerState => {
    const index = ctx.index();
    const status = index.status(p.resource);
    const text = p.search.value;
    if (!search || search.gen !== p.gen || queryWords(text).length === 0)
      return { ...p, matches: null, searched: 0, index: status };
    const held = index.records(p.resource);
    const notHeld = p.records.filter((r) => index.get(p.resource, r.id) === undefined);
    const matches: ApiRecord[] = [
      ...search.view.matches(held, status.version, { text }),
      ...search.loaded.filter(notHeld, text),
    ];
    return { ...p, matches, searched: held.length + notHeld.length, index: status };
  };

  const stopSearch = () => {
    search?.stop();
    search = undefined;
  };

  /** Gathers the whole list of the picker's resource and follows it while this picker is open. */
  const startSearch = (mine: number, resource: PickerState['resource']) => {
    stopSearch();
    const index = ctx.index();
    const unwatchIndex = index.subscribe((status) => {
      if (status.resource === resource && current(mine)) update(withMatches);
    });
    const unwatchStore = store.subscribe(() => {
      if (!current(mine)) stopSearch();
    });
    search = {
      gen: mine,
      view: new ListQueryView(PICKER_COLUMNS),
      loaded: new RecordFilter(PICKER_COLUMNS),
      stop: () => {
        unwatchIndex();
        unwatchStore();
      },
    };
    void index.ensure(resource);
  };

  /** Reads the next page; `turn`: the selection moves to its first record (PgDn), so the new page shows. */
  const load = (mine: number, turn = false) => {
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
          const added = page.results.filter((r) => !seen.has(r.id));
          // While a search is typed the rows are its matches: the selection stays with them.
          const selected = turn && p.matches === null && added.length > 0 ? p.records.length : p.selected;
          return withMatches({
            ...p,
            loading: false,
            moreWanted,
            selected,
            records: [...p.records, ...added],
            next: page.next,
            total: page.total,
          });
        });
        // PgDn pressed while this page loaded: the next one now, so no press is lost.
        if (again) load(mine, true);
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
