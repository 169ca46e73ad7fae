import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseAllDocuments, parse } from 'yaml';
import { removeTempDirs, run, startFakeHarness, tempDir, type FakeHarness } from './helpers.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/query-map.yaml', import.meta.url));
let h: FakeHarness;
beforeAll(async () => {
  h = await startFakeHarness();
});
afterAll(async () => {
  await h?.close();
  await removeTempDirs();
});

type Rule = { record?: string; alert?: string; expr: string; labels: Record<string, string> };
type Tier = { severity: string; long_seconds: number; short_seconds: number; error_rate: number; reachable: boolean };
const seconds = (window: string) =>
  Number(window.slice(0, -1)) * { m: 60, h: 3600, d: 86_400 }[window.at(-1) as 'm' | 'h' | 'd'];

describe('slotui rules', () => {
  test('prometheus: every alert fires where `slotui alerts --json` says, both windows', async () => {
    const ids = ['slo-000001', 'slo-000002', 'slo-000003'];
    const r = await run(['rules', ...ids, '--query-map', EXAMPLE], { api: h.api, env: h.env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const file = parse(r.stdout) as { groups: { name: string; rules: Rule[] }[] };
    expect(file.groups).toHaveLength(3);
    for (const [i, id] of ids.entries()) {
      const alerts = file.groups[i]!.rules.filter((rule) => rule.alert);
      const expected = (
        JSON.parse((await run(['alerts', id, '--json'], { api: h.api, env: h.env() })).stdout) as { tiers: Tier[] }
      ).tiers;
      expect(alerts.map((a) => a.labels.slo_id)).toEqual(expected.filter((t) => t.reachable).map(() => id));
      for (const [j, tier] of expected.filter((t) => t.reachable).entries()) {
        const alert = alerts[j]!;
        expect(alert.labels.severity).toBe(tier.severity);
        expect(seconds(alert.labels.long_window!)).toBe(tier.long_seconds);
        expect(seconds(alert.labels.short_window!)).toBe(tier.short_seconds);
        const thresholds = [...alert.expr.matchAll(/ratio_rate(\w+)\{[^}]*\} >= ([0-9.e-]+)\)/g)].map((m) => [
          m[1],
          Number(m[2]),
        ]);
        expect(thresholds).toEqual([
          [alert.labels.long_window, tier.error_rate],
          [alert.labels.short_window, tier.error_rate],
        ]);
      }
    }
    // The comments say what the numbers alone do not: slo-000001 is judged by 5m intervals.
    expect(r.stdout).toMatch(/# checkout-api availability 99\.9% \(slo-000001\): 99\.9 % over rolling 28 days/);
    expect(r.stdout).toMatch(/# Judged by 5m intervals in slotui/);
    // The query of the map, with the window in place.
    expect(r.stdout).toContain('sum(rate(http_requests_total{job="checkout-api",code=~"5.."}[1h]))');
  });

  test('sloth and pyrra: parse back as one spec a service and one ServiceLevelObjective an SLO', async () => {
    const sloth = await run(['rules', 'slo-000001', 'slo-000003', '--query-map', EXAMPLE, '--format', 'sloth'], {
      api: h.api,
      env: h.env(),
    });
    expect(sloth.code).toBe(0);
    const specs = parseAllDocuments(sloth.stdout).map(
      (d) => d.toJS() as { version: string; service: string; slos: { name: string }[] },
    );
    expect(specs.map((s) => [s.version, s.service, s.slos.map((slo) => slo.name)])).toEqual([
      ['prometheus/v1', 'checkout-api', ['checkout-api-availability-99-9']],
      ['prometheus/v1', 'payments-gateway', ['payments-gateway-availability-99-9']],
    ]);
    expect(sloth.stdout).toContain('--default-slo-period 28d');
    const pyrra = await run(['rules', 'slo-000002', 'slo-000003', '--query-map', EXAMPLE, '--format', 'pyrra'], {
      api: h.api,
      env: h.env(),
    });
    expect(pyrra.code).toBe(0);
    const objects = parseAllDocuments(pyrra.stdout).map(
      (d) => d.toJS() as { kind: string; spec: { target: string; window: string } },
    );
    expect(objects.map((o) => [o.kind, o.spec.target, o.spec.window])).toEqual([
      ['ServiceLevelObjective', '95', '30d'],
      ['ServiceLevelObjective', '99.9', '30d'],
    ]);
  });

  test('an SLO whose SLI is not in the map: exit 3 naming it, nothing on stdout', async () => {
    const r = await run(['rules', 'slo-000001', 'slo-000004', '--query-map', EXAMPLE], { api: h.api, env: h.env() });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `slotui: payments-gateway latency p95 under 300 ms (slo-000004): its SLI sli-000005 (payments-gateway latency p95) has no entry in ${EXAMPLE}; add it under the SLI's id or name.\n`,
    );
  });

  test('a query map that cannot be used says why in one line (exit 1); a missing flag or format is a usage error', async () => {
    const dir = await tempDir();
    const noWindow = join(dir, 'no-window.yaml');
    await writeFile(noWindow, 'sli-000001:\n  errors: sum(rate(x[5m]))\n  total: sum(rate(y[5m]))\n');
    const bad = await run(['rules', 'slo-000001', '--query-map', noWindow], { api: h.api, env: h.env() });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      `slotui: ${noWindow}: sli-000001: errors must be PromQL with {{window}} where the range goes.\n`,
    );
    const typo = join(dir, 'typo.yaml');
    await writeFile(typo, 'sli-000001:\n  error: x\n');
    expect((await run(['rules', 'slo-000001', '--query-map', typo], { api: h.api, env: h.env() })).stderr).toMatch(
      /error is not one of errors, total/,
    );
    expect((await run(['rules', 'slo-000001'], { api: h.api, env: h.env() })).code).toBe(2);
    expect((await run(['rules', '--query-map', EXAMPLE], { api: h.api, env: h.env() })).code).toBe(2);
    expect(
      (await run(['rules', 'slo-000001', '--query-map', EXAMPLE, '--format', 'nagios'], { api: h.api, env: h.env() }))
        .code,
    ).toBe(2);
  });

  test('a tier that can never fire is left out and said so in a comment', async () => {
    const created = await run(['create', 'slo', '-f', '-', '--json'], {
      api: h.api,
      env: h.env(),
      stdin: JSON.stringify({
        name: 'loose',
        service_level_indicator_id: 'sli-000001',
        target_value: '90',
        target_unit: '%',
        time_window_type: 'rolling',
        time_window_value: '30',
        time_window_unit: 'day',
        benchmark_operator: '>=',
        benchmark_value: '99',
      }),
    });
    expect(created.code, created.stderr).toBe(0);
    const id = (JSON.parse(created.stdout) as { id: string }).id;
    const r = await run(['rules', id, '--query-map', EXAMPLE], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    const alerts = (parse(r.stdout) as { groups: { rules: Rule[] }[] }).groups[0]!.rules.filter((rule) => rule.alert);
    expect(alerts.map((a) => a.labels.long_window)).toEqual(['6h', '3d']);
    expect(r.stdout).toMatch(/# No page 1h\/5m alert: its burn 14\.4 needs more than 100 % errors/);
  });
});
