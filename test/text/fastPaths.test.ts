/**
 * The bundle's fast paths (src/text/segmenter.ts, src/text/stringWidth.ts)
 * give what Intl.Segmenter and string-width give, so every screen is drawn
 * the same: Ink's layout, wrapping and cutting see the same widths and
 * graphemes. Checked on text like the one on screen (sample records, frames
 * with colours, the symbols we draw) and on text where the fast paths must
 * step aside (CJK, emoji, combining marks, CR LF, controls, other escapes).
 */
import { isDeepStrictEqual } from 'node:util';
import stringWidth from 'string-width';
import { describe, expect, test } from 'vitest';
import { emptyData, addSampleData } from '../../src/sandbox/sample.js';
import { LazySegmenter } from '../../src/text/segmenter.js';
import fastStringWidth from '../../src/text/stringWidth.js';
import { textWidth } from '../../src/text/width.js';

const sample = (() => {
  const data = emptyData();
  addSampleData(data);
  const texts: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(data);
  // Each text once: the sample repeats most of its 751 strings (types, units, windows), and the
  // functions compared are pure, so a text seen again is compared again to the same answer.
  return [...new Set(texts)];
})();

const drawn = [
  '',
  ' ',
  'SLIs · 100,030 total · page 1 of 4,002',
  'checkout-api availability…',
  'a — b → c',
  '·…—→',
  '\u001b[1mNAME\u001b[22m  \u001b[7mselected row…\u001b[27m',
  'slis · page – of – · total –',
  '↑↓ ← → “quoted” › a × b • c − d',
  '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏ loading',
  '\u001b[38;5;245m· dim\u001b[39m',
  '\u001b[0m',
];
const others = [
  '東京のレイテンシ',
  'emoji 🚀 and 👩‍💻',
  'e\u0301 combining',
  'flag 🇫🇷',
  'tab\there',
  'cr\r\nlf',
  'lone\rcr',
  '\u0007bell',
  '\u001b]8;;https://x\u0007link\u001b]8;;\u0007',
  '\u001b[2Kerase',
  '\u009b31mcsi',
  'ﾊﾝｶｸ',
  '…\u0301',
  '→\uFE0F',
  '–\u0301',
  '↑\uFE0F',
  '⠋\u20e3',
  'x\u200dy',
  '\u00ad soft hyphen',
  'ａｂｃ',
  '한국어',
  '\u{1F1E6}',
  'end…\u0300',
];
const corpus = [...new Set([...sample, ...drawn, ...others, ...sample.map((s) => `\u001b[1m${s}\u001b[22m…`)])];

const segmentsOf = (segments: Intl.Segments) =>
  [...segments].map(({ segment, index, input }) => ({ segment, index, input }));

describe('the segmenter of the bundle', () => {
  test('the same graphemes as Intl.Segmenter on every text', () => {
    const native = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const lazy = new LazySegmenter(undefined, { granularity: 'grapheme' });
    // Everything about each text in one value a text, compared at once (a diff names the text).
    const described = (segmenter: Pick<Intl.Segmenter, 'segment'>) =>
      corpus.map((text) => ({
        text,
        segments: segmentsOf(segmenter.segment(text)),
        containing: [-1, 0, 1, text.length - 1, text.length].map((at) => {
          const found = segmenter.segment(text).containing(at);
          return found && { segment: found.segment, index: found.index };
        }),
      }));
    const [ours, theirs] = [described(lazy), described(native)];
    // Strict deep equality first, a fifth of toEqual's time on this many values; toEqual, which every
    // strictly equal pair passes, then judges and shows the difference when there is one.
    if (!isDeepStrictEqual(ours, theirs)) expect(ours).toEqual(theirs);
  });

  test('no real segmenter is made for what we draw; one is for other text and for words', () => {
    const lazy = new LazySegmenter();
    for (const text of [...drawn, ...sample.filter((s) => /^[\x20-\x7e·…—→–]*$/.test(s))])
      expect([...lazy.segment(text)]).toHaveLength(text.length);
    expect(Reflect.get(lazy, 'real')).toBeUndefined();
    expect([...lazy.segment('東京')]).toHaveLength(2);
    expect(Reflect.get(lazy, 'real')).toBeInstanceOf(Intl.Segmenter);

    const words = new LazySegmenter('en', { granularity: 'word' });
    expect(segmentsOf(words.segment('two words'))).toEqual(
      segmentsOf(new Intl.Segmenter('en', { granularity: 'word' }).segment('two words')),
    );
    expect(words.resolvedOptions().granularity).toBe('word');
  });
});

describe('string-width of the bundle', () => {
  test.each([
    {},
    { ambiguousIsNarrow: false },
    { countAnsiEscapeCodes: true },
    { ambiguousIsNarrow: true, countAnsiEscapeCodes: false },
  ])('the same widths as string-width with %o', (options) => {
    // One comparison of every [text, width] (a difference names its text), not an expect a text.
    expect(corpus.map((text) => [text, fastStringWidth(text, options)])).toEqual(
      corpus.map((text) => [text, stringWidth(text, options)]),
    );
  });

  test('our own measure agrees on the symbols we draw', () => {
    for (const text of drawn.filter((t) => !t.includes('\u001b')))
      expect(textWidth(text), text).toBe(stringWidth(text));
  });
});
