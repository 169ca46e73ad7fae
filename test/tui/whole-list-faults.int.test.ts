/**
 * What the whole list draws when the service keeps part of it from the
 * dashboard, through Ink (test/tui/drawn.ts) over the driver on the sandbox's
 * API in memory with 530 SLIs: a list held in part, wrapped whole at 80
 * columns, and used-by when the records it needs cannot be read. The
 * behaviour around them is whole-list-faults.test.ts's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { textWidth } from '../../src/text/width.js';
import { drawn } from './drawn.js';
import type { Driver } from './driver.js';
import { closeServices, onService } from './onService.js';
import { flat } from './testing.js';

afterEach(closeServices);

const said = (d: Driver, ...texts: string[]) =>
  d.until(() => texts.every((t) => flat(d.text()).includes(flat(t))), texts.join(' and '));

describe('the whole list', () => {
  test('past indexMaxRecords, a filter says the list is held only in part where the matches would be, not "no match"', async () => {
    const d = await onService({ seed: 500, settings: { indexMaxRecords: 100 }, columns: 80 });
    d.press('filter');
    d.type('svc-00490');
    await said(
      d,
      'None of the 100 SLIs held match “svc-00490”.',
      "Only the first 100 of 530 SLIs are held for filtering and sorting (the profile's indexMaxRecords); raise it to hold them all.",
    );
    expect(d.text()).not.toContain('No SLIs match');
    // Drawn whole at 80 columns: wrapped, never cut.
    const frame = drawn(d);
    expect(flat(frame)).toContain('raise it to hold them all.');
    for (const line of frame.split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(80);
  });

  test('u when the records it needs cannot be read: says so and how to try again, never "gathering" for ever', async () => {
    const d = await onService({ seed: 500 });
    d.sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    d.press('used-by');
    await d.until((v) => v.body.kind === 'relations' && v.body.view.stopped, 'the gathering stopped');
    const frame = flat(drawn(d));
    expect(frame).toContain('SLI checkout-api availability (sli-000001): used by nothing found');
    expect(frame).toContain('Not every record it may relate to could be read. Esc and u try again.');
    expect(frame).not.toContain('Gathering the records');
    d.sandbox.setFaults({});
    d.press('back');
    await d.until(() => !d.text().includes('Not every record'), 'used-by closed');
    d.press('used-by');
    await said(d, 'SLI checkout-api availability (sli-000001): used by 1 SLO');
  });
});
