/**
 * `y` and `Y` over the dashboard driver: what is copied is what the screen
 * shows (an id with a line break and bidi controls goes as drawn), a copy is
 * cut at COPY_LIMIT_BYTES and says so, and the message says the text was
 * sent, not that it arrived (OSC 52 has no answer; tmux may keep it). The
 * bytes in a real terminal are dashboard.e2e.test.ts's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { COPY_LIMIT_BYTES } from '../../src/tui/copy.js';
import { disposeDrivers, drive, sampleRecords, type Driver } from './driver.js';

afterEach(disposeDrivers);

/** What an OSC 52 sequence puts on the clipboard. */
const copied = (sequence: string): string =>
  // eslint-disable-next-line no-control-regex
  Buffer.from(/\u001b]52;c;([A-Za-z0-9+/=]*)\u0007/.exec(sequence)?.[1] ?? '', 'base64').toString('utf8');

async function organizations(
  change: (orgs: Record<string, unknown>[]) => void,
  inTmux = false,
): Promise<{ d: Driver; written: string[] }> {
  const records = sampleRecords();
  change(records.organizations!);
  const written: string[] = [];
  const d = drive({ records, columns: 100, rows: 30, services: { writeTerminal: (s) => written.push(s), inTmux } });
  await d.until((v) => v.status.text.startsWith('slis · page 1'), 'the SLIs');
  d.key('3');
  await d.until((v) => v.status.text.startsWith('organizations · page 1'), 'the organizations');
  return { d, written };
}

describe('y copies what is shown', () => {
  test('an id with a line break and bidi controls goes as the screen draws it', async () => {
    const { d, written } = await organizations((orgs) => {
      orgs[0]!.id = 'org-1\nrm -rf \u202e/';
    });
    d.press('copy-id');
    expect(written).toHaveLength(1);
    const id = copied(written[0]!);
    expect(id).not.toMatch(/[\n\u202e]/);
    expect(id).toBe('org-1 rm -rf /');
    expect(d.message()).toContain(`the id ${id}`);
  });

  test('the message says the id was sent, and in tmux what tmux needs to let it out', async () => {
    const { d } = await organizations(() => undefined, true);
    d.press('copy-id');
    expect(d.message()).toMatch(/^Sent the id org-000001 to the clipboard: tmux lets it out with set-clipboard on/);
    expect(d.message()).not.toMatch(/Copied/);
  });
});

describe('Y is cut at the limit', () => {
  test('a 1 MiB description sends at most COPY_LIMIT_BYTES, and the message says it was cut', async () => {
    const { d, written } = await organizations((orgs) => {
      orgs[0]!.description = 'é'.repeat(512 * 1024);
    });
    d.press('copy-summary');
    const summary = copied(written[0]!);
    expect(Buffer.byteLength(summary, 'utf8')).toBeLessThanOrEqual(COPY_LIMIT_BYTES);
    expect(summary.startsWith('### ')).toBe(true);
    // Never cut inside a character.
    expect(summary).not.toContain('\ufffd');
    expect(d.message()).toMatch(/\(cut to its first 64 KiB of 1\.0 MiB\)/);
  });

  test('a short summary is sent whole, with no word of cutting', async () => {
    const { d, written } = await organizations(() => undefined);
    d.press('copy-summary');
    expect(copied(written[0]!)).toMatch(/^### .*\n/);
    expect(d.message()).not.toContain('cut');
  });
});
