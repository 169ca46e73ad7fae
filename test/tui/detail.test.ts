/**
 * The detail screens' behaviour over the fake client (test/tui/driver.ts):
 * every field (unknown ones too), the queries table, timestamps, scrolling,
 * back to the same row of the same page, the names of referenced records and
 * the keys that open them. detail.int.test.tsx keeps one frame through Ink.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { textWidth } from '../../src/text/width.js';
import { disposeDrivers, drive, type Driver } from './driver.js';
import { CREATED, DATA, UPDATED } from './detailData.js';

afterEach(disposeDrivers);

const RECORDS = (): Record<string, ApiRecord[]> =>
  Object.fromEntries(
    Object.entries(DATA.collections).map(([name, c]) => [name, structuredClone(c.records) as ApiRecord[]]),
  );

async function open(rows = 24, columns = 100): Promise<Driver> {
  const d = drive({ records: RECORDS(), rows, columns });
  await d.until((v) => v.status.text.startsWith('slis · page 1 of'), 'the first page');
  return d;
}

async function openResource(d: Driver, key: string, resource: string): Promise<void> {
  d.key(key);
  await d.until((v) => v.status.text.startsWith(`${resource} · page 1`), `the ${resource}`);
}

/** The detail body's title and lines as drawn. */
const detail = (d: Driver): string => {
  const body = d.view().body;
  if (body.kind !== 'detail') throw new Error(`not details but ${body.kind}`);
  return [body.title, ...body.errorLines, ...body.lines.map((l) => `${l.label ?? ''}${l.text}`)].join('\n');
};

const two = (n: number) => String(n).padStart(2, '0');
const localTime = (iso: string) => {
  const d = new Date(iso);
  const offset = -d.getTimezoneOffset();
  const zone =
    offset === 0
      ? 'UTC'
      : `${offset > 0 ? '+' : '-'}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())} ${zone}`;
};

describe('SLI details', () => {
  test('every field, unknown ones included, the queries as a table, timestamps in local time with how long ago', async () => {
    const d = await open(80);
    d.press('details');
    await d.settle();
    const frame = detail(d);
    expect(frame.split('\n')[0]).toBe('SLI Checkout availability');
    for (const field of [
      'id',
      'name',
      'type',
      'description',
      'unit_of_measure',
      'formula',
      'queries',
      'created_at',
      'updated_at',
    ]) {
      expect(frame).toMatch(new RegExp(`^${field}\\s`, 'm'));
    }
    // Unknown fields, after the known ones.
    expect(frame).toMatch(/^owner_team\s+payments-oncall$/m);
    expect(frame).toMatch(/^runbook\s+\{/m);
    expect(frame).toContain('"url": "https://runbooks.example/checkout"');
    expect(frame).toMatch(/^tags\s+critical, tier-1$/m);
    expect(frame.indexOf('owner_team')).toBeGreaterThan(frame.indexOf('updated_at'));
    // The queries table.
    expect(frame).toMatch(/NAME\s+SELECT\s+FROM\s+WHERE\s+LIMIT/);
    expect(frame).toMatch(/good\s+count\(\*\)\s+http_requests\s+service = 'checkout' AND status < 500\s+1/);
    expect(frame).toMatch(/total\s+count\(\*\)\s+http_requests\s+service = 'checkout'\s+10/);
    // Timestamps.
    expect(frame).toContain(`${localTime(CREATED)} (3 days ago)`);
    expect(frame).toContain(`${localTime(UPDATED)} (3 hours ago)`);
  });

  test('too narrow for the queries table, nothing is cut: each query as a block, FROM, WHERE and LIMIT whole', async () => {
    const d = await open(60, 60);
    d.press('details');
    await d.settle();
    const frame = detail(d);
    expect(frame).toMatch(/^\s+good$/m);
    expect(frame).toMatch(/^\s+FROM\s+http_requests$/m);
    expect(frame).toMatch(/^\s+WHERE\s+service = 'checkout' AND status < 500$/m);
    expect(frame).toMatch(/^\s+LIMIT\s+10$/m);
    expect(frame).not.toContain('…');
    for (const line of frame.split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(60);
  });

  test('back goes to the same row of the same page', async () => {
    const d = await open();
    d.press('next-page');
    await d.settle();
    d.press('down', 'down', 'details');
    await d.settle();
    expect(detail(d).split('\n')[0]).toBe('SLI indicator 21');
    d.press('back');
    expect(d.view().screen.kind).toBe('list');
    expect(d.status()).toContain('page 2 of 2');
    d.press('details');
    expect(detail(d).split('\n')[0]).toBe('SLI indicator 21');
  });

  test('long details scroll with down and up, stop at the ends and never exceed the terminal', async () => {
    const d = await open(14, 80);
    d.press('down', 'details');
    await d.settle();
    expect(detail(d)).toMatch(/^SLI Long one · lines 1-\d+ of \d+$/m);
    expect(d.view().hints.find((h) => h.id === 'down')?.hint).toBe('scroll');
    const total = d.view().room.lines;
    expect(total).toBeGreaterThan(12);
    d.press('down');
    expect(detail(d)).toContain('lines 2-');
    // Keys faster than renders are not lost: two downs in a row scroll two lines.
    d.key('↓', '↓');
    expect(detail(d)).toContain('lines 4-');
    d.key('k', '↑');
    expect(detail(d)).toContain('lines 2-');
    d.press('last-page');
    expect(detail(d)).toMatch(new RegExp(`lines \\d+-${total} of ${total}`));
    expect(detail(d)).toContain('updated_at');
    // At the bottom, down stays.
    d.press('down');
    expect(detail(d)).toMatch(new RegExp(`lines \\d+-${total} of ${total}`));
    d.press('first-page');
    expect(detail(d)).toContain('lines 1-');
    const v = d.view();
    expect(v.bodyHeight + 2 + 1 + 1 + 1).toBe(14);
    for (const line of detail(d).split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(80);
  });
});

describe('references in details', () => {
  test("an SLO shows its SLI's name beside the id; open-reference (Enter or s) opens that SLI; back comes back", async () => {
    const d = await open(60);
    await openResource(d, '2', 'slos');
    d.press('details');
    await d.settle();
    let frame = detail(d);
    expect(frame).toContain('› SLI “Checkout availability” · Enter opens it');
    expect(frame).toMatch(/^service_level_indicator_id\s+sli-000001$/m);
    expect(d.view().hints.map((h) => `${h.keys[0]} ${h.hint}`)).toContain('Enter open');
    d.press('open-reference');
    await d.settle();
    expect(detail(d)).toContain('owner_team');
    expect(detail(d).split('\n')[0]).toBe('SLI Checkout availability');
    d.press('back');
    d.key('s');
    await d.settle();
    expect(detail(d).split('\n')[0]).toBe('SLI Checkout availability');
    d.press('back');
    expect(detail(d).split('\n')[0]).toBe('SLO Checkout 99.9');
    d.press('back');
    expect(d.view().screen.kind).toBe('list');
    frame = d.rows().join('\n');
    expect(frame).toMatch(/Checkout 99\.9\s+99\.9 %\s+43m 12s\s+30 day rolling/);
  });

  test('an agreement names its organization and SLOs; reference-next marks the next one and open-reference opens it', async () => {
    const d = await open(40);
    await openResource(d, '4', 'agreements');
    d.press('details');
    await d.settle();
    expect(detail(d)).toContain('› organization “Payments” · Enter opens it');
    expect(detail(d)).toContain('  SLO “Checkout 99.9”');
    expect(detail(d)).toMatch(/^organization_id\s+org-000001$/m);
    d.press('reference-next');
    expect(detail(d)).toContain('› SLO “Checkout 99.9” · Enter opens it');
    expect(detail(d)).toContain('  organization “Payments”');
    d.press('open-reference');
    await d.settle();
    expect(detail(d)).toContain('Checkout stays up.');
    d.press('back', 'back');
    expect(d.status()).toMatch(/^agreements/);
  });

  test('a referenced id that points nowhere says so (never "reading its name…" for ever); the others keep their names', async () => {
    const d = await open(40);
    await openResource(d, '4', 'agreements');
    d.press('down', 'details');
    await d.settle();
    const frame = detail(d);
    expect(frame).toContain('SLO slo-000404: points nowhere');
    expect(frame).toContain('  SLO “Checkout 99.9”');
    expect(frame).toContain('organization “Payments”');
    expect(frame).not.toContain('reading its name');
    const reads = () => d.client.calls.filter((c) => c === 'get slos slo-000404').length;
    expect(reads()).toBe(1);
    // reload reads it again, once.
    d.press('reload');
    await d.settle();
    expect(reads()).toBe(2);
    expect(detail(d)).toContain('SLO slo-000404: points nowhere');
  });
});
