/**
 * End to end: the built `slotui --demo` in a real pseudo-terminal at 100x30,
 * read through a headless xterm. Paging, switching, details, quitting with q
 * leave the terminal as found (Ctrl+C and SIGTERM: quit.e2e.test.ts); a
 * resize to 80x24 re-lays the frame out to fit.
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ensureBuilt, expectRestored, PtySession } from './pty.js';

let session: PtySession | undefined;

beforeAll(() => {
  ensureBuilt();
}, 180_000);

afterEach(() => {
  session?.dispose();
  session = undefined;
});

function open(options: ConstructorParameters<typeof PtySession>[0] = {}): PtySession {
  session = new PtySession(options);
  return session;
}

const statusLine = (s: PtySession): string => s.lines().find((l) => /^\w+ · page .* of /.test(l)) ?? '';

describe('slotui --demo in a pseudo-terminal', () => {
  test('rows, n and p, 2, details, Esc, q: exit 0 and the terminal restored', async () => {
    const s = open();
    await s.waitForText('checkout-api availability');
    expect(s.term.buffer.active.type).toBe('alternate');
    // The rows and the status line may arrive in separate writes.
    await s.waitFor(
      () => /^slis · page 1 of 2 · total 30 · profile demo · read \d+s ago$/.test(statusLine(s)),
      'the status line',
    );
    expect(s.lines()[0]).toMatch(/^slotui · profile demo · demo sandbox · 127\.0\.0\.1:\d+$/);
    // Boxes side by side stay side by side in the bundle (its layout engine loads after Ink).
    await s.waitFor(
      () => /^ 1 SLIs \(30\)\s+2 SLOs\b.*\s3 Orgs\b.*\s4 Agreements\b/.test(s.lines()[1] ?? ''),
      'the four tabs in one row',
    );
    s.press('n');
    await s.waitFor(() => statusLine(s).startsWith('slis · page 2 of 2'), 'page 2');
    await s.waitForText('sli-000025');
    s.press('p');
    await s.waitFor(
      () => /^slis · page 1 of 2 · total 30 · profile demo · read \d+s ago$/.test(statusLine(s)),
      'page 1 again',
    );
    s.press('2');
    await s.waitFor(() => statusLine(s).startsWith('slos · page 1 of'), 'the SLOs');
    s.press('\r');
    const detail = await s.waitForText('service_level_indicator_id');
    expect(detail).toMatch(/^SLO /m);
    // The SLI's name comes beside its id once read.
    await s.waitForText('› SLI “');
    s.press('\u001b');
    await s.waitFor((screen) => /^NAME\s+TARGET/m.test(screen), 'the SLO list again');
    s.press('q');
    expect((await s.waitForExit()).exitCode).toBe(0);
    expectRestored(s);
  });

  test('a resize from 100x30 to 80x24 re-lays the frame out to fit', async () => {
    const s = open();
    await s.waitForText('checkout-api availability');
    expect(s.lines().at(-1)).toMatch(/^Enter details/);
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
    expect(s.lines()[0]).toMatch(/^slotui · profile demo/);
    expect(s.lines()[2]).toMatch(/^NAME\s+TYPE/);
    // Still working after the resize.
    s.press('n');
    await s.waitFor(() => statusLine(s).startsWith('slis · page 2 of 2'), 'page 2 after the resize');
    s.press('q');
    expect((await s.waitForExit()).exitCode).toBe(0);
    expectRestored(s);
  });

  test('NO_COLOR: no colour at all, the selection in inverse video', async () => {
    const s = open({ env: { NO_COLOR: '1' } });
    await s.waitForText('checkout-api availability');
    s.press('j');
    await s.waitFor(
      () =>
        Boolean(
          s.term.buffer.active
            .getLine(s.term.buffer.active.viewportY + 4)
            ?.getCell(0)
            ?.isInverse(),
        ),
      'the second row in inverse video',
    );
    expect(
      s.term.buffer.active
        .getLine(s.term.buffer.active.viewportY + 3)
        ?.getCell(0)
        ?.isInverse(),
    ).toBe(0);
    // No foreground or background colour codes (30-37, 40-47, 90-97, 100-107, 256 and true colour).
    // eslint-disable-next-line no-control-regex
    expect(s.raw).not.toMatch(/\u001b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/);
    s.press('q');
    expect((await s.waitForExit()).exitCode).toBe(0);
  });

  test('y and Y put the id and an SLO summary with its budget on the clipboard through OSC 52, in tmux inside its passthrough wrapper', async () => {
    const clipboard = (raw: string): string[] =>
      // eslint-disable-next-line no-control-regex
      [...raw.matchAll(/\u001b]52;c;([A-Za-z0-9+/=]*)\u0007/g)].map((m) =>
        Buffer.from(m[1]!, 'base64').toString('utf8'),
      );
    const s = open({ args: ['--demo'], cols: 80, rows: 24 });
    await s.waitFor(() => statusLine(s).startsWith('slis · page 1 of'), 'the SLIs');
    s.press('2');
    // The header shows while the page loads: y needs a selected row.
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
    expect(s.raw).not.toContain('\u001bPtmux;');
    s.press('q');
    expect((await s.waitForExit()).exitCode).toBe(0);
    s.dispose();

    const inTmux = open({ args: ['--demo'], cols: 80, rows: 24, env: { TMUX: '/tmp/tmux-1000/default,1,0' } });
    await inTmux.waitFor(() => statusLine(inTmux).startsWith('slis · page 1 of'), 'the SLIs');
    inTmux.press('y');
    await inTmux.waitForText('Sent the id sli-000001');
    const wrapped = Buffer.from('sli-000001').toString('base64');
    // Both forms: tmux lets out the plain one with set-clipboard on, the wrapped one with allow-passthrough on.
    expect(inTmux.raw).toContain(`\u001b]52;c;${wrapped}\u0007\u001bPtmux;\u001b\u001b]52;c;${wrapped}\u0007\u001b\\`);
    expect(inTmux.screen()).toContain('set-clipboard on');
    inTmux.press('q');
    expect((await inTmux.waitForExit()).exitCode).toBe(0);
  });

  test('--read-only shows no create, edit or delete keys', async () => {
    const s = open({ args: ['--demo', '--read-only'] });
    await s.waitForText('checkout-api availability');
    expect(s.lines()[0]).toContain('read-only');
    expect(s.lines().at(-1)).not.toMatch(/create|edit|delete/);
    s.press('c');
    // The key says why it does nothing; no form opens.
    await s.waitForText('read-only: creating is off');
    expect(s.screen()).not.toContain('New SLI');
    s.press('q');
    expect((await s.waitForExit()).exitCode).toBe(0);
  });
});
