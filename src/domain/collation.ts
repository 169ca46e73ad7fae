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
  const weights = weightsOf(collator);
  return (a, b) => asciiCompare(a, b, weights) ?? collator.compare(a, b);
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
let order: ((a: string, b: string) => number) | undefined;

/** Negative, zero or positive as `a` sorts before, with or after `b`, in the lists' order. */
export function compareText(a: string, b: string): number {
  order ??= textOrderOf(new Intl.Collator('en', TEXT_ORDER));
  return order(a, b);
}

const ZERO = 48;
const NINE = 57;
const isDigit = (c: number): boolean => c >= ZERO && c <= NINE;
const isPrintableAscii = (c: number): boolean => c >= 32 && c <= 126;

/** The collator's answer for two texts of printable ASCII; undefined when either holds another character. */
function asciiCompare(x: string, y: string, w: Uint8Array): number | undefined {
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const a = x.charCodeAt(i);
    const b = y.charCodeAt(j);
    if (!isPrintableAscii(a) || !isPrintableAscii(b)) return undefined;
    if (isDigit(a) && isDigit(b)) {
      // Two numbers: by value (leading zeros do not count), the longer one the greater.
      const xEnd = digitsEnd(x, i);
      const yEnd = digitsEnd(y, j);
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
  if (!restIsPrintable(x, i) || !restIsPrintable(y, j)) return undefined;
  return x.length - i - (y.length - j);
}

function digitsEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end;
}

/** Where a number's significant digits start: past its leading zeros, keeping one digit. */
function significant(text: string, from: number, end: number): number {
  let start = from;
  while (start < end - 1 && text.charCodeAt(start) === ZERO) start++;
  return start;
}

function restIsPrintable(text: string, from: number): boolean {
  for (let k = from; k < text.length; k++) if (!isPrintableAscii(text.charCodeAt(k))) return false;
  return true;
}
