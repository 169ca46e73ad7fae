/**
 * The filter (/) and the command line (:) through Ink against a real
 * sandbox, one frame of each; their behaviour over a fake client is
 * filter-command.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import {
  dashboardFixture,
  KEYS,
  renderDashboard,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
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
});

describe('command line', () => {
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
});
