/**
 * Layout: the frame is exactly the terminal's size and re-lays out at once
 * on resize; columns fit the width (dropped below 80); wide characters and
 * hostile server text don't break it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { textWidth } from '../../src/text/width.js';
import {
  KEYS,
  renderDashboard,
  sandboxClient,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  type Dashboard,
} from './helpers.js';

let sandbox: SandboxHandle;
let dashboard: Dashboard | undefined;
let dir: string;

const stamp = '2025-05-01T10:00:00.000Z';
const HOSTILE = 'evil\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u202eesrever\u0085\u009b1m end';
const DATA = {
  format: 'slotui-sandbox-data',
  version: 1,
  collections: {
    slis: {
      nextNumber: 10,
      records: [
        {
          id: 'sli-000001',
          name: '日本語のサービス可用性インジケーター名前',
          type: '可用性',
          unit_of_measure: '%',
          created_at: stamp,
          updated_at: stamp,
        },
        {
          id: 'sli-000002',
          name: 'emoji 🚀🔥 latency 👍🏽 service',
          type: 'latency',
          unit_of_measure: 'ms',
          created_at: stamp,
          updated_at: stamp,
        },
        {
          id: 'sli-000003',
          name: HOSTILE,
          type: 'x\ty\nz',
          description: `line one\n${HOSTILE}`,
          created_at: stamp,
          updated_at: stamp,
        },
        { id: 'sli-000004', name: 'x'.repeat(500), type: 'long', created_at: stamp, updated_at: stamp },
      ],
    },
    slos: { nextNumber: 1, records: [] },
    organizations: { nextNumber: 1, records: [] },
    agreements: { nextNumber: 1, records: [] },
  },
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'slotui-tui-layout-'));
  const dataFile = join(dir, 'data.json');
  await writeFile(dataFile, JSON.stringify(DATA), { mode: 0o600 });
  sandbox = await startSandbox({ seed: 100, dataFile });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  dashboard?.unmount();
  dashboard = undefined;
});

function open(columns: number, rows: number): Dashboard {
  dashboard = renderDashboard({ client: sandboxClient(sandbox), columns, rows });
  return dashboard;
}

function expectFits(frame: string, columns: number, rows: number): void {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const line of lines) expect(textWidth(line), line).toBeLessThanOrEqual(columns);
}

describe('the frame', () => {
  test('is exactly the terminal size, and a resize re-lays it out at once', async () => {
    const d = open(100, 30);
    let frame = await waitForPage(d, 1);
    expect(frame.split('\n')).toHaveLength(30);
    expectFits(frame, 100, 30);
    expect(frame).toMatch(/NAME\s+TYPE\s+UNIT\s+QUERIES\s+ID\s+AGE/);
    d.resize(80, 24);
    frame = await waitForFrame(d, (f) => f.split('\n').length === 24, '24 rows');
    expectFits(frame, 80, 24);
    // The status line is still there, just above the message and hint lines.
    expect(statusLineOf(frame)).toMatch(/^slis · page 1 of \d+ · total \d+ · profile default/);
    expect(frame.split('\n').indexOf(statusLineOf(frame))).toBe(21);
    d.resize(60, 20);
    frame = await waitForFrame(d, (f) => f.split('\n').length === 20, '20 rows');
    expectFits(frame, 60, 20);
    // Below 80 columns the least useful columns go; the ids stay, whole.
    expect(frame).toMatch(/NAME\s+TYPE.*\sID\b/);
    expect(frame).toMatch(/\ssli-\d{6}\b/);
    d.resize(120, 40);
    frame = await waitForFrame(d, (f) => f.split('\n').length === 40, '40 rows');
    expectFits(frame, 120, 40);
  });

  test('details re-lay out too, and a tiny terminal still never overflows', async () => {
    const d = open(100, 30);
    await waitForPage(d, 1);
    d.press(KEYS.enter);
    await waitForText(d, 'SLI 日本語');
    d.resize(50, 12);
    const frame = await waitForFrame(d, (f) => f.split('\n').length === 12, '12 rows');
    expectFits(frame, 50, 12);
    d.resize(30, 8);
    expectFits(await waitForFrame(d, (f) => f.split('\n').length <= 8, '8 rows'), 30, 8);
  });
});

describe('server text', () => {
  test('wide characters keep the columns aligned', async () => {
    const d = open(100, 30);
    const frame = await waitForText(d, '日本語');
    expectFits(frame, 100, 30);
    const lines = frame.split('\n');
    const header = lines.find((l) => l.startsWith('NAME'))!;
    const typeColumn = textWidth(header.slice(0, header.indexOf('TYPE')));
    for (const name of ['日本語', 'emoji 🚀']) {
      const row = lines.find((l) => l.startsWith(name))!;
      const type = row.includes('可用性') ? '可用性' : 'latency';
      expect(textWidth(row.slice(0, row.lastIndexOf(type))), row).toBe(typeColumn);
    }
  });

  test('escape sequences, control characters and bidi overrides never reach the screen', async () => {
    const d = open(100, 30);
    await waitForText(d, 'evil');
    d.press('j', 'j', KEYS.enter);
    const detail = await waitForText(d, 'line one');
    for (const frame of [detail, ...d.frames()]) {
      // eslint-disable-next-line no-control-regex
      expect(frame).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
    expect(detail).toContain('evil');
    expect(detail).toContain('end');
    expectFits(detail, 100, 30);
  });
});
