/** Lines on stderr: broken between words on a terminal (never inside one), one line into a pipe or a file. */
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { stderrWriter, wrapWords } from '../../src/cli/io.js';

const SENTENCE =
  "slotui: The service's certificate is not trusted (https://slo.example.com: self-signed certificate). Check the base URL.";

describe('lines on stderr', () => {
  test('on a terminal of 80 columns, broken at spaces: no line wider, no word cut', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
    stderrWriter(stream).line(SENTENCE);
    const text = String(stream.read());
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines.join(' ')).toBe(SENTENCE);
  });

  test('into a pipe or a file: one line, whole', () => {
    const stream = new PassThrough();
    stderrWriter(stream).line(SENTENCE);
    expect(String(stream.read())).toBe(`${SENTENCE}\n`);
  });

  test('a word wider than the terminal stands alone; wide characters count two cells', () => {
    expect(wrapWords(`a ${'x'.repeat(12)} b`, 10)).toBe(`a\n${'x'.repeat(12)}\nb`);
    expect(wrapWords('名前 名前 名前', 10)).toBe('名前 名前\n名前');
  });
});
