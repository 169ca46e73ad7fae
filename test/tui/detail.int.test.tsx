/**
 * The detail screens against a real sandbox: every field (unknown ones too,
 * which the sandbox keeps when they come from its data file: its create
 * schema drops them from a POST), the queries table, timestamps, the names
 * of referenced records and the keys that open them, scrolling, and Esc back to the same row of the same page.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { textWidth } from '../../src/text/width.js';
import {
  FIXED_NOW,
  KEYS,
  renderDashboard,
  sandboxClient,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  waitUntil,
  type Dashboard,
} from './helpers.js';

const CREATED = '2025-05-29T12:00:00.000Z'; // 3 days before FIXED_NOW
const UPDATED = '2025-06-01T09:00:00.000Z'; // 3 hours before

const LONG_TEXT = Array.from(
  { length: 30 },
  (_, i) => `Sentence ${i + 1} of a long description that has to scroll.`,
).join(' ');

const sli = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `sli-${String(n).padStart(6, '0')}`,
  name: `indicator ${n}`,
  type: 'availability',
  description: `Indicator number ${n}.`,
  unit_of_measure: '%',
  queries: { total: { select: 'count(*)', from: 'http_requests', where: "service = 'x'", limit: 1 } },
  formula: 'good / total',
  created_at: CREATED,
  updated_at: UPDATED,
  ...extra,
});

const DATA = {
  format: 'slotui-sandbox-data',
  version: 1,
  collections: {
    slis: {
      nextNumber: 40,
      records: [
        sli(1, {
          name: 'Checkout availability',
          queries: {
            good: {
              select: 'count(*)',
              from: 'http_requests',
              where: "service = 'checkout' AND status < 500",
              limit: 1,
            },
            total: { select: 'count(*)', from: 'http_requests', where: "service = 'checkout'", limit: 10 },
          },
          // Fields the spec doesn't list: the detail view must show them anyway.
          owner_team: 'payments-oncall',
          runbook: { url: 'https://runbooks.example/checkout', steps: 3 },
          tags: ['critical', 'tier-1'],
        }),
        sli(2, { name: 'Long one', description: LONG_TEXT }),
        ...Array.from({ length: 30 }, (_, i) => sli(i + 3)),
      ],
    },
    slos: {
      nextNumber: 2,
      records: [
        {
          id: 'slo-000001',
          name: 'Checkout 99.9',
          description: 'Checkout stays up.',
          service_level_indicator_id: 'sli-000001',
          time_window_type: 'rolling',
          time_window_value: '30',
          time_window_unit: 'day',
          target_value: '99.9',
          target_unit: '%',
          interval: 300,
          on_missing_interval: 'ignore',
          benchmark_operator: '>=',
          benchmark_value: '99.9',
          created_at: CREATED,
          updated_at: UPDATED,
        },
      ],
    },
    organizations: {
      nextNumber: 2,
      records: [
        {
          id: 'org-000001',
          name: 'Payments',
          description: 'Takes the money.',
          created_at: CREATED,
          updated_at: UPDATED,
        },
      ],
    },
    agreements: {
      nextNumber: 3,
      records: [
        {
          id: 'agr-000001',
          name: 'Checkout agreement',
          organization_id: 'org-000001',
          slo_ids: ['slo-000001'],
          created_at: CREATED,
          updated_at: UPDATED,
        },
        {
          id: 'agr-000002',
          name: 'Stale agreement',
          organization_id: 'org-000001',
          // An SLO deleted since: the service keeps the id.
          slo_ids: ['slo-000001', 'slo-000404'],
          created_at: CREATED,
          updated_at: UPDATED,
        },
      ],
    },
  },
};

let sandbox: SandboxHandle;
let dir: string;
let dashboard: Dashboard | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'slotui-tui-detail-'));
  const dataFile = join(dir, 'data.json');
  await writeFile(dataFile, JSON.stringify(DATA), { mode: 0o600 });
  sandbox = await startSandbox({ dataFile });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  dashboard?.unmount();
  dashboard = undefined;
});

function open(rows = 24, columns = 100): Dashboard {
  dashboard = renderDashboard({ client: sandboxClient(sandbox), rows, columns });
  return dashboard;
}

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
    const d = open();
    await waitForText(d, 'Checkout availability');
    d.press(KEYS.enter);
    const frame = await waitForText(d, 'SLI Checkout availability');
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
    expect(FIXED_NOW.toISOString()).toBe('2025-06-01T12:00:00.000Z');
  });

  test('too narrow for the queries table, nothing is cut: each query as a block, FROM, WHERE and LIMIT whole', async () => {
    const d = open(40, 60);
    await waitForText(d, 'Checkout availability');
    d.press(KEYS.enter);
    const frame = await waitForText(d, 'SLI Checkout availability');
    expect(frame).toMatch(/^\s+good$/m);
    expect(frame).toMatch(/^\s+FROM\s+http_requests$/m);
    expect(frame).toMatch(/^\s+WHERE\s+service = 'checkout' AND status < 500$/m);
    expect(frame).toMatch(/^\s+LIMIT\s+10$/m);
    expect(frame).not.toContain('…');
    for (const line of frame.split('\n')) expect(textWidth(line)).toBeLessThanOrEqual(60);
  });

  test('Esc goes back to the same row of the same page', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    d.press('n');
    await waitForPage(d, 2, 2);
    d.press('j', 'j');
    d.press(KEYS.enter);
    await waitForText(d, 'SLI indicator 21');
    d.press(KEYS.escape);
    const list = await waitForFrame(d, (f) => f.includes('NAME') && !f.includes('SLI indicator 21'), 'the list');
    expect(statusLineOf(list)).toContain('page 2 of 2');
    d.press(KEYS.enter);
    await waitForText(d, 'SLI indicator 21');
  });

  test('long details scroll with j/k and ↓/↑ and never exceed the terminal', async () => {
    const d = open(14, 80);
    await waitForText(d, 'Long one');
    d.press('j', KEYS.enter);
    let frame = await waitForText(d, 'SLI Long one', 'lines 1-');
    expect(frame.split('\n').at(-1)).toContain('↓ scroll');
    const total = Number(/lines 1-\d+ of (\d+)/.exec(frame)![1]);
    expect(total).toBeGreaterThan(12);
    d.press('j');
    await waitForText(d, 'lines 2-');
    // Keys faster than renders are not lost: two downs in a row scroll two lines.
    d.press(KEYS.down, KEYS.down);
    await waitForText(d, 'lines 4-');
    d.press('k', KEYS.up);
    await waitForText(d, 'lines 2-');
    d.press('G');
    frame = await waitForFrame(d, (f) => new RegExp(`lines \\d+-${total} of ${total}`).test(f), 'the bottom');
    expect(frame).toContain('updated_at');
    for (const f of d.frames().slice(-20)) {
      const lines = f.split('\n');
      expect(lines.length).toBeLessThanOrEqual(14);
      for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(80);
    }
  });
});

describe('references in details', () => {
  test("an SLO shows its SLI's name beside the id; Enter (or s) opens that SLI; Esc comes back", async () => {
    // Tall enough to show the fields under the SLO's budget card.
    const d = open(44);
    await waitForText(d, 'Checkout availability');
    d.press('2');
    await waitForText(d, 'Checkout 99.9');
    d.press(KEYS.enter);
    let frame = await waitForText(d, 'SLO Checkout 99.9', '› SLI “Checkout availability” · Enter opens it');
    expect(frame).toMatch(/^service_level_indicator_id\s+sli-000001$/m);
    expect(frame).toContain('Enter open');
    d.press(KEYS.enter);
    await waitForText(d, 'SLI Checkout availability', 'owner_team');
    d.press(KEYS.escape);
    await waitForText(d, 'SLO Checkout 99.9');
    d.press('s');
    await waitForText(d, 'SLI Checkout availability', 'owner_team');
    d.press(KEYS.escape);
    await waitForText(d, 'SLO Checkout 99.9');
    d.press(KEYS.escape);
    frame = await waitForFrame(
      d,
      (f) => statusLineOf(f).startsWith('slos · page 1') && f.includes('TARGET'),
      'the SLO list',
    );
    expect(frame).toMatch(/Checkout 99\.9\s+99\.9 %\s+43m 12s\s+30 day rolling/);
  });

  test('an agreement names its organization and SLOs; Tab marks the next one and Enter opens it', async () => {
    const d = open(40);
    await waitForPage(d, 1);
    d.press('4');
    await waitForText(d, 'Checkout agreement');
    d.press(KEYS.enter);
    const frame = await waitForText(d, '› organization “Payments” · Enter opens it', '  SLO “Checkout 99.9”');
    expect(frame).toMatch(/^organization_id\s+org-000001$/m);
    d.press(KEYS.tab);
    await waitForText(d, '› SLO “Checkout 99.9” · Enter opens it', '  organization “Payments”');
    d.press(KEYS.enter);
    await waitForText(d, 'SLO Checkout 99.9', 'Checkout stays up.');
    d.press(KEYS.escape, KEYS.escape);
    await waitForFrame(d, (f) => statusLineOf(f).startsWith('agreements'), 'the agreements list');
  });

  test('a referenced id that points nowhere says so (never "reading its name…" for ever); the others keep their names', async () => {
    const d = open(40);
    await waitForPage(d, 1);
    d.press('4');
    await waitForText(d, 'Stale agreement');
    d.press(KEYS.down, KEYS.enter);
    const frame = await waitForText(
      d,
      'SLO slo-000404: points nowhere',
      '  SLO “Checkout 99.9”',
      'organization “Payments”',
    );
    expect(frame).not.toContain('reading its name');
    const reads = () => sandbox.requests.filter((r) => r.path.includes('slo-000404')).length;
    expect(reads()).toBe(1);
    // r reads it again, once.
    d.press('r');
    await waitUntil(() => reads() === 2, 'the id read again');
    await waitForText(d, 'SLO slo-000404: points nowhere');
    expect(reads()).toBe(2);
  });
});
