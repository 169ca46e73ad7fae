/**
 * Creating records through the forms, through Ink against a real sandbox:
 * the SLO form with the SLI picker (read back from the sandbox, the new
 * record selected in the list), suggestions, the hints at 80 columns and a
 * small terminal. Validation and the queries editor over a fake client are
 * create.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import {
  type Dashboard,
  dashboardFixture,
  KEYS,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  waitForWords,
} from '../helpers.js';
import { FORM_KEYS, fieldLine, plain, renderForms, requestsOf, openNewSloForm } from './helpers.js';

const fx = dashboardFixture(renderForms);
const open = fx.open;

/** Types into the focused field, then moves to the next one. */
function fill(d: Dashboard, ...values: string[]): void {
  for (const v of values) {
    d.type(v);
    d.press(KEYS.tab);
  }
}

describe('SLO form', () => {
  test('a full create with the SLI picker: sent, read back, and selected in the list', async () => {
    const d = open();
    await openNewSloForm(d);
    await waitForText(d, 'Ctrl+S saves');
    // Every field of spec 2.2 is on the form.
    for (const label of [
      'Name *',
      'Description',
      'SLI *',
      'Time window type *',
      'Time window value *',
      'Time window unit *',
      'Target value *',
      'Target unit',
      'Interval',
      'On missing interval',
      'Benchmark operator',
      'Benchmark value',
    ]) {
      expect(fieldLine(d.lastFrame(), label), label).not.toBe('');
    }
    // Each number's hint fits its field.
    expect(fieldLine(d.lastFrame(), 'Time window value *')).toContain('a number, such as 30');
    expect(fieldLine(d.lastFrame(), 'Target value *')).toContain('a number, such as 99.9');
    expect(fieldLine(d.lastFrame(), 'Interval')).toContain('a whole number, such as 60');
    fill(d, 'Checkout ✓ 日本語 latency', 'made in a test');
    // The SLI: pick it from the list, searching by name.
    await waitForFrame(d, (f) => fieldLine(f, 'SLI *').startsWith('› '), 'the SLI field focused');
    expect(d.lastFrame()).toContain('^P pick'.replace('^P', 'Ctrl+P'));
    d.press(FORM_KEYS.ctrlP);
    await waitForText(d, 'Pick an SLI', 'loaded ');
    d.type('GATEWAY lat');
    const picker = await waitForFrame(
      d,
      (f) => plain(f).includes('payments-gateway latency') && !plain(f).includes('checkout-api'),
      'the search narrowing the SLIs',
    );
    const chosen = /› payments-gateway latency \S*\s+(sli-\d+)/.exec(plain(picker))?.[1];
    expect(chosen).toBeDefined();
    d.press(KEYS.enter);
    await waitForFrame(d, (f) => fieldLine(f, 'SLI *').includes(chosen!), 'the picked id in the field');
    d.press(KEYS.tab);
    fill(d, 'rolling', '30', 'days', '99.9', '%', '60', 'ignore', '>=');
    d.type('95.5');
    d.press(FORM_KEYS.ctrlS);
    await waitForWords(d, 'Created SLO “Checkout ✓ 日本語 latency”');

    const posts = requestsOf(fx.sandbox, 'POST', '/v1/slos');
    expect(posts).toHaveLength(1);
    const id = /\((slo-\d+)\)/.exec(plain(d.lastFrame()))?.[1];
    expect(id).toBeDefined();
    const record = await d.client.get('slos', id!);
    expect(record).toMatchObject({
      name: 'Checkout ✓ 日本語 latency',
      description: 'made in a test',
      service_level_indicator_id: chosen,
      time_window_type: 'rolling',
      time_window_value: '30',
      time_window_unit: 'days',
      target_value: '99.9',
      target_unit: '%',
      interval: 60,
      on_missing_interval: 'ignore',
      benchmark_operator: '>=',
      benchmark_value: '95.5',
    });
    // The list shows the last page (chronological order) with the new record selected: Enter opens it.
    const frame = await waitForFrame(
      d,
      (f) => f.includes('Checkout ✓ 日本語 latency') && !/loading/i.test(statusLineOf(f)),
      'the new SLO in the list',
    );
    const total = (await d.client.listPage('slos', { limit: 1 })).total;
    expect(statusLineOf(plain(frame))).toMatch(new RegExp(`page (\\d+) of \\1 · total ${total}`));
    d.press(KEYS.enter);
    await waitForText(d, id!, 'service_level_indicator_id');
  });

  test('the picker keeps PgDn presses made while a page loads', async () => {
    const d = open();
    await openNewSloForm(d);
    d.press(KEYS.tab, KEYS.tab);
    await waitForFrame(d, (f) => fieldLine(f, 'SLI *').startsWith('› '), 'the SLI field focused');
    // Slow answers: both presses arrive while the first page is still on its way.
    fx.sandbox.setFaults({ latencyMs: 150 });
    d.press(FORM_KEYS.ctrlP);
    await waitForText(d, 'Pick an SLI', 'Loading…');
    d.press(KEYS.pageDown, KEYS.pageDown);
    await waitForText(d, 'loaded 30 of 30');
    fx.sandbox.setFaults({});
  });

  test('suggests values other SLOs use, → takes one; the picker closes with Esc and an id can be typed by hand', async () => {
    const d = open();
    await openNewSloForm(d);
    d.press(KEYS.tab, KEYS.tab, FORM_KEYS.ctrlP);
    await waitForText(d, 'Pick an SLI');
    d.press(KEYS.escape);
    await waitForText(d, 'New SLO');
    d.type('sli-000002');
    d.press(KEYS.tab);
    // Time window type: the sample data's values are offered.
    const frame = await waitForText(d, 'used: ');
    const suggested = /used: ([^ ·]+)/.exec(plain(frame))?.[1];
    expect(suggested).toBeTruthy();
    // Right under the field it is for, not at the bottom of the form.
    const lines = plain(frame).split('\n');
    const field = lines.findIndex((line) => line.includes('Time window type *'));
    expect(lines[field + 1]).toContain('used: ');
    d.press(KEYS.right);
    await waitForFrame(d, (f) => fieldLine(f, 'Time window type *').includes(`[${suggested}`), 'the suggestion taken');
    // → again: the next value in use (the sample SLOs use two time window types), then back.
    d.press(KEYS.right);
    const other = await waitForFrame(
      d,
      (f) => !fieldLine(f, 'Time window type *').includes(`[${suggested}`),
      'the next suggestion',
    );
    expect(fieldLine(other, 'Time window type *')).toMatch(/\[(rolling|calendar)\s/);
    d.press(KEYS.right);
    await waitForFrame(d, (f) => fieldLine(f, 'Time window type *').includes(`[${suggested}`), 'back to the first');
    expect(fieldLine(d.lastFrame(), 'SLI *')).toContain('sli-000002');
  });
});

describe('validation before sending', () => {
  test('at 80 columns each hint is read whole: the form a number takes, and the key that opens the picker', async () => {
    const d = open({ columns: 80, rows: 24 });
    await openNewSloForm(d);
    const frame = d.lastFrame();
    expect(fieldLine(frame, 'Time window value *')).toMatch(/\] {2}a number, such as 30$/);
    expect(fieldLine(frame, 'Target value *')).toMatch(/\] {2}a number, such as 99\.9$/);
    expect(fieldLine(frame, 'Interval')).toMatch(/\] {2}a whole number, such as 60$/);
    expect(fieldLine(frame, 'SLI *')).toContain(']  Ctrl+P picks from a list');
    for (const line of plain(frame).split('\n')) expect(line.length).toBeLessThanOrEqual(80);
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
