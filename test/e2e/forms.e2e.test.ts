/**
 * End to end: the built `slotui --demo` in a pseudo-terminal. A form left with
 * Ctrl+C is kept as a draft and comes back in the next run; that run then
 * creates an SLO through the form, picking its SLI from the picker, and shows
 * it in the list (Ctrl+P and Ctrl+S reach the program: the terminal is raw).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ensureBuilt, inOrder, PtySession } from './pty.js';

beforeAll(() => {
  ensureBuilt();
}, 180_000);

const line = (s: PtySession, label: string): string => s.lines().find((l) => l.slice(2).startsWith(label)) ?? '';

describe('slotui --demo: a form left with Ctrl+C, then a form saved, in the next run', () => {
  let first: PtySession | undefined;
  let again: PtySession | undefined;
  afterAll(() => {
    again?.dispose();
    first?.dispose(); // its config folder is the second run's too
  });
  const check = inOrder();
  const drafts = (): string => join(first!.configDir, 'drafts');

  check('c, type, Ctrl+C: exit 0 with a 0600 draft', async () => {
    const s = (first = new PtySession());
    await s.waitForText('checkout-api availability');
    s.press('c');
    await s.waitForText('New SLI');
    s.press('typed at 3am');
    await s.waitFor(() => line(s, 'Name *').includes('[typed at 3am'), 'the name typed');
    s.press('\u0003'); // Ctrl+C
    expect((await s.waitForExit()).exitCode).toBe(0);
    expect(s.screen()).toContain('What you typed in the form is kept as a draft');
    const [file, ...others] = readdirSync(drafts());
    expect(others).toEqual([]);
    expect(statSync(drafts()).mode & 0o777).toBe(0o700);
    expect(statSync(join(drafts(), file!)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(drafts(), file!), 'utf8')).toContain('typed at 3am');
  });

  check('the next run offers the draft on c, Enter restores it, a discard removes it', async () => {
    const s = (again = new PtySession({ env: { SLOTUI_CONFIG_DIR: first!.configDir } }));
    await s.waitForText('checkout-api availability');
    s.press('c');
    await s.waitForText('A draft from');
    expect(line(s, 'Name *')).not.toContain('typed at 3am');
    s.press('\r');
    await s.waitFor(() => line(s, 'Name *').includes('[typed at 3am'), 'the name restored');
    s.press('\u0013'); // Ctrl+S: the type is still missing, so the form stays
    await s.waitForText('New SLI');
    s.press('\u001b');
    await s.waitForText('Discard what you typed?');
    s.press('y');
    await s.waitFor(() => !s.screen().includes('New SLI'), 'the form closed');
    expect(readdirSync(drafts())).toEqual([]);
  });

  check('2, c, fill the fields, pick an SLI, Ctrl+S: the SLO is in the list', async () => {
    const s = again!;
    s.press('2');
    await s.waitFor(() => s.lines().some((l) => l.startsWith('slos · page 1 of')), 'the SLO list');
    s.press('c');
    await s.waitForText('New SLO');
    s.press('e2e created slo');
    await s.waitFor(() => line(s, 'Name *').includes('[e2e created slo'), 'the name typed');
    s.press('\t\t');
    await s.waitFor(() => line(s, 'SLI *').startsWith('› '), 'the SLI field');
    s.press('\u0010'); // Ctrl+P
    await s.waitForText('Pick an SLI');
    s.press('search-service lat');
    await s.waitFor((screen) => /› search-service latency/.test(screen), 'the SLI found');
    s.press('\r');
    await s.waitFor(() => /\[sli-\d+/.test(line(s, 'SLI *')), 'the SLI id filled in');
    for (const [label, value] of [
      ['Time window type *', 'rolling'],
      ['Time window value *', '28'],
      ['Time window unit *', 'days'],
      ['Target value *', '99.5'],
    ] as const) {
      s.press('\t');
      await s.waitFor(() => line(s, label).startsWith('› '), label);
      s.press(value);
      await s.waitFor(() => line(s, label).includes(`[${value}`), `${label} typed`);
    }
    s.press('\u0013'); // Ctrl+S
    await s.waitForText('Created SLO “e2e created slo”');
    await s.waitFor(
      (screen) => /^e2e created slo\s+99\.5\s+3h 21m\s+28 days rolli/m.test(screen),
      'the new SLO in the list',
    );
    s.press('q');
    expect((await s.waitForExit()).exitCode).toBe(0);
  });
});
