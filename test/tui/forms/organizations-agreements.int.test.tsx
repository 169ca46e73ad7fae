/**
 * The organization and agreement forms, generated from their registry
 * entries: an organization created, then an agreement that picks it with the
 * organization picker and adds SLOs with the SLO picker; both read back.
 */
import { expect, test } from 'vitest';
import {
  dashboardFixture,
  KEYS,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  waitForWords,
} from '../helpers.js';
import { FORM_KEYS, fieldLine, plain, renderForms, requestsOf } from './helpers.js';

const fx = dashboardFixture(renderForms);
const open = fx.open;

const createdId = (frame: string, prefix: string): string | undefined =>
  new RegExp(`\\((${prefix}-\\d+)\\)`).exec(plain(frame))?.[1];

test('an organization, then an agreement on it with two SLOs picked from lists', async () => {
  const d = open();
  await waitForPage(d, 1);

  d.press('3');
  await waitForFrame(d, (f) => statusLineOf(f).startsWith('organizations · page 1'), 'the organization list');
  d.press('c');
  await waitForText(d, 'New organization');
  d.type('Night Shift Ops');
  d.press(KEYS.tab);
  d.type('the people who answer at 3 a.m.');
  d.press(FORM_KEYS.ctrlS);
  const orgFrame = await waitForWords(d, 'Created organization “Night Shift Ops”');
  const orgId = createdId(orgFrame, 'org');
  expect(orgId).toBeDefined();
  expect(await d.client.get('organizations', orgId!)).toMatchObject({
    name: 'Night Shift Ops',
    description: 'the people who answer at 3 a.m.',
  });

  d.press('4');
  await waitForFrame(d, (f) => statusLineOf(f).startsWith('agreements · page 1'), 'the agreement list');
  d.press('c');
  await waitForText(d, 'New agreement');
  for (const label of ['Name *', 'Description', 'Organization *', 'SLOs'])
    expect(fieldLine(d.lastFrame(), label), label).not.toBe('');
  d.type('Night Shift SLA');
  d.press(KEYS.tab, KEYS.tab);
  // The organization: picked by name from the list.
  await waitForFrame(d, (f) => fieldLine(f, 'Organization *').startsWith('› '), 'the organization field focused');
  d.press(FORM_KEYS.ctrlP);
  await waitForText(d, 'Pick an organization');
  d.type('night shift');
  await waitForFrame(d, (f) => /› Night Shift Ops/.test(plain(f)), 'the new organization found');
  d.press(KEYS.enter);
  await waitForFrame(d, (f) => fieldLine(f, 'Organization *').includes(orgId!), 'the picked organization id');
  // The SLOs: two picks add to the list of ids.
  d.press(KEYS.tab, FORM_KEYS.ctrlP);
  await waitForText(d, 'Pick an SLO', 'loaded ');
  d.press(KEYS.enter);
  await waitForFrame(d, (f) => /slo-\d+/.test(fieldLine(f, 'SLOs')), 'the first SLO id');
  d.press(FORM_KEYS.ctrlP);
  await waitForText(d, 'Pick an SLO', 'loaded ');
  d.press(KEYS.down, KEYS.enter);
  const picked = await waitForFrame(
    d,
    (f) => (fieldLine(f, 'SLOs').match(/slo-\d+/g) ?? []).length === 2,
    'two SLO ids',
  );
  const sloIds = fieldLine(picked, 'SLOs').match(/slo-\d+/g)!;
  expect(new Set(sloIds).size).toBe(2);
  d.press(FORM_KEYS.ctrlS);

  const frame = await waitForWords(d, 'Created agreement “Night Shift SLA”');
  expect(requestsOf(fx.sandbox, 'POST', '/v1/agreements')).toHaveLength(1);
  const agreementId = createdId(frame, 'agr');
  expect(await d.client.get('agreements', agreementId!)).toMatchObject({
    name: 'Night Shift SLA',
    organization_id: orgId,
    slo_ids: sloIds,
  });
});
