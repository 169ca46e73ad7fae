/**
 * The SLO form and its SLI picker through Ink against a real sandbox: the
 * hints read whole at 80 columns, the picker drawn over the form, and a small
 * terminal. A full create with the picker, PgDn while the picker loads and
 * the suggestions over the driver are create-flow.test.ts's; validation and
 * the queries editor over a fake client create.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import { dashboardFixture, KEYS, statusLineOf, waitForFrame, waitForPage, waitForText } from '../helpers.js';
import { FORM_KEYS, fieldLine, plain, renderForms, openNewSloForm } from './helpers.js';

const fx = dashboardFixture(renderForms);
const open = fx.open;

describe('validation before sending', () => {
  test('at 80 columns each hint is read whole: the form a number takes, and the key that opens the picker, which draws over the form', async () => {
    const d = open({ columns: 80, rows: 24 });
    await openNewSloForm(d);
    const frame = d.lastFrame();
    expect(fieldLine(frame, 'Time window value *')).toMatch(/\] {2}a number, such as 30$/);
    expect(fieldLine(frame, 'Target value *')).toMatch(/\] {2}a number, such as 99\.9$/);
    expect(fieldLine(frame, 'Interval')).toMatch(/\] {2}a whole number, such as 60$/);
    expect(fieldLine(frame, 'SLI *')).toContain(']  Ctrl+P picks from a list');
    for (const line of plain(frame).split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    // The picker, drawn over the form.
    d.press(KEYS.tab, KEYS.tab);
    await waitForFrame(d, (f) => fieldLine(f, 'SLI *').startsWith('› '), 'the SLI field focused');
    d.press(FORM_KEYS.ctrlP);
    const picker = plain(await waitForText(d, 'Pick an SLI', 'loaded 25 of 30'));
    expect(picker).toMatch(/› checkout-api availability\s+sli-000001/);
    for (const line of picker.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  test('the form fits a small terminal: the field list scrolls with the focus', async () => {
    const d = open({ columns: 80, rows: 16 });
    await waitForPage(d, 1);
    d.press('2');
    await waitForFrame(d, (f) => statusLineOf(f).startsWith('slos · page 1'), 'the SLO list');
    d.press('c');
    await waitForText(d, 'New SLO', 'fields 1-');
    for (let i = 0; i < 11; i++) d.press(KEYS.down);
    const frame = await waitForFrame(
      d,
      (f) => fieldLine(f, 'Benchmark value').startsWith('› '),
      'the last field focused',
    );
    expect(frame.split('\n').length).toBeLessThanOrEqual(16);
    for (const line of plain(frame).split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(fieldLine(frame, 'Name *')).toBe('');
    d.press(FORM_KEYS.shiftTab);
    await waitForFrame(d, (f) => fieldLine(f, 'Benchmark operator').startsWith('› '), 'Shift+Tab back');
  });
});
