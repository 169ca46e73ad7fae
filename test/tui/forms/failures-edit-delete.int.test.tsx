/**
 * The form against the sandbox: through Ink, the service's field message
 * drawn whole under the form at 80 columns; from the view model, a connection
 * dropped on the socket keeps the form and its contents. A 400 on its field, a 500, no double
 * submit, the discard and delete questions and edit in $EDITOR are
 * failures-edit.test.ts's (the driver over the sandbox's API in memory);
 * editing, deleting and read-only over a fake client edit-delete.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import { disposeDrivers, driveClient } from '../driver.js';
import { dashboardFixture, KEYS, sandboxClient, waitForText } from '../helpers.js';
import { FORM_KEYS, plain, renderForms, requestsOf, openNewSloForm } from './helpers.js';

const fx = dashboardFixture(renderForms);
const open = fx.open;

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
      const form = () => {
        const screen = d.view().screen;
        if (screen.kind !== 'forms' || screen.state.kind !== 'form') throw new Error(`no form but ${screen.kind}`);
        return screen.state.form;
      };
      await d.until(
        () => form().topErrors.some((e) => e.endsWith('What you typed is kept: press Ctrl+S to try again.')),
        'the failure said',
      );
      expect(form().editors.name?.value).toBe(name);
      expect(form().editors.description?.value).toBe('a description');
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
});
