/**
 * The form through Ink against the sandbox: the service's field message drawn
 * whole under the form at 80 columns, and a connection dropped on the socket
 * keeps the form and its contents. A 400 on its field, a 500, no double
 * submit, the discard and delete questions and edit in $EDITOR are
 * failures-edit.test.ts's (the driver over the sandbox's API in memory);
 * editing, deleting and read-only over a fake client edit-delete.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import {
  type Dashboard,
  dashboardFixture,
  KEYS,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  waitForWords,
} from '../helpers.js';
import { FORM_KEYS, fieldLine, plain, renderForms, requestsOf, openNewSloForm } from './helpers.js';

const fx = dashboardFixture(renderForms);
const open = fx.open;

async function orgs(d: Dashboard): Promise<void> {
  await waitForPage(d, 1);
  d.press('3');
  await waitForFrame(
    d,
    (f) => statusLineOf(f).startsWith('organizations · page 1') && !/loading/i.test(statusLineOf(f)),
    'the organizations',
  );
}

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
    const d = open();
    await orgs(d);
    d.press('c');
    await waitForText(d, 'New organization');
    const name = 'kept through a dropped connection';
    d.type(name);
    d.press(KEYS.tab);
    d.type('a description');
    fx.sandbox.setFaults({ resetRate: 1 });
    d.press(FORM_KEYS.ctrlS);
    const frame = await waitForWords(d, 'What you typed is kept: press Ctrl+S to try again.');
    expect(fieldLine(frame, 'Name *')).toContain(`[${name}`);
    expect(fieldLine(frame, 'Description')).toContain('[a description');
    fx.sandbox.setFaults({});
    d.press(FORM_KEYS.ctrlS);
    await waitForWords(d, `Created organization “${name}”`);
    const created = requestsOf(fx.sandbox, 'POST', '/v1/organizations').filter(
      (r) => (r.body as { name?: string }).name === name,
    );
    expect(created.length).toBeGreaterThanOrEqual(1);
  });
});
