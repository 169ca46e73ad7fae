/**
 * What a slow or failing service does to the whole list's gathering, over
 * the dashboard driver (test/tui/driver.ts) on 530 SLIs (30 pages of 18): Esc stops a
 * gathering under way, a list held in part says so where the matches would
 * be, used-by says when the records it needs cannot be read. The failures
 * are the service's own (the sandbox's API in memory, test/fakeApi.ts, its
 * fault switches, answered through the real client); the slow service is the
 * fake client answering late on the fake clock. Finding, sorting, relations
 * and copying are whole-list.test.ts's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { fakeSandbox, type FakeSandbox } from '../fakeApi.js';
import { disposeDrivers, drive, driveClient, sampleRecords, type Driver } from './driver.js';
import { fakeClient, type FakeClient } from './fakeClient.js';
import { drawn } from './drawn.js';
import { flat, sandboxClient } from './testing.js';
import { textWidth } from '../../src/text/width.js';
import type { Settings } from '../../src/config/types.js';

let sandboxes: FakeSandbox[] = [];
afterEach(async () => {
  disposeDrivers();
  for (const s of sandboxes) await s.close();
  sandboxes = [];
});

const firstPage = (d: Driver) => d.until((v) => v.status.text.startsWith('slis · page 1 of 30'), 'the first page');

/** The dashboard on the sandbox's API in memory with 530 SLIs, through the real client. */
async function onService(settings: Partial<Settings> = {}, columns = 100): Promise<Driver & { sandbox: FakeSandbox }> {
  const sandbox = fakeSandbox({ seed: 500 });
  sandboxes.push(sandbox);
  const d = driveClient(sandboxClient(sandbox), { settings, columns });
  await firstPage(d);
  return Object.assign(d, { sandbox });
}

/** The fake client answering each read `delay.ms` late (on the fake clock). */
function slowClient(delay: { ms: number }): FakeClient {
  const client = fakeClient(sampleRecords(500));
  const late = <T>(answer: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => setTimeout(() => answer().then(resolve, reject), delay.ms));
  const { listPage, followPage } = client;
  return Object.assign(client, {
    listPage: (...a: Parameters<FakeClient['listPage']>) => late(() => listPage(...a)),
    followPage: (...a: Parameters<FakeClient['followPage']>) => late(() => followPage(...a)),
  });
}

const said = (d: Driver, ...texts: string[]) =>
  d.until(() => texts.every((t) => flat(d.text()).includes(flat(t))), texts.join(' and '));

describe('the whole list', () => {
  test('Esc with no filter set stops a gathering under way; what is held stays, / gathers again', async () => {
    const delay = { ms: 0 };
    const d = drive({ client: slowClient(delay) });
    await firstPage(d);
    // Slow pages: the gathering is still under way when Esc comes.
    delay.ms = 100;
    d.press('sort');
    await d.until((v) => /gathering [\d,]+ of 530 SLIs/.test(v.status.text), 'the gathering under way');
    d.key('Esc');
    await said(d, 'Stopped gathering SLIs:', 'gathering stopped at');
    expect(d.text()).not.toMatch(/gathering [\d,]+ of 530 SLIs/);
    delay.ms = 0;
    d.press('filter');
    d.type('svc-00490');
    await said(d, '1 of 530 match');
  });

  test('past indexMaxRecords, a filter says the list is held only in part where the matches would be, not "no match"', async () => {
    const d = await onService({ indexMaxRecords: 100 }, 80);
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

  test('after a failed page, a filter says so where the matches would be, not "no match"; Enter, then r gathers again', async () => {
    const d = await onService();
    d.sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    d.press('filter');
    d.type('svc-00490');
    await said(
      d,
      'None of the 0 SLIs gathered match “svc-00490”.',
      'HTTP 500',
      'Enter, then r, gathers them again; Esc clears the filter.',
    );
    expect(d.text()).not.toContain('No SLIs match');
    d.sandbox.setFaults({});
    d.press('filter-keep');
    d.press('reload');
    await said(d, '1 of 530 match', 'svc-00490 latency p95');
  });

  test('u when the records it needs cannot be read: says so and how to try again, never "gathering" for ever', async () => {
    const d = await onService();
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
