/**
 * What a slow or failing service does to the whole list's gathering, over
 * the dashboard driver (test/tui/driver.ts) on 530 SLIs (30 pages of 18): Esc stops a
 * gathering under way, a failed page is said where the matches would be. The
 * failures are the service's own (the sandbox's API in memory, test/fakeApi.ts,
 * its fault switches, answered through the real client); the slow service is the
 * fake client answering late on the fake clock. What a list held in part and
 * used-by's failure draw is whole-list-faults.int.test.ts's; finding, sorting,
 * relations and copying are whole-list.test.ts's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { drive, sampleRecords, type Driver } from './driver.js';
import { fakeClient, type FakeClient } from './fakeClient.js';
import { closeServices, onService } from './onService.js';
import { flat } from './testing.js';

afterEach(closeServices);

const firstPage = (d: Driver) => d.until((v) => v.status.text.startsWith('slis · page 1 of 30'), 'the first page');

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

  test('after a failed page, a filter says so where the matches would be, not "no match"; Enter, then r gathers again', async () => {
    const d = await onService({ seed: 500 });
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
});
