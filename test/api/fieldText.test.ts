/** A field's typed text as its value on the wire, as the forms and `--set` read it (src/api/fieldText.ts). */
import { describe, expect, test } from 'vitest';
import { idsOf, numberTextOf, wholeNumberOf } from '../../src/api/fieldText.js';

describe('typed text as a field takes it', () => {
  test.each([
    ['60', 60],
    [' +7 ', 7],
    ['-3', -3],
    ['9007199254740991', 9007199254740991],
    ['9007199254740992', 'too large'],
    ['1.5', 'not whole'],
    ['1e3', 'not whole'],
    ['0x10', 'not whole'],
    ['', 'not whole'],
    ['6 0', 'not whole'],
  ])('a whole number: %j is %j', (text, expected) => {
    expect(wholeNumberOf(text)).toBe(expected);
  });

  test.each([
    ['99.9', '99.9'],
    [' 99.95 ', '99.95'],
    ['-0.5', '-0.5'],
    ['1e3', '1e3'],
    ['', undefined],
    ['   ', undefined],
    ['high', undefined],
    ['Infinity', undefined],
    ['99.9%', undefined],
  ])('a number kept as text: %j is %j', (text, expected) => {
    expect(numberTextOf(text)).toBe(expected);
  });

  test('ids: the words between commas and spaces, none for an empty text', () => {
    expect(idsOf('slo-000001, slo-000002,slo-000003  slo-000004')).toEqual([
      'slo-000001',
      'slo-000002',
      'slo-000003',
      'slo-000004',
    ]);
    expect(idsOf(' , ')).toEqual([]);
    expect(idsOf('')).toEqual([]);
  });
});
