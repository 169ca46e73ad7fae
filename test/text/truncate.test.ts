/**
 * truncate reads only as far as its cut, and cuts where measuring the whole text would: the
 * reference below is that measure (the whole width first, then graphemes up to width - 1 cells).
 */
import { describe, expect, test } from 'vitest';
import { textWidth, truncate } from '../../src/text/width.js';

function measuredWhole(text: string, width: number): string {
  if (width <= 0) return '';
  if (textWidth(text) <= width) return text;
  if (width === 1) return '…';
  let out = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    if (textWidth(out + segment) > width - 1) break;
    out += segment;
  }
  return `${out}…`;
}

const TEXTS = [
  '',
  'a',
  'abc',
  'abcdef',
  'checkout-api availability',
  'abc\u0301', // a combining mark after the last character that fits: still fits
  'ab\u0301cd',
  'e\u0301e\u0301e\u0301e\u0301',
  '日本語テキスト',
  'a日b本c',
  '👍🏽 ok 👍🏽',
  '🇫🇷🇩🇪',
  'x\u200by\u200bz', // zero-width spaces
  'tab\tand\u0007bell',
  '·…—→ drawn symbols',
  'é'.repeat(50),
  'abc' + '\u0301'.repeat(5),
  'a\r\nb',
];

describe('truncate', () => {
  test('cuts every text at every width where measuring the whole text would', () => {
    for (const text of TEXTS)
      for (let width = 0; width <= 12; width++)
        expect(truncate(text, width), `${JSON.stringify(text)} at ${width}`).toBe(measuredWhole(text, width));
  });

  test('a megabyte value in 40 cells: the first 39 cells and the ellipsis', () => {
    const ascii = 'x'.repeat(1024 * 1024);
    const accented = 'é'.repeat(512 * 1024);
    expect(truncate(ascii, 40)).toBe(`${'x'.repeat(39)}…`);
    expect(truncate(accented, 40)).toBe(`${'é'.repeat(39)}…`);
    expect(truncate(`${'x'.repeat(39)}日${'y'.repeat(1000)}`, 40)).toBe(`${'x'.repeat(39)}…`);
  });
});
