/**
 * `export` against the sandbox, and its promise: an export read back by
 * `diff` changes nothing, for the sample data and for hostile records.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseDocuments, YAML_LIMITS, yamlSize } from '../../../src/cli/gitops/yaml.js';
import {
  HOSTILE_PAYLOADS,
  LONG_TEXT,
  WIDE_TEXT,
  expectNoHostileSequences,
  hostileDataFile,
  hostileText,
} from '../../reliability/helpers.js';
import { removeTempDirs, run, startFakeHarness, tempDir, type FakeHarness, type RunResult } from '../helpers.js';

let sample: FakeHarness;
let hostile: FakeHarness;
let files: string;

const STAMP = '2025-02-01T00:00:00.000Z';
const slo = (n: number, fields: Record<string, unknown>) => ({
  id: `slo-${String(n).padStart(6, '0')}`,
  created_at: STAMP,
  updated_at: STAMP,
  name: `objective ${n}`,
  service_level_indicator_id: 'sli-000004',
  time_window_type: 'rolling',
  time_window_value: '30',
  time_window_unit: 'day',
  target_value: '99.9',
  target_unit: '%',
  interval: 60,
  ...fields,
});

/** SLOs with every value OpenSLO cannot say, beside the hostile SLIs of the reliability tests. */
function hostileSlos(): Record<string, unknown>[] {
  const evil = hostileText();
  const hostileSliId = `sli-${HOSTILE_PAYLOADS.title}${HOSTILE_PAYLOADS.bidiOverride}000005`;
  return [
    slo(1, {
      name: 'Same name',
      target_value: '99.90',
      target_unit: null,
      interval: 90,
      benchmark_operator: '==',
      benchmark_value: 'fast',
      service_level_indicator_id: 'sli-000001',
    }),
    slo(2, {
      name: 'same NAME',
      target_value: '100',
      time_window_type: 'Rolling',
      time_window_value: '1.5',
      time_window_unit: 'days',
      interval: null,
      service_level_indicator_id: 'sli-999999',
    }),
    slo(3, {
      name: LONG_TEXT,
      description: 'd'.repeat(2000),
      target_value: '99.95',
      target_unit: 'percent',
      time_window_type: 'calendar',
      time_window_unit: 'month',
      time_window_value: '3',
      interval: 0,
    }),
    slo(4, {
      name: WIDE_TEXT,
      target_value: '250',
      target_unit: 'ms',
      time_window_unit: 'fortnight',
      service_level_indicator_id: 'sli-000003',
    }),
    slo(5, {
      name: evil,
      description: evil,
      on_missing_interval: evil,
      benchmark_operator: `<=${HOSTILE_PAYLOADS.c1Csi}`,
      benchmark_value: '1e3',
      service_level_indicator_id: hostileSliId,
    }),
  ];
}

beforeAll(async () => {
  files = await tempDir('slotui-gitops-');
  const data = JSON.parse(hostileDataFile()) as { collections: Record<string, unknown> };
  data.collections.slos = { nextNumber: 6, records: hostileSlos() };
  const dataFile = join(files, 'hostile.json');
  await writeFile(dataFile, JSON.stringify(data));
  [sample, hostile] = await Promise.all([startFakeHarness(), startFakeHarness({ dataFile })]);
});
afterAll(async () => {
  await Promise.all([sample?.close(), hostile?.close()]);
  await removeTempDirs();
});

const changesSent = (h: FakeHarness) => h.sandbox.requests.filter((r) => r.method !== 'GET');

/** `export` of the sample data, as a pipe gets it: it changes nothing, so the tests that only read it share one run. */
let sampleExport: Promise<RunResult> | undefined;
const exportSample = () => (sampleExport ??= run(['export'], { api: sample.api, env: sample.env() }));

describe('export', () => {
  test('every SLI, then every SLO, as OpenSLO v1 documents; organizations and agreements left out, and said so', async () => {
    const r = await exportSample();
    expect(r.code).toBe(0);
    const docs = parseDocuments(r.stdout).map((d) => ('value' in d ? d.value : d.error)) as {
      apiVersion: string;
      kind: string;
      metadata: { name: string; annotations: Record<string, string> };
    }[];
    expect(docs).toHaveLength(50);
    expect(docs.every((d) => d.apiVersion === 'openslo/v1')).toBe(true);
    expect(docs.slice(0, 30).every((d) => d.kind === 'SLI')).toBe(true);
    expect(docs.slice(30).every((d) => d.kind === 'SLO')).toBe(true);
    expect(new Set(docs.slice(30).map((d) => d.metadata.name)).size).toBe(20);
    expect(docs[30]?.metadata.annotations['slotui/id']).toBe('slo-000001');
    expect(r.stderr).toContain('Organizations and agreements have no OpenSLO kind and were left out.');
    expect(r.stderr).toContain('Exported 30 SLIs and 20 SLOs.');
  });

  test('export, then diff: nothing to change (exit 0) for the sample data', async () => {
    const exported = await exportSample();
    const diff = await run(['diff', '-f', '-'], { api: sample.api, env: sample.env(), stdin: exported.stdout });
    expect(diff.stdout).toMatch(/^Plan: 0 to create, 0 to change, 50 unchanged, 0 refused\.$/m);
    expect(diff.stdout).not.toMatch(/^[+~!]/m);
    expect(diff.code).toBe(0);
  });

  test('what export writes for 100,000 SLIs is within what diff and apply read, and not by much', async () => {
    // SLIs as `slotui sandbox --seed` makes them (the bench's are the same), beside the sample's 50
    // records: the seeded ones come in four kinds in turn, so the values of 20 of them, times five
    // thousand, are those of 100,000, counted as the limits count them.
    const exportWith = async (seed: number) => {
      const harness = await startFakeHarness({ seed });
      try {
        const exported = await run(['export'], { api: harness.api, env: harness.env() });
        expect(exported.code).toBe(0);
        return exported.stdout;
      } finally {
        await harness.close();
      }
    };
    const sampleOnly = yamlSize(await exportWith(0));
    const seededText = await exportWith(20);
    const seeded = yamlSize(seededText);
    expect([sampleOnly.documents, seeded.documents]).toEqual([50, 70]);
    const valuesOf100k = sampleOnly.values + (seeded.values - sampleOnly.values) * 5_000;
    expect(valuesOf100k).toBeLessThanOrEqual(YAML_LIMITS.values);
    // Not by much: half of the limit is not enough (the limit still means something).
    expect(valuesOf100k).toBeGreaterThan(YAML_LIMITS.values / 2);
    // The seeded file is read as diff reads it, under a limit of just its count (one less refuses it):
    // the count is the limits' own.
    const exactly = { ...YAML_LIMITS, values: seeded.values };
    const parsed = parseDocuments(seededText, 'export.yaml', { limits: exactly });
    expect(parsed.filter((d) => 'error' in d)).toEqual([]);
    expect(parsed).toHaveLength(70);
    expect(() =>
      parseDocuments(seededText, 'export.yaml', { limits: { ...exactly, values: seeded.values - 1 } }),
    ).toThrow(/has more than [\d,]+ values, more than slotui reads/);
  });

  test("diff reads a file's documents with a progress line on a terminal's stderr, erased before the plan", async () => {
    const exported = await exportSample();
    const diff = await run(['diff', '-f', '-'], {
      api: sample.api,
      env: sample.env(),
      stdin: exported.stdout,
      stderrIsTTY: true,
      progress: { delayMs: 0, intervalMs: 0 },
    });
    expect(diff.code).toBe(0);
    expect(diff.stderr).toContain('Reading documents: 1 of 50 (2%)');
    expect(diff.stderr).toContain('Reading documents: 50 of 50 (100%)');
    // Erased: the last thing on the line before the service's records are read is the erase.
    expect(diff.stderr).toContain('Reading documents: 50 of 50 (100%)\r\u001b[2K');
    expect(diff.stdout).not.toContain('Reading');
  });

  test('hostile records: kept exactly (escaped by YAML, nothing raw on the terminal), and export then diff finds nothing', async () => {
    const exported = await run(['export'], { api: hostile.api, env: hostile.env() });
    expect(exported.code).toBe(0);
    expectNoHostileSequences(exported.stdout, 'the export');
    // Escaped, not stripped: the YAML reads back as the very text.
    const values = parseDocuments(exported.stdout).map((d) => ('value' in d ? d.value : undefined));
    expect(JSON.stringify(values)).toContain(JSON.stringify(hostileText()).slice(1, -1));
    expect(exported.stdout).toContain(WIDE_TEXT);

    const diff = await run(['diff', '-f', '-'], { api: hostile.api, env: hostile.env(), stdin: exported.stdout });
    expect(diff.stdout).toMatch(/^Plan: 0 to create, 0 to change, 10 unchanged, 0 refused\.$/m);
    expect(diff.code).toBe(0);
    expectNoHostileSequences(diff.stdout, 'the plan');
    expect(changesSent(hostile)).toEqual([]);
  });

  test('clashing names get a suffix from the id, the same in a full export and alone', async () => {
    const full = await run(['export', 'slos'], { api: hostile.api, env: hostile.env() });
    const alone = await run(['export', 'slos', 'slo-000002'], { api: hostile.api, env: hostile.env() });
    expect(full.stdout).toMatch(/^ {2}name: same-name$/m);
    expect(full.stdout).toMatch(/^ {2}name: same-name-slo-000002$/m);
    expect(alone.stdout).toMatch(/^ {2}name: same-name-slo-000002$/m);
    expect(alone.stdout.match(/^kind: /gm)).toHaveLength(1);
    expect(alone.stderr).toContain('Exported 0 SLIs and 1 SLO.');
  });

  test("export slis names each SLI as an SLO's indicatorRef does", async () => {
    const slis = await run(['export', 'sli', 'sli-000002'], { api: sample.api, env: sample.env() });
    const one = await run(['export', 'slo-000002'], { api: sample.api, env: sample.env() });
    const sliName = /^ {2}name: (\S+)$/m.exec(slis.stdout)?.[1];
    expect(sliName).toBe('checkout-api-latency-p95');
    expect(one.stdout).toContain(`indicatorRef: ${sliName}`);
  });

  test('--out writes the file whole (mode 0644); nothing on stdout', async () => {
    const out = join(files, 'export.yaml');
    const r = await run(['export', '--out', out], { api: sample.api, env: sample.env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`to ${out}`);
    const text = await readFile(out, 'utf8');
    expect(text.match(/^kind: /gm)).toHaveLength(50);
    expect((await stat(out)).mode & 0o777 & ~0o022).toBe(0o644 & ~0o022);
    // Whole: the very text the export prints on a pipe, which diff reads back as no change (above).
    expect(text).toBe((await exportSample()).stdout);
  });

  test('--out onto a FIFO writes into it for the reader waiting there, and leaves it a FIFO', async () => {
    const fifo = join(files, 'export.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let received = '';
    reader.stdout.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const ended = new Promise((resolve) => reader.on('close', resolve));
    const r = await run(['export', '--out', fifo], { api: sample.api, env: sample.env() });
    expect(r.stderr).toContain(`to ${fifo}`);
    expect(r.code).toBe(0);
    await ended;
    expect(received.match(/^kind: /gm)).toHaveLength(50);
    expect((await stat(fifo)).isFIFO()).toBe(true);
    expect(readdirSync(files).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  test("a progress line on a terminal's stderr while records are read and written, erased at the end; never on stdout", async () => {
    const piped = await exportSample();
    const r = await run(['export'], {
      api: sample.api,
      env: sample.env(),
      stderrIsTTY: true,
      progress: { delayMs: 0, intervalMs: 0 },
    });
    expect(r.stdout).toBe(piped.stdout);
    expect(r.stderr).toContain('Reading SLIs: 30 of 30 (100%)');
    expect(r.stderr).toContain('Writing documents: 49 of 50 (98%)');
    expect(r.stderr).toContain('\r\u001b[2KOrganizations and agreements');
  });

  test('an unknown id: exit 1, nothing exported; organizations are not exportable (exit 2)', async () => {
    const out = join(files, 'never.yaml');
    const missing = await run(['export', 'slos', 'slo-999999', '--out', out], { api: sample.api, env: sample.env() });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('slotui: No SLO has the id slo-999999; nothing was exported.\n');
    await expect(stat(out)).rejects.toThrow();
    const orgs = await run(['export', 'orgs'], { api: sample.api, env: sample.env() });
    expect(orgs.code).toBe(2);
    expect(orgs.stderr).toMatch(/Orgs have no OpenSLO kind/);
  });
});
