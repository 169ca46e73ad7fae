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

const textOrder = (): RangeOrder => (order ??= rangeOrderOf(new Intl.Collator('en', TEXT_ORDER)));

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
  let i = xFrom;
  let j = yFrom;
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
