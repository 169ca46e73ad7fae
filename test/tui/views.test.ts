/**
 * settings.yaml's `views:`: a list's columns chosen and ordered, built-in ones
 * by header and `HEADER:.field` ones; what cannot be used is said and that
 * list keeps its columns. Over the dashboard driver, and the check alone.
 */
import { afterEach, expect, test } from 'vitest';
import { REGISTRY } from '../../src/presentation/resources.js';
import { withViews } from '../../src/presentation/views.js';
import { UserSettingsStore } from '../../src/tui/state/userSettings.js';
import { disposeDrivers, drive } from './driver.js';

afterEach(disposeDrivers);

const headerOf = (text: string) => text.split('\n').find((line) => /^NAME|^ID/.test(line)) ?? '';

test("a view's columns, in its order, with a field column; the other lists as shipped", async () => {
  const userSettings = new UserSettingsStore({ views: { slis: { columns: ['ID', 'name', 'KIND:.type'] } } });
  const d = drive({ services: { userSettings } });
  await d.settle();
  expect(headerOf(d.text())).toMatch(/^ID\s+NAME\s+KIND\s*$/);
  expect(d.rows()[0]).toMatch(/^sli-000001\s+checkout-api availability\s+availability/);
  d.key('2');
  await d.settle();
  expect(headerOf(d.text())).toMatch(/^NAME\s+TARGET/);
});

test('an unknown resource or column is a problem with a did-you-mean; that list keeps its columns', () => {
  const r = withViews(REGISTRY, { slis: { columns: ['NAM', 'TYPE'] }, sloz: { columns: ['NAME'] } });
  expect(r.problems.map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
    'views.slis.columns.0: "NAM" is neither a column of SLIs nor HEADER:.field (did you mean "NAME"?)',
    'views.sloz: no resource is called "sloz" (did you mean "slos"?)',
  ]);
  expect(r.registry.get('slis').columns).toBe(REGISTRY.get('slis').columns);
});
