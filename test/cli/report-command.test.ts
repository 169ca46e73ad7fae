/** `slotui report` against the sandbox's sample data, 5 records a page. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { run, startFakeHarness, type FakeHarness } from './helpers.js';

let h: FakeHarness;
beforeAll(async () => {
  h = await startFakeHarness({ maxLimit: 5 });
});
afterAll(async () => {
  await h?.close();
});

const listed = (resource: string) =>
  h.sandbox.requests.filter((q) => q.method === 'GET' && q.path.startsWith(`/v1/${resource}/?`)).length;

async function createSlo(fields: Record<string, unknown>): Promise<string> {
  const slo = {
    name: 'made here',
    service_level_indicator_id: 'sli-000003',
    time_window_type: 'rolling',
    time_window_value: '30',
    time_window_unit: 'day',
    target_value: '99',
    ...fields,
  };
  const made = await run(['create', 'slo', '-f', '-', '--json'], {
    api: h.api,
    env: h.env(),
    stdin: JSON.stringify(slo),
  });
  expect(made.code).toBe(0);
  return (JSON.parse(made.stdout) as { id: string }).id;
}

describe('report', () => {
  test('the SLOs named, as a Markdown table: header, separator, one row an SLO, budgets from the SLO math', async () => {
    const r = await run(['report', 'slo-000001', 'slo-000002'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      [
        '| SLO | Target | Window | Budget | SLI | First page tier |',
        '| --- | --- | --- | --- | --- | --- |',
        '| checkout-api availability 99.9% | 99.9 % | rolling 28 days | 40m 19s | checkout-api availability | 1h/5m: burn 13.44× (1.34 % errors) |',
        '| checkout-api latency p95 under 300 ms | 95 % | rolling 30 days | 1d 12h | checkout-api latency p95 | 1h/5m: burn 14.4× (72 % errors) |',
        '',
      ].join('\n'),
    );
  });

  test('CSV has the budget in seconds', async () => {
    const r = await run(['report', 'slo-000001', 'slo-000003', '--format', 'csv'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      'name,target_percent,window,budget_seconds,sli,first_page_tier',
      'checkout-api availability 99.9%,99.9,rolling 28 days,2419.2,checkout-api availability,1h/5m: burn 13.44× (1.34 % errors)',
      'payments-gateway availability 99.9%,99.9,rolling 30 days,2592,payments-gateway availability,1h/5m: burn 14.4× (1.44 % errors)',
      '',
    ]);
  });

  test("--agreement: the agreement's SLOs in its order, after the ones named, each once", async () => {
    const r = await run(['report', 'slo-000016', '--agreement', 'agr-000001', '--format', 'csv'], {
      api: h.api,
      env: h.env(),
    });
    expect(r.code).toBe(0);
    const names = r.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(names).toEqual([
      'mobile-bff latency p95 under 300 ms',
      'checkout-api availability 99.9%',
      'checkout-api latency p95 under 300 ms',
      'payments-gateway availability 99.9%',
      'payments-gateway latency p95 under 300 ms',
      'mobile-bff availability 99.9%',
    ]);
  });

  test('every SLO when none is named, across pages; many SLIs are named from their pages', async () => {
    await createSlo({ name: 'an SLO on a third SLI' });
    const sliPages = listed('slis');
    const r = await run(['report'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows).toHaveLength(2 + 21);
    expect(rows.at(-1)).toMatch(
      /^\| an SLO on a third SLI \| 99 % \| rolling 30 days \| 7h 12m \| checkout-api error rate \| 1h\/5m: burn 14\.4× /,
    );
    // 21 SLIs to name: read from the SLI pages, not one by one.
    expect(listed('slis')).toBeGreaterThan(sliPages);
  });

  test('an SLO without a budget says why; an SLI that is gone is marked; an agreement listing a gone SLO says so', async () => {
    const noBudget = await createSlo({ name: 'perfect', target_value: '100' });
    const created = await run(['create', 'sli', '-f', '-', '--json'], {
      api: h.api,
      env: h.env(),
      stdin: JSON.stringify({ name: 'soon gone', type: 'latency' }),
    });
    const sliId = (JSON.parse(created.stdout) as { id: string }).id;
    const orphan = await createSlo({ name: 'orphan', service_level_indicator_id: sliId });
    await run(['delete', 'sli', sliId, '--yes'], { api: h.api, env: h.env() });
    const gone = await createSlo({ name: 'soon gone' });
    const agreement = { name: 'with a gone SLO', organization_id: 'org-000001', slo_ids: [noBudget, gone, orphan] };
    const made = await run(['create', 'agreement', '-f', '-', '--json'], {
      api: h.api,
      env: h.env(),
      stdin: JSON.stringify(agreement),
    });
    const agreementId = (JSON.parse(made.stdout) as { id: string }).id;
    await run(['delete', 'slo', gone, '--yes'], { api: h.api, env: h.env() });

    const r = await run(['report', '--agreement', agreementId], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n').slice(2);
    expect(rows[0]).toBe(
      '| perfect | 100 | rolling 30 day | none: target 100 % allows no bad time: no budget (a target must be below 100) | checkout-api error rate |  |',
    );
    expect(rows[1]).toContain(`| ${sliId} (not found) |`);
    expect(rows).toHaveLength(2);
    expect(r.stderr).toBe(`Agreement ${agreementId} lists SLO ${gone}, which does not exist; it is left out.\n`);
  });

  test('usage and missing records', async () => {
    expect((await run(['report', '--format', 'xlsx'], { api: h.api, env: h.env() })).code).toBe(2);
    expect((await run(['report', '--agreement', ''], { api: h.api, env: h.env() })).code).toBe(2);
    const missing = await run(['report', 'slo-999999'], { api: h.api, env: h.env() });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect((await run(['report', '--agreement', 'agr-999999'], { api: h.api, env: h.env() })).code).toBe(1);
    const help = await run(['report', '--help']);
    expect(help.stdout).toContain('Usage: slotui report [<slo-id>...] [--agreement ID] [--format md|csv]');
  });
});
