/**
 * The order the lists sort text in: the `en` collator, numeric (`sli-9`
 * before `sli-10`), case and accents ignored. A sort by a column of a million
 * records calls it about a million times at least, and the collator costs
 * some hundreds of nanoseconds a call; text of printable ASCII (most names and
 * ids) is compared here instead, character by character with the collator's
 * own weights for those characters, read from it once. Anything else goes to
 * the collator. test/domain/collation.test.ts holds the two to the same
 * answers.
 */

/** Text compared numeric-aware ("sli-9" before "sli-10") and blind to case and accents. */
const TEXT_ORDER: Intl.CollatorOptions = { numeric: true, sensitivity: 'base' };

/** What the order needs of a collator (tests give one that counts its calls). */
type Collator = Pick<Intl.Collator, 'compare'>;

/**
 * A comparison in the collator's order, fast for printable ASCII: the weights
 * of those characters are read from the collator now, once.
 */
export function textOrderOf(collator: Collator): (a: string, b: string) => number {
  const order = rangeOrderOf(collator);
  return (a, b) => order(a, 0, a.length, b, 0, b.length);
}

/** A comparison of two parts of texts, `x` from `xFrom` to `xTo` against `y` from `yFrom` to `yTo`. */
type RangeOrder = (x: string, xFrom: number, xTo: number, y: string, yFrom: number, yTo: number) => number;

/** As textOrderOf, for parts of texts: the fast path reads them in place; the collator gets them cut out. */
function rangeOrderOf(collator: Collator): RangeOrder {
  const weights = weightsOf(collator);
  return (x, xFrom, xTo, y, yFrom, yTo) =>
    asciiCompare(x, xFrom, xTo, y, yFrom, yTo, weights) ?? collator.compare(x.slice(xFrom, xTo), y.slice(yFrom, yTo));
}

/** The printable ASCII characters ranked as the collator ranks them; equal ones share a rank. */
function weightsOf(collator: Collator): Uint8Array {
  const chars: string[] = [];
  for (let c = 32; c <= 126; c++) if (!isDigit(c) || c === ZERO) chars.push(String.fromCharCode(c));
  chars.sort((a, b) => collator.compare(a, b));
  const weights = new Uint8Array(128);
  let rank = 1;
  chars.forEach((char, i) => {
    if (i > 0 && collator.compare(chars[i - 1]!, char) !== 0) rank++;
    weights[char.charCodeAt(0)] = rank;
  });
  // A run of digits is one number: against anything else it weighs as its digits' group does.
  for (let d = ZERO + 1; d <= NINE; d++) weights[d] = weights[ZERO]!;
  return weights;
}

// Made on first use: building a collator costs milliseconds the first frame does not need.
let order: RangeOrder | undefined;
let key: RangeKey | undefined;

const textOrder = (): RangeOrder => (order ??= rangeOrderOf(new Intl.Collator('en', TEXT_ORDER)));

/**
 * The number for a part of a text (`x` from `from` to `to`), written to `into[at]` (see prefixKeyOf):
 * written rather than returned, as a double returned from a call a cell is a heap object, a million
 * of them for a sort of a million.
 */
type RangeKey = (x: string, from: number, to: number, into: Float64Array, at: number) => void;

/**
 * A number for each text that orders as the text does, as far as its start goes: for two texts of
 * printable ASCII whose keys differ, the lesser key's text sorts first (by textOrderOf of the same
 * collator); equal keys (texts alike in their first characters) tell nothing, and a text with any
 * other character has NaN. A sort compares the keys first and the texts only when they are equal:
 * most comparisons of a million names are then one subtraction.
 *
 * The key is the text's first characters as their weights, 6 bits each, in the 53 bits a double
 * holds exactly; a number (a run of digits) takes the digits' weight, then all the bits left for
 * its value (one too large for them takes the largest value: ties, never a wrong order). The end of
 * a text weighs 0, below every character, as a shorter text sorts first.
 */
export function prefixKeyOf(collator: Collator): RangeKey {
  const weights = weightsOf(collator);
  const digits = weights[ZERO]!;
  let most = 0;
  let shared = false;
  for (let c = 32; c <= 126; c++) {
    most = Math.max(most, weights[c]!);
    if (!isDigit(c) && weights[c] === digits) shared = true;
  }
  // More ranks than 6 bits hold, or a character weighing as a digit: no keys (every comparison reads the texts).
  if (most >= SLOT || shared)
    return (_x, _from, _to, into, at) => {
      into[at] = NaN;
    };
  return (x, from, to, into, at) => {
    into[at] = keyOf(x, from, to, weights);
  };
}

/** prefixKeyOf's key of a part of a text, by these weights. */
function keyOf(x: string, from: number, to: number, weights: Uint8Array): number {
  let value = 0;
  let bits = KEY_BITS;
  let i = from;
  while (i < to && bits >= SLOT_BITS) {
    const c = x.charCodeAt(i);
    if (!isPrintableAscii(c)) return NaN;
    value = value * SLOT + weights[c]!;
    bits -= SLOT_BITS;
    i++;
    if (isDigit(c)) {
      const largest = POWERS[bits]! - 1;
      let number = c - ZERO;
      for (; i < to; i++) {
        const d = x.charCodeAt(i);
        if (!isDigit(d)) break;
        number = number * 10 + d - ZERO;
        if (number > largest) number = largest;
      }
      value = value * POWERS[bits]! + number;
      bits = 0;
    }
  }
  // The rest is not in the key, but a character beyond printable ASCII there still sends the text to the collator.
  for (; i < to; i++) if (!isPrintableAscii(x.charCodeAt(i))) return NaN;
  return value * POWERS[bits]!;
}

/** The bits of a double's mantissa (integers below 2^53 are exact), and what a character takes of them. */
const KEY_BITS = 53;
const SLOT_BITS = 6;
const SLOT = 2 ** SLOT_BITS;
const POWERS = Float64Array.from({ length: KEY_BITS + 1 }, (_, bits) => 2 ** bits);

/** prefixKeyOf for the lists' order: the key of `x` from `from` to `to`, into `into[at]`. */
export function textKeyIn(x: string, from: number, to: number, into: Float64Array, at: number): void {
  key ??= prefixKeyOf(new Intl.Collator('en', TEXT_ORDER));
  key(x, from, to, into, at);
}

/** Negative, zero or positive as `a` sorts before, with or after `b`, in the lists' order. */
export function compareText(a: string, b: string): number {
  return textOrder()(a, 0, a.length, b, 0, b.length);
}

/**
 * compareText of two parts of texts (`x` from `xFrom` to `xTo`, `y` from `yFrom` to `yTo`), without
 * cutting them out: a sort of a million cells held within longer texts makes no copy of each.
 */
export function compareTextIn(x: string, xFrom: number, xTo: number, y: string, yFrom: number, yTo: number): number {
  return textOrder()(x, xFrom, xTo, y, yFrom, yTo);
}

const ZERO = 48;
const NINE = 57;
const isDigit = (c: number): boolean => c >= ZERO && c <= NINE;
const isPrintableAscii = (c: number): boolean => c >= 32 && c <= 126;

/** The collator's answer for two texts of printable ASCII (parts of `x` and `y`); undefined when either holds another character. */
function asciiCompare(
  x: string,
  xFrom: number,
  xTo: number,
  y: string,
  yFrom: number,
  yTo: number,
  w: Uint8Array,
): number | undefined {
  // The stretch both texts share (printable) compares equal: skip it a character at a time, with no
  // weights read, back to the start of a number it ends within (a digit after it makes that number
  // another). Names in a list often share a long start ("svc-0000" in "svc-00001 availability").
  const shared = Math.min(xTo - xFrom, yTo - yFrom);
  let p = 0;
  while (p < shared) {
    const c = x.charCodeAt(xFrom + p);
    if (c !== y.charCodeAt(yFrom + p) || !isPrintableAscii(c)) break;
    p++;
  }
  while (p > 0 && isDigit(x.charCodeAt(xFrom + p - 1))) p--;
  let i = xFrom + p;
  let j = yFrom + p;
  while (i < xTo && j < yTo) {
    const a = x.charCodeAt(i);
    const b = y.charCodeAt(j);
    if (!isPrintableAscii(a) || !isPrintableAscii(b)) return undefined;
    if (isDigit(a) && isDigit(b)) {
      // Two numbers: by value (leading zeros do not count), the longer one the greater.
      const xEnd = digitsEnd(x, i, xTo);
      const yEnd = digitsEnd(y, j, yTo);
      const xStart = significant(x, i, xEnd);
      const yStart = significant(y, j, yEnd);
      if (xEnd - xStart !== yEnd - yStart) return xEnd - xStart - (yEnd - yStart);
      for (let k = 0; k < xEnd - xStart; k++) {
        const d = x.charCodeAt(xStart + k) - y.charCodeAt(yStart + k);
        if (d !== 0) return d;
      }
      i = xEnd;
      j = yEnd;
      continue;
    }
    if (w[a] !== w[b]) return w[a]! - w[b]!;
    i++;
    j++;
  }
  // What is left of the longer one decides, when it is printable ASCII too.
  if (!restIsPrintable(x, i, xTo) || !restIsPrintable(y, j, yTo)) return undefined;
  return xTo - i - (yTo - j);
}

function digitsEnd(text: string, from: number, to: number): number {
  let end = from;
  while (end < to && isDigit(text.charCodeAt(end))) end++;
  return end;
}

/** Where a number's significant digits start: past its leading zeros, keeping one digit. */
function significant(text: string, from: number, end: number): number {
  let start = from;
  while (start < end - 1 && text.charCodeAt(start) === ZERO) start++;
  return start;
}

function restIsPrintable(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isPrintableAscii(text.charCodeAt(k))) return false;
  return true;
}
