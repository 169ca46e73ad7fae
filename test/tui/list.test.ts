/**
 * The list screen's behaviour, driven by action id over the fake client
 * (test/tui/driver.ts): rows, the status line, paging with every key of the
 * interface, the last and first page, selection, resources, names beside
 * ids, the page size following the terminal. What the network does under it
 * (prefetch, the page cache, a slow server) is list.int.test.tsx's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { disposeDrivers, drive, sampleRecords, type Driver } from './driver.js';

afterEach(disposeDrivers);

/** 30 sample SLIs plus 200 generated ones: 230 SLIs, 13 pages of 18 rows at 24 terminal rows. */
const RECORDS = sampleRecords(200);

async function open(rows = 24, columns = 100): Promise<Driver> {
  const d = drive({ records: RECORDS, rows, columns });
  await d.until((v) => v.status.text.startsWith('slis · page 1 of'), 'the first page');
  return d;
}

const name = (row: string | undefined): string => (row ?? '').split(/\s{2,}/)[0] ?? '';
const pageOf = (d: Driver): number => Number(/page (\d+) of/.exec(d.status())?.[1]);

describe('rows', () => {
  test('the first page of SLIs with the header, the columns, the status line and the hints', async () => {
    const d = await open();
    const v = d.view();
    expect(v.header.who).toBe('slotui · profile default · fake.test');
    expect(v.header.tabs[0]).toMatchObject({ label: ' 1 SLIs (230) ', active: true });
    expect(v.body.kind === 'list' && v.body.header).toMatch(/NAME\s+TYPE\s+UNIT\s+QUERIES\s+ID\s+AGE/);
    expect(d.status()).toBe('slis · page 1 of 13 · total 230 · profile default · read 0s ago');
    expect(name(d.rows()[0])).toBe('checkout-api availability');
    // 24 rows: header (2), table header, 18 records, status, message, hints.
    expect(d.rows()).toHaveLength(18);
    expect(v.bodyHeight).toBe(19);
    expect(d.rows().at(-1)).toContain('sli-000018');
    expect(v.hints.map((h) => h.hint)).toEqual(expect.arrayContaining(['next', 'prev', 'details', 'help', 'quit']));
    expect(v.selected?.record.id).toBe('sli-000001');
  });

  test('the page size follows the terminal height', async () => {
    const d = await open(30);
    expect(d.status()).toBe('slis · page 1 of 10 · total 230 · profile default · read 0s ago');
    expect(d.rows()).toHaveLength(24);
    expect(d.client.calls[0]).toBe('list slis');
  });

  test('an empty list says so', async () => {
    const d = drive({ records: {} });
    await d.until(
      (v) => v.status.text === 'slis · page 1 of 1 · total 0 · profile default · read 0s ago',
      'the empty page',
    );
    const body = d.view().body;
    expect(body.kind === 'list' && body.empty).toBe('No SLIs here: the list is empty. c creates one.');
  });

  test('a window that grows gets pages that fill it, from the same first record', async () => {
    const d = await open(24);
    d.resize(100, 48);
    await d.until((v) => /^slis · page 1 of 6 · /.test(v.status.text), 'pages of the new size');
    expect(d.rows()).toHaveLength(42);
  });
});

describe('paging', () => {
  test('n, →, PgDn go forward and p, ←, PgUp go back', async () => {
    const d = await open();
    for (const [key, page] of [
      ['n', 2],
      ['→', 3],
      ['PgDn', 4],
      ['p', 3],
      ['←', 2],
      ['PgUp', 1],
    ] as const) {
      d.key(key);
      await d.settle();
      expect(pageOf(d), key).toBe(page);
    }
    expect(name(d.rows()[0])).toBe('checkout-api availability');
  });

  test('last-page shows the last page (offset from total and limit), first-page the first', async () => {
    const d = await open();
    d.press('last-page');
    await d.settle();
    expect(d.status()).toBe('slis · page 13 of 13 · total 230 · profile default · read 0s ago');
    // 230 records, 18 a page: the last page starts at 216 and holds 14.
    expect(d.rows()).toHaveLength(14);
    expect(d.rows().at(-1)).toContain('sli-000230');
    d.press('first-page');
    await d.settle();
    expect(pageOf(d)).toBe(1);
    expect(name(d.rows()[0])).toBe('checkout-api availability');
  });

  test('on the last page, next-page says so and stays; on the first, prev-page says so', async () => {
    const d = await open();
    d.press('prev-page');
    await d.settle();
    expect(d.message()).toBe('This is the first page.');
    d.press('last-page');
    await d.settle();
    d.press('next-page');
    await d.settle();
    expect(d.message()).toBe('This is the last page.');
    expect(pageOf(d)).toBe(13);
    // The notice lasts until the next key.
    d.press('down');
    expect(d.message()).toBe('');
  });
});

describe('selection and resources', () => {
  test('down and up move the selection; details opens the selected record', async () => {
    const d = await open();
    d.key('j', 'j', '↓', 'k', '↑', 'j');
    // Down 3, up 2, down 1: the third row.
    expect(d.view().selected?.record.id).toBe('sli-000003');
    d.press('details');
    expect(d.view().screen.kind).toBe('detail');
    expect(d.view().body.kind === 'detail' && d.view().body).toMatchObject({ title: 'SLI checkout-api error rate' });
  });

  test('1-4 switch resource, each keeping its page; the header shows the totals', async () => {
    const d = await open();
    d.press('next-page');
    await d.settle();
    d.key('2');
    await d.until((v) => v.status.text.startsWith('slos · page 1'), 'the SLO list');
    const slos = d.view().body;
    expect(slos.kind === 'list' && slos.header).toMatch(/NAME\s+TARGET\s+BUDGET\s+WINDOW/);
    d.key('3');
    await d.until((v) => v.status.text.startsWith('organizations · page 1'), 'the organizations');
    expect(d.rows().join('\n')).toContain('Acme Retail');
    d.key('4');
    await d.until((v) => v.status.text.startsWith('agreements · page 1'), 'the agreements');
    const tabs = d.view().header.tabs.map((t) => t.label.trim());
    expect(tabs[1]).toMatch(/^2 SLOs \(\d+\)$/);
    expect(tabs[2]).toBe('3 Orgs (4)');
    d.key('1');
    await d.until((v) => v.status.text.startsWith('slis · page 2'), 'the SLIs where they were');
    expect(d.rows()[0]).toContain('sli-000019');
  });
});

describe('names beside ids', () => {
  test("an SLO's SLI and an agreement's organization show their names (few referenced records are gathered); never a request a name", async () => {
    const d = await open(24, 140);
    d.key('2');
    await d.until((v) => v.status.text.startsWith('slos · page 1'), 'the SLO list');
    await d.until(() => d.rows().some((r) => r.includes('sli-000001 check')), "the SLO's SLI with its name");
    const body = d.view().body;
    expect(body.kind === 'list' && body.header).toMatch(/\bSLI\b/);
    // Never one request a name: no SLI is read by id.
    expect(d.client.calls.filter((c) => c.startsWith('get slis'))).toEqual([]);
    d.key('4');
    await d.until(() => d.rows().some((r) => r.includes('org-000001 Acme Retail')), 'the organization with its name');
  });

  test('at 80 columns the ids stay whole beside the names', async () => {
    const d = await open(24, 80);
    // The sample records are two years old: kubectl's "2y200d" is whole, not "2y2…".
    expect(d.rows()[0]).toMatch(/sli-000001\s+\d+y\d+d$/);
    d.key('4');
    await d.until(() => d.rows().some((r) => r.includes('org-000001 Acme')), 'the organization with its name');
    const body = d.view().body;
    expect(body.kind === 'list' && body.header).toMatch(/ORGANIZATION\s+SLOS\s+ID\s+AGE/);
    for (const row of d.rows()) expect(row.length).toBeLessThanOrEqual(80);
    expect(d.rows().join('\n')).toMatch(/org-\d{6} \S.*agr-\d{6}/);
  });
});
