/**
 * What the record picker reads: pages of the referenced resource (PgDn reads
 * the next), and a search as you type over the whole list, the session's
 * record index gathered in the background while the picker is open.
 */
import type { HeldRecords } from '../../api/packedRecords.js';
import type { ApiRecord } from '../../api/record.js';
import { ListQueryView, queryWords, RecordFilter } from '../../domain/listQuery.js';
import { errorSentence } from '../text/errorSentence.js';
import type { FormsContext } from './context.js';
import type { PickerRows, PickerState } from './formsStore.js';

const PICKER_PAGE_SIZE = 25;

/** The picker shows a record's name and id: the search matches those (no other columns). */
const PICKER_COLUMNS = [] as const;

interface PickerData {
  /** Changes the open picker. */
  update(change: (picker: PickerState) => PickerState): void;
  /** Is the picker of generation `mine` still the one open? */
  current(mine: number): boolean;
  withMatches(p: PickerState): PickerState;
  /** Gathers the whole list of the picker's resource and follows it while this picker is open. */
  startSearch(mine: number, resource: PickerState['resource']): void;
  /** Reads the next page; `turn`: the selection moves to its first record (PgDn), so the new page shows. */
  load(mine: number, turn?: boolean): void;
}

/**
 * The matches as rows: those of the index (positions among its records, read back only when a
 * row is asked for: a search over a million matches reads the page shown), then those loaded.
 */
function matchRows(held: HeldRecords, positions: readonly number[], loaded: readonly ApiRecord[]): PickerRows {
  const count = positions.length + loaded.length;
  const at = (i: number): ApiRecord | undefined => {
    if (!(i >= 0 && i < count)) return undefined;
    return i < positions.length ? held.at(positions[i]!) : loaded[i - positions.length];
  };
  return {
    length: count,
    at,
    slice: (start, end) => {
      const rows: ApiRecord[] = [];
      for (let i = Math.max(0, start); i < Math.min(count, end); i++) rows.push(at(i)!);
      return rows;
    },
  };
}

export function createPickerData(ctx: FormsContext): PickerData {
  const { store } = ctx;
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
    const notHeld = p.records.filter((r) => held.positionOf(r.id) === undefined);
    const positions = search.view.matches(
      held,
      status.version,
      { text },
      { reshaped: status.reshaped, complete: status.state !== 'gathering' },
    );
    const loaded = search.loaded.filter(notHeld, text);
    return { ...p, matches: matchRows(held, positions, loaded), searched: held.length + notHeld.length, index: status };
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

  return { update, current, withMatches, startSearch, load };
}
