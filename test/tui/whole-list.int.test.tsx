/**
 * The whole list at hand, on a sandbox of 5,030 SLIs (280 pages of 18 on a
 * 24-row terminal): `/` finds a record on a late page, `o`/`O` sort the
 * whole list, `:slo ID` opens a record, `u`/`x` follow relations, `y`/`Y`
 * copy.
 */
import { describe, expect, test } from 'vitest';
import {
  dashboardFixture,
  KEYS,
  renderDashboard,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  waitForWords,
} from './helpers.js';
import { FORM_KEYS, fieldLine, openNewSloForm, plain } from './forms/helpers.js';

const fx = dashboardFixture(renderDashboard, { seed: 5000 });
const open = fx.open;

describe('the whole list', () => {
  test('/ finds a record on a late page: "N of M match" while it gathers, Enter keeps it and n pages through the matches', async () => {
    const d = open();
    await waitForPage(d, 1);
    expect(statusLineOf(d.lastFrame())).toContain('page 1 of 280');
    d.press('/');
    d.type('svc-04990');
    // The matches grow as the SLIs are gathered; at the end, one of all 5,030.
    const found = await waitForText(d, '1 of 5,030 match', 'svc-04990 latency p95');
    expect(found).toContain('sli-005020');
    d.press(KEYS.enter);
    await waitForText(d, 'Filter “svc-04990” over the whole list');
    d.press(KEYS.enter);
    await waitForText(d, 'SLI svc-04990 latency p95');
    d.press(KEYS.escape);
    await waitForText(d, 'NAME', 'Filter “svc-04990”');
    // A wider filter pages through its matches.
    d.press('/');
    d.press(KEYS.backspace);
    d.press(KEYS.enter);
    let frame = await waitForText(d, '10 of 5,030 match');
    expect(statusLineOf(frame)).toMatch(/^slis · page 1 of 1 · 10 of 5,030 match/);
    d.press('/');
    d.press(KEYS.backspace);
    d.press(KEYS.enter);
    frame = await waitForText(d, '100 of 5,030 match');
    expect(statusLineOf(frame)).toContain('page 1 of 6');
    d.press('n');
    frame = await waitForFrame(d, (f) => statusLineOf(f).includes('page 2 of 6'), 'the second page of matches');
    expect(frame).toContain('svc-04918');
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => /slis · page 1 of 280/.test(statusLineOf(f)), 'the server pages back');
  });

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

  test('o sorts the whole list by the next column and O reverses it, said in the status line', async () => {
    const d = open();
    await waitForPage(d, 1);
    d.press('o');
    let frame = await waitForFrame(
      d,
      (f) => statusLineOf(f).includes('sorted by NAME ↑') && !statusLineOf(f).includes('gathering'),
      'sorted by name',
    );
    expect(frame.split('\n').find((l) => l.startsWith('auth-service'))).toBeDefined();
    d.press('O');
    frame = await waitForText(d, 'sorted by NAME ↓');
    expect(frame.split('\n')[3]).toMatch(/^svc-05000 throughput/);
    d.press('G');
    frame = await waitForFrame(
      d,
      (f) => statusLineOf(f).includes('page 280 of 280'),
      'the last page of the sorted list',
    );
    expect(frame).toContain('auth-service availability');
  });

  test(':slo ID opens that record; u shows what uses an SLI; x the relations tree; y copies the id', async () => {
    const d = open();
    await waitForPage(d, 1);
    // An id nothing has: one sentence in the resource's name, and the keys that help.
    d.press(':');
    d.type('slo slo-999999');
    d.press(KEYS.enter);
    const missing = await waitForWords(
      d,
      'No SLO has the id slo-999999: it may have been deleted, or the id is mistyped. Esc goes back; r reads it again.',
    );
    expect(missing).not.toContain('reloads the list');
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => !f.includes('slo-999999'), 'back to the list');
    d.press(':');
    d.type('sli sli-000001');
    d.press(KEYS.enter);
    await waitForText(d, 'SLI checkout-api availability');
    d.press('u');
    await waitForWords(
      d,
      'SLI checkout-api availability (sli-000001): used by 1 SLO',
      'SLO checkout-api availability 99.9% (slo-000001)',
    );
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => !f.includes('used by 1 SLO'), 'used-by closed');
    d.press('x');
    const tree = await waitForWords(
      d,
      'organization Acme Retail (org-000001)',
      'agreement Acme Retail storefront SLA (agr-000001)',
      'SLO checkout-api availability 99.9% (slo-000001)',
    );
    expect(tree).toContain('SLI checkout-api availability (sli-000001)');
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => !f.includes('Acme Retail storefront'), 'the tree closed');
    d.press('y');
    await waitForWords(d, 'Copied the id sli-000001 to the clipboard');
    d.press('Y');
    await waitForWords(d, 'Copied a Markdown summary of SLI sli-000001');
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
