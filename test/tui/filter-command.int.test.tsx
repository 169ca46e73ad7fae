/**
 * The filter (/) and the command line (:) through Ink against a real
 * sandbox, a few frames of each; their behaviour over a fake client (q typed
 * into the filter, Backspace, the list keys on filtered rows, :profile's
 * completion) is filter-command.test.ts's.
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
  test('narrows the rows as typed, drawn with the prompt and the count; Enter keeps it; Esc clears it', async () => {
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
    d.press(KEYS.enter);
    frame = await waitForText(d, 'Filter “LATency”', 'Esc clears it');
    expect(tableRows(frame)).toHaveLength(rows.length);
    d.press(KEYS.escape);
    frame = await waitForFrame(d, (f) => tableRows(f).length === 18, 'all rows');
    expect(frame).not.toContain('Filter “');
  });
});

describe('command line', () => {
  test('Tab completes, the candidates drawn when several match; Enter runs it', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    d.press(':');
    d.type('agr');
    d.press(KEYS.tab);
    await waitForText(d, ':agreement', 'agreement  agreements');
    d.type('s');
    d.press(KEYS.enter);
    await waitForFrame(d, (f) => statusLineOf(f).startsWith('agreements · page 1'), 'agreements');
  });
});
