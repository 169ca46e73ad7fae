/**
 * Decimal text at its edges: spaces around it, a sign on zero, the exponent's bounds, numbers
 * with no plain notation, and which texts are the same number.
 */
import { describe, expect, test } from 'vitest';
import { plainNumber, sameNumber, shiftDecimal } from '../../src/domain/decimal.js';

describe('shiftDecimal', () => {
  test.each<[string, number, string | undefined]>([
    [' 5 ', 0, '5'],
    ['-5', 0, '-5'],
    ['-0', 0, '0'],
    ['-0.00', 2, '0'],
    ['5', 0, '5'],
    ['1e1000', -1000, '1'],
    ['1e-1000', 1000, '1'],
    ['1e1001', -1001, undefined],
    ['1e-1001', 1001, undefined],
    ['1e99999999999999999999', 0, undefined],
  ])('%j shifted by %i is %j', (text, places, expected) => {
    expect(shiftDecimal(text, places)).toBe(expected);
  });
});

describe('plainNumber', () => {
  test.each<[number, string]>([
    [1e-7, '0.0000001'],
    [1e21, '1000000000000000000000'],
    [-0, '0'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])('%d is %s', (value, text) => {
    expect(plainNumber(value)).toBe(text);
  });
});

describe('sameNumber', () => {
  test.each<[string, string, boolean]>([
    ['99.90', '99.9', true],
    [' 99.9 ', '99.9', true],
    ['1e2', '100', true],
    ['1', '2', false],
    ['', '0', false],
    ['0', '', false],
    ['  ', '0', false],
    ['0', '  ', false],
    ['Infinity', 'Infinity', false],
    ['1', 'Infinity', false],
    ['abc', 'abc', false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameNumber(a, b)).toBe(same);
  });
});
