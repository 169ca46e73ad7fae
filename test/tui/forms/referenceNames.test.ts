/**
 * Forms name the records their reference fields hold, as lists show names
 * beside ids: the dashboard reads the names a form needs when it opens. How
 * the form screen draws them is formScreen.int.test.tsx's.
 */
import { afterEach, expect, test } from 'vitest';
import { disposeDrivers, drive } from '../driver.js';

afterEach(disposeDrivers);

test('the dashboard reads the names of the records a form refers to when it opens', async () => {
  const h = drive();
  await h.settle();
  h.key('2');
  await h.settle();
  h.press('edit');
  await h.settle();
  const body = h.view().body;
  if (body.kind !== 'forms') throw new Error(h.text());
  expect(body.names.name('slis', 'sli-000001')).toBe('checkout-api availability');
});
