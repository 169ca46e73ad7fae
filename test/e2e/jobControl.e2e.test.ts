/**
 * Ctrl+Z and `fg` under a real interactive shell with job control (bash in a
 * pseudo-terminal): the shell says the job stopped and gets its prompt on the
 * normal screen; `fg` brings the dashboard back redrawn and hearing keys, as
 * often as it is done, and `q` then leaves the shell as it was.
 */
import { afterEach, beforeAll, expect, test } from 'vitest';
import { BIN, ensureBuilt, NODE, PtySession } from './pty.js';

let session: PtySession | undefined;
beforeAll(() => ensureBuilt(), 180_000);
afterEach(() => {
  session?.dispose();
  session = undefined;
});

const PROMPT = 'READY> ';
const DIRECT = `'${NODE}' '${BIN}' --demo`;
// A wrapper that stays the job's leader (as npx or a script does): the whole job must stop, not only slotui.
const WRAPPED = `sh -c '"${NODE}" "${BIN}" --demo; true'`;
// Twice: the second stop shows the first resume left it able to stop again (SLOTUI_SUSPEND_ROUNDS for more).
const ROUNDS = Number(process.env.SLOTUI_SUSPEND_ROUNDS ?? 2);
const promptShown = (s: PtySession) => () =>
  s.term.buffer.active.type === 'normal' && s.lines().some((line) => line.startsWith(PROMPT.trimEnd()));

test.each([
  ['started by the shell', DIRECT],
  ['started through a wrapper', WRAPPED],
])(
  '%s: Ctrl+Z then fg, twice over: back each time, redrawn and working; q leaves the shell as found',
  async (_how, launch) => {
    const s = (session = new PtySession({
      file: 'bash',
      args: ['--norc', '--noprofile', '-i'],
      env: { PS1: PROMPT, HISTFILE: '/dev/null' },
    }));
    await s.waitFor(promptShown(s), 'the shell prompt');
    s.press(`clear; ${launch}\r`);
    await s.waitFor((screen) => /slis · page 1 of/.test(screen), 'the dashboard');
    for (let round = 1; round <= ROUNDS; round++) {
      s.press('\u001a');
      await s.waitFor((screen) => /Stopped/.test(screen) && promptShown(s)(), `the job stopped (round ${round})`);
      s.press('clear; fg\r');
      await s.waitFor(
        (screen) => s.term.buffer.active.type === 'alternate' && /slis · page 1 of/.test(screen),
        `the dashboard back (round ${round})`,
      );
      s.press('2');
      await s.waitFor((screen) => /slos · page 1 of/.test(screen), `keys heard after fg (round ${round})`);
      s.press('1');
      await s.waitFor((screen) => /slis · page 1 of/.test(screen), `back on the SLIs (round ${round})`);
    }
    s.press('q');
    await s.waitFor(promptShown(s), 'the prompt after q');
    expect(s.term.buffer.active.type).toBe('normal');
    s.press('exit\r');
    expect((await s.waitForExit()).exitCode).toBe(0);
  },
  90_000,
);
