/**
 * settings.yaml's `views:`: a list's columns chosen and ordered, built-in ones
 * by header and `HEADER:.field` ones; what cannot be used is said and that
 * list keeps its columns. Over the dashboard driver, and the check alone.
 */
import { afterEach, expect, test } from 'vitest';
import { checkSettingsText, problemLine } from '../../src/config/userSettings.js';
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

test('a column given twice, or two under one header, is a problem at the second; that list keeps its columns', () => {
  const r = withViews(REGISTRY, {
    slis: { columns: ['NAME', 'ID', 'name'] },
    slos: { columns: ['NAM', 'BENCH:.benchmark_value', 'TARGET', 'bench:.benchmark_operator'] },
  });
  expect(r.problems.map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
    'views.slis.columns.2: "name" is columns.0 again; give each column once, under a header of its own',
    'views.slos.columns.0: "NAM" is neither a column of SLOs nor HEADER:.field (did you mean "NAME"?)',
    'views.slos.columns.3: "bench:.benchmark_operator" has the header of columns.1; give each column once, under a header of its own',
  ]);
  expect(r.registry.get('slis').columns).toBe(REGISTRY.get('slis').columns);
  expect(r.registry.get('slos').columns).toBe(REGISTRY.get('slos').columns);
  // Distinct headers over the same kind of value are fine.
  const fine = withViews(REGISTRY, { slos: { columns: ['BENCH:.benchmark_value', 'OP:.benchmark_operator'] } });
  expect(fine.problems).toEqual([]);
});

test("a view's sort: a column of its list by header or id, :asc by default; what is not one is a problem", () => {
  const r = withViews(REGISTRY, {
    slos: { sort: 'TARGET:desc' },
    slis: { columns: ['ID', 'NAME'], sort: 'name' },
    organizations: { sort: 'TARGT' },
    agreements: { columns: ['NAME'], sort: 'ID' },
  });
  expect(r.sorts).toEqual({
    slos: { column: 'target', descending: true },
    slis: { column: 'name', descending: false },
  });
  expect(r.problems.map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
    `views.organizations.sort: "TARGT" is not a column of the ${REGISTRY.get('organizations').title} list`,
    `views.agreements.sort: "ID" is not a column of the ${REGISTRY.get('agreements').title} list`,
  ]);
  expect(checkSettingsText('views:\n  slos:\n    sort: "TARGET:down"\n').problems.map(problemLine)).toEqual([
    'settings.yaml:3:11: views.slos.sort: a sort is COLUMN, COLUMN:asc or COLUMN:desc',
  ]);
});

test("a list opens in its view's order; an order chosen with o stays when the list is shown again", async () => {
  const userSettings = new UserSettingsStore({ views: { slis: { sort: 'NAME:desc' } } });
  const d = drive({ services: { userSettings } });
  await d.until((v) => v.status.text.includes('sorted by NAME ↓') && !/gathering/.test(v.status.text), 'sorted');
  const names = d.rows().map((row) => row.split(/\s{2,}/)[0]!);
  expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
  d.press('sort');
  await d.settle();
  expect(d.status()).not.toContain('sorted by NAME ↓');
  const chosen = /sorted by \S+ ./.exec(d.status())?.[0];
  d.key('2');
  await d.settle();
  d.key('1');
  await d.settle();
  expect(d.status()).toContain(chosen ?? 'server order');
});

test('views saved while the dashboard runs: the columns and the order change at once, and a problem is said', async () => {
  const userSettings = new UserSettingsStore();
  const d = drive({ services: { userSettings } });
  await d.settle();
  expect(headerOf(d.text())).toMatch(/^NAME\s+TYPE/);
  const reload = (views: Record<string, { columns?: string[]; sort?: string }>) =>
    userSettings.reload({ loaded: { file: 'settings.yaml', exists: true, settings: { views }, problems: [] } });
  reload({ slis: { columns: ['ID', 'NAME'], sort: 'ID:desc' } });
  await d.until((v) => v.status.text.includes('sorted by ID ↓'), 'sorted by the new view');
  expect(headerOf(d.text())).toMatch(/^ID ↓\s+NAME\s*$/);
  await d.until((v) => !/gathering/.test(v.status.text), 'gathered');
  expect(d.rows()[0]).toMatch(/^sli-000030/);
  // The view's order gone from the file: the list goes back to the service's order.
  reload({ slis: { columns: ['ID', 'NAME'] } });
  await d.settle();
  expect(d.status()).not.toContain('sorted by');
  reload({ slis: { columns: ['ID', 'NAM'] } });
  expect(d.message()).toMatch(/views\.slis\.columns\.1: "NAM" is neither a column/);
  expect(headerOf(d.text())).toMatch(/^NAME\s+TYPE/);
});
