/**
 * The detail screen through Ink against a real sandbox: every field (unknown
 * ones too, which the sandbox keeps when they come from its data file: its
 * create schema drops them from a POST), the queries table, timestamps. The
 * details' behaviour over a fake client is detail.test.ts's.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { FIXED_NOW, KEYS, renderDashboard, sandboxClient, waitForText, type Dashboard } from './helpers.js';
import { CREATED, DATA, UPDATED } from './detailData.js';

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
});
