import { describe, expect, test } from 'vitest';
import { counted, grouped } from '../../src/text/count.js';

describe('grouped: a count with its digits grouped by threes', () => {
  test('the text toLocaleString("en-US") gives for every integer, at each length and sign', () => {
    const values = [0, 1, -1, 7, 12, 999, 1000, -1000, 1001, 9999, 10_000, 99_999, 100_030, 999_999, 1_000_000];
    for (let digits = 1, n = 1; digits <= 15; digits++, n = n * 10 + (digits % 10))
      values.push(n, -n, 10 ** digits - 1);
    values.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    for (const n of values) expect(grouped(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  test('what is not a count keeps its plain digits', () => {
    expect(grouped(1234.5)).toBe('1234.5');
    expect(grouped(2 ** 60)).toBe(String(2 ** 60));
    expect(grouped(Number.NaN)).toBe('NaN');
    expect(grouped(-0)).toBe('0');
  });

  test('counted: the count and the word for that many', () => {
    expect(counted(1, 'SLO', 'SLOs')).toBe('1 SLO');
    expect(counted(0, 'SLO', 'SLOs')).toBe('0 SLOs');
    expect(counted(2030, 'SLO', 'SLOs')).toBe('2,030 SLOs');
  });
});
