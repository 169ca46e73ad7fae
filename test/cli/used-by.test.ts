/** `slotui used-by` against the sandbox's sample data, served 5 records a page so every walk crosses pages. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Faults } from '../../src/sandbox/types.js';
import { run, startFakeHarness, type FakeHarness } from './helpers.js';

let h: FakeHarness;
beforeAll(async () => {
  h = await startFakeHarness({ maxLimit: 5 });
});
afterAll(async () => {
  await h?.close();
});

describe('used-by', () => {
  test("an SLO's agreements as JSON: resource, id and name, found across pages", async () => {
    const r = await run(['used-by', 'slo', 'slo-000003', '--json'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { resource: 'agreements', id: 'agr-000001', name: 'Acme Retail storefront SLA' },
      { resource: 'agreements', id: 'agr-000004', name: 'Initech merchant SLA' },
    ]);
    expect(r.stderr).toBe('');
  });

  test("an SLI's SLOs as a table, with a summary on stderr", async () => {
    const sloPages = () =>
      h.sandbox.requests.filter((q) => q.method === 'GET' && q.path.startsWith('/v1/slos/?')).length;
    const before = sloPages();
    const r = await run(['used-by', 'slis', 'sli-000001'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    // The 20 sample SLOs, 5 a page: every page was read.
    expect(sloPages() - before).toBe(4);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^RESOURCE\s+ID\s+NAME$/);
    expect(lines[1]).toMatch(/^slos\s+slo-000001\s+checkout-api availability 99\.9%$/);
    expect(lines).toHaveLength(2);
    expect(r.stderr).toBe('sli checkout-api availability (sli-000001) is used by 1 SLO.\n');
  });

  test("an organization's agreements; orgs is an alias", async () => {
    const r = await run(['used-by', 'orgs', 'org-000001', '--json'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((x) => x.id)).toEqual(['agr-000001', 'agr-000002']);
  });

  test('nothing refers to it: an empty JSON array, and a sentence on stderr', async () => {
    const sli = await run(['used-by', 'sli', 'sli-000003', '--json'], { api: h.api, env: h.env() });
    expect(sli.code).toBe(0);
    expect(sli.stdout).toBe('[]\n');
    const table = await run(['used-by', 'sli', 'sli-000003'], { api: h.api, env: h.env() });
    expect(table.stdout).toBe('');
    expect(table.stderr).toBe('No SLOs refer to sli checkout-api error rate (sli-000003).\n');
    const agreement = await run(['used-by', 'agreement', 'agr-000001', '--json'], { api: h.api, env: h.env() });
    expect(agreement.code).toBe(0);
    expect(agreement.stdout).toBe('[]\n');
    expect(agreement.stderr).toMatch(/^Nothing refers to agreements/);
  });

  test('a record that is gone but still referred to: the references that point nowhere', async () => {
    const created = await run(['create', 'sli', '-f', '-'], {
      api: h.api,
      env: h.env(),
      stdin: JSON.stringify({ name: 'soon gone', type: 'latency' }),
    });
    const sliId = /sli-\d+/.exec(created.stdout)?.[0] ?? '';
    const slo = {
      name: 'points at a gone SLI',
      service_level_indicator_id: sliId,
      time_window_type: 'rolling',
      time_window_value: '30',
      time_window_unit: 'day',
      target_value: '99',
    };
    const made = await run(['create', 'slo', '-f', '-', '--json'], {
      api: h.api,
      env: h.env(),
      stdin: JSON.stringify(slo),
    });
    const sloId = (JSON.parse(made.stdout) as { id: string }).id;
    expect((await run(['delete', 'sli', sliId, '--yes'], { api: h.api, env: h.env() })).code).toBe(0);

    const r = await run(['used-by', 'sli', sliId, '--json'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ resource: 'slos', id: sloId, name: 'points at a gone SLI' }]);
    expect(r.stderr).toBe(`sli ${sliId} does not exist, yet it is used by 1 SLO: those references point nowhere.\n`);
  });

  test('a mistyped id: not found, exit 1; a bad resource: exit 2', async () => {
    const missing = await run(['used-by', 'sli', 'sli-999999'], { api: h.api, env: h.env() });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/^slotui: .*sli-999999/);
    const bad = await run(['used-by', 'things', 'x'], { api: h.api, env: h.env() });
    expect(bad.code).toBe(2);
    expect((await run(['used-by', 'sli'], { api: h.api, env: h.env() })).code).toBe(2);
  });

  const failedReads: [string, { token?: string; faults?: Faults }, number, RegExp][] = [
    ['a refused token', { token: 'not-a-token' }, 4, /^slotui: .*(token|Authentication).*\n$/],
    ['a 500', { faults: { errorRate: 1, errorStatuses: [500] } }, 1, /^slotui: .*\n$/],
    ['an HTML page', { faults: { htmlRate: 1 } }, 1, /^slotui: .*\n$/],
  ];
  test.each(failedReads)(
    'a failed read (%s) is one line on stderr and its exit code, never a crash',
    async (_what, how, code, line) => {
      try {
        if (how.faults) h.sandbox.setFaults(how.faults);
        const env = how.token ? { ...h.env(), SLOTUI_TOKEN: how.token } : h.env();
        const r = await run(['used-by', 'slis', 'sli-000001'], { env });
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(line);
        expect(r.code).toBe(code);
      } finally {
        h.sandbox.setFaults({});
      }
    },
  );

  test('--help names the command and its flags', async () => {
    const r = await run(['used-by', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: slotui used-by <resource> <id> [--json]');
  });
});
