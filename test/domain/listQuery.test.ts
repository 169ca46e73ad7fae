import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { VIEWS } from '../../src/presentation/resources.js';
import {
  compareCells,
  describeSort,
  filterRecords,
  isActive,
  ListQueryView,
  matchText,
  nextSortColumn,
  pageOf,
  queryWords,
  RecordFilter,
  reverseSort,
  searchText,
  sortRecords,
} from '../../src/domain/listQuery.js';

/** The view's matches as records (it gives their positions in the records). */
const matched = (
  view: ListQueryView,
  records: readonly ApiRecord[],
  ...rest: DropFirst<Parameters<ListQueryView['matches']>>
) => view.matches(records, ...rest).map((p) => records[p]!);
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

const columns = VIEWS.slos.columns;
const slos = [
  { id: 'slo-10', name: 'Checkout 99.9%', target_value: '99.9', target_unit: '%', interval: 60 },
  { id: 'slo-9', name: 'search p95', target_value: '95', target_unit: '%', interval: 300 },
  { id: 'slo-100', name: 'Payments', target_value: '100', target_unit: '%' },
  { id: 'slo-2', name: 'checkout errors', target_value: '', interval: 60 },
];
const ids = (records: { id: string }[]) => records.map((r) => r.id);

describe('filter over the whole list', () => {
  it('matches name, id and visible columns, case-insensitively, every word', () => {
    expect(ids(filterRecords(slos, 'CHECKOUT', columns))).toEqual(['slo-10', 'slo-2']);
    expect(ids(filterRecords(slos, 'slo-10', columns))).toEqual(['slo-10', 'slo-100']);
    expect(ids(filterRecords(slos, '300', columns))).toEqual(['slo-9']);
    expect(ids(filterRecords(slos, 'checkout 99.9', columns))).toEqual(['slo-10']);
    expect(ids(filterRecords(slos, '  ', columns))).toEqual(ids(slos));
    expect(filterRecords(slos, 'nothing like it', columns)).toEqual([]);
  });

  it('holds each text once (the NAME and ID columns repeat name and id), and no word spans two texts', () => {
    const sliColumns = VIEWS.slis.columns.filter((c) => c.id !== 'age');
    const sli = { id: 'sli-7', name: 'Checkout p95', type: 'latency', unit_of_measure: 'ms', queries: { p95: {} } };
    // The columns' texts in their order (the sort reads its column's part), name and id not again.
    expect(searchText(sli, sliColumns)).toBe('checkout p95\u0000latency\u0000ms\u00001\u0000sli-7');
    expect(searchText(sli, [])).toBe('checkout p95\u0000sli-7');
    // A NUL within a text is a space: the parts stay one a column.
    expect(searchText({ ...sli, type: 'a\u0000b' }, sliColumns)).toBe(
      'checkout p95\u0000a b\u0000ms\u00001\u0000sli-7',
    );
    expect(queryWords('p95\u0000sli-7')).toEqual(['p95', 'sli-7']);
    expect(filterRecords([sli], 'p95\u0000sli-7', sliColumns)).toEqual([sli]);
  });

  it('only the columns given: a hidden column does not match', () => {
    const nameOnly = columns.filter((c) => c.id === 'name');
    expect(ids(filterRecords(slos, '300', nameOnly))).toEqual([]);
    expect(ids(filterRecords(slos, 'slo-9', nameOnly))).toEqual(['slo-9']);
  });

  it('a kept filter reuses its search texts and gives the same answers', () => {
    const filter = new RecordFilter(columns);
    expect(ids(filter.filter(slos, 'checkout'))).toEqual(['slo-10', 'slo-2']);
    expect(ids(filter.filter(slos, 'checkout errors'))).toEqual(['slo-2']);
    expect(queryWords(' A  b ')).toEqual(['a', 'b']);
  });
});

describe('sort over the whole list', () => {
  it('numbers as numbers, text numeric-aware, empty last both ways, ties in server order', () => {
    expect(ids(sortRecords(slos, { column: 'target', descending: false }, columns))).toEqual([
      'slo-9',
      'slo-10',
      'slo-100',
      'slo-2',
    ]);
    expect(ids(sortRecords(slos, { column: 'target', descending: true }, columns))).toEqual([
      'slo-100',
      'slo-10',
      'slo-9',
      'slo-2',
    ]);
    expect(ids(sortRecords(slos, { column: 'id', descending: false }, columns))).toEqual([
      'slo-2',
      'slo-9',
      'slo-10',
      'slo-100',
    ]);
    expect(ids(sortRecords(slos, { column: 'name', descending: false }, columns))).toEqual([
      'slo-10',
      'slo-2',
      'slo-100',
      'slo-9',
    ]);
    expect(ids(sortRecords(slos, { column: 'interval', descending: false }, columns))).toEqual([
      'slo-10',
      'slo-2',
      'slo-9',
      'slo-100',
    ]);
    expect(ids(sortRecords(slos, { column: 'nope', descending: false }, columns))).toEqual(ids(slos));
    expect(compareCells('1e3', '999')).toBeGreaterThan(0);
    expect(compareCells('sli-9', 'sli-10')).toBeLessThan(0);
  });

  it('AGE sorts by time, youngest first, not by its text', () => {
    const aged = [
      { id: 'a', name: 'old', created_at: '2020-01-01T00:00:00.000Z' },
      { id: 'b', name: 'new', created_at: '2026-11-20T00:00:00.000Z' },
      { id: 'c', name: 'mid', created_at: '2026-11-10T00:00:00.000Z' },
    ];
    expect(sortRecords(aged, { column: 'age', descending: false }, VIEWS.slos.columns).map((r) => r.name)).toEqual([
      'new',
      'mid',
      'old',
    ]);
  });

  it('o takes the next column and wraps; O reverses', () => {
    const first = nextSortColumn(columns, undefined);
    expect(first).toEqual({ column: 'name', descending: false });
    expect(nextSortColumn(columns, first)).toEqual({ column: 'target', descending: false });
    expect(nextSortColumn(columns, { column: columns.at(-1)!.id, descending: true })).toEqual({
      column: 'name',
      descending: false,
    });
    expect(reverseSort(columns, first)).toEqual({ column: 'name', descending: true });
    expect(reverseSort(columns, undefined)).toEqual({ column: 'name', descending: true });
    expect(nextSortColumn([], undefined)).toBeUndefined();
    expect(describeSort({ column: 'target', descending: true }, columns)).toBe('sorted by TARGET ↓');
  });
});

describe('the whole list view', () => {
  it('works out the matches once per records version, query and order', () => {
    const view = new ListQueryView(columns);
    const first = view.matches(slos, 1, { text: 'checkout' });
    expect(ids(first.map((p) => slos[p]!))).toEqual(['slo-10', 'slo-2']);
    expect(view.matches(slos, 1, { text: 'checkout' })).toBe(first);
    expect(view.matches(slos, 2, { text: 'checkout' })).not.toBe(first);
    expect(ids([...matched(view, slos, 2, { text: 'checkout', sort: { column: 'id', descending: false } })])).toEqual([
      'slo-2',
      'slo-10',
    ]);
    expect(isActive({ text: ' ' })).toBe(false);
    expect(isActive({ text: '', sort: { column: 'id', descending: true } })).toBe(true);
  });

  it('pages through matches, clamped', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, 0, 20)).toEqual({ items: items.slice(0, 20), page: 0, pages: 3 });
    expect(pageOf(items, 7, 20)).toEqual({ items: items.slice(40), page: 2, pages: 3 });
    expect(pageOf([], 3, 20)).toEqual({ items: [], page: 0, pages: 1 });
    expect(matchText(12, 5030, true)).toBe('12 of 5,030 match');
    expect(matchText(3, 1200, false)).toBe('3 of 1,200 gathered match');
  });
});
