/**
 * Display width of text in terminal cells, and fitting text to a width.
 *
 * Wide characters (CJK, most emoji) take two cells and combining marks none;
 * a table that counted UTF-16 units would misalign every column after a
 * Japanese SLI name. We keep our own small measure (no extra dependency) that
 * agrees with what terminals and Ink's layout do for the common cases.
 */

import { ONE_CELL_SYMBOLS } from './symbols.js';

// Made on first use: the first Segmenter loads ICU's break data (several ms), which
// plain ASCII text (and `--json`) never needs.
let graphemeSegmenter: Intl.Segmenter | undefined;
const segmenter = (): Intl.Segmenter =>
  (graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));

// East Asian Wide (W) and Fullwidth (F) ranges, condensed from Unicode's EastAsianWidth.txt.
const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x23f0, 0x23f0],
  [0x23f3, 0x23f3],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2648, 0x2653],
  [0x267f, 0x267f],
  [0x2693, 0x2693],
  [0x26a1, 0x26a1],
  [0x26aa, 0x26ab],
  [0x26bd, 0x26be],
  [0x26c4, 0x26c5],
  [0x26ce, 0x26ce],
  [0x26d4, 0x26d4],
  [0x26ea, 0x26ea],
  [0x26f2, 0x26f3],
  [0x26f5, 0x26f5],
  [0x26fa, 0x26fa],
  [0x26fd, 0x26fd],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x2728, 0x2728],
  [0x274c, 0x274c],
  [0x274e, 0x274e],
  [0x2753, 0x2755],
  [0x2757, 0x2757],
  [0x2795, 0x2797],
  [0x27b0, 0x27b0],
  [0x27bf, 0x27bf],
  [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b50],
  [0x2b55, 0x2b55],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x16fe4],
  [0x17000, 0x18aff],
  [0x1b000, 0x1b2ff],
  [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf],
  [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a],
  [0x1f200, 0x1f251],
  [0x1f300, 0x1f320],
  [0x1f32d, 0x1f335],
  [0x1f337, 0x1f37c],
  [0x1f37e, 0x1f393],
  [0x1f3a0, 0x1f3ca],
  [0x1f3cf, 0x1f3d3],
  [0x1f3e0, 0x1f3f0],
  [0x1f3f4, 0x1f3f4],
  [0x1f3f8, 0x1f43e],
  [0x1f440, 0x1f440],
  [0x1f442, 0x1f4fc],
  [0x1f4ff, 0x1f53d],
  [0x1f54b, 0x1f54e],
  [0x1f550, 0x1f567],
  [0x1f57a, 0x1f57a],
  [0x1f595, 0x1f596],
  [0x1f5a4, 0x1f5a4],
  [0x1f5fb, 0x1f64f],
  [0x1f680, 0x1f6c5],
  [0x1f6cc, 0x1f6cc],
  [0x1f6d0, 0x1f6d2],
  [0x1f6d5, 0x1f6d7],
  [0x1f6eb, 0x1f6ec],
  [0x1f6f4, 0x1f6fc],
  [0x1f7e0, 0x1f7eb],
  [0x1f90c, 0x1f93a],
  [0x1f93c, 0x1f945],
  [0x1f947, 0x1f9ff],
  [0x1fa70, 0x1faff],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];

function isWide(codePoint: number): boolean {
  let lo = 0;
  let hi = WIDE_RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end] = WIDE_RANGES[mid]!;
    if (codePoint < start) hi = mid - 1;
    else if (codePoint > end) lo = mid + 1;
    else return true;
  }
  return false;
}

// Made at their first use, not at load: a class of Unicode properties takes about a millisecond to
// build, and most texts (printable ASCII, ONE_CELL_EACH below) never reach them; `list --json` loads
// this module and never does.
let zeroWidth: RegExp | undefined;
let emojiPresentation: RegExp | undefined;

/** Cells taken by one grapheme cluster. */
function graphemeWidth(grapheme: string): number {
  const first = grapheme.codePointAt(0) ?? 0;
  if (first < 0x20 || (first >= 0x7f && first < 0xa0)) return 0;
  if (first < 0x7f) return 1; // ASCII fast path
  if ((zeroWidth ??= /^(?:\p{Mark}|\p{Default_Ignorable_Code_Point}|\p{Control}|\p{Format})+$/u).test(grapheme))
    return 0;
  if (
    (emojiPresentation ??= /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|\p{Regional_Indicator}/u).test(
      grapheme,
    )
  )
    return 2;
  return isWide(first) ? 2 : 1;
}

// Printable ASCII and the symbols we draw (one cell each) are the common case: measured without segmenting.
const ONE_CELL_EACH = new RegExp(`^[\\x20-\\x7e${ONE_CELL_SYMBOLS}]*$`);

/** Every character is printable ASCII or a symbol we draw: one cell each, measured by the length. */
export function oneCellEach(text: string): boolean {
  return ONE_CELL_EACH.test(text);
}

/** Terminal cells the text takes (no escape sequences expected: text is sanitised first). */
export function textWidth(text: string): number {
  if (ONE_CELL_EACH.test(text)) return text.length;
  let width = 0;
  for (const { segment } of segmenter().segment(text)) width += graphemeWidth(segment);
  return width;
}

/**
 * The text cut to at most `width` cells, an ellipsis marking the cut. Reads only as far as the
 * cut: a value of a megabyte in a column of 40 cells costs what 41 cells do.
 */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  // One cell each for the first width + 1 characters: the text fits whole, or is cut after width - 1.
  if (ONE_CELL_EACH.test(text.length > width ? text.slice(0, width + 1) : text)) {
    if (text.length <= width) return text;
    return width === 1 ? '…' : `${text.slice(0, width - 1)}…`;
  }
  let used = 0;
  let cut = -1;
  for (const { segment, index } of segmenter().segment(text)) {
    const w = graphemeWidth(segment);
    if (cut < 0 && used + w > width - 1) cut = index;
    used += w;
    if (used > width) return width === 1 ? '…' : `${text.slice(0, cut)}…`;
  }
  return text;
}

/** Exactly `width` cells: cut with an ellipsis, or padded with spaces. */
export function fit(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const cut = truncate(text, width);
  const pad = ' '.repeat(Math.max(0, width - textWidth(cut)));
  return align === 'right' ? pad + cut : cut + pad;
}

/**
 * Word-wraps one line of text to `width` cells; words longer than a line are
 * broken. Returns at least one line (possibly empty).
 */
export function wrap(text: string, width: number): string[] {
  if (width <= 0) return [''];
  if (textWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  const push = () => {
    lines.push(line.trimEnd());
    line = '';
    lineWidth = 0;
  };
  for (const word of text.split(/(\s+)/)) {
    if (word === '') continue;
    const w = textWidth(word);
    if (/^\s+$/.test(word)) {
      if (lineWidth > 0 && lineWidth + 1 <= width) {
        line += ' ';
        lineWidth += 1;
      }
      continue;
    }
    if (lineWidth + w <= width) {
      line += word;
      lineWidth += w;
      continue;
    }
    if (lineWidth > 0) push();
    if (w <= width) {
      line = word;
      lineWidth = w;
      continue;
    }
    // A word wider than the line: break it by graphemes.
    for (const { segment } of segmenter().segment(word)) {
      const gw = graphemeWidth(segment);
      if (lineWidth + gw > width) push();
      line += segment;
      lineWidth += gw;
    }
  }
  if (line !== '' || lines.length === 0) push();
  return lines;
}
