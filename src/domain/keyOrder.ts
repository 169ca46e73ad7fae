/**
 * The order of a list's cells by their text keys (collation.ts's `textKeyIn`: whole numbers from 0
 * to 2^53 - 1 that order as the texts' starts do) without a compare function. Cells already in
 * order are taken as they come; cells nearly in order (a long stretch in order and a few others,
 * as when some records were added before a list that arrives sorted) are the stretch merged with
 * the others sorted; anything else is a stable least-significant-digit radix sort over the keys'
 * bits, 11 at a time (2,048 counters a digit: wider digits scatter each pass over more places than
 * the processor's caches keep, and a pass then costs more than the one it saves). A sort of a
 * million cells by a compare function calls it about twenty million times; this moves each key at
 * most five times, and skips a digit every key shares (the high bits of names that start alike).
 * Cells whose keys are equal keep their order, so the caller orders each run of them by their full
 * texts.
 */

/** The digits of a key, as a 32-bit low word (three digits: bits 0, 11 and 22 on) and a 21-bit high word (two). */
const DIGIT_BITS = 11;
const DIGITS = 1 << DIGIT_BITS;
const DIGIT_MASK = DIGITS - 1;
const PASSES: readonly { high: boolean; shift: number }[] = [
  { high: false, shift: 0 },
  { high: false, shift: DIGIT_BITS },
  { high: false, shift: 2 * DIGIT_BITS },
  { high: true, shift: 0 },
  { high: true, shift: DIGIT_BITS },
];
const TWO_TO_32 = 2 ** 32;
/** The largest high word of a key (keys are below 2^53). */
const HIGH_MAX = 2 ** 21 - 1;
/** Cells out of the longest stretch in order, at most this share of all, are merged into it rather than radix sorted. */
const NEARLY = 1 / 8;

/** Fewer cells than this are sorted by the array sort (the radix sort's 10,240 counters cost more than they save). */
const FEW = 64;

/** What an order cost, for tests that hold it to its work: cells written (each pass of the radix sort writes all). */
export interface OrderWork {
  written: number;
}

/**
 * `cells` (indexes into `keys`) ordered by their keys, ascending or descending; cells with equal
 * keys stay in the order given. `keys[cell]` must be a whole number from 0 to 2^53 - 1. `cells` is
 * used as scratch (a sort of a million allocates a few buffers of its size, each one counts).
 */
export function orderByKey(
  cells: Uint32Array<ArrayBuffer>,
  keys: Float64Array,
  descending: boolean,
  work: OrderWork = { written: 0 },
): Uint32Array {
  const count = cells.length;
  // Records often arrive in a column's order already (names, ids): one look finds it so.
  const given = monotone(cells, keys);
  if (given === 'ascending' || given === 'both')
    return descending && given !== 'both' ? reversedRuns(cells, keys, work) : cells;
  if (given === 'descending') return descending ? cells : reversedRuns(cells, keys, work);
  if (count < FEW) {
    const sign = descending ? -1 : 1;
    work.written += count;
    // The array sort is stable: equal keys keep the order given.
    return Uint32Array.from(Array.from(cells).sort((a, b) => sign * (keys[a]! - keys[b]!)));
  }
  const [start, end] = longestRising(cells, keys);
  if (count - (end - start) <= count * NEARLY) {
    const rising = mergedInto(cells, keys, start, end);
    work.written += count;
    return descending ? reversedRuns(rising, keys, work) : rising;
  }
  return radixSorted(cells, keys, descending, work);
}

/** orderByKey's radix sort: each key as two 32-bit words beside its cell, moved with it (read in order, not looked up). */
function radixSorted(
  cells: Uint32Array<ArrayBuffer>,
  keys: Float64Array,
  descending: boolean,
  work: OrderWork,
): Uint32Array {
  const count = cells.length;
  let cell = cells;
  let low = new Uint32Array(count);
  let high = new Uint32Array(count);
  // How many keys have each value of each digit (the five digits' counts, one after the other).
  const starts = new Uint32Array(PASSES.length * DIGITS);
  for (let i = 0; i < count; i++) {
    const key = keys[cell[i]!]!;
    const upper = Math.floor(key / TWO_TO_32);
    const lower = key - upper * TWO_TO_32;
    // Turned around for a descending order (cells with equal keys still in the order given).
    const l = descending ? TWO_TO_32 - 1 - lower : lower;
    const h = descending ? HIGH_MAX - upper : upper;
    low[i] = l;
    high[i] = h;
    starts[l & DIGIT_MASK]!++;
    starts[DIGITS + ((l >>> DIGIT_BITS) & DIGIT_MASK)]!++;
    starts[2 * DIGITS + (l >>> (2 * DIGIT_BITS))]!++;
    starts[3 * DIGITS + (h & DIGIT_MASK)]!++;
    starts[4 * DIGITS + (h >>> DIGIT_BITS)]!++;
  }
  let nextCell = new Uint32Array(count);
  let nextLow = new Uint32Array(count);
  let nextHigh = new Uint32Array(count);
  for (let pass = 0; pass < PASSES.length && count > 0; pass++) {
    const base = pass * DIGITS;
    const { high: inHigh, shift } = PASSES[pass]!;
    const words = inHigh ? high : low;
    // A digit every key shares moves nothing.
    if (starts[base + ((words[0]! >>> shift) & DIGIT_MASK)] === count) continue;
    let sum = 0;
    for (let digit = base; digit < base + DIGITS; digit++) {
      const here = starts[digit]!;
      starts[digit] = sum;
      sum += here;
    }
    work.written += count;
    for (let i = 0; i < count; i++) {
      const at = starts[base + ((words[i]! >>> shift) & DIGIT_MASK)]!++;
      nextCell[at] = cell[i]!;
      nextLow[at] = low[i]!;
      nextHigh[at] = high[i]!;
    }
    [cell, nextCell] = [nextCell, cell];
    [low, nextLow] = [nextLow, low];
    [high, nextHigh] = [nextHigh, high];
  }
  return cell;
}

/** Where the longest stretch of `cells` whose keys never fall starts and ends. */
function longestRising(cells: Uint32Array, keys: Float64Array): [number, number] {
  let best: [number, number] = [0, Math.min(1, cells.length)];
  let start = 0;
  for (let i = 1; i <= cells.length; i++) {
    if (i < cells.length && keys[cells[i]!]! >= keys[cells[i - 1]!]!) continue;
    if (i - start > best[1] - best[0]) best = [start, i];
    start = i;
  }
  return best;
}

/**
 * The cells ascending by key, equal keys in the order given: the stretch from `start` to `end`
 * (in order already) merged with the others, sorted by key and then by where they stood.
 */
function mergedInto(cells: Uint32Array, keys: Float64Array, start: number, end: number): Uint32Array {
  const others: number[] = [];
  for (let i = 0; i < cells.length; i++) if (i < start || i >= end) others.push(i);
  others.sort((a, b) => keys[cells[a]!]! - keys[cells[b]!]! || a - b);
  const out = new Uint32Array(cells.length);
  let o = 0;
  let i = start;
  let j = 0;
  while (i < end && j < others.length) {
    const other = others[j]!;
    const inStretch = keys[cells[i]!]!;
    const outside = keys[cells[other]!]!;
    // Equal keys: the one that stood first goes first.
    if (inStretch < outside || (inStretch === outside && i < other)) out[o++] = cells[i++]!;
    else {
      out[o++] = cells[other]!;
      j++;
    }
  }
  while (i < end) out[o++] = cells[i++]!;
  while (j < others.length) out[o++] = cells[others[j++]!]!;
  return out;
}

/** Whether the keys of `cells` never fall ('ascending'), never rise ('descending'), both (all equal), or neither. */
function monotone(cells: Uint32Array, keys: Float64Array): 'ascending' | 'descending' | 'both' | 'neither' {
  let rises = false;
  let falls = false;
  for (let i = 1; i < cells.length && !(rises && falls); i++) {
    const before = keys[cells[i - 1]!]!;
    const key = keys[cells[i]!]!;
    if (key > before) rises = true;
    else if (key < before) falls = true;
  }
  if (rises && falls) return 'neither';
  return rises ? 'ascending' : falls ? 'descending' : 'both';
}

/** Cells whose keys run one way, turned the other way: the runs of equal keys from the last, each in its order. */
function reversedRuns(cells: Uint32Array, keys: Float64Array, work: OrderWork): Uint32Array {
  work.written += cells.length;
  const out = new Uint32Array(cells.length);
  let at = 0;
  let end = cells.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && keys[cells[start - 1]!] === keys[cells[end - 1]!]) start--;
    for (let i = start; i < end; i++) out[at++] = cells[i]!;
    end = start;
  }
  return out;
}

/**
 * Orders each run of cells with equal keys (in `ordered`, from orderByKey) by `compare`, in place;
 * a stable sort, so cells that compare equal keep their order.
 */
export function orderTies(ordered: Uint32Array, keys: Float64Array, compare: (a: number, b: number) => number): void {
  let start = 0;
  while (start < ordered.length) {
    const key = keys[ordered[start]!]!;
    let end = start + 1;
    while (end < ordered.length && keys[ordered[end]!] === key) end++;
    // A run already in order (most often: the same text again, as a column of a few kinds has) is
    // left as it is, after one look; the sort is stable, so it would leave it so too.
    if (end - start > 1 && !inOrder(ordered, start, end, compare)) {
      const run = Array.from(ordered.subarray(start, end)).sort(compare);
      ordered.set(run, start);
    }
    start = end;
  }
}

/** Whether ordered[start..end) never falls by `compare`. */
function inOrder(ordered: Uint32Array, start: number, end: number, compare: (a: number, b: number) => number): boolean {
  for (let i = start + 1; i < end; i++) if (compare(ordered[i - 1]!, ordered[i]!) > 0) return false;
  return true;
}
