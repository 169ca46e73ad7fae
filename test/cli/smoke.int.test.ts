/**
 * One pass through each family of commands against the real sandbox over TLS
 * (its CA given, verification on, a real token, real paging): what the fake
 * API cannot show is that the pieces meet a real service. The commands'
 * behaviour in detail is tested over the fake API (records.test.ts,
 * list.test.ts, used-by.test.ts, slo-math.test.ts, report-command.test.ts,
 * gitops/*.test.ts).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { run, startCliHarness, type CliHarness } from './helpers.js';

let h: CliHarness;
beforeAll(async () => {
  h = await startCliHarness();
});
afterAll(async () => {
  await h?.close();
});

const cli = (argv: string[], stdin?: string) => run(argv, { env: h.env(), ...(stdin === undefined ? {} : { stdin }) });

test('records: create, update, get and delete', async () => {
  const org = { name: 'Smoke Org', description: 'made by the smoke test' };
  const created = await cli(['create', 'orgs', '--file', '-', '--json'], JSON.stringify(org));
  expect(created.code, created.stderr).toBe(0);
  const { id } = JSON.parse(created.stdout) as { id: string };
  expect((await cli(['update', 'orgs', id, '--file', '-', '--json'], '{"description": "changed"}')).code).toBe(0);
  expect(h.sandbox.requests.filter((q) => q.method === 'PATCH').at(-1)?.body).toEqual({ description: 'changed' });
  const back = await cli(['get', 'organizations', id, '--json']);
  expect(JSON.parse(back.stdout)).toMatchObject({ id, name: org.name, description: 'changed' });
  expect((await cli(['delete', 'org', id, '--yes'])).stdout).toBe(`Deleted organization ${id}.\n`);
  expect((await cli(['get', 'orgs', id])).code).toBe(1);
});

test('lists: --all follows the real next links, every record once', async () => {
  const before = h.sandbox.requests.length;
  const r = await cli(['list', 'slis', '--all', '--json', '--limit', '7']);
  expect(r.code, r.stderr).toBe(0);
  const ids = (JSON.parse(r.stdout) as { id: string }[]).map((x) => x.id);
  expect(ids).toHaveLength(30);
  expect(new Set(ids).size).toBe(30);
  // 30 records, 7 a page: 5 requests, each the last one's next link.
  const sent = h.sandbox.requests.slice(before);
  expect(sent.map((q) => q.path)).toEqual([0, 7, 14, 21, 28].map((o) => `/v1/slis/?limit=7&offset=${o}`));
});

test('relations: used-by finds the agreements of an SLO across pages', async () => {
  const r = await cli(['used-by', 'slo', 'slo-000003', '--json']);
  expect(r.code, r.stderr).toBe(0);
  expect((JSON.parse(r.stdout) as { id: string }[]).map((x) => x.id)).toEqual(['agr-000001', 'agr-000004']);
});

test('SLO math: budget and the report read the SLOs and SLIs from the service', async () => {
  const budget = await cli(['budget', 'slo-000001', '--json']);
  expect(budget.code, budget.stderr).toBe(0);
  expect(JSON.parse(budget.stdout)).toMatchObject({ id: 'slo-000001', target_percent: 99.9 });
  const report = await cli(['report', 'slo-000001']);
  expect(report.code, report.stderr).toBe(0);
  expect(report.stdout).toContain('| checkout-api availability 99.9% | 99.9 % |');
});

test('GitOps: export, then diff and apply of the export change nothing', async () => {
  const exported = await cli(['export']);
  expect(exported.code, exported.stderr).toBe(0);
  const diff = await cli(['diff', '-f', '-'], exported.stdout);
  expect(diff.stdout).toMatch(/^Plan: 0 to create, 0 to change, \d+ unchanged, 0 refused\.$/m);
  expect(diff.code).toBe(0);
  const writes = h.sandbox.requests.filter((q) => q.method !== 'GET').length;
  expect((await cli(['apply', '-f', '-', '--yes'], exported.stdout)).code).toBe(0);
  expect(h.sandbox.requests.filter((q) => q.method !== 'GET')).toHaveLength(writes);
});
