/**
 * The whole list of one resource, filtered and sorted: the view-model of `/`
 * (the whole list, not just the page) and `o`/`O`. Its records come from the
 * session's record index, gathered in the background the first time a filter
 * or an order asks for them; while they gather, the matches so far show and
 * grow. When neither a filter nor an order is set it is inactive and the
 * list pages from the server as usual (ListStore).
 *
 * No React here: the list screen and the status line read the snapshot, the
 * controller calls the methods.
 */
import type { ResourceName } from '../../api/resources.js';
import type { Column, ResourceView } from '../../presentation/resources.js';
import type { ApiRecord } from '../../api/record.js';
import { describeIndexStatus, type IndexStatus, type RecordIndex } from '../../api/recordIndex.js';
import {
  describeSort,
  isActive,
  ListQueryView,
  matchText,
  nextSortColumn,
  pageOf,
  reverseSort,
  type ListQuery,
  type RecordsShape,
  type SortOrder,
} from '../../domain/listQuery.js';
import type { ListPlace } from './navigation.js';
import { Store } from './store.js';
import { grouped } from '../../text/count.js';

export interface WholeListSnapshot {
  resource: ResourceName;
  /** A filter or an order is set: the list shows this view instead of the server's pages. */
  active: boolean;
  query: ListQuery;
  /** The records of the page shown. */
  rows: readonly ApiRecord[];
  selected: number;
  /** 0-based page of the matches, and how many pages they fill (at least 1). */
  page: number;
  pages: number;
  matches: number;
  index: IndexStatus;
  /** "12 of 5,030 match", "sorted by NAME ↑", "gathering 1,200 of 5,030 SLIs": for the status line. */
  summary: string[];
  /** What the last refresh found: `+` a record new to the list, `~` one whose fields changed. */
  changes: ReadonlyMap<string, '+' | '~'>;
}

export interface WholeListOptions {
  index: RecordIndex;
  def: ResourceView;
  pageSize: number;
  /** The columns shown now (the filter matches them, `o` walks them). */
  columns: () => readonly Column[];
}

export class WholeList extends Store<WholeListSnapshot> {
  readonly resource: ResourceName;
  private readonly index: RecordIndex;
  private readonly def: ResourceView;
  private readonly columns: () => readonly Column[];
  private pageSize: number;
  private query: ListQuery = { text: '' };
  private page = 0;
  private selected = 0;
  private view: { columns: readonly Column[]; view: ListQueryView } | undefined;
  private readonly unsubscribe: () => void;

  /** The view's order last taken (applyViewSort); null before the list was first shown. */
  private viewSort: SortOrder | undefined | null = null;

  constructor(options: WholeListOptions) {
    super(undefined as unknown as WholeListSnapshot);
    this.index = options.index;
    this.def = options.def;
    this.resource = options.def.name;
    this.columns = options.columns;
    this.pageSize = Math.max(1, options.pageSize);
    this.setQuietly(this.build());
    this.unsubscribe = this.index.subscribe((status) => {
      if (status.resource !== this.resource) return;
      // Records arriving or changing never move the selection off its record.
      const selected = this.selectedRecord()?.id;
      this.setQuietly(this.build());
      if (selected !== undefined) this.follow(selected);
      this.emit();
    });
  }

  /** Reads the whole list again when it is what the list shows (the dashboard's refresh); resolves whether the service answered. */
  reread(): Promise<boolean> {
    return this.getSnapshot().active ? this.index.reread(this.resource) : Promise.resolve(true);
  }

  /** `/` as typed: the first page of the matches, the selection on its first row. */
  setText(text: string): void {
    if (text === this.query.text) return;
    this.query = { ...this.query, text };
    this.page = 0;
    this.selected = 0;
    this.gather();
    this.refresh();
  }

  /** `o`: the next column, then back to the server's order after the last. */
  sortNext(): void {
    const columns = this.columns();
    const at = this.query.sort ? columns.findIndex((c) => c.id === this.query.sort?.column) : -1;
    this.setSort(at === columns.length - 1 ? undefined : nextSortColumn(columns, this.query.sort));
  }

  /** Shift and a column's first letter: sorted by that column; again, the other way round. */
  sortByLetter(letter: string): boolean {
    const column = this.columns().find((c) => c.header.toUpperCase().startsWith(letter.toUpperCase()));
    if (!column) return false;
    const sort = this.query.sort;
    this.setSort({ column: column.id, descending: sort?.column === column.id ? !sort.descending : false });
    return true;
  }

  /** `O`: the other way round. */
  sortReverse(): void {
    this.setSort(reverseSort(this.columns(), this.query.sort));
  }

  /**
   * The order settings.yaml's view gives the list (`sort:`), taken as the
   * list is shown: once, and again only when the view's order changes, so an
   * order chosen with `o` stays while the view's is the same.
   */
  applyViewSort(sort: SortOrder | undefined): void {
    const before = this.viewSort;
    if (before !== null && sameSort(before, sort)) return;
    this.viewSort = sort;
    if (sort) this.setSort(sort);
    else if (before && sameSort(this.query.sort, before)) this.setSort(undefined);
  }

  /** The filter and order as they are, and the record selected under them (the history keeps it). */
  place(): ListPlace {
    const selected = this.getSnapshot().active ? this.selectedRecord()?.id : undefined;
    return {
      text: this.query.text,
      ...(this.query.sort ? { sort: this.query.sort } : {}),
      ...(selected !== undefined ? { selected } : {}),
    };
  }

  /** A filter and order kept by the history, put back, with the selection on the record it was on. */
  restore(place: ListPlace): void {
    if (place.text !== this.query.text || !sameSort(place.sort, this.query.sort)) {
      this.query = place.sort ? { text: place.text, sort: place.sort } : { text: place.text };
      this.page = 0;
      this.selected = 0;
      this.gather();
      this.setQuietly(this.build());
    }
    if (place.selected !== undefined) this.follow(place.selected);
    this.refresh();
  }

  /** Esc on the list: the filter goes; an order stays. */
  clearText(): void {
    this.setText('');
  }

  next(): boolean {
    return this.goTo(this.page + 1);
  }

  prev(): boolean {
    return this.goTo(this.page - 1);
  }

  first(): void {
    this.goTo(0);
  }

  last(): void {
    this.goTo(this.getSnapshot().pages - 1);
  }

  moveSelection(delta: number): void {
    const rows = this.getSnapshot().rows.length;
    const next = Math.max(0, Math.min(Math.max(0, rows - 1), this.selected + delta));
    if (next === this.selected) return;
    this.selected = next;
    this.refresh();
  }

  /** The ids of every match, in the order shown (what `:export` writes), read without reading the records. */
  matchIds(): string[] {
    if (!this.getSnapshot().active) return [];
    const records = this.index.records(this.resource);
    return this.positions().map((p) => records.idAt(p)!);
  }

  /** Every match of the filter, in the order shown, across its pages (what `*` marks): each read from the index. */
  matches(): readonly ApiRecord[] {
    if (!this.getSnapshot().active) return [];
    const records = this.index.records(this.resource);
    return this.positions().map((p) => records.at(p)!);
  }

  selectedRecord(): ApiRecord | undefined {
    const { rows } = this.getSnapshot();
    return rows[Math.min(this.selected, rows.length - 1)];
  }

  setPageSize(size: number): void {
    const first = this.page * this.pageSize;
    this.pageSize = Math.max(1, size);
    this.page = Math.floor(first / this.pageSize);
    this.refresh();
  }

  dispose(): void {
    this.unsubscribe();
    this.dropListeners();
  }

  // ---- internals ----

  private setSort(sort: SortOrder | undefined): void {
    this.query = sort ? { ...this.query, sort } : { text: this.query.text };
    this.page = 0;
    this.selected = 0;
    this.gather();
    this.refresh();
  }

  private gather(): void {
    if (isActive(this.query)) void this.index.ensure(this.resource);
  }

  private goTo(page: number): boolean {
    const clamped = Math.max(0, Math.min(this.getSnapshot().pages - 1, page));
    if (clamped === this.page) return false;
    this.page = clamped;
    this.selected = 0;
    this.refresh();
    return true;
  }

  private queryView(): ListQueryView {
    const columns = this.columns();
    if (!this.view || this.view.columns !== columns) this.view = { columns, view: new ListQueryView(columns) };
    return this.view.view;
  }

  /** The matches' positions among the index's records, in the order shown. */
  private positions(): readonly number[] {
    const status = this.index.status(this.resource);
    return this.queryView().matches(this.index.records(this.resource), status.version, this.query, shapeOf(status));
  }

  private build(): WholeListSnapshot {
    const status = this.index.status(this.resource);
    const active = isActive(this.query);
    const matches = active ? this.positions() : [];
    const records = this.index.records(this.resource);
    // Only the page shown is read from the index's packed records.
    const page = pageOf(matches, this.page, this.pageSize);
    const shown = { ...page, items: page.items.map((p) => records.at(p)!) };
    this.page = shown.page;
    this.selected = Math.min(this.selected, Math.max(0, shown.items.length - 1));
    const summary: string[] = [];
    if (active) {
      if (this.query.text.trim() !== '')
        summary.push(matchText(matches.length, status.held, status.state === 'complete' || status.state === 'capped'));
      if (this.query.sort) summary.push(describeSort(this.query.sort, [...this.columns(), ...this.def.columns]));
    }
    // Gathering shows whatever asked for it (a filter, an order, a picker, used-by); how it ended, only with a filter or order.
    // A failure is said once, whole, where the list's rows would be (screens/listModel.ts): here only that it stopped.
    const progress =
      status.state === 'failed'
        ? `gathering ${status.title} failed after ${grouped(status.gathered)}`
        : describeIndexStatus(status);
    if (progress && (status.state === 'gathering' || (active && status.state !== 'complete'))) summary.push(progress);
    return {
      resource: this.resource,
      active,
      query: this.query,
      rows: shown.items,
      selected: this.selected,
      page: shown.page,
      pages: shown.pages,
      matches: matches.length,
      index: status,
      summary,
      changes: this.index.changes(this.resource),
    };
  }

  private refresh(): void {
    this.setQuietly(this.build());
    this.emit();
  }

  /** Puts the selection back on the record with this id, wherever it now stands among the matches. */
  private follow(id: string): void {
    if (this.selectedRecord()?.id === id || !this.getSnapshot().active) return;
    const position = this.index.records(this.resource).positionOf(id);
    const at = position === undefined ? -1 : this.positions().indexOf(position);
    if (at < 0) return;
    this.page = Math.floor(at / this.pageSize);
    this.selected = at % this.pageSize;
    this.setQuietly(this.build());
  }
}

/** What the view may keep between updates: the records only grew unless reshaped; complete once no walk adds more. */
const shapeOf = (status: IndexStatus): RecordsShape => ({
  reshaped: status.reshaped,
  complete: status.state !== 'gathering',
});

const sameSort = (a: SortOrder | undefined, b: SortOrder | undefined): boolean =>
  a?.column === b?.column && a?.descending === b?.descending;
