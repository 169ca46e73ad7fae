/**
 * The SLO form end to end over the dashboard driver (test/tui/driver.ts) and
 * the sandbox's API in memory (test/fakeApi.ts) through the real client: a
 * full create with the SLI picker (sent once, read back, selected in the
 * list), PgDn presses kept while the picker's page loads, and the values
 * other SLOs use offered for their field. The form and the picker through
 * Ink (labels, hints at 80 columns, a small terminal) are
 * create.int.test.tsx's, the values drawn under their field
 * formScreen.int.test.tsx's; validation and the queries editor create.test.ts's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { formRows, matchingSuggestions } from '../../../src/tui/forms/formModel.js';
import { pickerStatus } from '../../../src/tui/forms/pickerText.js';
import { fakeSandbox, type FakeSandbox } from '../../fakeApi.js';
import { disposeDrivers, drive, driveClient, sampleRecords, type Driver } from '../driver.js';
import { form, picker, focused } from './driven.js';
import { fakeClient, type FakeClient } from '../fakeClient.js';
import { sandboxClient } from '../testing.js';

let sandboxes: FakeSandbox[] = [];
afterEach(async () => {
  disposeDrivers();
  for (const s of sandboxes) await s.close();
  sandboxes = [];
});

/** From a fresh dashboard: the SLO list, then the empty SLO form. */
async function newSloForm(d: Driver): Promise<void> {
  await d.until((v) => v.status.text.startsWith('slis · page 1') && v.status.loading === null, 'the SLIs');
  d.key('2');
  await d.until((v) => v.status.text.startsWith('slos · page 1') && v.status.loading === null, 'the SLOs');
  d.press('create');
}

const value = (d: Driver, row: string): string => form(d).editors[row]?.value ?? '';

/** Types into the focused field, then moves to the next one. */
function fill(d: Driver, ...values: string[]): void {
  for (const v of values) {
    d.type(v);
    d.press('form-next');
  }
}

describe('SLO form', () => {
  test('a full create with the SLI picker: sent, read back, and selected in the list', async () => {
    const sandbox = fakeSandbox();
    sandboxes.push(sandbox);
    const api = sandboxClient(sandbox);
    const d = driveClient(api, { columns: 120, rows: 40 });
    await newSloForm(d);
    // Every field of spec 2.2 is on the form.
    expect(formRows(form(d)).map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'name',
        'description',
        'service_level_indicator_id',
        'time_window_type',
        'time_window_value',
        'time_window_unit',
        'target_value',
        'target_unit',
        'interval',
        'on_missing_interval',
        'benchmark_operator',
        'benchmark_value',
      ]),
    );
    fill(d, 'Checkout ✓ 日本語 latency', 'made in a test');
    // The SLI: pick it from the list, searching by name.
    expect(focused(d)).toBe('service_level_indicator_id');
    d.press('form-pick');
    await d.until(() => picker(d) !== null && !picker(d)!.loading, 'the picker loaded');
    d.type('GATEWAY lat');
    await d.until(() => (picker(d)?.matches?.length ?? 0) > 0, 'the search narrowing the SLIs');
    const shown = picker(d)!.matches!.slice(0, 10);
    expect(shown.some((r) => String(r.name).startsWith('checkout-api'))).toBe(false);
    // The row the selection is on, as Enter takes it.
    const selected = picker(d)!.matches!.slice(picker(d)!.selected, picker(d)!.selected + 1)[0]!;
    expect(String(selected.name)).toMatch(/^payments-gateway latency/);
    const chosen = String(selected.id);
    d.press('picker-choose');
    expect(value(d, 'service_level_indicator_id')).toBe(chosen);
    d.press('form-next');
    fill(d, 'rolling', '30', 'days', '99.9', '%', '60', 'ignore', '>=');
    d.type('95.5');
    d.press('form-submit');
    await d.until(() => d.message().startsWith('Created SLO “Checkout ✓ 日本語 latency”'), 'the SLO created');

    const posts = sandbox.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/slos'));
    expect(posts).toHaveLength(1);
    const id = /\((slo-\d+)\)/.exec(d.message())?.[1];
    expect(id).toBeDefined();
    const record = await api.get('slos', id!);
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
    await d.until(
      (v) => v.status.loading === null && d.rows().some((r) => r.includes('Checkout ✓ 日本語 latency')),
      'the new SLO in the list',
    );
    const total = (await api.listPage('slos', { limit: 1 })).total;
    expect(d.status()).toMatch(new RegExp(`page (\\d+) of \\1 · total ${total}`));
    expect(d.view().selected?.record.id).toBe(id);
    d.press('details');
    await d.until((v) => v.body.kind === 'detail' && d.text().includes('service_level_indicator_id'), 'the details');
    expect(d.text()).toContain(id!);
  });

  test('the picker keeps PgDn presses made while a page loads', async () => {
    // Reads answer 150 ms late on the fake clock once `slow.on`: both presses come while the first page is on its way.
    const slow = { on: false };
    const client = fakeClient(sampleRecords());
    const { listPage, followPage } = client;
    const late = <T>(answer: () => Promise<T>) =>
      slow.on ? new Promise<T>((resolve, reject) => setTimeout(() => answer().then(resolve, reject), 150)) : answer();
    Object.assign(client, {
      listPage: (...a: Parameters<FakeClient['listPage']>) => late(() => listPage(...a)),
      followPage: (...a: Parameters<FakeClient['followPage']>) => late(() => followPage(...a)),
    });
    const d = drive({ client, columns: 120, rows: 40 });
    await newSloForm(d);
    d.press('form-next', 'form-next');
    expect(focused(d)).toBe('service_level_indicator_id');
    slow.on = true;
    d.press('form-pick');
    expect(picker(d)?.loading).toBe(true);
    d.key('PgDn', 'PgDn');
    await d.until(() => picker(d) !== null && pickerStatus(picker(d)!) === 'loaded 30 of 30', 'every SLI loaded');
  });

  test('suggests values other SLOs use, → takes one; the picker closes with Esc and an id can be typed by hand', async () => {
    const d = drive({ columns: 120, rows: 40 });
    await newSloForm(d);
    d.press('form-next', 'form-next', 'form-pick');
    expect(picker(d)).not.toBeNull();
    d.key('Esc');
    expect(picker(d)).toBeNull();
    expect(d.view().screen.kind).toBe('forms');
    d.type('sli-000002');
    d.press('form-next');
    // Time window type: the sample data's values are offered.
    const suggested = form(d).suggestions.time_window_type?.[0];
    expect(suggested).toBeTruthy();
    // Drawn right under the field it is for: formScreen.int.test.tsx.
    expect(matchingSuggestions(form(d), formRows(form(d))[form(d).focus])).toContain(suggested);
    d.key('→');
    expect(value(d, 'time_window_type')).toBe(suggested);
    // → again: the next value in use (the sample SLOs use two time window types), then back.
    d.key('→');
    expect(value(d, 'time_window_type')).not.toBe(suggested);
    expect(value(d, 'time_window_type')).toMatch(/^(rolling|calendar)$/);
    d.key('→');
    expect(value(d, 'time_window_type')).toBe(suggested);
    expect(value(d, 'service_level_indicator_id')).toBe('sli-000002');
  });
});
