/**
 * Found without reading: the hint bar shows, for the screen and the width,
 * the keys that matter most there (the relations and copy keys included),
 * dropping the least useful first; forms go round with Tab and Shift+Tab.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { fitHints } from '../../src/tui/view/hints.js';
import { focusedRow } from '../../src/tui/forms/formModel.js';
import { disposeDrivers, drive } from './driver.js';

afterEach(disposeDrivers);

const labels = (width: number, h: ReturnType<typeof drive>) =>
  fitHints(h.view().hints, width).map((x) => `${x.key} ${x.label}`);

describe('the hint bar', () => {
  test('at 80 columns the list keeps help, quit, details, filter, create, edit and delete; paging goes first', async () => {
    const h = drive();
    await h.settle();
    const shown = labels(80, h);
    for (const hint of ['? help', 'q quit', 'Enter details', '/ filter', 'c create', 'e edit', 'd delete'])
      expect(shown).toContain(hint);
    expect(shown.join('  ').length).toBeLessThanOrEqual(80);
    expect(shown).not.toContain('g first');
  });

  test('at 160 columns the new powers show too: used by, relations, sort, copy', async () => {
    const h = drive();
    await h.settle();
    const shown = labels(160, h);
    for (const hint of ['u used by', 'x relations', 'o sort', 'y copy id']) expect(shown).toContain(hint);
  });

  test('hints keep their own order whatever was dropped', async () => {
    const h = drive();
    await h.settle();
    const all = h.view().hints.map((b) => b.id);
    const kept = fitHints(h.view().hints, 80).map((x) => x.label);
    const order = h
      .view()
      .hints.filter((b) => kept.includes(b.hint ?? ''))
      .map((b) => b.id);
    expect(order).toEqual(all.filter((id) => order.includes(id)));
  });
});

describe('forms go round', () => {
  test('Tab on the last field goes to the first, Shift+Tab on the first to the last', async () => {
    const h = drive();
    await h.settle();
    h.press('create');
    await h.settle();
    const body = () => {
      const b = h.view().body;
      if (b.kind !== 'forms' || b.state.kind !== 'form') throw new Error(h.text());
      return b.state.form;
    };
    const first = focusedRow(body())?.id;
    h.press('form-prev');
    const last = focusedRow(body())?.id;
    expect(last).not.toBe(first);
    h.press('form-next');
    expect(focusedRow(body())?.id).toBe(first);
  });
});
