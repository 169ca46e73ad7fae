/**
 * `[` and `]`: back and forward through the screens visited, as a browser
 * does, over the dashboard driver. A list comes back with its filter and
 * selection; details come back on their record.
 */
import { afterEach, expect, test } from 'vitest';
import { disposeDrivers, drive } from './driver.js';

afterEach(disposeDrivers);

test('back through details and lists, then forward again; a new visit forgets the way forward', async () => {
  const d = drive();
  await d.settle();
  d.press('filter');
  d.type('latency');
  d.press('filter-keep');
  await d.settle();
  const filtered = d.rows();
  d.press('down');
  const selected = d.view().selected!.record.id;
  d.press('details');
  await d.settle();
  d.key('2');
  await d.settle();
  expect(d.status()).toMatch(/^slos · /);

  d.key('[');
  await d.settle();
  expect(d.view().screen.kind).toBe('detail');
  const body = d.view().body;
  expect(body.kind === 'detail' && body.title).toContain('latency');
  d.key('[');
  await d.settle();
  expect(d.view().screen.kind).toBe('list');
  expect(d.rows()).toEqual(filtered);
  expect(d.view().selected?.record.id).toBe(selected);

  d.key(']', ']');
  await d.settle();
  expect(d.status()).toMatch(/^slos · /);
  // Nothing further forward: ] stays.
  d.key(']');
  expect(d.status()).toMatch(/^slos · /);

  d.key('[', '[');
  d.key('3');
  await d.settle();
  d.key(']');
  expect(d.status()).toMatch(/^organizations · /);
});

test('a list comes back as it was left, though its filter, order and selection were changed since', async () => {
  const d = drive();
  await d.settle();
  d.press('filter');
  d.type('latency');
  d.press('filter-keep');
  await d.until((v) => v.status.text.includes('match') && !/gathering/.test(v.status.text), 'the matches');
  d.press('sort');
  d.press('down');
  await d.settle();
  const left = { rows: d.rows(), status: d.status(), selected: d.view().selected?.record.id };
  d.key('2');
  await d.settle();
  d.key('1');
  await d.settle();
  // Changed since: another filter, the service's order, another row.
  d.press('filter');
  d.press('filter-cancel');
  d.press('filter');
  d.type('availability');
  d.press('filter-keep');
  d.press('sort');
  d.press('sort');
  await d.settle();
  expect(d.rows()).not.toEqual(left.rows);

  d.key('[', '[');
  await d.settle();
  expect(d.status()).toMatch(/^slis · /);
  expect(d.rows()).toEqual(left.rows);
  expect(d.status()).toBe(left.status);
  expect(d.view().selected?.record.id).toBe(left.selected);
  // Forward again: the list as it was when [ left it.
  d.key(']', ']');
  await d.settle();
  expect(d.rows().every((row) => /availability/.test(row))).toBe(true);
});
