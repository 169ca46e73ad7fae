/**
 * Bracketed paste in a real pseudo-terminal: the dashboard turns it on, a
 * paste over the list is no keys (pasting "deploy" asks nothing, deletes
 * nothing), a paste into the filter is its text, and the mode is off again
 * when the program ends. What a paste does on each screen is paste.test.ts's.
 */
import { afterEach, beforeAll, expect, test } from 'vitest';
import { ensureBuilt, PtySession } from './pty.js';

const PASTE_ON = '\u001b[?2004h';
const PASTE_OFF = '\u001b[?2004l';
const pasted = (text: string): string => `\u001b[200~${text}\u001b[201~`;

let session: PtySession | undefined;
beforeAll(() => ensureBuilt(), 180_000);
afterEach(() => {
  session?.dispose();
  session = undefined;
});

test('a paste is text for the filter and never keys over the list; the mode is off at the end', async () => {
  const s = (session = new PtySession({ args: ['--demo'] }));
  await s.waitFor((screen) => /slis · page 1 of/.test(screen), 'the SLI list');
  expect(s.raw).toContain(PASTE_ON);

  s.press(pasted('deploy'));
  await s.waitForText('A paste goes only into a text field');
  expect(s.screen()).not.toMatch(/Delete/);

  s.press('/');
  s.press(pasted('latency\r'));
  await s.waitForText('/latency');
  // The line break did not keep the filter: still typing, Esc clears it.
  s.press('\u001b');
  await s.waitFor((screen) => !screen.includes('/latency'), 'the filter closed');

  s.press('q');
  expect((await s.waitForExit()).exitCode).toBe(0);
  expect(s.raw.lastIndexOf(PASTE_OFF)).toBeGreaterThan(s.raw.lastIndexOf(PASTE_ON));
}, 60_000);
