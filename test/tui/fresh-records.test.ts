/**
 * One record, one truth (issue: records that are never stale): what a save
 * answers is what the details, names and the next form show, and a record
 * deleted here loses its name beside ids at once. Over the driver.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { focusedRow } from '../../src/tui/forms/formModel.js';
import type { FormState } from '../../src/tui/forms/formModel.js';
import { disposeDrivers, drive, type Driver } from './driver.js';

afterEach(disposeDrivers);

const formOf = (h: Driver): FormState => {
  const body = h.view().body;
  if (body.kind !== 'forms' || body.state.kind !== 'form') throw new Error(`no form open:\n${h.text()}`);
  return body.state.form;
};

/** Focuses the field, clears it and types the value. */
function fill(h: Driver, field: string, value: string): void {
  for (let i = 0; i < 30 && focusedRow(formOf(h))?.id !== field; i++) h.press('form-next');
  expect(focusedRow(formOf(h))?.id).toBe(field);
  for (let i = 0; i < 40; i++) h.key('Backspace');
  h.type(value);
}

async function openSlo(h: Driver, id: string): Promise<void> {
  h.key(':');
  h.type(`slo ${id}`);
  h.key('Enter');
  await h.until((v) => v.screen.kind === 'detail' && h.text().includes(id), `the details of ${id}`);
}

describe('after a save, every screen shows what the service now holds', () => {
  test('the details of an SLO saved in its form show the new target, its budget and the ladder at once', async () => {
    const h = drive();
    await h.settle();
    await openSlo(h, 'slo-000009');
    expect(h.text()).toContain('99.9');
    h.press('edit');
    await h.settle();
    fill(h, 'target_value', '99.99');
    h.press('form-submit');
    await h.until((v) => v.screen.kind === 'detail', 'the details again');
    await h.settle();
    expect(h.view().selected?.record.target_value).toBe('99.99');
    expect(h.text()).toMatch(/4m 19s of bad time/);
    expect(h.text()).toMatch(/▶ 99\.99 %/);
    expect(h.client.records.slos!.find((r) => r.id === 'slo-000009')!.target_value).toBe('99.99');
  });

  test('the next form starts from the saved record: typing the old value back is a change, and is sent', async () => {
    const h = drive();
    await h.settle();
    await openSlo(h, 'slo-000009');
    h.press('edit');
    await h.settle();
    fill(h, 'target_value', '99.99');
    h.press('form-submit');
    await h.until((v) => v.screen.kind === 'detail', 'the details again');
    await h.settle();
    h.press('edit');
    await h.settle();
    expect(formOf(h).editors.target_value?.value).toBe('99.99');
    fill(h, 'target_value', '99.9');
    const before = h.client.calls.filter((c) => c.startsWith('update')).length;
    h.press('form-submit');
    await h.until((v) => v.screen.kind === 'detail', 'the details again');
    await h.settle();
    expect(h.client.calls.filter((c) => c.startsWith('update')).length).toBe(before + 1);
    expect(h.client.records.slos!.find((r) => r.id === 'slo-000009')!.target_value).toBe('99.9');
  });
});

describe('a form whose record changed meanwhile says so before saving', () => {
  test('the first Ctrl+S says what is there now and sends nothing; the second saves over it', async () => {
    const h = drive();
    await h.settle();
    await openSlo(h, 'slo-000009');
    h.press('edit');
    await h.settle();
    fill(h, 'name', 'mine');
    // Meanwhile, elsewhere:
    const slos = h.client.records.slos!;
    const at = slos.findIndex((r) => r.id === 'slo-000009');
    slos[at] = { ...slos[at]!, target_value: '99.95' };
    const updates = () => h.client.calls.filter((c) => c.startsWith('update')).length;
    h.press('form-submit');
    await h.settle();
    expect(updates()).toBe(0);
    expect(formOf(h).topErrors).toEqual([
      'Changed by someone else since you opened it: target_value is now "99.95". Ctrl+S saves yours over it, Esc keeps theirs.',
    ]);
    h.press('form-submit');
    await h.until((v) => v.screen.kind === 'detail', 'the details again');
    expect(updates()).toBe(1);
    const saved = h.client.records.slos!.find((r) => r.id === 'slo-000009')!;
    expect(saved.name).toBe('mine');
    expect(saved.target_value).toBe('99.95');
  });
});
