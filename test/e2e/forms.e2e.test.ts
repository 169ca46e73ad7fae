/**
 * End to end: the built `slotui --demo` in a pseudo-terminal
 * creates an SLO through the form, picking its SLI from the picker, and
 * shows it in the list; a form left with Ctrl+C comes back in the next run.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ensureBuilt, PtySession } from './pty.js';

let session: PtySession | undefined;
let kept: PtySession | undefined;

beforeAll(() => {
  ensureBuilt();
}, 180_000);

afterEach(() => {
  session?.dispose();
  session = undefined;
  kept?.dispose();
  kept = undefined;
});

const line = (s: PtySession, label: string): string => s.lines().find((l) => l.slice(2).startsWith(label)) ?? '';

describe('slotui --demo: create an SLO through the form', () => {
  test('2, c, fill the fields, pick an SLI, Ctrl+S: the SLO is in the list', async () => {
    const s = new PtySession();
    session = s;
    await s.waitForText('checkout-api availability');
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

describe('slotui --demo: a form left with Ctrl+C', () => {
  test('c, type, Ctrl+C: exit 0 with a 0600 draft; the next run offers it on c and Enter restores it', async () => {
    const first = new PtySession();
    kept = first; // its config folder is the second run's too: removed after the test
    await first.waitForText('checkout-api availability');
    first.press('c');
    await first.waitForText('New SLI');
    first.press('typed at 3am');
    await first.waitFor(() => line(first, 'Name *').includes('[typed at 3am'), 'the name typed');
    first.press('\u0003'); // Ctrl+C
    expect((await first.waitForExit()).exitCode).toBe(0);
    expect(first.screen()).toContain('What you typed in the form is kept as a draft');
    const drafts = join(first.configDir, 'drafts');
    const [file, ...others] = readdirSync(drafts);
    expect(others).toEqual([]);
    expect(statSync(drafts).mode & 0o777).toBe(0o700);
    expect(statSync(join(drafts, file!)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(drafts, file!), 'utf8')).toContain('typed at 3am');

    const again = new PtySession({ env: { SLOTUI_CONFIG_DIR: first.configDir } });
    session = again;
    await again.waitForText('checkout-api availability');
    again.press('c');
    await again.waitForText('A draft from');
    expect(line(again, 'Name *')).not.toContain('typed at 3am');
    again.press('\r');
    await again.waitFor(() => line(again, 'Name *').includes('[typed at 3am'), 'the name restored');
    again.press('\u0013'); // Ctrl+S: the type is still missing, so the form stays
    await again.waitForText('New SLI');
    again.press('\u001b');
    await again.waitForText('Discard what you typed?');
    again.press('y');
    await again.waitFor(() => !again.screen().includes('New SLI'), 'the form closed');
    expect(readdirSync(drafts)).toEqual([]);
    again.press('q');
    expect((await again.waitForExit()).exitCode).toBe(0);
  });
});
