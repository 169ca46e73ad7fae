/**
 * The whole list at hand through Ink, on a sandbox of 5,030 SLIs: what a
 * slow or failing server does to the gathering (Esc stops it, a list held in
 * part says so, used-by when records cannot be read) and the SLO form's
 * picker. Finding, sorting, relations and copying over a fake client are
 * whole-list.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import {
  dashboardFixture,
  KEYS,
  renderDashboard,
  waitForFrame,
  waitForPage,
  waitForText,
  waitForWords,
} from './helpers.js';
import { FORM_KEYS, fieldLine, openNewSloForm, plain } from './forms/helpers.js';

const fx = dashboardFixture(renderDashboard, { seed: 5000 });
const open = fx.open;

describe('the whole list', () => {
  test('Esc with no filter set stops a gathering under way; what is held stays, / gathers again', async () => {
    const d = open();
    await waitForPage(d, 1);
    // Slow pages: the gathering is still under way when Esc comes.
    fx.sandbox.setFaults({ latencyMs: 100 });
    d.press('o');
    await waitForFrame(d, (f) => /gathering [\d,]+ of 5,030 SLIs/.test(f), 'the gathering under way');
    d.press(KEYS.escape);
    const frame = await waitForText(d, 'Stopped gathering SLIs:', 'gathering stopped at');
    expect(frame).not.toMatch(/gathering [\d,]+ of 5,030 SLIs/);
    fx.sandbox.setFaults({});
    d.press('/');
    d.type('svc-04990');
    await waitForText(d, '1 of 5,030 match');
  });

  test('a list held only in part says so whole where the matches would be, not "no match": past indexMaxRecords, and after a failed page (r gathers again)', async () => {
    const capped = open({ settings: { indexMaxRecords: 1000 }, columns: 80 });
    await waitForPage(capped, 1);
    capped.press('/');
    capped.type('svc-04990');
    let frame = await waitForWords(
      capped,
      'None of the 1,000 SLIs held match “svc-04990”.',
      "Only the first 1,000 of 5,030 SLIs are held for filtering and sorting (the profile's indexMaxRecords); raise it to hold them all.",
    );
    expect(frame).not.toContain('No SLIs match');
    for (const line of plain(frame).split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    capped.unmount();

    const d = open();
    await waitForPage(d, 1);
    fx.sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    d.press('/');
    d.type('svc-04990');
    frame = await waitForWords(
      d,
      'None of the 0 SLIs gathered match “svc-04990”.',
      'HTTP 500',
      'Enter, then r, gathers them again; Esc clears the filter.',
    );
    expect(frame).not.toContain('No SLIs match');
    fx.sandbox.setFaults({});
    d.press(KEYS.enter);
    d.press('r');
    await waitForText(d, '1 of 5,030 match', 'svc-04990 latency p95');
  });

  test('u when the records it needs cannot be read: says so and how to try again, never "gathering" for ever', async () => {
    const d = open();
    await waitForPage(d, 1);
    fx.sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    d.press('u');
    const frame = await waitForWords(
      d,
      'SLI checkout-api availability (sli-000001): used by nothing found',
      'Not every record it may relate to could be read. Esc and u try again.',
    );
    expect(frame).not.toContain('Gathering the records');
    fx.sandbox.setFaults({});
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => !f.includes('Not every record'), 'used-by closed');
    d.press('u');
    await waitForWords(d, 'SLI checkout-api availability (sli-000001): used by 1 SLO');
  });

  test("the SLO form's SLI picker: typing a name finds the SLI on page 200 of its pages; PgDn still pages", async () => {
    const d = open();
    await openNewSloForm(d);
    d.press(KEYS.tab, KEYS.tab);
    await waitForFrame(d, (f) => fieldLine(f, 'SLI *').startsWith('› '), 'the SLI field focused');
    d.press(FORM_KEYS.ctrlP);
    await waitForText(d, 'Pick an SLI', 'loaded ');
    d.press(KEYS.pageDown);
    await waitForText(d, 'loaded 50 of 5030');
    d.type('svc-04990 latency');
    const frame = await waitForText(d, '1 of 5,030 match', '› svc-04990 latency p95');
    expect(plain(frame)).toContain('sli-005020');
    d.press(KEYS.enter);
    await waitForFrame(d, (f) => fieldLine(f, 'SLI *').includes('sli-005020'), 'the picked id in the field');
  });
});
