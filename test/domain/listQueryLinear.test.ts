/**
 * The whole list's filter and order while records are gathered: the work
 * (records examined by the filter, records sorted) grows linearly with the
 * records, counted rather than timed, and the answers are those worked out
 * from scratch.
 */
import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { filterRecords, ListQueryView, sortRecords, type ListQuery } from '../../src/domain/listQuery.js';
import { VIEWS } from '../../src/presentation/resources.js';

/** The view's matches as records (it gives their positions in the records). */
const matched = (
  view: ListQueryView,
  records: readonly ApiRecord[],
  ...rest: DropFirst<Parameters<ListQueryView['matches']>>
) => view.matches(records, ...rest).map((p) => records[p]!);
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

const columns = VIEWS.slis.columns.filter((c) => c.id !== 'age');
const KINDS = ['latency', 'availability', 'error_rate', 'throughput'];
const sli = (n: number): ApiRecord => ({
  id: `sli-${String(n).padStart(6, '0')}`,
  name: `svc-${String((n * 7919) % 100_000).padStart(5, '0')} ${KINDS[n % 4]}`,
  type: KINDS[n % 4],
  unit_of_measure: n % 4 === 0 ? 'ms' : '%',
});

/** Gathers `count` records a page of 100 at a time, asking the view after each page, as the dashboard does. */
function gather(view: ListQueryView, count: number, query: ListQuery) {
  const records: ApiRecord[] = [];
  let version = 0;
  let shown: readonly ApiRecord[] = [];
  for (let n = 1; n <= count; n += 100) {
    for (let k = n; k < n + 100 && k <= count; k++) records.push(sli(k));
    shown = matched(view, records, ++version, query, { reshaped: 0, complete: false });
  }
  const done = matched(view, records, ++version, query, { reshaped: 0, complete: true });
  return { records, shown, done, version };
}

const ids = (records: readonly ApiRecord[]) => records.map((r) => r.id);

describe('the whole list while it gathers', () => {
  it('with a filter, examines each record once: N records, N examined', () => {
    for (const count of [2_000, 8_000]) {
      const view = new ListQueryView(columns);
      const { records, done } = gather(view, count, { text: 'latency' });
      expect(view.examined).toBe(count);
      expect(ids(done)).toEqual(ids(filterRecords(records, 'latency', columns)));
    }
  });

  it('with an order, sorts a bounded multiple of the records (a quarter more each time, once at the end)', () => {
    const work = [2_000, 8_000].map((count) => {
      const view = new ListQueryView(columns);
      const { records, done } = gather(view, count, { text: '', sort: { column: 'name', descending: false } });
      expect(ids(done)).toEqual(ids(sortRecords(records, { column: 'name', descending: false }, columns)));
      return view.sortedRecords / count;
    });
    // 1 + 1/1.25 + 1/1.25² + … = 5 times the records, and the last sort: at most 6, whatever the count.
    for (const perRecord of work) expect(perRecord).toBeLessThanOrEqual(6.1);
  });

  it('with both, the matches shown while it gathers are every match so far, the sorted ones first', () => {
    const view = new ListQueryView(columns);
    const query: ListQuery = { text: 'svc-0', sort: { column: 'name', descending: true } };
    const records: ApiRecord[] = [];
    for (let n = 1; n <= 2_000; n += 100) {
      for (let k = n; k < n + 100; k++) records.push(sli(k));
      const shown = matched(view, records, n, query, { reshaped: 0, complete: false });
      expect(new Set(ids(shown))).toEqual(new Set(ids(filterRecords(records, 'svc-0', columns))));
    }
    expect(view.examined).toBe(2_000);
    const done = matched(view, records, 9_999, query, { reshaped: 0, complete: true });
    expect(ids(done)).toEqual(ids(sortRecords(filterRecords(records, 'svc-0', columns), query.sort!, columns)));
  });
});

describe('typing a filter over records held', () => {
  it('a text that extends the last one filters the last matches only', () => {
    const view = new ListQueryView(columns);
    const records = Array.from({ length: 2_000 }, (_, i) => sli(i + 1));
    const at = (text: string) => matched(view, records, 1, { text }, { reshaped: 0, complete: true });
    const s = at('s');
    expect(view.examined).toBe(2_000);
    let before = view.examined;
    let previous = s.length;
    for (const text of ['sv', 'svc', 'svc-0', 'svc-01', 'svc-01 lat']) {
      const found = at(text);
      expect(view.examined - before).toBe(previous);
      expect(ids(found)).toEqual(ids(filterRecords(records, text, columns)));
      before = view.examined;
      previous = found.length;
    }
    // A text that does not extend the last one looks at every record again.
    expect(ids(at('throughput'))).toEqual(ids(filterRecords(records, 'throughput', columns)));
    expect(view.examined - before).toBe(2_000);
  });

  it('a record replaced in place (the index says reshaped) is filtered again', () => {
    const view = new ListQueryView(columns);
    const records = Array.from({ length: 300 }, (_, i) => sli(i + 1));
    expect(matched(view, records, 1, { text: 'renamed' }, { reshaped: 0, complete: true })).toEqual([]);
    records[10] = { ...records[10]!, name: 'renamed one' };
    const found = matched(view, records, 2, { text: 'renamed' }, { reshaped: 1, complete: true });
    expect(ids(found)).toEqual([records[10]!.id]);
  });
});

describe('records read from the list (the index decodes each one it is asked for)', () => {
  it('each record is read once for its search text; a sort by a shown column reads none again', () => {
    const view = new ListQueryView(columns);
    const records = Array.from({ length: 3_000 }, (_, i) => sli(i + 1));
    matched(view, records, 1, { text: 'latency' }, { reshaped: 0, complete: true });
    expect(view.read).toBe(3_000);
    const held = { reshaped: 0, complete: true };
    const byName = matched(view, records, 1, { text: '', sort: { column: 'name', descending: false } }, held);
    const byType = matched(view, records, 1, { text: 'svc', sort: { column: 'type', descending: true } }, held);
    expect(view.read).toBe(3_000);
    expect(ids(byName)).toEqual(ids(sortRecords(records, { column: 'name', descending: false }, columns)));
    expect(ids(byType)).toEqual(
      ids(sortRecords(filterRecords(records, 'svc', columns), { column: 'type', descending: true }, columns)),
    );
  });

  it('a column with a sort key of its own (AGE) reads each record once for its keys, then keeps them', () => {
    const withAge = VIEWS.slis.columns;
    const view = new ListQueryView(withAge);
    const records = Array.from({ length: 500 }, (_, i) => ({
      ...sli(i + 1),
      created_at: new Date(1_700_000_000_000 - ((i * 7919) % 500) * 60_000).toISOString(),
    }));
    const order = { column: 'age', descending: false };
    // A filter of one match reads every record for its search text, and that one record for its key.
    const narrow = matched(view, records, 1, { text: 'sli-000007', sort: order });
    expect(narrow).toHaveLength(1);
    expect(view.read).toBe(501);
    const first = matched(view, records, 1, { text: '', sort: order });
    expect(view.read).toBe(1000);
    matched(view, records, 1, { text: '', sort: { ...order, descending: true } });
    expect(view.read).toBe(1000);
    expect(ids(first)).toEqual(ids(sortRecords(records, order, withAge)));
  });
});

describe('sort keys made with the search texts', () => {
  const textColumns = columns.length;

  it('each cell of a text column is keyed once, whatever is sorted; a sort by NAME reads no cell (no keys tie)', () => {
    const count = 2_000;
    const view = new ListQueryView(columns);
    const { records } = gather(view, count, { text: 'svc' });
    expect(view.keyed).toBe(count * textColumns);
    const held = { reshaped: 0, complete: true };
    for (const descending of [false, true]) {
      const order = { column: 'name', descending };
      const byName = matched(view, records, 1, { text: '', sort: order }, held);
      expect(ids(byName)).toEqual(ids(sortRecords(records, order, columns)));
    }
    expect(view.cellsRead).toBe(0);
    expect(view.keyed).toBe(count * textColumns);
  });

  it('a new set of records (reshaped) is keyed afresh: the count goes on, each cell of both sets once', () => {
    const view = new ListQueryView(columns);
    gather(view, 500, { text: 'svc' });
    expect(view.keyed).toBe(500 * textColumns);
    const other = Array.from({ length: 300 }, (_, i) => sli(i + 1_001));
    const found = matched(view, other, 1, { text: 'svc' }, { reshaped: 1, complete: true });
    expect(ids(found)).toEqual(ids(filterRecords(other, 'svc', columns)));
    expect(view.keyed).toBe(800 * textColumns);
  });

  it('a column of a few kinds (TYPE) is ordered by ranking its kinds: no cell read, either way', () => {
    const count = 2_000;
    const view = new ListQueryView(columns);
    const { records } = gather(view, count, { text: 'svc' });
    for (const descending of [true, false]) {
      const order = { column: 'type', descending };
      const byType = matched(view, records, 1, { text: '', sort: order }, { reshaped: 0, complete: true });
      expect(ids(byType)).toEqual(ids(sortRecords(records, order, columns)));
    }
    expect(view.cellsRead).toBe(0);
    expect(view.keyed).toBe(count * textColumns);
  });

  it('a column of a few numbers (QUERIES) is ranked as numbers: 10 after 9; empty cells last', () => {
    const view = new ListQueryView(columns);
    const records = Array.from({ length: 400 }, (_, i) => ({
      ...sli(i + 1),
      unit_of_measure: i % 7 ? String(i % 13) : '',
    }));
    for (const descending of [false, true]) {
      const order = { column: 'unit', descending };
      const byUnit = matched(view, records, 1, { text: '', sort: order });
      expect(ids(byUnit)).toEqual(ids(sortRecords(records, order, columns)));
    }
    expect(view.cellsRead).toBe(0);
  });

  it('past 256 kinds a column is ordered by its keys; a run of tied keys already in order is read once', () => {
    const view = new ListQueryView(columns);
    // Every name starts "service-" (the keys tie), 3,000 kinds, in order as they arrive.
    const records = Array.from({ length: 3_000 }, (_, i) => ({
      ...sli(i + 1),
      name: `service-${String(i).padStart(6, '0')}`,
    }));
    const order = { column: 'name', descending: false };
    const byName = matched(view, records, 1, { text: '', sort: order });
    expect(ids(byName)).toEqual(ids(sortRecords(records, order, columns)));
    // Each run of tied keys in order is compared once along: two cells a comparison, one comparison a neighbour.
    expect(view.cellsRead).toBe(2 * (records.length - 1));
    const other = matched(view, records, 1, { text: '', sort: { column: 'name', descending: true } });
    expect(ids(other)).toEqual(ids(sortRecords(records, { column: 'name', descending: true }, columns)));
  });

  it('a column with text beyond ASCII in a record the filter leaves out: the matches still ordered by keys, ties by text', () => {
    const view = new ListQueryView(columns);
    // Names that tie in their keys ("service-" fills one) and are not in order, and one beyond ASCII.
    const records = Array.from({ length: 600 }, (_, i) => ({
      ...sli(i + 1),
      name: i === 7 ? 'ñame latency' : `service-${(i * 7919) % 1000} ${KINDS[i % 4]}`,
    }));
    for (const descending of [false, true]) {
      const order = { column: 'name', descending };
      const byName = matched(view, records, 1, { text: 'service', sort: order });
      expect(ids(byName)).toEqual(ids(sortRecords(filterRecords(records, 'service', columns), order, columns)));
    }
    expect(view.cellsRead).toBe(2 * 599);
  });

  it('a column with a number among its cells is ordered from its texts, numbers as numbers', () => {
    const view = new ListQueryView(columns);
    const records = Array.from({ length: 300 }, (_, i) => ({
      ...sli(i + 1),
      unit_of_measure: i % 3 ? 'ms' : String(i),
    }));
    const order = { column: 'unit', descending: false };
    const byUnit = matched(view, records, 1, { text: '', sort: order });
    expect(ids(byUnit)).toEqual(ids(sortRecords(records, order, columns)));
    expect(view.cellsRead).toBe(300);
  });
});
