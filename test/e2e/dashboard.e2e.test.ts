/**
 * End to end: the built program in a real pseudo-terminal, read through a headless xterm.
 * One run, a first one (nothing configured): the welcome screen, d for the demo sandbox; then at
 * 100x30 it pages, opens details, is resized to 80x24 and re-lays its frame out to fit, puts an id
 * and a summary on the clipboard through OSC 52, takes a paste as text (never keys), and quits
 * with q leaving the terminal as found (Ctrl+C and SIGTERM: quit.e2e.test.ts). A second run
 * starts with the options that only change what they name: NO_COLOR, tmux and --read-only. The
 * first run's token setup: first-run.e2e.test.ts.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ensureBuilt, expectRestored, inOrder, PASTE_OFF, PASTE_ON, PtySession } from './pty.js';

beforeAll(() => {
  ensureBuilt();
}, 180_000);

const statusLine = (s: PtySession): string => s.lines().find((l) => /^\w+ · page .* of /.test(l)) ?? '';
const PAGE_ONE = /^slis · page 1 of 2 · total 30 · profile demo · read \d+s ago$/;

/** What the program put on the clipboard through OSC 52, in order. */
const clipboard = (raw: string): string[] =>
  // eslint-disable-next-line no-control-regex
  [...raw.matchAll(/\u001b]52;c;([A-Za-z0-9+/=]*)\u0007/g)].map((m) => Buffer.from(m[1]!, 'base64').toString('utf8'));

const pasted = (text: string): string => `\u001b[200~${text}\u001b[201~`;

describe('slotui in a pseudo-terminal, one run from the welcome screen', () => {
  let s: PtySession;
  beforeAll(() => {
    s = new PtySession({ args: [] });
  });
  afterAll(() => s?.dispose());
  const check = inOrder();

  check('nothing configured: the welcome screen, then d opens the demo sandbox', async () => {
    await s.waitForText('Welcome');
    s.press('d');
    await s.waitForText('checkout-api availability');
  });

  check('the first screen: the rows, the header, the four tabs in one row, the status line', async () => {
    expect(s.term.buffer.active.type).toBe('alternate');
    // The rows and the status line may arrive in separate writes.
    await s.waitFor(() => PAGE_ONE.test(statusLine(s)), 'the status line');
    expect(s.lines()[0]).toMatch(/^slotui · profile demo · demo sandbox · 127\.0\.0\.1:\d+$/);
    // Boxes side by side stay side by side in the bundle (its layout engine loads after Ink).
    await s.waitFor(
      () => /^ 1 SLIs \(30\)\s+2 SLOs\b.*\s3 Orgs\b.*\s4 Agreements\b/.test(s.lines()[1] ?? ''),
      'the four tabs in one row',
    );
    expect(s.lines().at(-1)).toMatch(/^Enter details/);
  });

  check('n and p: the next page and back', async () => {
    s.press('n');
    await s.waitFor(() => statusLine(s).startsWith('slis · page 2 of 2'), 'page 2');
    await s.waitForText('sli-000025');
    s.press('p');
    await s.waitFor(() => PAGE_ONE.test(statusLine(s)), 'page 1 again');
  });

  check("2, Enter, Esc: an SLO's details with its SLI's name, then the list again", async () => {
    s.press('2');
    await s.waitFor(() => statusLine(s).startsWith('slos · page 1 of'), 'the SLOs');
    // The header shows while the page loads: Enter needs a selected row.
    await s.waitFor((screen) => /^NAME\s+TARGET/m.test(screen) && screen.includes('slo-000001'), 'the SLO rows');
    s.press('\r');
    const detail = await s.waitForText('service_level_indicator_id');
    expect(detail).toMatch(/^SLO /m);
    // The SLI's name comes beside its id once read.
    await s.waitForText('› SLI “');
    s.press('\u001b');
    await s.waitFor((screen) => /^NAME\s+TARGET/m.test(screen), 'the SLO list again');
  });

  check('a resize from 100x30 to 80x24 re-lays the frame out to fit, and keys still work', async () => {
    s.press('1');
    await s.waitFor(() => statusLine(s).startsWith('slis · page 1 of 2'), 'the SLIs');
    s.resize(80, 24);
    // The whole new frame: header on the first row, status line third from the bottom, hints last.
    await s.waitFor(
      () =>
        /^slotui · profile demo/.test(s.lines()[0] ?? '') &&
        s.lines().indexOf(statusLine(s)) === 21 &&
        /^Enter details/.test(s.lines()[23] ?? ''),
      'the frame laid out for 80x24',
    );
    const buffer = s.term.buffer.active;
    for (let i = 0; i < 24; i++) {
      const line = buffer.getLine(buffer.viewportY + i)!;
      // A line wider than the terminal would have wrapped into the next row.
      expect(line.isWrapped, `row ${i}: ${line.translateToString(true)}`).toBe(false);
      expect(line.translateToString(true).length).toBeLessThanOrEqual(80);
    }
    expect(s.lines()[2]).toMatch(/^NAME\s+TYPE/);
    s.press('n');
    await s.waitFor(() => statusLine(s).startsWith('slis · page 2 of 2'), 'page 2 after the resize');
    s.press('p');
    await s.waitFor(() => statusLine(s).startsWith('slis · page 1 of 2'), 'page 1 after the resize');
  });

  check('2, y and Y: the id and an SLO summary with its budget on the clipboard through OSC 52', async () => {
    s.press('2');
    await s.waitFor((screen) => /^NAME\s+TARGET/m.test(screen) && screen.includes('slo-000001'), 'the SLOs');
    s.press('y');
    await s.waitForText('Sent the id slo-000001');
    s.press('Y');
    await s.waitForText('Sent a Markdown summary');
    const [id, summary] = clipboard(s.raw);
    expect(id).toBe('slo-000001');
    expect(summary).toContain('### SLO checkout-api availability 99.9% (slo-000001)');
    expect(summary).toContain('- Budget: 40m 19s of bad time (2419.2 s); 8 bad 5m intervals');
    expect(summary).toContain('- First page tier: 1h/5m');
    // Outside tmux, not in its passthrough wrapper.
    expect(s.raw).not.toContain('\u001bPtmux;');
  });

  check('bracketed paste: on, a paste over the list is no keys, a paste into the filter is its text', async () => {
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
  });

  check('q: exit 0, the terminal restored, bracketed paste off', async () => {
    s.press('q');
    expect((await s.waitForExit()).exitCode).toBe(0);
    expectRestored(s);
    expect(s.raw.lastIndexOf(PASTE_OFF)).toBeGreaterThan(s.raw.lastIndexOf(PASTE_ON));
  });
});

// Each option here changes only what it names, so one run checks them all.
describe('slotui --demo --read-only with NO_COLOR, in tmux, one run', () => {
  let s: PtySession;
  beforeAll(() => {
    s = new PtySession({
      args: ['--demo', '--read-only'],
      env: { NO_COLOR: '1', TMUX: '/tmp/tmux-1000/default,1,0' },
    });
  });
  afterAll(() => s?.dispose());
  const check = inOrder();

  check('bracketed paste is on before the first frame (drawn before Ink loads): a paste then is no keys', async () => {
    await s.waitForText('sli-000001');
    // A terminal marks a paste only once the program has asked for it: before the first row is drawn.
    expect(s.raw.indexOf(PASTE_ON)).toBeGreaterThanOrEqual(0);
    expect(s.raw.indexOf(PASTE_ON)).toBeLessThan(s.raw.indexOf('sli-000001'));
    s.press(pasted('deploy'));
    await s.waitForText('A paste goes only into a text field');
    expect(s.screen()).not.toMatch(/is off/);
  });

  check('--read-only: said in the header, no create, edit or delete keys, and c says why', async () => {
    await s.waitFor((screen) => /^slis · page 1 of/m.test(screen) && screen.includes('sli-000001'), 'the SLIs');
    expect(s.lines()[0]).toContain('read-only');
    expect(s.lines().at(-1)).not.toMatch(/create|edit|delete/);
    s.press('c');
    // The key says why it does nothing; no form opens.
    await s.waitForText('read-only: creating is off');
    expect(s.screen()).not.toContain('New SLI');
  });

  check('in tmux, y sends OSC 52 both plain and inside the passthrough wrapper', async () => {
    s.press('y');
    await s.waitForText('Sent the id sli-000001');
    const wrapped = Buffer.from('sli-000001').toString('base64');
    // Both forms: tmux lets out the plain one with set-clipboard on, the wrapped one with allow-passthrough on.
    expect(s.raw).toContain(`\u001b]52;c;${wrapped}\u0007\u001bPtmux;\u001b\u001b]52;c;${wrapped}\u0007\u001b\\`);
    expect(s.screen()).toContain('set-clipboard on');
  });

  check('NO_COLOR: the selection in inverse video, and no colour at all up to the exit', async () => {
    const inverse = (row: number): number | undefined =>
      s.term.buffer.active
        .getLine(s.term.buffer.active.viewportY + row)
        ?.getCell(0)
        ?.isInverse();
    s.press('j');
    await s.waitFor(() => Boolean(inverse(4)), 'the second row in inverse video');
    expect(inverse(3)).toBe(0);
    s.press('q');
    expect((await s.waitForExit()).exitCode).toBe(0);
    // No foreground or background colour codes (30-37, 40-47, 90-97, 100-107, 256 and true colour).
    // eslint-disable-next-line no-control-regex
    expect(s.raw).not.toMatch(/\u001b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/);
  });
});
