/**
 * The lists' text order (src/domain/collation.ts) is the `en` collator's
 * (numeric, case and accents ignored), fast for printable ASCII: held to the
 * collator's own answers on named cases, on every pair of printable
 * characters, and on seeded random texts made to find the edges (digit runs
 * with leading zeros, punctuation, case, prefixes, a character beyond ASCII).
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { compareText, compareTextIn, prefixKeyOf, textKeyIn, textOrderOf } from '../../src/domain/collation.js';
import { seededRandom } from '../../src/sandbox/faults.js';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** An order made now from a collator that counts the comparisons asked of it once the weights are read. */
/** Seeded texts of up to `maxLength` characters made to find the edges, and the generator behind them. */
function randomTexts(seed: number, maxLength: number) {
  const random = seededRandom(seed);
  const alphabet = ' -_.,:;!?/()[]@*&#%+<=>|~$\'"aAbBzZ0123456789000é';
  // A loop, not Array.from({ length }): the same draws in the same order, a fifth of the time.
  const text = () => {
    let out = '';
    for (let n = Math.floor(random() * maxLength); n > 0; n--) out += alphabet[Math.floor(random() * alphabet.length)];
    return out;
  };
  return { random, text };
}

function countedOrder() {
  const asked = { count: 0 };
  const compare = textOrderOf({
    compare: (a, b) => {
      asked.count++;
      return collator.compare(a, b);
    },
  });
  asked.count = 0;
  return { compare, asked };
}

/** The sign this order gives, and the collator's. */
const sameOrder = (a: string, b: string, compare = countedOrder().compare) => [
  Math.sign(compare(a, b)),
  Math.sign(collator.compare(a, b)),
];

describe('the order of the lists', () => {
  test.each([
    ['sli-9', 'sli-10', -1],
    ['SLI-10', 'sli-10', 0],
    ['a', 'B', -1],
    ['item 02', 'item 2', 0],
    ['0', '000', 0],
    ['x9y', 'x10y', -1],
    ['10', '9', 1],
    ['abc', 'abcd', -1],
    ['abc', 'abc', 0],
    ['', 'a', -1],
    ['a b', 'ab', -1],
    ['svc-00001 availability', 'svc-00001 latency p95', -1],
    ['99999999999999999999', '100000000000000000000', -1],
    ['é', 'e', 0],
    ['zé', 'zf', -1],
  ])('%j against %j: %i, as the collator says', (a, b, expected) => {
    expect(Math.sign(compareText(a, b))).toBe(expected);
    expect(Math.sign(compareText(b, a))).toBe(-expected || 0);
    const [mine, its] = sameOrder(a, b);
    expect(mine).toBe(its);
  });

  test('every pair of printable ASCII characters is ordered as the collator orders it', () => {
    const chars = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    const { compare, asked } = countedOrder();
    const wrong: string[] = [];
    for (const a of chars)
      for (const b of chars) {
        const [mine, its] = sameOrder(a, b, compare);
        if (mine !== its) wrong.push(`${JSON.stringify(a)} ${JSON.stringify(b)}: ${mine} not ${its}`);
      }
    expect(wrong).toEqual([]);
    // All of them without asking the collator: that is what makes it fast.
    expect(asked.count).toBe(0);
  });

  test('seeded random texts: the same order as the collator, every time', () => {
    const { random, text } = randomTexts(20_251_125, 12);
    const { compare, asked } = countedOrder();
    let beyondAscii = 0;
    const wrong: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      const a = text();
      // Often a shared start, so the texts differ late (in a number, past a prefix).
      const b = random() < 0.5 ? a.slice(0, Math.floor(random() * (a.length + 1))) + text() : text();
      const [mine, its] = sameOrder(a, b, compare);
      if (mine !== its) wrong.push(`${JSON.stringify(a)} ${JSON.stringify(b)}: ${mine} not ${its}`);
      if (/[^ -~]/.test(a + b)) beyondAscii++;
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // The collator was asked only about texts with a character beyond printable ASCII, and not always then.
    expect(asked.count).toBeGreaterThan(0);
    expect(asked.count).toBeLessThanOrEqual(beyondAscii);
  });

  // A character beyond printable ASCII, anywhere, is the collator's to compare; printable ASCII of
  // different lengths (one the start of the other) is ordered without it.
  test.each([
    ['é', 'e', 1],
    ['ab', 'abé', 1],
    ['abé', 'ab', 1],
    ['a\tb', 'a b', 1],
    ['x\u007f', 'x', 1],
    ['1é', '1', 1],
    ['abc', 'ab', 0],
    ['ab', 'abc', 0],
    ['a1', 'a', 0],
    ['a', 'a1', 0],
    ['x10', 'x1', 0],
    ['x1', 'x10 ', 0],
  ])('%j against %j asks the collator %i time(s), with its answer', (a, b, times) => {
    const { compare, asked } = countedOrder();
    expect(Math.sign(compare(a, b))).toBe(Math.sign(collator.compare(a, b)));
    expect(asked.count).toBe(times);
  });
});

describe('parts of texts, compared in place', () => {
  // A part ends where a digit run would go on, so the part and the whole text differ in order.
  test.each([
    ['x a12 y', 2, 4, 'a13', 0, 2, 0],
    ['a12', 0, 2, 'a13', 0, 2, 0],
    ['a12', 0, 2, 'a1', 0, 2, 0],
    ['pre sli-9', 4, 9, 'sli-10', 0, 6, -1],
    ['\u0000é\u0000', 1, 2, 'e!', 0, 1, 0],
    ['é1', 0, 1, 'zé9', 1, 2, 0],
    ['b\u0000café', 2, 6, 'cafe', 0, 4, 0],
    ['b\u0000café', 0, 1, 'xa', 1, 2, 1],
  ])('%j [%i, %i) against %j [%i, %i): the sign %i, as the parts cut out', (x, xFrom, xTo, y, yFrom, yTo, sign) => {
    expect(Math.sign(compareTextIn(x, xFrom, xTo, y, yFrom, yTo))).toBe(sign);
    expect(Math.sign(compareText(x.slice(xFrom, xTo), y.slice(yFrom, yTo)))).toBe(sign);
  });
});

test('a part of a text after a digit is compared alone, not with the number before it', () => {
  expect(Math.sign(compareTextIn('1b', 1, 2, 'za', 1, 2))).toBe(1);
  expect(Math.sign(compareTextIn('12', 1, 2, '93', 1, 2))).toBe(-1);
});

test('the start two parts share is skipped within the parts: what follows a part is not read as its own', () => {
  expect(Math.sign(compareTextIn('abcd', 0, 2, 'abcd', 0, 4))).toBe(-1);
  expect(Math.sign(compareTextIn('xabcd', 1, 3, 'abcd', 0, 4))).toBe(-1);
  expect(Math.sign(compareTextIn('abcd', 0, 4, 'xabcd', 1, 3))).toBe(1);
});

describe('keys of texts (a sort compares them before the texts)', () => {
  // Made in each test, not once for the file: a mutation test changes the code under each test.
  let key: ReturnType<typeof prefixKeyOf>;
  beforeEach(() => {
    key = prefixKeyOf(collator);
  });
  const into = new Float64Array(1);
  const keyIn = (text: string, from: number, to: number, of = key) => {
    of(text, from, to, into, 0);
    return into[0]!;
  };
  const keyOf = (text: string) => keyIn(text, 0, text.length);

  test('seeded random texts: keys that differ give the collator’s order; equal keys say nothing', () => {
    const { random, text } = randomTexts(20_261_128, 14);
    const wrong: string[] = [];
    let decided = 0;
    for (let n = 0; n < 20_000; n++) {
      const a = text();
      const b = random() < 0.5 ? a.slice(0, Math.floor(random() * (a.length + 1))) + text() : text();
      const d = keyOf(a) - keyOf(b);
      if (/[^ -~]/.test(a + b)) {
        // A character beyond printable ASCII: no key, the texts decide.
        if (!Number.isNaN(d)) wrong.push(`${JSON.stringify(a)} ${JSON.stringify(b)}: a key`);
        continue;
      }
      if (d === 0) continue;
      decided++;
      if (Math.sign(d) !== Math.sign(collator.compare(a, b))) wrong.push(`${JSON.stringify(a)} ${JSON.stringify(b)}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(decided).toBeGreaterThan(10_000);
  });

  test.each([
    ['svc-00009 latency', 'svc-00010 latency', -1],
    ['svc-1000000 x', 'svc-999999 x', 1],
    ['SLI-10', 'sli-10', 0],
    ['item 02', 'item 2', 0],
    ['', 'a', -1],
    ['a', 'a b', -1],
    ['_x', '-x', -1],
    ['abcdefghij', 'abcdefghik', 0],
    ['n 99999999999999999999', 'n 99999999999999999998', 0],
    ['x1', 'x1a', 0],
  ])('%j against %j: %i (0: left to the texts)', (a, b, sign) => {
    expect(Math.sign(keyOf(a) - keyOf(b))).toBe(sign);
    if (sign !== 0) expect(Math.sign(collator.compare(a, b))).toBe(sign);
  });

  test('a part of a text has the key of the part cut out; beyond ASCII anywhere in it, NaN', () => {
    expect(keyIn('b\u0000svc-12 a\u0000z', 2, 10)).toBe(keyOf('svc-12 a'));
    expect(keyIn('b\u0000svc-12 a\u0000z', 0, 1)).toBe(keyOf('b'));
    expect(keyOf('abcdefghijklmnopé')).toBeNaN();
    expect(keyOf('é')).toBeNaN();
    // The lists' collator gives keys to plain texts: most comparisons of a sort never read the texts.
    expect(Number.isFinite(keyOf('checkout-api availability'))).toBe(true);
    expect(Number.isFinite(keyOf('~ svc 12'))).toBe(true);
    const two = new Float64Array(2);
    textKeyIn('svc-9', 0, 5, two, 0);
    textKeyIn('svc-10', 0, 6, two, 1);
    expect(two[0]).toBeLessThan(two[1]!);
  });

  test('a collator with a character weighing as a digit, or too many weights: no keys', () => {
    const digitLike = prefixKeyOf({
      compare: (a, b) => collator.compare(a === '#' ? '0' : a, b === '#' ? '0' : b),
    });
    expect(keyIn('abc', 0, 3, digitLike)).toBeNaN();
    const all = prefixKeyOf({ compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0) });
    expect(keyIn('abc', 0, 3, all)).toBeNaN();
  });
});
