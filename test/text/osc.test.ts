import { describe, expect, it } from 'vitest';
import { clipboardSequence, forTerminal, throughTmux } from '../../src/text/osc.js';

const payload = (sequence: string) =>
  Buffer.from(sequence.slice(sequence.indexOf(']52;c;') + 6, -1), 'base64').toString('utf8');

describe('clipboard sequence', () => {
  it('keeps lines and tabs, drops other control characters', () => {
    expect(payload(clipboardSequence('# SLO\r\n- target\t99.9 %\u001b]0;evil\u0007\n'))).toBe(
      '# SLO\n- target\t99.9 %]0;evil\n',
    );
  });
  it('inside tmux, the passthrough doubles every ESC', () => {
    const wrapped = throughTmux(clipboardSequence('id-1'));
    expect(wrapped.startsWith('\u001bPtmux;\u001b\u001b]52;c;')).toBe(true);
    expect(wrapped.endsWith('\u001b\\')).toBe(true);
  });
  it('inside tmux both forms are written (tmux lets out one or the other, by its options); elsewhere the plain one', () => {
    const sequence = clipboardSequence('id-1');
    expect(forTerminal(sequence, {})).toBe(sequence);
    expect(forTerminal(sequence, { TMUX: '/tmp/tmux-1000/default,1,0' })).toBe(sequence + throughTmux(sequence));
  });
});
