/**
 * A field draws what it shows, not what it stores: the work of drawing a
 * field (characters measured, and the part of the value looked at) is the
 * same for a 1 MiB value as for a 1 KB one. Counted, not timed.
 */
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../../src/text/width.js';
import { editLine, EMPTY_EDITOR, type EditorState } from '../../../src/tui/text/lineEditor.js';
import { visibleAroundCursor, visibleStart, windowAround } from '../../../src/tui/text/visibleText.js';
import { keyWith } from '../../../src/tui/input/router.js';

const key = keyWith;

/** Draws the field at the cursor and counts the characters measured. */
function measuredChars(value: string, cursor: number, width: number): number {
  let counted = 0;
  const measure = (text: string) => {
    counted += text.length;
    return textWidth(text);
  };
  const shown = visibleAroundCursor(value, cursor, width, { measure });
  expect(textWidth(shown.before + shown.at + shown.after)).toBeLessThanOrEqual(width);
  return counted;
}

describe('drawing a long field', () => {
  const KB = 'x'.repeat(1024);
  const MiB = 'x'.repeat(1024 * 1024);

  it('measures as many characters for 1 MiB as for 1 KB, at the end, the start and the middle', () => {
    for (const at of ['end', 'start', 'middle'] as const) {
      const cursorIn = (v: string) => (at === 'end' ? v.length : at === 'start' ? 0 : v.length >> 1);
      const small = measuredChars(KB, cursorIn(KB), 60);
      const large = measuredChars(MiB, cursorIn(MiB), 60);
      expect(large, at).toBe(small);
      expect(large, at).toBeLessThan(200);
    }
  });

  it('looks at a window of the value bounded by the width, wherever the cursor is', () => {
    for (const cursor of [0, 512 * 1024, MiB.length]) {
      const { from, to } = windowAround(MiB, cursor, 60);
      expect(to - from).toBeLessThanOrEqual(2 * (60 * 4 + 64));
    }
    expect(visibleStart(MiB, 10)).toBe('xxxxxxxxx…');
  });

  it('shows the part around the cursor, sanitised, and never changes the value', () => {
    const value = `${'a'.repeat(5000)}\u001b[31mRED\u202e${'b'.repeat(5000)}`;
    const cursor = 5000 + '\u001b[31m'.length;
    const shown = visibleAroundCursor(value, cursor, 20);
    expect(shown.at).toBe('R');
    expect(shown.before).toMatch(/^a{19}$/);
    // At the escape sequence's start: what follows is shown without it (or the bidi override).
    const next = visibleAroundCursor(value.slice(4995), 0, 20);
    expect(next.before + next.at + next.after).toMatch(/^a+REDb+…$/);
    expect(value.length).toBe(10_000 + '\u001b[31mRED\u202e'.length);
  });

  it('a key in a 1 MiB value edits at the cursor, the value kept whole', () => {
    let s: EditorState = { value: MiB, cursor: MiB.length };
    s = editLine(s, '', key({ leftArrow: true }), Infinity)!;
    s = editLine(s, 'Y', key(), Infinity)!;
    expect(s.value.length).toBe(MiB.length + 1);
    expect(s.value.slice(-3)).toBe('xYx');
    s = editLine(s, '', key({ backspace: true }), Infinity)!;
    expect(s.value).toBe(MiB);
  });

  it('moves over a surrogate pair as one character', () => {
    let s = editLine(EMPTY_EDITOR, 'a🚀b', key())!;
    expect(s).toEqual({ value: 'a🚀b', cursor: 4 });
    s = editLine(s, '', key({ leftArrow: true }))!;
    s = editLine(s, '', key({ leftArrow: true }))!;
    expect(s.cursor).toBe(1);
    s = editLine({ ...s, cursor: 3 }, '', key({ backspace: true }))!;
    expect(s).toEqual({ value: 'ab', cursor: 1 });
  });
});
