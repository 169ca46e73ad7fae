/**
 * Job control in a real pseudo-terminal: Ctrl+Z (and SIGTSTP) gives the
 * terminal back as found (normal screen, cursor shown) and stops the process;
 * SIGCONT (what `fg` sends) takes it again, drawn anew and hearing keys at
 * once (raw mode back: no Enter needed). SIGQUIT restores the terminal too.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ensureBuilt, PtySession } from './pty.js';

const ENTER_ALT = '\u001b[?1049h';
const LEAVE_ALT = '\u001b[?1049l';
const HIDE_CURSOR = '\u001b[?25l';
const SHOW_CURSOR = '\u001b[?25h';

let session: PtySession | undefined;
beforeAll(() => ensureBuilt(), 180_000);
afterEach(() => {
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

async function waitForState(pid: number, state: string, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (stateOf(pid) !== state) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what} (state ${stateOf(pid)})`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function openDemo(): Promise<PtySession> {
  session = new PtySession({ args: ['--demo'] });
  await session.waitFor((screen) => /slis · page 1 of/.test(screen), 'the SLI list');
  return session;
}

describe('suspend and resume', () => {
  test.each([
    ['Ctrl+Z', (s: PtySession) => s.press('\u001a')],
    ['SIGTSTP', (s: PtySession) => s.kill('SIGTSTP')],
  ])(
    '%s: the terminal is given back, then SIGCONT redraws and keys work at once',
    async (_name, stopIt) => {
      const s = await openDemo();
      const before = s.raw.length;
      stopIt(s);
      await waitForState(s.pid, 'T', 'the process to stop');
      await s.waitFor(() => s.term.buffer.active.type === 'normal', 'the normal screen');
      const given = s.raw.slice(before);
      expect(given).toContain(LEAVE_ALT);
      expect(given.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(given.lastIndexOf(HIDE_CURSOR));

      const resumedAt = s.raw.length;
      process.kill(s.pid, 'SIGCONT');
      await s.waitFor(
        (screen) => s.term.buffer.active.type === 'alternate' && /slis · page 1 of/.test(screen),
        'the redrawn list',
      );
      expect(s.raw.slice(resumedAt)).toContain(ENTER_ALT);
      // Raw mode is back: one key, no Enter, switches to SLOs.
      s.press('2');
      await s.waitFor((screen) => /slos · page 1 of/.test(screen), 'the SLO list after pressing 2');
      s.press('q');
      expect((await s.waitForExit()).exitCode).toBe(0);
      expect(s.term.buffer.active.type).toBe('normal');
    },
    60_000,
  );

  test('SIGQUIT ends the program with the terminal restored', async () => {
    const s = await openDemo();
    s.kill('SIGQUIT');
    const exit = await s.waitForExit();
    // Exit 131, or the signal itself when Ink's exit hook re-raises it after ours restored the terminal.
    expect(exit.exitCode === 131 || exit.signal === 3).toBe(true);
    expect(s.raw.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(s.raw.lastIndexOf(ENTER_ALT));
    expect(s.raw.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(s.raw.lastIndexOf(HIDE_CURSOR));
    expect(s.term.buffer.active.type).toBe('normal');
  }, 60_000);
});
