/**
 * What the form draws, and the form against the sandbox. Through Ink
 * (test/tui/drawn.ts over the driver, or the dashboard on the sandbox over
 * TLS): the service's field message whole under the form at 80 columns,
 * "Saving…" while a save is in flight (and no second create), the discard
 * question whole at 80 columns, and the delete question saying what uses the
 * record. From the view model, a connection dropped on the socket keeps the
 * form and its contents. A 400 on its field, a 500 and edit in $EDITOR are
 * failures-edit.test.ts's (the driver over the sandbox's API in memory);
 * editing, deleting and read-only over a fake client edit-delete.test.ts's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { textWidth } from '../../../src/text/width.js';
import { drawn } from '../drawn.js';
import { disposeDrivers, drive, driveClient, sampleRecords, type Driver } from '../driver.js';
import { fakeClient, type FakeClient } from '../fakeClient.js';
import { dashboardFixture, flat, KEYS, sandboxClient, waitForText } from '../helpers.js';
import { closeServices, onService, showOrganizations } from '../onService.js';
import { form } from './driven.js';
import { FORM_KEYS, plain, renderForms, requestsOf, openNewSloForm } from './helpers.js';

const fx = dashboardFixture(renderForms);
const open = fx.open;
afterEach(closeServices);

const said = (d: Driver, text: string) => d.until(() => flat(d.message()).includes(text), text);

describe('failures keep the form', () => {
  test("at 80 columns the server's field message is shown whole under the form", async () => {
    const d = open({ columns: 80, rows: 24 });
    await openNewSloForm(d);
    for (const v of ['ghost sli slo', '', 'sli-999999', 'rolling', '7', 'days']) {
      d.type(v);
      d.press(KEYS.tab);
    }
    d.type('99');
    d.press(FORM_KEYS.ctrlS);
    const frame = await waitForText(d, 'The service refused the form');
    expect(plain(frame).split('\n')).toContain('SLI: No SLI has the id sli-999999.');
    for (const line of plain(frame).split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  test('a dropped connection keeps the form and its contents; Ctrl+S again retries', async () => {
    // Read from the view model (test/tui/driver.ts): the socket's fault is what this test is for.
    const client = sandboxClient(fx.sandbox);
    const d = driveClient(client, { realTimers: true, columns: 120, rows: 40 });
    try {
      await d.until((v) => v.status.text.startsWith('slis · page 1') && v.status.loading === null, 'the SLIs');
      d.key('3');
      await d.until(
        (v) => v.status.text.startsWith('organizations · page 1') && v.status.loading === null,
        'the organizations',
      );
      d.press('create');
      const name = 'kept through a dropped connection';
      d.type(name);
      d.press('form-next');
      d.type('a description');
      fx.sandbox.setFaults({ resetRate: 1 });
      d.press('form-submit');
      await d.until(
        () => form(d).topErrors.some((e) => e.endsWith('What you typed is kept: press Ctrl+S to try again.')),
        'the failure said',
      );
      expect(form(d).editors.name?.value).toBe(name);
      expect(form(d).editors.description?.value).toBe('a description');
      fx.sandbox.setFaults({});
      d.press('form-submit');
      await d.until(() => d.message().startsWith(`Created organization “${name}”`), 'the organization created');
      const created = requestsOf(fx.sandbox, 'POST', '/v1/organizations').filter(
        (r) => (r.body as { name?: string }).name === name,
      );
      expect(created.length).toBeGreaterThanOrEqual(1);
    } finally {
      disposeDrivers();
      await client.close();
    }
  });

  test('no double submit: save twice while the first is in flight sends one create', async () => {
    // The fake client's create answers 400 ms late, on the fake clock.
    const client = fakeClient(sampleRecords());
    const create = client.create.bind(client);
    Object.assign(client, {
      create: (...a: Parameters<FakeClient['create']>) =>
        new Promise((resolve, reject) => setTimeout(() => create(...a).then(resolve, reject), 400)),
    });
    const d = drive({ client, columns: 120, rows: 40 });
    await d.until((v) => v.status.text.startsWith('slis · page 1'), 'the SLIs');
    await showOrganizations(d);
    d.press('create');
    d.type('only once');
    d.press('form-submit', 'form-submit');
    expect(form(d).submitting).toBe(true);
    expect(drawn(d)).toContain('Saving…');
    d.press('form-submit');
    d.key('Enter');
    await said(d, 'Created organization “only once”');
    expect(client.calls.filter((c) => c === 'create organizations')).toHaveLength(1);
  });
});

describe('the discard question', () => {
  test('drawn whole at 80 columns; Enter alone means no: the form and its text stay', async () => {
    const d = await onService({ columns: 80, rows: 40 });
    await showOrganizations(d);
    d.press('create');
    d.type('kept on enter');
    d.press('form-cancel');
    expect(form(d).confirmDiscard).toBe(true);
    const frame = drawn(d);
    expect(flat(frame)).toContain(
      'Discard what you typed? [y/N] y discards it · n, Esc or Enter goes back to the form',
    );
    for (const line of frame.split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(80);
    d.key('Enter');
    expect(form(d).confirmDiscard).toBe(false);
    expect(form(d).editors.name?.value).toBe('kept on enter');
    expect(d.message()).not.toContain('nothing was sent');
  });
});

describe('delete of a record others refer to', () => {
  test('the question says what uses it ("used by 2 SLOs"); Enter alone still keeps it', async () => {
    const d = await onService({ columns: 120, rows: 40 });
    const sli = await d.api.create('slis', { name: 'measured twice', type: 'latency' });
    const slo = { time_window_type: 'rolling', time_window_value: '7', time_window_unit: 'days', target_value: '99' };
    await d.api.create('slos', { name: 'first user', service_level_indicator_id: sli.id, ...slo });
    await d.api.create('slos', { name: 'second user', service_level_indicator_id: sli.id, ...slo });
    // Made behind the dashboard's back: read the list again.
    d.press('reload');
    await d.until((v) => v.status.text.includes('total 31') && v.status.loading === null, 'the list read again');
    d.press('last-page');
    await d.until(() => d.rows().some((r) => r.startsWith('measured twice')), 'the last page');
    while (d.view().selected?.record.id !== sli.id) d.press('down');
    d.press('delete');
    await d.until(() => {
      const screen = d.view().screen;
      return screen.kind === 'forms' && screen.state.kind === 'delete' && screen.state.usedBy?.state === 'found';
    }, 'what uses it');
    const frame = flat(drawn(d));
    expect(frame).toContain(`Delete SLI “measured twice” (${sli.id})? [y/N]`);
    expect(frame).toContain('This SLI is used by 2 SLOs.');
    d.key('Enter');
    expect(d.message()).toBe('Nothing was deleted.');
    expect(requestsOf(d.sandbox, 'DELETE', `/v1/slis/${sli.id}`)).toHaveLength(0);
  });
});
