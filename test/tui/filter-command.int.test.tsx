/**
 * The filter (/) and the command line (:) against a real sandbox.
 */
import { describe, expect, test } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import type { Session } from '../../src/tui/session.js';
import {
  dashboardFixture,
  KEYS,
  renderDashboard,
  sandboxClient,
  statusLineOf,
  testSettings,
  waitForFrame,
  waitForPage,
  waitForText,
  waitUntil,
} from './helpers.js';

const fx = dashboardFixture(renderDashboard);
const open = fx.open;

/** The data rows of the table (lines between the header and the status line). */
function tableRows(frame: string): string[] {
  const lines = frame.split('\n');
  const header = lines.findIndex((l) => l.startsWith('NAME'));
  const status = lines.findIndex((l) => /^\w+ · page /.test(l));
  return lines.slice(header + 1, status).filter((l) => l.trim() !== '');
}

describe('filter (the whole list; these SLIs fit one page)', () => {
  test('narrows the rows as you type, case-insensitively; Enter keeps it; Esc clears it', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    expect(tableRows(d.lastFrame())).toHaveLength(18);
    d.press('/');
    await waitForText(d, 'type to filter');
    d.type('LAT');
    let frame = await waitForFrame(d, (f) => tableRows(f).length < 18, 'fewer rows');
    expect(frame).toContain('/LAT');
    d.type('ency');
    frame = await waitForFrame(
      d,
      (f) => f.includes('/LATency') && / of 30 match/.test(f),
      'the typed filter over every SLI',
    );
    const rows = tableRows(frame);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.toLowerCase()).toContain('latency');
    // Typing q in the filter types a q: it doesn't quit.
    d.type('q');
    await waitForText(d, 'No SLIs match');
    expect(d.quitCodes).toEqual([]);
    d.press(KEYS.backspace);
    await waitForFrame(d, (f) => tableRows(f).length === rows.length, 'the rows back');
    d.press(KEYS.enter);
    frame = await waitForText(d, 'Filter “LATency”', 'Esc clears it');
    expect(tableRows(frame)).toHaveLength(rows.length);
    // The list keys work again, on the filtered rows: the second latency SLI.
    d.press('j', KEYS.enter);
    await waitForText(d, 'SLI payments-gateway latency p95');
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => f.includes('Filter “LATency”') && f.includes('NAME'), 'the filtered list');
    d.press(KEYS.escape);
    frame = await waitForFrame(d, (f) => tableRows(f).length === 18, 'all rows');
    expect(frame).not.toContain('Filter “');
  });

  test('matches any visible column, and Esc while typing clears it', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    d.press('/');
    d.type('req/s');
    const frame = await waitForFrame(
      d,
      (f) => / of 30 match/.test(f) && tableRows(f).length > 0 && tableRows(f).length < 18,
      'the req/s rows',
    );
    for (const row of tableRows(frame)) expect(row).toMatch(/throughput\s+req\/s/);
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => tableRows(f).length === 18 && !f.includes('/req'), 'the filter cleared');
  });
});

describe('command line', () => {
  test(':slos, :orgs, :agreements, :slis and the singular aliases switch resource', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    const go = async (command: string, resource: string) => {
      d.press(':');
      d.type(command);
      d.press(KEYS.enter);
      await waitForFrame(d, (f) => statusLineOf(f).startsWith(`${resource} · page 1`), `${resource} after :${command}`);
    };
    await go('slos', 'slos');
    await go('orgs', 'organizations');
    await go('agreements', 'agreements');
    await go('sli', 'slis');
    await go('organization', 'organizations');
    await go('slo', 'slos');
  });

  test('Tab completes, and lists the candidates when several match', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    d.press(':');
    d.type('agr');
    d.press(KEYS.tab);
    await waitForText(d, ':agreement', 'agreement  agreements');
    d.type('s');
    d.press(KEYS.enter);
    await waitForFrame(d, (f) => statusLineOf(f).startsWith('agreements · page 1'), 'agreements');
    d.press(':');
    d.type('pro');
    d.press(KEYS.tab);
    d.type('x');
    await waitForFrame(d, (f) => f.split('\n').some((l) => l.startsWith(':profile x')), 'the completed :profile');
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => !f.split('\n').some((l) => l.startsWith(':profile')), 'the command line closed');
  });

  test('an unknown command says so in one line, and nothing else changes', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    d.press(':');
    d.type('frobnicate');
    d.press(KEYS.enter);
    const frame = await waitForText(
      d,
      'Unknown command :frobnicate. Try :slis, :slos, :orgs, :agreements, :sli ID, :profile NAME or :q.',
    );
    expect(statusLineOf(frame)).toContain('slis · page 1 of 2');
    // The message goes with the next key.
    d.press('j');
    await waitForFrame(d, (f) => !f.includes('Unknown command'), 'the message gone');
  });

  test(':profile NAME opens another profile; an unknown profile gives a message', async () => {
    const opened: string[] = [];
    const openProfile = async (name: string): Promise<Session> => {
      opened.push(name);
      if (name !== 'staging')
        throw new SlotuiError('config', `There is no profile named "${name}". List them with \`slotui auth status\`.`);
      return { client: sandboxClient(fx.sandbox), settings: testSettings({ profileName: 'staging' }) };
    };
    const d = open({ openProfile });
    await waitForPage(d, 1, 2);
    d.press(':');
    d.type('profile nope');
    d.press(KEYS.enter);
    await waitForText(d, 'There is no profile named "nope".');
    expect(statusLineOf(d.lastFrame())).toContain('profile default');
    d.press(':');
    d.type('profile staging');
    d.press(KEYS.enter);
    const frame = await waitForFrame(
      d,
      (f) => statusLineOf(f) === 'slis · page 1 of 2 · total 30 · profile staging',
      'the staging profile',
    );
    expect(frame).toContain('slotui · profile staging');
    expect(opened).toEqual(['nope', 'staging']);
  });

  test(':profile without a name, and without profile support, explain themselves', async () => {
    const named = open({ openProfile: () => Promise.reject(new Error('not called')) });
    await waitForPage(named, 1, 2);
    named.press(':');
    named.type('profile');
    named.press(KEYS.enter);
    await waitForText(named, 'Name one profile: :profile NAME.');
    named.unmount();
    const d = open();
    await waitForPage(d, 1, 2);
    d.press(':');
    d.type('profile');
    d.press(KEYS.enter);
    await waitForText(d, 'Switching profiles is not available here.');
    d.press(':');
    d.type('profile other');
    d.press(KEYS.enter);
    await waitForText(d, 'Switching profiles is not available here.');
  });

  test(':q quits with 0', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    d.press(':');
    d.type('q');
    d.press(KEYS.enter);
    await waitUntil(() => d.quitCodes.length > 0, 'quit');
    expect(d.quitCodes).toEqual([0]);
  });
});

describe('quitting', () => {
  test('q quits with 0', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    d.press('q');
    await waitUntil(() => d.quitCodes.length > 0, 'quit');
    expect(d.quitCodes).toEqual([0]);
  });

  test('Ctrl+C quits with 0, even from the command line', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    d.press(':');
    d.type('sl');
    d.press(KEYS.ctrlC);
    await waitUntil(() => d.quitCodes.length > 0, 'quit');
    expect(d.quitCodes).toEqual([0]);
  });
});
