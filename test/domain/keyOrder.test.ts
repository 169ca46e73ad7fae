import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { orderByKey, orderTies } from '../../src/domain/keyOrder.js';

/** A seeded generator (the same keys every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const MAX_KEY = 2 ** 53 - 1;

/** Keys over the whole range, with repeats and with long shared high bits (names that start alike). */
function keysOf(count: number, seed: number): Float64Array {
  const next = random(seed);
  const shared = Math.floor(next() * 2 ** 21) * 2 ** 32;
  const pool = [0, 1, 2 ** 16 - 1, 2 ** 16, 2 ** 32 - 1, 2 ** 32, 2 ** 48, MAX_KEY - 1, MAX_KEY];
  return Float64Array.from({ length: count }, () => {
    const kind = next();
    if (kind < 0.2) return pool[Math.floor(next() * pool.length)]!;
    if (kind < 0.6) return shared + Math.floor(next() * 2 ** 20);
    return Math.floor(next() * 2 ** 21) * 2 ** 32 + Math.floor(next() * 2 ** 32);
  });
}

/** What a stable sort with a compare function of the keys gives. */
function byCompare(cells: readonly number[], keys: Float64Array, descending: boolean): number[] {
  const sign = descending ? -1 : 1;
  return [...cells].sort((a, b) => sign * (keys[a]! - keys[b]!));
}

/** orderByKey of `cells` over `keys` both ways, each against the stable compare sort; what each wrote. */
function expectCompareOrder(keys: Float64Array, cells: readonly number[] = Array.from(keys.keys())): number[] {
  return [false, true].map((descending) => {
    const work = { written: 0 };
    const [ours, theirs] = [
      Array.from(orderByKey(Uint32Array.from(cells), keys, descending, work)),
      byCompare(cells, keys, descending),
    ];
    if (!isDeepStrictEqual(ours, theirs)) expect(ours).toEqual(theirs);
    return work.written;
  });
}

/** The keys repeated until there are enough for the radix sort (64 cells or more), ordered both ways as the compare sort orders them. */
function expectRadixOrder(list: readonly number[]) {
  const repeated = Array.from({ length: Math.ceil(64 / list.length) + 1 }, () => list).flat();
  const keys = Float64Array.from(repeated);
  const written = expectCompareOrder(keys, Array.from(keys.keys()).reverse());
  // Not the array sort of a few cells (it writes each once), not a merge: at least one pass of the radix sort.
  for (const cellsWritten of written) expect(cellsWritten).toBeGreaterThanOrEqual(repeated.length);
}

describe('orderByKey', () => {
  it.each([0, 1, 2, 7, 1_000, 20_000])('gives the order of a stable compare sort, both ways (%i keys)', (count) => {
    expectCompareOrder(keysOf(count, count + 1));
  });

  it.each([
    ['rising, with runs of equal keys', [1, 1, 2, 5, 5, 5, 2 ** 40, MAX_KEY]],
    ['falling, with runs of equal keys', [MAX_KEY, 2 ** 40, 9, 9, 3, 0, 0]],
    ['all equal', [7, 7, 7, 7]],
    ['rising, then one falls at the end', [1, 2, 3, 4, 0]],
    ['falling, then one rises at the end', [4, 3, 2, 1, 5]],
  ])('keys already in an order (%s): the order of the compare sort, both ways', (_name, list) => {
    expectCompareOrder(Float64Array.from(list));
  });

  it('cells already in the order asked (or all equal) come back as they are: each key read at most twice', () => {
    const rising = Array.from({ length: 1_000 }, (_, i) => Math.floor(i / 3) * 2 ** 30);
    for (const [list, descending] of [
      [rising, false],
      [rising.toReversed(), true],
      [rising.map(() => 4), false],
      [rising.map(() => 4), true],
    ] as const) {
      let reads = 0;
      const keys = new Proxy(Float64Array.from(list), {
        get(target, property) {
          if (typeof property === 'string' && /^\d+$/.test(property)) reads++;
          return Reflect.get(target, property) as unknown;
        },
      });
      const given = Uint32Array.from(list.keys());
      expect(orderByKey(given, keys, descending)).toBe(given);
      expect(reads).toBeLessThanOrEqual(2 * list.length);
    }
  });

  it('the two words of a key: keys that share the high word and differ in the low one, by one', () => {
    expectRadixOrder([2 ** 32 + 5, 2 ** 32, 2 ** 33, 2 ** 33 - 1, 2 ** 32 + 4, 2 ** 32 + 1]);
  });

  it('orders only the cells given, equal keys in the order given', () => {
    const keys = Float64Array.from([5, 2 ** 40, 5, 0, 2 ** 40 + 1, 5, MAX_KEY, 0]);
    const cells = () => Uint32Array.from([7, 5, 2, 6, 0, 1, 4]);
    expect(Array.from(orderByKey(cells(), keys, false))).toEqual([7, 5, 2, 0, 1, 4, 6]);
    expect(Array.from(orderByKey(cells(), keys, true))).toEqual([6, 4, 1, 5, 2, 0, 7]);
  });

  it('keys that differ in one digit of eleven bits only, each of the five', () => {
    const base = 2 ** 52 + 2 ** 40 + 2 ** 30 + 2 ** 12 + 1;
    const bits = [0, 11, 22, 32, 43];
    expectRadixOrder([...bits.map((bit) => base + 2 ** (bit + 3)), base, ...bits.map((bit) => base + 2 ** bit)]);
  });

  it('keys that differ only in a high digit, or only in a low one', () => {
    expectRadixOrder([2 ** 52, 2 ** 36, 2 ** 20, 2 ** 4, 2 ** 52 + 1, 2 ** 36 + 2 ** 4]);
    const keys = Float64Array.from([2 ** 52, 2 ** 36, 2 ** 20, 2 ** 4, 2 ** 52 + 1, 2 ** 36 + 2 ** 4]);
    const cells = () => Uint32Array.from([0, 1, 2, 3, 4, 5]);
    expect(Array.from(orderByKey(cells(), keys, false))).toEqual([3, 2, 1, 5, 0, 4]);
    expect(Array.from(orderByKey(cells(), keys, true))).toEqual([4, 0, 5, 1, 2, 3]);
  });

  it('work: five passes at most over keys anywhere in the range, three when they share the high word', () => {
    const count = 20_000;
    const next = random(7);
    const spread = Float64Array.from(
      { length: count },
      () => Math.floor(next() * 2 ** 21) * 2 ** 32 + Math.floor(next() * 2 ** 32),
    );
    const low = Float64Array.from({ length: count }, () => 5 * 2 ** 32 + Math.floor(next() * 2 ** 32));
    for (const [keys, passes] of [
      [spread, 5],
      [low, 3],
    ] as const) {
      const cells = Uint32Array.from({ length: count }, (_, i) => i);
      const work = { written: 0 };
      orderByKey(cells, keys, true, work);
      expect(work.written).toBe(passes * count);
    }
  });

  it('work: a few cells are written once (the array sort), cells in order not at all, or once turned around', () => {
    const keys = Float64Array.from([5, 3, 9, 1, 1, 7]);
    const work = { written: 0 };
    expect(Array.from(orderByKey(Uint32Array.from([0, 1, 2, 3, 4, 5]), keys, false, work))).toEqual([3, 4, 1, 0, 5, 2]);
    expect(work.written).toBe(6);
    const rising = Float64Array.from({ length: 100 }, (_, i) => i * 3);
    const inOrder = { written: 0 };
    orderByKey(Uint32Array.from(rising.keys()), rising, false, inOrder);
    expect(inOrder.written).toBe(0);
    orderByKey(Uint32Array.from(rising.keys()), rising, true, inOrder);
    expect(inOrder.written).toBe(100);
  });
});

describe('orderByKey, keys nearly in order', () => {
  // A long stretch in order and a few cells out of it (records added before a list that arrives
  // sorted, a record renamed): merged into the stretch, equal keys in the order given.
  const rising = Array.from({ length: 1_000 }, (_, i) => Math.floor(i / 2) * 2 ** 20);
  it.each([
    ['a few before the stretch', [...[900, 3, 3, 2 ** 30, 0].map((k) => k * 2 ** 20), ...rising]],
    ['a few after it', [...rising, ...[7, 0, 499, 500, 2].map((k) => k * 2 ** 20)]],
    ['a few within it', rising.map((key, i) => ([940, 960, 980].includes(i) ? ((i * 7) % 500) * 2 ** 20 : key))],
    ['a few on each side, equal to keys within', [499 * 2 ** 20, 1 * 2 ** 20, ...rising, 1 * 2 ** 20, 0]],
  ])('%s: the order of the compare sort, both ways', (_name, list) => {
    expectCompareOrder(Float64Array.from(list));
  });

  it('work: the stretch merged with the others, each cell written once (twice the other way)', () => {
    const list = [...[900, 3, 3, 0].map((k) => k * 2 ** 20), ...rising];
    const keys = Float64Array.from(list);
    for (const [descending, writes] of [
      [false, 1],
      [true, 2],
    ] as const) {
      const work = { written: 0 };
      orderByKey(Uint32Array.from(list.keys()), keys, descending, work);
      expect(work.written).toBe(writes * list.length);
    }
    // More than an eighth out of the stretch: the radix sort (a pass or more, each writing every cell).
    const scattered = rising.map((key, i) => (i % 7 === 0 ? 2 ** 40 - key : key));
    const work = { written: 0 };
    orderByKey(Uint32Array.from(scattered.keys()), Float64Array.from(scattered), false, work);
    expect(work.written).toBeGreaterThanOrEqual(2 * scattered.length);
  });

  it('cells given in another order than their indexes: equal keys still in the order given', () => {
    const keys = Float64Array.from(Array.from({ length: 100 }, (_, i) => (i < 4 ? 50 - i : i)));
    const given = Array.from({ length: 100 }, (_, i) => 99 - i).reverse();
    given.splice(0, 4, 3, 1, 2, 0);
    expectCompareOrder(keys, given);
  });
});

describe('orderTies', () => {
  it('orders each run of equal keys by the compare function, stably, and moves nothing else', () => {
    const keys = Float64Array.from([1, 2, 2, 2, 3, 4, 4]);
    // By key already; the texts decide within a key.
    const texts = ['z', 'b', 'a', 'b', 'a', 'y', 'x'];
    const ordered = Uint32Array.from([0, 1, 2, 3, 4, 5, 6]);
    orderTies(ordered, keys, (a, b) => texts[a]!.localeCompare(texts[b]!));
    expect(Array.from(ordered)).toEqual([0, 2, 1, 3, 4, 6, 5]);
  });

  it('a compare function that finds every cell equal leaves the order as it was', () => {
    const keys = Float64Array.from([3, 3, 3, 3]);
    const ordered = Uint32Array.from([2, 0, 3, 1]);
    orderTies(ordered, keys, () => 0);
    expect(Array.from(ordered)).toEqual([2, 0, 3, 1]);
  });
});
