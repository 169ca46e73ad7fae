/**
 * The filter (/) and the command line (:) over the fake client, driven by
 * action id (test/tui/driver.ts). filter-command.int.test.tsx keeps one
 * frame of each through Ink.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import { shortName } from '../../src/api/resources.js';
import { REGISTRY } from '../../src/presentation/resources.js';
import type { Session } from '../../src/tui/session.js';
import { disposeDrivers, drive, sampleRecords, type Driver, type DriverOptions } from './driver.js';
import { fakeClient } from './fakeClient.js';
import { testSettings } from './testing.js';

afterEach(disposeDrivers);

async function open(options: DriverOptions = {}): Promise<Driver> {
  const d = drive(options);
  await d.until((v) => v.status.text.startsWith('slis · page 1 of 2'), 'the first page');
  return d;
}

const bottom = (d: Driver): string => {
  const b = d.view().bottom;
  return b.kind === 'input' ? `${b.prompt}${b.editor.value}${b.after ?? ''}` : b.lines.join(' ');
};

/** Runs a command line: `:`, the text, Enter. */
function command(d: Driver, text: string): void {
  d.press('command');
  d.type(text);
  d.press('command-run');
}

describe('filter (the whole list; these SLIs fit one page)', () => {
  test('narrows the rows as you type, case-insensitively; Enter keeps it; Esc clears it', async () => {
    const d = await open();
    expect(d.rows()).toHaveLength(18);
    d.press('filter');
    expect(d.view().bottom).toMatchObject({ kind: 'input', prompt: '/', editor: { value: '' } });
    d.type('LAT');
    expect(bottom(d)).toBe('/LAT');
    d.type('ency');
    await d.until((v) => v.status.text.includes(' of 30 match'), 'the filter over every SLI');
    const rows = d.rows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(18);
    for (const row of rows) expect(row.toLowerCase()).toContain('latency');
    // Typing q in the filter types a q: it doesn't quit.
    d.type('q');
    const empty = d.view().body;
    expect(empty.kind === 'list' && empty.empty).toMatch(/^No SLIs match/);
    expect(d.quits).toEqual([]);
    d.key('Backspace');
    expect(d.rows()).toHaveLength(rows.length);
    d.press('filter-keep');
    expect(d.message()).toMatch(/^Filter “LATency” over the whole list .* Esc clears it$/);
    expect(d.rows()).toHaveLength(rows.length);
    // The list keys work again, on the filtered rows: the second latency SLI.
    d.press('down', 'details');
    await d.settle();
    const body = d.view().body;
    expect(body.kind === 'detail' && body.title).toBe('SLI payments-gateway latency p95');
    d.press('back');
    expect(d.message()).toContain('Filter “LATency”');
    d.press('clear-filter');
    expect(d.rows()).toHaveLength(18);
    expect(d.message()).toBe('');
  });

  test('matches any visible column, and Esc while typing clears it', async () => {
    const d = await open();
    d.press('filter');
    d.type('req/s');
    await d.until((v) => v.status.text.includes(' of 30 match'), 'the req/s rows');
    expect(d.rows().length).toBeGreaterThan(0);
    expect(d.rows().length).toBeLessThan(18);
    for (const row of d.rows()) expect(row).toMatch(/throughput\s+req\/s/);
    d.press('filter-cancel');
    expect(d.rows()).toHaveLength(18);
    expect(d.view().bottom.kind).toBe('message');
  });
});

describe('command line', () => {
  test(':slos, :orgs, :agreements, :slis and the singular aliases switch resource', async () => {
    const d = await open();
    for (const [text, resource] of [
      ['slos', 'slos'],
      ['orgs', 'organizations'],
      ['agreements', 'agreements'],
      ['sli', 'slis'],
      ['organization', 'organizations'],
      ['slo', 'slos'],
    ]) {
      command(d, text!);
      await d.until((v) => v.status.text.startsWith(`${resource} · page 1`), `${resource} after :${text}`);
    }
  });

  test(':agr ID and :org ID open the record: the id prefix of a resource names it, as its aliases do', async () => {
    const d = await open();
    for (const [text, title] of [
      ['agr agr-000001', 'agr-000001'],
      ['org org-000002', 'org-000002'],
    ]) {
      command(d, text!);
      await d.until(
        (v) => v.body.kind === 'detail' && v.body.lines.some((l) => l.text === title),
        `the details after :${text}`,
      );
      d.press('back');
    }
  });

  test('Tab completes, and lists the candidates when several match', async () => {
    const d = await open();
    d.press('command');
    d.type('agr');
    d.press('command-complete');
    expect(bottom(d)).toBe(':agreement   agreement  agreements');
    d.type('s');
    d.press('command-run');
    await d.until((v) => v.status.text.startsWith('agreements · page 1'), 'agreements');
    d.press('command');
    d.type('pro');
    d.press('command-complete');
    d.type('x');
    expect(bottom(d)).toBe(':profile x');
    d.press('command-cancel');
    expect(d.view().bottom.kind).toBe('message');
  });

  test('an unknown command says so in one line, and nothing else changes', async () => {
    const d = await open();
    command(d, 'frobnicate');
    // Every resource of the registry by its short name, then the first one's record by id.
    const resources = REGISTRY.defs.map((def) => `:${shortName(def)}`).join(', ');
    expect(d.message()).toBe(
      `Unknown command :frobnicate. Try ${resources}, :${REGISTRY.defs[0]!.singular} ID, :profile NAME, :export FILE or :q.`,
    );
    expect(resources).toMatch(/^:slis, :slos, :orgs, :agreements/);
    expect(d.view().bottom).toMatchObject({ tone: 'error' });
    expect(d.status()).toContain('slis · page 1 of 2');
    // The message goes with the next key.
    d.press('down');
    expect(d.message()).toBe('');
  });

  test(':profile NAME opens another profile; an unknown profile gives a message', async () => {
    const opened: string[] = [];
    const openProfile = async (name: string): Promise<Session> => {
      opened.push(name);
      if (name !== 'staging')
        throw new SlotuiError('config', `There is no profile named "${name}". List them with \`slotui auth status\`.`);
      return { client: fakeClient(sampleRecords()), settings: testSettings({ profileName: 'staging' }) };
    };
    const d = await open({ services: { openProfile } });
    command(d, 'profile nope');
    await d.settle();
    expect(d.message()).toContain('There is no profile named "nope".');
    expect(d.status()).toContain('profile default');
    command(d, 'profile staging');
    await d.until(
      (v) => v.status.text === 'slis · page 1 of 2 · total 30 · profile staging · read 0s ago',
      'the staging profile',
    );
    expect(d.view().header.who).toMatch(/^slotui · profile staging/);
    expect(opened).toEqual(['nope', 'staging']);
  });

  test(':profile without a name, and without profile support, explain themselves', async () => {
    const named = await open({ services: { openProfile: () => Promise.reject(new Error('not called')) } });
    command(named, 'profile');
    expect(named.message()).toBe('Name one profile: :profile NAME.');
    const d = await open();
    command(d, 'profile');
    expect(d.message()).toBe('Switching profiles is not available here.');
    command(d, 'profile other');
    expect(d.message()).toBe('Switching profiles is not available here.');
  });

  test(':q quits with 0', async () => {
    const d = await open();
    command(d, 'q');
    expect(d.quits).toEqual([{ code: 0, note: undefined }]);
  });
});

describe('quitting', () => {
  test('q quits with 0', async () => {
    const d = await open();
    d.press('quit');
    expect(d.quits).toEqual([{ code: 0, note: undefined }]);
  });

  test('Ctrl+C quits with 0, even from the command line', async () => {
    const d = await open();
    d.press('command');
    d.type('sl');
    d.press('quit-now');
    expect(d.quits).toEqual([{ code: 0, note: undefined }]);
  });
});
