/**
 * Between services: `diff` and `apply --from-profile` make the current
 * profile's SLIs and SLOs like another profile's, matched by name, with the
 * references followed by name; nothing is ever sent to the source. And the
 * OpenSLO v2alpha draft: exported, then read back unchanged.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { addProfile, removeTempDirs, run, startFakeHarness, tempDir, type FakeHarness } from '../helpers.js';

// Two services (the fake API serving the sandbox's sample from memory, each at an origin of its own).
let prod: FakeHarness;
let staging: FakeHarness;
let configDir: string;
beforeAll(async () => {
  [prod, staging] = await Promise.all([startFakeHarness(), startFakeHarness()]);
  configDir = await tempDir('slotui-from-profile-');
  addProfile(configDir, 'prod', { baseUrl: prod.api.origin, token: prod.api.token }, true);
  addProfile(configDir, 'staging', { baseUrl: staging.api.origin, token: staging.api.token });
});
afterAll(async () => {
  await Promise.all([prod?.close(), staging?.close()]);
  await removeTempDirs();
});

const env = () => ({ SLOTUI_CONFIG_DIR: configDir });
const writes = (s: FakeHarness) =>
  s.sandbox.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('--from-profile', () => {
  test('the same sample data: nothing to change (exit 0)', async () => {
    const r = await run(['diff', '--from-profile', 'staging'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Plan: 0 to create, 0 to change, 50 unchanged, 0 refused\.$/m);
    expect(r.code).toBe(0);
  });

  test("staging's changes and new records become prod's plan, matched by name; apply makes them; staging gets no write", async () => {
    // An SLI only prod has: the ids of the two services now differ, so a reference copied by id would be wrong.
    const own = await run(['create', 'sli', '-f', '-'], {
      env: env(),
      stdin: JSON.stringify({
        name: 'prod only',
        type: 'freshness',
        unit_of_measure: 's',
        queries: {},
        formula: 'lag',
      }),
    });
    expect(own.code, own.stderr).toBe(0);
    const stagingWrites = writes(staging).length;
    // In staging: a target changed, and a new SLO on a new SLI.
    await run(['update', 'slo', 'slo-000003', '-f', '-', '--profile', 'staging'], {
      env: env(),
      stdin: JSON.stringify({ target_value: '99.95' }),
    });
    const sli = await run(['create', 'sli', '-f', '-', '--json', '--profile', 'staging'], {
      env: env(),
      stdin: JSON.stringify({
        name: 'ledger freshness',
        type: 'freshness',
        unit_of_measure: 's',
        queries: {},
        formula: 'lag',
      }),
    });
    expect(sli.code, sli.stderr).toBe(0);
    const sliId = (JSON.parse(sli.stdout) as { id: string }).id;
    const slo = await run(['create', 'slo', '-f', '-', '--profile', 'staging'], {
      env: env(),
      stdin: JSON.stringify({
        name: 'ledger fresh within 60 s',
        service_level_indicator_id: sliId,
        target_value: '99',
        target_unit: '%',
        time_window_type: 'rolling',
        time_window_value: '30',
        time_window_unit: 'day',
        benchmark_operator: '<=',
        benchmark_value: '60',
      }),
    });
    expect(slo.code, slo.stderr).toBe(0);
    const stagingWritesMade = writes(staging).length;

    const diff = await run(['diff', '--from-profile', 'staging'], { env: env() });
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain('+ sli ledger-freshness');
    expect(diff.stdout).toContain('+ slo ledger-fresh-within-60-s');
    expect(diff.stdout).toMatch(/^~ slo .*\(slo-000003\): target_value "99\.9" → "99\.95"$/m);
    expect(diff.stdout).toMatch(/^Plan: 2 to create, 1 to change, 49 unchanged, 0 refused\.$/m);

    const prodBefore = writes(prod).length;
    const apply = await run(['apply', '--from-profile', 'staging', '--yes'], { env: env() });
    expect(apply.code, apply.stderr).toBe(0);
    expect(writes(prod).slice(prodBefore)).toEqual(['POST /v1/slis/', 'PATCH /v1/slos/slo-000003/', 'POST /v1/slos/']);
    // The new SLO points at prod's new SLI, not at staging's id.
    const created = prod.sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/slos/').at(-1)!;
    const prodSlis = JSON.parse((await run(['list', 'slis', '--all', '-o', 'json'], { env: env() })).stdout) as {
      id: string;
      name: string;
    }[];
    const prodSli = prodSlis.find((s) => s.name === 'ledger freshness')!;
    expect((created.body as { service_level_indicator_id: string }).service_level_indicator_id).toBe(prodSli.id);
    expect(prodSli.id).not.toBe(sliId);
    expect(writes(staging)).toHaveLength(stagingWritesMade);
    expect(stagingWritesMade).toBeGreaterThan(stagingWrites);
    // Now alike.
    expect((await run(['diff', '--from-profile', 'staging'], { env: env() })).code).toBe(0);
  });

  test('the profile in use, a missing profile, or a file besides: refused before anything is read', async () => {
    expect((await run(['diff', '--from-profile', 'prod'], { env: env() })).stderr).toMatch(/is the profile in use/);
    expect((await run(['diff', '--from-profile', 'staging', '-f', 'x.yaml'], { env: env() })).code).toBe(2);
    expect((await run(['apply', '--from-profile', 'staging', '--read-only'], { env: env() })).code).not.toBe(0);
  });
});

type Doc = {
  apiVersion: string;
  kind: string;
  metadata: { displayName?: string; annotations: Record<string, string> };
  spec: { sliRef?: string; indicatorRef?: string };
};

describe('OpenSLO v2alpha', () => {
  test('export --openslo v2alpha: openslo.com/v2alpha, sliRef, no displayName in the metadata; diff reads it back unchanged', async () => {
    const r = await run(['export', '--openslo', 'v2alpha'], { env: env() });
    expect(r.code).toBe(0);
    const docs = parseAllDocuments(r.stdout).map((d) => d.toJS() as Doc);
    expect(new Set(docs.map((d) => d.apiVersion))).toEqual(new Set(['openslo.com/v2alpha']));
    const slo = docs.find((d) => d.kind === 'SLO')!;
    expect(slo.spec.sliRef).toEqual(expect.any(String));
    expect(slo.spec.indicatorRef).toBeUndefined();
    expect(slo.metadata.displayName).toBeUndefined();
    expect(slo.metadata.annotations['slotui/display-name']).toEqual(expect.any(String));
    const dir = await tempDir();
    const file = join(dir, 'v2.yaml');
    await writeFile(file, r.stdout);
    const diff = await run(['diff', '-f', file], { env: env() });
    expect(diff.stdout).toMatch(/^Plan: 0 to create, 0 to change, \d+ unchanged, 0 refused\.$/m);
    expect(diff.code).toBe(0);
    expect((await run(['export', '--openslo', 'v3'], { env: env() })).code).toBe(2);
  });
});
