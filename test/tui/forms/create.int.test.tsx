/**
 * Creating records through the forms, against a real sandbox: the SLO form
 * with the SLI picker (read back from the sandbox, the new record selected
 * in the list), the SLI queries editor, and every validation rule.
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
  test('keys that arrive in one read (fast typing, SSH batching) act in order: Tab, Tab, Ctrl+P opens the picker', async () => {
    const d = open();
    await openNewSloForm(d);
    d.paste('Pager latency\t\t\u0010');
    await waitForText(d, 'Pick an SLI', 'loaded ');
    d.press(KEYS.escape);
    await waitForFrame(
      d,
      (f) => fieldLine(f, 'Name *').includes('Pager latency') && fieldLine(f, 'SLI *').startsWith('› '),
      'the form as typed',
    );
  });
});

describe('validation before sending', () => {
  test('integer, numeric strings, empty required fields: shown on their fields, nothing sent, nothing lost', async () => {
    const d = open();
    await waitForPage(d, 1);
    d.press('2');
    await waitForFrame(d, (f) => statusLineOf(f).startsWith('slos · page 1'), 'the SLO list');
    const before = requestsOf(fx.sandbox, 'POST', '/v1/slos').length;
    d.press('c');
    await waitForText(d, 'New SLO');
    // Name empty; SLI empty; window value not a number; interval not an integer.
    d.press(KEYS.tab, KEYS.tab, KEYS.tab);
    fill(d, 'rolling', 'thirty', 'days', '99.9x', '', '6.5');
    d.press(FORM_KEYS.ctrlS);
    const frame = await waitForFrame(
      d,
      (f) => fieldLine(f, 'Interval').includes('Must be a whole number'),
      'the interval error',
    );
    expect(fieldLine(frame, 'Name *')).toContain('Required.');
    expect(fieldLine(frame, 'SLI *')).toContain('Required.');
    expect(fieldLine(frame, 'Time window value *')).toContain('Must be a number');
    expect(fieldLine(frame, 'Target value *')).toContain('Must be a number');
    // The focus went to the first field in error; what was typed is still there.
    expect(fieldLine(frame, 'Name *').startsWith('› ')).toBe(true);
    expect(fieldLine(frame, 'Time window value *')).toContain('[thirty');
    expect(fieldLine(frame, 'Interval')).toContain('[6.5');
    expect(requestsOf(fx.sandbox, 'POST', '/v1/slos').length).toBe(before);
    // Typing in a field clears its error.
    d.type('x');
    await waitForFrame(d, (f) => !fieldLine(f, 'Name *').includes('Required.'), 'the name error cleared');
  });

  test('a very long name is refused (and scrolls inside its box); unicode is kept exactly', async () => {
    const d = open({ columns: 100 });
    await waitForPage(d, 1);
    d.press('3');
    await waitForFrame(d, (f) => statusLineOf(f).startsWith('organizations · page 1'), 'the organizations');
    d.press('c');
    await waitForText(d, 'New organization');
    const long = `${'x'.repeat(240)}END`;
    d.press(long); // a paste
    const frame = await waitForFrame(
      d,
      (f) => fieldLine(f, 'Name *').includes('END'),
      'the end of the long name in view',
    );
    for (const line of plain(frame).split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    expect(frame.split('\n').length).toBeLessThanOrEqual(40);
    d.press(FORM_KEYS.ctrlS);
    await waitForFrame(d, (f) => /Too big|200/.test(fieldLine(f, 'Name *')), 'the length error');
    expect(requestsOf(fx.sandbox, 'POST', '/v1/organizations').length).toBe(0);
    // Ctrl+U empties the field; a unicode name goes through as typed.
    d.press('\u0015');
    const name = 'Zürich Ωmega 日本 🚀';
    d.type(name);
    d.press(FORM_KEYS.ctrlS);
    await waitForWords(d, 'Created organization');
    const post = requestsOf(fx.sandbox, 'POST', '/v1/organizations').at(-1);
    expect(post?.body).toEqual({ name });
  });

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

describe('SLI form and its queries editor', () => {
  test('add two queries, rename one, remove the other, submit, read back', async () => {
    const d = open();
    await waitForPage(d, 1);
    d.press('c');
    await waitForText(d, 'New SLI');
    fill(d, 'queries test sli', 'latency', 'with queries', 'ms');
    await waitForFrame(d, (f) => fieldLine(f, 'Queries (0)').startsWith('› '), 'the queries row');
    d.press(FORM_KEYS.ctrlN);
    await waitForFrame(d, (f) => fieldLine(f, '  Query 1 name').startsWith('› '), 'the first query');
    fill(d, 'p50', 'histogram_quantile(0.5, x)', 'http_requests', 'service = "a"');
    d.press('\u0015');
    d.type('25');
    d.press(FORM_KEYS.ctrlN);
    await waitForFrame(d, (f) => fieldLine(f, '  Query 2 name').startsWith('› '), 'the second query');
    fill(d, 'p95', 'q95', 'from95', 'where95');
    // Remove the second query (the cursor is in its limit).
    d.press(FORM_KEYS.ctrlD);
    await waitForText(d, 'Queries (1)');
    expect(plain(d.lastFrame())).not.toContain('Query 2 name');
    // The focus is in the first query's limit now; rename it: up to its name row.
    await waitForFrame(d, (f) => fieldLine(f, '    limit').startsWith('› '), 'the focus on the remaining query');
    for (let i = 0; i < 4; i++) d.press(KEYS.up);
    await waitForFrame(d, (f) => fieldLine(f, '  Query 1 name').startsWith('› '), 'the first query name');
    d.press(KEYS.backspace, KEYS.backspace);
    d.type('99');
    await waitForFrame(d, (f) => fieldLine(f, '  Query 1 name').includes('[p99'), 'the renamed query');
    d.press(FORM_KEYS.ctrlS);
    await waitForWords(d, 'Created SLI “queries test sli”');
    const id = /\((sli-\d+)\)/.exec(plain(d.lastFrame()))?.[1];
    const record = await d.client.get('slis', id!);
    expect(record.queries).toEqual({
      p99: { select: 'histogram_quantile(0.5, x)', from: 'http_requests', where: 'service = "a"', limit: 25 },
    });
    expect(record).toMatchObject({
      name: 'queries test sli',
      type: 'latency',
      description: 'with queries',
      unit_of_measure: 'ms',
    });
  });

  test('a query limit must be an integer and names must differ', async () => {
    const d = open();
    await waitForPage(d, 1);
    const before = requestsOf(fx.sandbox, 'POST', '/v1/slis').length;
    d.press('c');
    await waitForText(d, 'New SLI');
    fill(d, 'bad queries', 'latency', '', '');
    d.press(FORM_KEYS.ctrlN);
    fill(d, 'a', 's', 'f', 'w');
    d.press('\u0015');
    d.type('ten');
    d.press(FORM_KEYS.ctrlN);
    d.type('a');
    d.press(FORM_KEYS.ctrlS);
    const frame = await waitForFrame(
      d,
      (f) => fieldLine(f, '    limit').includes('Must be a whole number'),
      'the limit error',
    );
    expect(fieldLine(frame, '  Query 2 name')).toContain('Another query has this name.');
    expect(requestsOf(fx.sandbox, 'POST', '/v1/slis').length).toBe(before);
  });
});
