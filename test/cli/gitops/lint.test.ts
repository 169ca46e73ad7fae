/** `lint` against the sandbox: the sample data is sound; broken records are found, one line each. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOSTILE_PAYLOADS, expectNoHostileSequences } from '../../reliability/helpers.js';
import { removeTempDirs, run, startFakeHarness, tempDir, type FakeHarness } from '../helpers.js';

const STAMP = '2025-02-01T00:00:00.000Z';
const record = (id: string, fields: Record<string, unknown>) => ({
  id,
  created_at: STAMP,
  updated_at: STAMP,
  ...fields,
});
const slo = (n: number, fields: Record<string, unknown>) =>
  record(`slo-00000${n}`, {
    name: `objective ${n}`,
    service_level_indicator_id: 'sli-000001',
    time_window_type: 'rolling',
    time_window_value: '30',
    time_window_unit: 'day',
    target_value: '99.9',
    target_unit: '%',
    interval: 60,
    ...fields,
  });

let sample: FakeHarness;
let broken: FakeHarness;
beforeAll(async () => {
  const dir = await tempDir('slotui-lint-');
  const dataFile = join(dir, 'broken.json');
  const empty = { nextNumber: 1, records: [] };
  await writeFile(
    dataFile,
    JSON.stringify({
      format: 'slotui-sandbox-data',
      version: 1,
      collections: {
        slis: {
          nextNumber: 3,
          records: [
            record('sli-000001', {
              name: 'fine',
              type: 'latency',
              queries: { p95: { select: 's', from: 'f', where: 'w', limit: 1 } },
              formula: 'p95',
            }),
            record('sli-000002', {
              name: 'typo',
              type: 'latency',
              queries: { good: { select: 's', from: 'f', where: 'w', limit: 1 } },
              formula: `good / totl${HOSTILE_PAYLOADS.bidiOverride}`,
            }),
          ],
        },
        slos: {
          nextNumber: 4,
          records: [
            slo(1, { target_value: '100' }),
            slo(2, { target_value: '90', service_level_indicator_id: 'sli-404' }),
            slo(3, {}),
          ],
        },
        organizations: empty,
        agreements: empty,
      },
    }),
  );
  [sample, broken] = await Promise.all([startFakeHarness(), startFakeHarness({ dataFile })]);
});
afterAll(async () => {
  await Promise.all([sample?.close(), broken?.close()]);
  await removeTempDirs();
});

describe('lint', () => {
  test("the demo's sample data: no findings, exit 0", async () => {
    const r = await run(['lint'], { api: sample.api, env: sample.env() });
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('0 errors, 0 warnings in 20 SLOs and 30 SLIs.\n');
    expect(r.code).toBe(0);
  });

  test('one finding a line, <severity> <resource>/<id> <rule> <message>; errors: exit 3', async () => {
    const r = await run(['lint'], { api: broken.api, env: broken.env() });
    expect(r.code).toBe(3);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      'error slo/slo-000001 target-out-of-range target_value 100 is not between 0 and 100 (exclusive): it allows no bad time at all',
      'error slo/slo-000002 missing-sli service_level_indicator_id sli-404 names no SLI',
      'warning slo/slo-000002 unreachable-tier the page tier 1h/5m needs a burn rate of 14.4, above the 10 that 100% errors give at a 90% target: it can never fire',
      'error sli/sli-000002 unknown-query the formula names totl, which is not one of its queries (good)',
    ]);
    expect(r.stderr).toBe('3 errors, 1 warning in 3 SLOs and 2 SLIs.\n');
  });

  test('--json: an array of {severity, resource, id, rule, message}, nothing else on stdout', async () => {
    const r = await run(['lint', '--json'], { api: broken.api, env: broken.env() });
    expect(r.code).toBe(3);
    const findings = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(findings).toHaveLength(4);
    expect(findings[0]).toEqual({
      severity: 'error',
      resource: 'slo',
      id: 'slo-000001',
      rule: 'target-out-of-range',
      message: expect.any(String),
    });
    expect(Object.keys(findings[3]!)).toEqual(['severity', 'resource', 'id', 'rule', 'message']);
    expect((await run(['lint', '--json'], { api: sample.api, env: sample.env() })).stdout).toBe('[]\n');
  });

  test('record text in the lines is sanitised', async () => {
    const sli = await run(['create', 'slis', '-f', '-'], {
      api: broken.api,
      env: broken.env(),
      stdin: JSON.stringify({
        name: 'evil',
        type: 'latency',
        formula: `a${HOSTILE_PAYLOADS.title}b + c${HOSTILE_PAYLOADS.c1Csi}`,
      }),
    });
    expect(sli.code).toBe(0);
    const r = await run(['lint'], { api: broken.api, env: broken.env() });
    expectNoHostileSequences(r.stdout, 'the lint output');
  });
});
