/**
 * Decimal text without float arithmetic: a percent such as "99.95" becomes the
 * fraction "0.9995" by moving the decimal point, so no 0.9994999999 appears,
 * and the fraction a YAML reader gives back (0.9995) becomes "99.95" again.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * The decimal text with its point moved `places` to the right (left when
 * negative), in plain notation without needless zeros; undefined for text
 * that is not a decimal number ("1e-7" and "-.5" are).
 */
export function shiftDecimal(text: string, places: number): string | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  const exp = Number(exponent);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 1000) return undefined;
  const digits = `${whole}${fraction}`;
  const point = whole.length + exp + places;
  let intPart: string;
  let fracPart: string;
  if (point <= 0) {
    intPart = '0';
    fracPart = `${'0'.repeat(-point)}${digits}`;
  } else if (point >= digits.length) {
    intPart = `${digits}${'0'.repeat(point - digits.length)}`;
    fracPart = '';
  } else {
    intPart = digits.slice(0, point);
    fracPart = digits.slice(point);
  }
  intPart = intPart.replace(/^0+(?=\d)/, '');
  fracPart = fracPart.replace(/0+$/, '');
  const body = fracPart ? `${intPart}.${fracPart}` : intPart;
  return sign === '-' && /[1-9]/.test(body) ? `-${body}` : body;
}

/** A number's shortest decimal text in plain notation (1e-7 → "0.0000001"). */
export function plainNumber(value: number): string {
  return shiftDecimal(String(value), 0) ?? String(value);
}

/** Both texts are numbers of the same value ("99.90" and "99.9"). */
export function sameNumber(a: string, b: string): boolean {
  // Number reads past spaces around the digits; a blank text, which it reads as 0, is ruled out below.
  const x = Number(a);
  const y = Number(b);
  return a.trim() !== '' && b.trim() !== '' && Number.isFinite(x) && Number.isFinite(y) && x === y;
}
