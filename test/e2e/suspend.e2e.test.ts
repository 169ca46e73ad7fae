/**
 * Ctrl+Z and SIGTSTP in a real pseudo-terminal with no shell: the terminal is
 * given back as found (normal screen, cursor shown) and, since nothing could
 * `fg` the program, taken again at once, drawn anew and hearing keys (raw
 * mode back: no Enter needed). SIGQUIT then ends it with the terminal restored.
 * One run, its checks in order.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ensureBuilt, ENTER_ALT, HIDE_CURSOR, inOrder, LEAVE_ALT, PtySession, SHOW_CURSOR } from './pty.js';

let session: PtySession | undefined;
beforeAll(() => ensureBuilt(), 180_000);
afterAll(() => {
  if (session) {
    try {
      process.kill(session.pid, 'SIGCONT');
    } catch {
      // Already gone.
    }
    session.dispose();
  }
  session = undefined;
});

/** The process state letter of /proc/<pid>/stat: T when stopped. */
const stateOf = (pid: number): string => /\) (\w) /.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? '?';

describe('suspend and resume', () => {
  const check = inOrder();
  let s: PtySession;
  beforeAll(() => {
    s = session = new PtySession({ args: ['--demo'] });
  });

  check('the SLI list', async () => {
    await s.waitFor((screen) => /slis · page 1 of/.test(screen), 'the SLI list');
  });

  // Run straight in a pseudo-terminal, the program leads its own session: no shell could `fg` it (the
  // system discards a stop of such an orphaned group), so it gives the terminal back and takes it
  // again by itself. Under a shell with job control it stops and `fg` brings it back: jobControl.e2e.test.ts.
  for (const [name, stopIt, list, key] of [
    ['Ctrl+Z', (t: PtySession) => t.press('\u001a'), 'slos', '2'],
    ['SIGTSTP', (t: PtySession) => t.kill('SIGTSTP'), 'slis', '1'],
  ] as const) {
    check(
      `${name} without a job-control shell: the terminal is given back, then taken again, redrawn and hearing keys`,
      async () => {
        const before = s.raw.length;
        stopIt(s);
        await s.waitFor(() => s.raw.slice(before).includes(LEAVE_ALT), 'the terminal given back');
        // The normal screen with the cursor shown, as the program found the terminal.
        expect(s.raw.slice(before)).toContain(LEAVE_ALT + SHOW_CURSOR);
        await s.waitFor(
          (screen) =>
            s.raw.slice(before).lastIndexOf(ENTER_ALT) > s.raw.slice(before).indexOf(LEAVE_ALT) &&
            s.term.buffer.active.type === 'alternate' &&
            / · page 1 of/.test(screen),
          'the list redrawn',
        );
        expect(stateOf(s.pid)).not.toBe('T');
        // Raw mode is back: one key, no Enter, switches lists.
        s.press(key);
        await s.waitFor(
          (screen) => new RegExp(`${list} · page 1 of`).test(screen),
          `the ${list} after pressing ${key}`,
        );
      },
    );
  }

  check('SIGQUIT ends the program with the terminal restored', async () => {
    s.kill('SIGQUIT');
    const exit = await s.waitForExit();
    // Exit 131, or the signal itself when Ink's exit hook re-raises it after ours restored the terminal.
    expect(exit.exitCode === 131 || exit.signal === 3).toBe(true);
    expect(s.raw.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(s.raw.lastIndexOf(ENTER_ALT));
    expect(s.raw.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(s.raw.lastIndexOf(HIDE_CURSOR));
    expect(s.term.buffer.active.type).toBe('normal');
  });
});
