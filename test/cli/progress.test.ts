import { describe, expect, test } from 'vitest';
import { countText, createProgress, type ProgressStream } from '../../src/cli/progress.js';

function fakeStream(isTTY: boolean, columns = 80): ProgressStream & { text: string } {
  const stream = {
    text: '',
    isTTY,
    columns,
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream;
}

describe('progress line', () => {
  test('draws nothing when stderr is not a terminal, or on a dumb one', () => {
    const pipe = fakeStream(false);
    const dumb = fakeStream(true);
    for (const progress of [
      createProgress(pipe, { delayMs: 0 }),
      createProgress(dumb, { delayMs: 0, env: { TERM: 'dumb' } }),
    ]) {
      progress.update('SLIs: 100 of 200 (50%)');
      progress.clear();
    }
    expect(pipe.text).toBe('');
    expect(dumb.text).toBe('');
  });

  test('waits for the delay, then redraws at most once an interval, in place', () => {
    let clock = 0;
    const stream = fakeStream(true);
    const progress = createProgress(stream, { delayMs: 300, intervalMs: 100, now: () => clock });
    progress.update('one');
    clock = 299;
    progress.update('two');
    expect(stream.text).toBe('');
    clock = 300;
    progress.update('three');
    clock = 350;
    progress.update('four');
    clock = 400;
    progress.update('five');
    expect(stream.text).toBe('\r\x1b[2Kthree\r\x1b[2Kfive');
  });

  test('clear erases a drawn line once; nothing to erase writes nothing', () => {
    const stream = fakeStream(true);
    const progress = createProgress(stream, { delayMs: 0, intervalMs: 0, now: () => 0 });
    progress.clear();
    expect(stream.text).toBe('');
    progress.update('x');
    progress.clear();
    progress.clear();
    expect(stream.text).toBe('\r\x1b[2Kx\r\x1b[2K');
  });

  test('a line never reaches the last column, and server text is sanitised', () => {
    const stream = fakeStream(true, 20);
    const progress = createProgress(stream, { delayMs: 0, intervalMs: 0, now: () => 0 });
    progress.update(`evil\x1b]0;title\x07 ${'x'.repeat(40)}`);
    const shown = stream.text.replace('\r\x1b[2K', '');
    expect(shown).not.toContain('\x1b');
    expect(shown.length).toBeLessThanOrEqual(19);
  });

  test('counts', () => {
    expect(countText('SLIs', 300, 5030)).toBe('SLIs: 300 of 5030 (5%)');
    expect(countText('SLIs', 7, undefined)).toBe('SLIs: 7');
  });
});
