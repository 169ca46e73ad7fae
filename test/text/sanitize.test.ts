import { describe, expect, it } from 'vitest';
import { sanitizeLine, sanitizeText } from '../../src/text/sanitize.js';

/** Every Unicode format (Cf) character, by code point. */
const FORMAT_CHARACTERS = (() => {
  const found: number[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    if (/\p{Cf}/u.test(String.fromCodePoint(cp))) found.push(cp);
  }
  return found;
})();

const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

describe('invisible format characters', () => {
  it.each([
    ['Arabic letter mark', 0x061c],
    ['soft hyphen', 0x00ad],
    ['Mongolian vowel separator', 0x180e],
    ['interlinear annotation anchor', 0xfff9],
    ['interlinear annotation separator', 0xfffa],
    ['interlinear annotation terminator', 0xfffb],
    ['language tag', 0xe0001],
    ['tag latin small a', 0xe0061],
    ['cancel tag', 0xe007f],
    ['right-to-left override', 0x202e],
    ['zero width space', 0x200b],
    ['byte order mark', 0xfeff],
  ])('%s is taken out', (_name, cp) => {
    expect(sanitizeText(`a${String.fromCodePoint(cp)}b`)).toBe('ab');
    expect(sanitizeLine(`a${String.fromCodePoint(cp)}b`)).toBe('ab');
  });

  it('every Cf character is taken out, alone and between letters', () => {
    expect(FORMAT_CHARACTERS.length).toBeGreaterThan(150);
    const left = FORMAT_CHARACTERS.filter((cp) => sanitizeText(`x${String.fromCodePoint(cp)}y`) !== 'xy').map(hex);
    expect(left).toEqual([]);
  });

  it('a zero-width joiner stays inside an emoji sequence, and only there', () => {
    const technologist = '\u{1F469}\u200D\u{1F4BB}';
    const withSkinTone = '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}';
    const rainbowFlag = '\u{1F3F3}\uFE0F\u200D\u{1F308}';
    for (const emoji of [technologist, withSkinTone, rainbowFlag])
      expect(sanitizeText(`hi ${emoji}!`)).toBe(`hi ${emoji}!`);
    expect(sanitizeText('a\u200Db')).toBe('ab');
    expect(sanitizeText('\u{1F469}\u200Db')).toBe('\u{1F469}b');
    expect(sanitizeText('a\u200D\u{1F4BB}')).toBe('a\u{1F4BB}');
  });

  it('scripts keep their letters, and newlines and tabs stay', () => {
    expect(sanitizeText('مرحبا\tनमस्ते\n日本語')).toBe('مرحبا\tनमस्ते\n日本語');
  });

  it('on one line, a run of newlines and tabs is one space', () => {
    expect(sanitizeLine('first\r\n\n\tsecond\tthird')).toBe('first second third');
  });
});
