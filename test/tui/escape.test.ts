/**
 * Esc then a key typed within the terminal's escape wait arrives as Alt+key
 * (ESC and the key in one read): no binding is an Alt key, so it acts as
 * Esc, then the key, and neither is lost.
 */
import { afterEach, expect, test } from 'vitest';
import { keyWith } from '../../src/tui/input/router.js';
import { disposeDrivers, drive } from './driver.js';

afterEach(disposeDrivers);

test('Esc then j in one read: the filter closes, then the selection moves down', async () => {
  const d = drive();
  await d.until((v) => v.status.text.startsWith('slis · page 1'), 'the SLIs');
  const first = d.view().selected?.record.id;
  d.press('filter');
  d.type('x');
  expect(d.view().bottom.kind).toBe('input');
  d.dashboard.handleInput('j', keyWith({ meta: true }));
  expect(d.view().bottom.kind).toBe('message');
  await d.settle();
  expect(d.view().selected?.record.id).not.toBe(first);
  expect(d.rows().length).toBeGreaterThan(1);
});
