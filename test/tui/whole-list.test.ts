/**
 * The whole list at hand over 530 SLIs (30 pages of 18 on a 24-row
 * terminal) and the fake client (test/tui/driver.ts): `/` finds a record on a
 * late page, `o`/`O` sort the whole list, `:slo ID` opens a record, `u`/`x`
 * follow relations, `y`/`Y` copy. What a slow or failing server does to the
 * gathering is whole-list-faults.test.ts's (what it draws .int.test.ts's).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { disposeDrivers, drive, sampleRecords, type Driver } from './driver.js';

afterEach(disposeDrivers);

// 500 generated SLIs after the sample's 30: every page but the first is gathered, as at 5,000.
const RECORDS = sampleRecords(500);

async function open(written: string[] = []): Promise<Driver> {
  const d = drive({ records: RECORDS, services: { writeTerminal: (s) => written.push(s) } });
  await d.until((v) => v.status.text.startsWith('slis · page 1 of 30'), 'the first page');
  return d;
}

function command(d: Driver, text: string): void {
  d.press('command');
  d.type(text);
  d.press('command-run');
}

/** Replaces the filter: `/`, Backspace `n` times, Enter. */
function narrowBy(d: Driver, erase: number): void {
  d.press('filter');
  for (let i = 0; i < erase; i++) d.key('Backspace');
  d.press('filter-keep');
}

describe('the whole list', () => {
  test('/ finds a record on a late page: "N of M match" once gathered, Enter keeps it and n pages through the matches', async () => {
    const d = await open();
    d.press('filter');
    d.type('svc-00490');
    // The matches grow as the SLIs are gathered; at the end, one of all 530.
    await d.until((v) => v.status.text.includes('1 of 530 match'), 'the gathering done');
    expect(d.rows()).toHaveLength(1);
    expect(d.rows()[0]).toMatch(/^svc-00490 latency p95.*sli-000520/);
    d.press('filter-keep');
    expect(d.message()).toContain('Filter “svc-00490” over the whole list');
    d.press('details');
    await d.settle();
    const body = d.view().body;
    expect(body.kind === 'detail' && body.title).toBe('SLI svc-00490 latency p95');
    d.press('back');
    expect(d.message()).toContain('Filter “svc-00490”');
    // A wider filter pages through its matches.
    narrowBy(d, 1);
    expect(d.status()).toMatch(/^slis · page 1 of 1 · 10 of 530 match/);
    narrowBy(d, 1);
    expect(d.status()).toMatch(/^slis · page 1 of 6 · 100 of 530 match/);
    d.press('next-page');
    expect(d.status()).toContain('page 2 of 6');
    expect(d.rows().join('\n')).toContain('svc-00418');
    d.press('clear-filter');
    await d.settle();
    expect(d.status()).toMatch(/^slis · page 1 of 30/);
  });

  test('sort orders the whole list by the next column and reverse-sort reverses it, said in the status line', async () => {
    const d = await open();
    d.press('sort');
    await d.until((v) => v.status.text.includes('sorted by NAME ↑') && !v.status.text.includes('gathering'), 'sorted');
    expect(d.rows().some((r) => r.startsWith('auth-service'))).toBe(true);
    const header = () => (d.view().body as { header: string }).header;
    expect(header()).toMatch(/^NAME ↑ /);
    d.press('reverse-sort');
    expect(d.status()).toContain('sorted by NAME ↓');
    expect(header()).toMatch(/^NAME ↓ /);
    expect(d.rows()[0]).toMatch(/^svc-00500 throughput/);
    d.press('last-page');
    expect(d.status()).toContain('page 30 of 30');
    expect(d.rows().join('\n')).toContain('auth-service availability');
  });

  test(':slo ID opens that record; used-by shows what uses an SLI; relations the tree; copy-id and copy-summary copy', async () => {
    const written: string[] = [];
    const d = await open(written);
    // An id nothing has: as k9s's `:pod name`, the list filtered by the word, said in one sentence.
    command(d, 'slo slo-999999');
    await d.settle();
    expect(d.view().screen.kind).toBe('list');
    expect(d.message()).toBe('No SLO has the id “slo-999999”: SLOs matching it are shown. Esc clears the filter.');
    command(d, 'slo checkout');
    await d.until(
      (v) => v.body.kind === 'list' && v.body.rows.length > 0 && !d.status().includes('gathering'),
      'the matches',
    );
    expect(d.rows().length).toBeGreaterThan(1);
    for (const row of d.rows()) expect(row).toContain('checkout');
    d.press('clear-filter');
    command(d, 'sli sli-000001');
    await d.settle();
    const body = d.view().body;
    expect(body.kind === 'detail' && body.title).toBe('SLI checkout-api availability');
    d.press('used-by');
    await d.until((v) => v.body.kind === 'relations' && v.body.view.complete, 'who uses it');
    expect(d.text()).toContain('SLI checkout-api availability (sli-000001): used by 1 SLO');
    expect(d.text()).toContain('SLO checkout-api availability 99.9% (slo-000001)');
    d.press('back');
    expect(d.view().screen.kind).toBe('detail');
    d.press('relations');
    await d.until((v) => v.body.kind === 'relations' && v.body.view.complete, 'the tree');
    for (const line of [
      'organization Acme Retail (org-000001)',
      'agreement Acme Retail storefront SLA (agr-000001)',
      'SLO checkout-api availability 99.9% (slo-000001)',
      'SLI checkout-api availability (sli-000001)',
    ])
      expect(d.text()).toContain(line);
    d.press('back');
    d.press('copy-id');
    expect(d.message()).toMatch(/^Sent the id sli-000001 to the clipboard/);
    expect(written).toHaveLength(1);
    d.press('copy-summary');
    expect(d.message()).toMatch(/^Sent a Markdown summary of SLI sli-000001/);
    expect(written).toHaveLength(2);
  });
});

describe('Shift and a column letter', () => {
  test('sorts by that column; again, the other way round; a letter no column starts with does nothing', async () => {
    const d = drive({ records: sampleRecords() });
    await d.settle();
    d.key('A');
    await d.until(
      (v) => v.status.text.includes('sorted by AGE ↑') && !v.status.text.includes('gathering'),
      'sorted by age',
    );
    d.key('A');
    await d.settle();
    expect(d.status()).toContain('sorted by AGE ↓');
    d.key('N');
    await d.settle();
    expect(d.status()).toContain('sorted by NAME ↑');
    d.key('Z');
    await d.settle();
    expect(d.status()).toContain('sorted by NAME ↑');
  });
});
