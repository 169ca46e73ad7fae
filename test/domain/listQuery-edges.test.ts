/**
 * The whole list's filter and order at their edges: empty and blank cells, numbers beside text,
 * ties, both directions, the view's order as records arrive (when it is worked out again and
 * what stands after it meanwhile), and the work each cache saves, counted.
 */
import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { seededRandom } from '../../src/sandbox/faults.js';
import {
  compareCells,
  describeSort,
  ListQueryView,
  RecordFilter,
  reverseSort,
  searchText,
  sortRecords,
  type Column,
  type SortOrder,
} from '../../src/domain/listQuery.js';

/** The view's matches as records (it gives their positions in the records). */
const matched = (
  view: ListQueryView,
  records: readonly ApiRecord[],
  ...rest: DropFirst<Parameters<ListQueryView['matches']>>
) => view.matches(records, ...rest).map((p) => records[p]!);
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

const ids = (records: readonly ApiRecord[]) => records.map((r) => r.id);

/** A column over the field `v`, counting how often it is read. */
function counted(id = 'v') {
  const reads = { count: 0 };
  const column: Column = {
    id,
    header: id.toUpperCase(),
    get: (record) => {
      reads.count++;
      return typeof record[id] === 'string' ? record[id] : '';
    },
  };
  return { column, reads };
}

// Numbers (one padded), ties between numbers, text differing only in case, blank and empty cells.
const cells: [string, string][] = [
  ['r1', '10'],
  ['r2', '9'],
  ['r3', ''],
  ['r4', 'b'],
  ['r5', 'A'],
  ['r6', '  '],
  ['r7', '9'],
  ['r8', ' 3 '],
  ['r9', 'a'],
  ['r10', ' c'],
  ['r11', ''],
  // Numbers a text order would put elsewhere: a sign, a decimal, an exponent.
  ['r12', '-5'],
  ['r13', '2.5'],
  ['r14', '2.10'],
  ['r15', '1e1'],
];
const records = (): ApiRecord[] => cells.map(([id, v]) => ({ id, v }));

const ORDERS: [string, boolean, string[]][] = [
  [
    'ascending',
    false,
    ['r12', 'r14', 'r13', 'r8', 'r2', 'r7', 'r1', 'r15', 'r5', 'r9', 'r4', 'r10', 'r3', 'r6', 'r11'],
  ],
  [
    'descending',
    true,
    ['r10', 'r4', 'r5', 'r9', 'r1', 'r15', 'r2', 'r7', 'r8', 'r13', 'r14', 'r12', 'r3', 'r6', 'r11'],
  ],
];

describe('the order of cells', () => {
  it.each(ORDERS)(
    '%s: numbers as numbers, text case-blind and trimmed, ties and empty cells (last) in the records order',
    (_name, descending, expected) => {
      const { column } = counted();
      const order: SortOrder = { column: 'v', descending };
      expect(ids(sortRecords(records(), order, [column]))).toEqual(expected);
      expect(ids(matched(new ListQueryView([column]), records(), 1, { text: '', sort: order }))).toEqual(expected);
    },
  );

  it('many ties keep the records order, in both directions and in the view', () => {
    // Enough records that the sort merges runs rather than inserting one by one.
    const VALUES = ['b', '2', '', 'a', '10'];
    const many = Array.from({ length: 300 }, (_, i) => ({ id: `m${i}`, v: VALUES[(i * 7) % 5]! }));
    const grouped = (order: string[]) => order.flatMap((v) => many.filter((r) => r.v === v).map((r) => r.id));
    const { column } = counted();
    for (const [descending, order] of [
      [false, ['2', '10', 'a', 'b', '']],
      [true, ['b', 'a', '10', '2', '']],
    ] as const) {
      const sort = { column: 'v', descending };
      expect(ids(sortRecords(many, sort, [column]))).toEqual(grouped([...order]));
      expect(ids(matched(new ListQueryView([column]), many, 1, { text: '', sort }))).toEqual(grouped([...order]));
    }
  });

  it.each([
    ['10', 'b', -1],
    ['b', '10', 1],
    ['9', '10', -1],
    ['1e1', '10', 0],
    ['x', 'X', 0],
  ])('compareCells(%j, %j) has the sign %i', (a, b, sign) => {
    expect(Math.sign(compareCells(a, b))).toBe(sign);
  });

  it('cells are trimmed as String.prototype.trim trims them, at either end, and nothing else is', () => {
    // Each pair ties once trimmed (kept in the records' order) and would not tie untrimmed.
    const tricky: [string, string][] = [
      ['t1', 'a\t '],
      ['t2', 'a'],
      ['t3', ' \u00a0b'],
      ['t4', 'b'],
      ['t5', 'c\r'],
      ['t6', 'c'],
      ['t7', '\u3000d\n'],
      ['t8', 'd'],
      ['t9', '\u000be\f'],
      ['t10', 'e'],
      ['t11', 'é'],
      ['t12', 'e'],
      ['t13', 'f\u2028'],
      ['t14', 'f'],
      ['t15', '\u0001g'],
      ['t16', 'g\u0001'],
      ['t17', '\u0085h'],
    ];
    const all = tricky.map(([id, v]) => ({ id, v }));
    const { column } = counted();
    for (const descending of [false, true]) {
      const order: SortOrder = { column: 'v', descending };
      expect(ids(matched(new ListQueryView([column]), all, 1, { text: '', sort: order }))).toEqual(
        ids(sortRecords(all, order, [column])),
      );
    }
  });

  it('the last column of the search text (name and id shown by columns) sorts as the others', () => {
    const nameAndId: Column[] = [
      { id: 'name', header: 'NAME', get: (r) => String(r.name) },
      { id: 'id', header: 'ID', get: (r) => r.id },
    ];
    const all = ['sli-10', 'sli-9', 'sli-100'].map((id) => ({ id, name: `n ${id}` }));
    const order: SortOrder = { column: 'id', descending: false };
    expect(ids(matched(new ListQueryView(nameAndId), all, 1, { text: '', sort: order }))).toEqual([
      'sli-9',
      'sli-10',
      'sli-100',
    ]);
  });

  it("a column's own sort keys are trimmed too", () => {
    const keyed: Column = { id: 'k', header: 'K', get: () => 'same', sortKey: (r) => String(r.k) };
    const all = [
      { id: 'x', k: 'b ' },
      { id: 'y', k: ' a' },
      { id: 'z', k: 'b' },
    ];
    const order: SortOrder = { column: 'k', descending: false };
    expect(ids(matched(new ListQueryView([keyed]), all, 1, { text: '', sort: order }))).toEqual(['y', 'x', 'z']);
  });

  it('a column unknown to the view leaves the matches in the records order', () => {
    const { column } = counted();
    const view = new ListQueryView([column]);
    expect(ids(matched(view, records(), 1, { text: 'a', sort: { column: 'nope', descending: false } }))).toEqual([
      'r5',
      'r9',
    ]);
  });

  it('the other way on the same matches is worked out again', () => {
    const { column } = counted();
    const view = new ListQueryView([column]);
    const all = records();
    expect(ids(matched(view, all, 1, { text: '', sort: { column: 'v', descending: false } }))).toEqual(ORDERS[0]![2]);
    expect(ids(matched(view, all, 1, { text: '', sort: { column: 'v', descending: true } }))).toEqual(ORDERS[1]![2]);
  });

  it('other matches on the same column are ordered by their own cells', () => {
    const { column } = counted();
    const view = new ListQueryView([column]);
    const all = records();
    const order: SortOrder = { column: 'v', descending: false };
    expect(ids(matched(view, all, 1, { text: 'a', sort: order }))).toEqual(['r5', 'r9']);
    expect(ids(matched(view, all, 1, { text: 'r', sort: order }))).toEqual(ORDERS[0]![2]);
    expect(ids(matched(view, all, 1, { text: 'a', sort: order }))).toEqual(['r5', 'r9']);
  });
});

describe('the view while records arrive', () => {
  const named = (n: number): ApiRecord => ({ id: `x${n}`, v: `n${String(100 - n).padStart(3, '0')}` });

  it('works the order out again once the matches grow by a quarter; those found between stand after', () => {
    const { column } = counted();
    const view = new ListQueryView([column]);
    const order: SortOrder = { column: 'v', descending: false };
    const held: ApiRecord[] = [];
    const at = (count: number, complete: boolean) => {
      while (held.length < count) held.push(named(held.length + 1));
      return ids(matched(view, held, count, { text: '', sort: order }, { reshaped: 0, complete })).join(' ');
    };
    expect(at(4, false)).toBe('x4 x3 x2 x1');
    expect(view.sortedRecords).toBe(4);
    // 5 is 4 × 1.25: due.
    expect(at(5, false)).toBe('x5 x4 x3 x2 x1');
    expect(view.sortedRecords).toBe(9);
    // 6 is below 5 × 1.25: appended as found.
    expect(at(6, false)).toBe('x5 x4 x3 x2 x1 x6');
    expect(view.sortedRecords).toBe(9);
    // Complete: worked out once more, then not again while nothing grows.
    expect(at(6, true)).toBe('x6 x5 x4 x3 x2 x1');
    expect(view.sortedRecords).toBe(15);
    expect(at(6, true)).toBe('x6 x5 x4 x3 x2 x1');
    expect(view.sortedRecords).toBe(15);
  });

  it("reads each record's sort key once while the same matches grow", () => {
    const { column, reads } = counted();
    const view = new ListQueryView([column]);
    const held: ApiRecord[] = [];
    for (let n = 1; n <= 40; n++) {
      held.push(named(n));
      matched(view, held, n, { text: '', sort: { column: 'v', descending: false } }, { reshaped: 0, complete: false });
    }
    matched(view, held, 41, { text: '', sort: { column: 'v', descending: false } }, { reshaped: 0, complete: true });
    expect(reads.count).toBe(40);
  });

  it('an empty text gives every position and examines none', () => {
    const { column } = counted();
    const view = new ListQueryView([column]);
    const all = records();
    matched(view, all, 1, { text: 'a' });
    const examined = view.examined;
    expect(view.matches(all, 1, { text: '  ' })).toEqual(all.map((_, i) => i));
    expect(view.examined).toBe(examined);
  });

  it('a text that drops a word is looked for in every record, not only in the last matches', () => {
    const { column } = counted();
    const view = new ListQueryView([column]);
    const all = [
      { id: 'p', v: 'alpha beta' },
      { id: 'q', v: 'alpha' },
    ];
    expect(ids(matched(view, all, 1, { text: 'alpha beta' }))).toEqual(['p']);
    expect(ids(matched(view, all, 1, { text: 'alpha' }))).toEqual(['p', 'q']);
  });
});

describe('the kept filter', () => {
  it("works a record's search text out once, whatever it is asked", () => {
    const { column, reads } = counted();
    const filter = new RecordFilter([column]);
    const all = records();
    expect(ids(filter.filter(all, 'a'))).toEqual(['r5', 'r9']);
    expect(ids(filter.filter(all, 'b'))).toEqual(['r4']);
    expect(reads.count).toBe(all.length);
    expect(filter.matches(all[0]!, [])).toBe(true);
    expect(filter.matches({ id: 'new', v: 'z' }, [])).toBe(true);
    expect(reads.count).toBe(all.length);
  });

  it('a name that is not text is left out of the search text', () => {
    expect(searchText({ id: 'x', name: 5 }, [])).toBe('\u0000x');
    expect(searchText({ id: 'x' }, [])).toBe('\u0000x');
  });
});

describe('sort words', () => {
  const columns = [counted('a').column, counted('b').column];

  it('O on a sorted column turns it the other way, whichever column it is', () => {
    expect(reverseSort(columns, { column: 'b', descending: true })).toEqual({ column: 'b', descending: false });
    expect(reverseSort(columns, { column: 'b', descending: false })).toEqual({ column: 'b', descending: true });
    expect(reverseSort([], undefined)).toBeUndefined();
  });

  it('a column no longer shown is named by its id', () => {
    expect(describeSort({ column: 'gone', descending: false }, columns)).toBe('sorted by gone ↑');
    expect(describeSort({ column: 'b', descending: false }, columns)).toBe('sorted by B ↑');
  });
});

describe('the order of a column over tricky texts', () => {
  // Case, accents, numbers (padded, long, within text), punctuation, empty and blank cells, text
  // beyond ASCII, long shared starts (keys equal, the texts decide): the view's sort (keys first,
  // then the texts) gives what a stable sort by the collator itself gives.
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;
  const random = seededRandom(20_261_128);
  const parts = [
    'svc-',
    'Svc-',
    'SVC ',
    'svc-0000',
    'é',
    'e',
    'É',
    'ß',
    'Ω',
    'z',
    'Z',
    '_',
    '-',
    ' ',
    '.',
    '0',
    '7',
    '10',
    '007',
    '99999999999999999999',
    'latency',
    'Latency',
    'a b',
    'ab',
    'x1',
    '中',
  ];
  const cell = () =>
    random() < 0.05
      ? ''
      : Array.from({ length: Math.floor(random() * 5) }, () => parts[Math.floor(random() * parts.length)]).join('');
  const tricky: ApiRecord[] = Array.from({ length: 3_000 }, (_, n) => ({ id: `t${n}`, v: cell() }));
  const { column } = counted();
  /** The ids in a stable sort by the collator itself (numbers as numbers), empty cells last. */
  const collatorOrder = (records: readonly ApiRecord[], descending: boolean) => {
    const sign = descending ? -1 : 1;
    // Two cells that read as numbers compare as numbers, others by the collator; each cell read once.
    const keyed = records.map((record) => {
      const cell = String(record.v).trim();
      return { record, cell, number: NUMBER.test(cell) ? Number(cell) : undefined };
    });
    return [
      ...keyed
        .filter((k) => k.cell !== '')
        .sort(
          (a, b) =>
            sign *
            (a.number !== undefined && b.number !== undefined ? a.number - b.number : collator.compare(a.cell, b.cell)),
        ),
      ...keyed.filter((k) => k.cell === ''),
    ].map((k) => k.record.id);
  };

  /** The ids in the view's order of the column, and the view (for what it counts). */
  const viewOrder = (records: readonly ApiRecord[], descending: boolean) => {
    const view = new ListQueryView([column]);
    return { shown: ids(matched(view, records, 1, { text: '', sort: { column: 'v', descending } })), view };
  };

  it.each([false, true])(
    'descending %s: the collator’s order, ties and empty cells in the records’ order',
    (descending) => {
      const expected = collatorOrder(tricky, descending);
      expect(viewOrder(tricky, descending).shown).toEqual(expected);
      expect(ids(sortRecords(tricky, { column: 'v', descending }, [column]))).toEqual(expected);
    },
  );

  // A few kinds (each part alone): ranked once, cells the collator holds equal ('é', 'e', 'É') share
  // a rank and keep the records' order; numbers among texts leave it to the compare function.
  const few: ApiRecord[] = Array.from({ length: 2_000 }, (_, n) => ({
    id: `k${n}`,
    v: parts[Math.floor(random() * parts.length)]!,
  }));
  const fewTexts = few.filter((record) => !NUMBER.test(String(record.v)));

  it.each([false, true])(
    'descending %s, a few kinds: the collator’s order, equal cells in the records’ order',
    (descending) => {
      for (const records of [few, fewTexts]) {
        const { shown, view } = viewOrder(records, descending);
        expect(shown).toEqual(collatorOrder(records, descending));
        expect(view.cellsRead).toBe(records === few ? records.length : 0);
      }
    },
  );

  // The same parts but printable ASCII only, and no cell that reads as a number: ordered by the keys
  // made with the search texts, the texts read only where keys tie.
  const printable = parts.filter((part) => /^[ -~]*$/.test(part));
  const asciiCell = () => {
    const text = Array.from(
      { length: Math.floor(random() * 5) },
      () => printable[Math.floor(random() * printable.length)],
    ).join('');
    return NUMBER.test(text) ? `n${text}` : text;
  };
  const ascii: ApiRecord[] = Array.from({ length: 3_000 }, (_, n) => ({ id: `a${n}`, v: asciiCell() }));

  it.each([false, true])(
    'descending %s, printable texts only (ordered by their keys): the collator’s order',
    (descending) => {
      const { shown, view } = viewOrder(ascii, descending);
      expect(shown).toEqual(collatorOrder(ascii, descending));
      // Keys tie for some (a long shared start), not for all: far fewer cells read than a compare
      // sort reads (two a comparison, about n log2 n comparisons).
      expect(view.cellsRead).toBeLessThan(ascii.length * Math.log2(ascii.length));
    },
  );
});
