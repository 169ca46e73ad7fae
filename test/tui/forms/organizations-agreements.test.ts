/**
 * The organization and agreement forms, generated from their registry
 * entries, over the dashboard driver (test/tui/driver.ts) and the sandbox's
 * API in memory (test/fakeApi.ts) through the real client: an organization
 * created, then an agreement that picks it with the organization picker and
 * adds SLOs with the SLO picker; both read back from the service.
 */
import { afterEach, expect, test } from 'vitest';
import { formRows } from '../../../src/tui/forms/formModel.js';
import { fakeSandbox, type FakeSandbox } from '../../fakeApi.js';
import { disposeDrivers, driveClient, type Driver } from '../driver.js';
import { form, picker, focused } from './driven.js';
import { sandboxClient } from '../testing.js';

let sandbox: FakeSandbox | undefined;
afterEach(async () => {
  disposeDrivers();
  await sandbox?.close();
  sandbox = undefined;
});

const value = (d: Driver, row: string): string => form(d).editors[row]?.value ?? '';
const createdId = (message: string, prefix: string): string | undefined =>
  new RegExp(`\\((${prefix}-\\d+)\\)`).exec(message)?.[1];
/** The record the picker's selection is on. */
const selectedInPicker = (d: Driver) => {
  const p = picker(d)!;
  return (p.matches ? p.matches.slice(p.selected, p.selected + 1)[0] : p.records[p.selected])!;
};

test('an organization, then an agreement on it with two SLOs picked from lists', async () => {
  sandbox = fakeSandbox();
  const api = sandboxClient(sandbox);
  const d = driveClient(api, { columns: 120, rows: 40 });
  await d.until((v) => v.status.text.startsWith('slis · page 1') && v.status.loading === null, 'the SLIs');

  d.key('3');
  await d.until((v) => v.status.text.startsWith('organizations · page 1'), 'the organization list');
  d.press('create');
  d.type('Night Shift Ops');
  d.press('form-next');
  d.type('the people who answer at 3 a.m.');
  d.press('form-submit');
  await d.until(() => d.message().startsWith('Created organization “Night Shift Ops”'), 'the organization created');
  const orgId = createdId(d.message(), 'org');
  expect(orgId).toBeDefined();
  expect(await api.get('organizations', orgId!)).toMatchObject({
    name: 'Night Shift Ops',
    description: 'the people who answer at 3 a.m.',
  });

  d.key('4');
  await d.until((v) => v.status.text.startsWith('agreements · page 1'), 'the agreement list');
  d.press('create');
  expect(form(d).def.name).toBe('agreements');
  expect(formRows(form(d)).map((r) => r.id)).toEqual(
    expect.arrayContaining(['name', 'description', 'organization_id', 'slo_ids']),
  );
  d.type('Night Shift SLA');
  d.press('form-next', 'form-next');
  // The organization: picked by name from the list.
  expect(focused(d)).toBe('organization_id');
  d.press('form-pick');
  await d.until(() => picker(d)?.resource === 'organizations' && !picker(d)!.loading, 'the organization picker');
  d.type('night shift');
  await d.until(() => String(selectedInPicker(d)?.name) === 'Night Shift Ops', 'the new organization found');
  d.press('picker-choose');
  expect(value(d, 'organization_id')).toBe(orgId);
  // The SLOs: two picks add to the list of ids.
  d.press('form-next', 'form-pick');
  await d.until(() => picker(d)?.resource === 'slos' && !picker(d)!.loading, 'the SLO picker');
  d.press('picker-choose');
  expect(value(d, 'slo_ids').match(/slo-\d+/g)).toHaveLength(1);
  d.press('form-pick');
  await d.until(() => picker(d)?.resource === 'slos' && !picker(d)!.loading, 'the SLO picker again');
  d.press('down', 'picker-choose');
  const sloIds = value(d, 'slo_ids').match(/slo-\d+/g)!;
  expect(sloIds).toHaveLength(2);
  expect(new Set(sloIds).size).toBe(2);
  d.press('form-submit');

  await d.until(() => d.message().startsWith('Created agreement “Night Shift SLA”'), 'the agreement created');
  expect(sandbox.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/agreements'))).toHaveLength(1);
  const agreementId = createdId(d.message(), 'agr');
  expect(await api.get('agreements', agreementId!)).toMatchObject({
    name: 'Night Shift SLA',
    organization_id: orgId,
    slo_ids: sloIds,
  });
});
