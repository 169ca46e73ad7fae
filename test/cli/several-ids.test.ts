/**
 * `get` and `delete` take several ids (kubectl's `get pod a b`), over the fake
 * API serving the sandbox from memory: one request a record, in order, never
 * one twice; an id that is not there is said and the others done all the same.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { run, startFakeHarness, type FakeHarness } from './helpers.js';

let h: FakeHarness;
beforeAll(async () => {
  h = await startFakeHarness();
});
afterAll(async () => {
  await h.close();
});

const sent = (method: string, from: number) => h.api.requests.slice(from).filter((r) => r.method === method);

describe('get <resource> <id>...', () => {
  test('prints them as list prints a page: a table, or one JSON array', async () => {
    const table = await run(['get', 'slo', 'slo-000001', 'slo-000002'], { env: h.env() });
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+TARGET\s+BUDGET/);
    expect(lines).toHaveLength(3);
    const json = await run(['get', 'slo', 'slo-000002', 'slo-000001', '-o', 'json'], { env: h.env() });
    expect((JSON.parse(json.stdout) as { id: string }[]).map((r) => r.id)).toEqual(['slo-000002', 'slo-000001']);
  });

  test('an id that is not there is said on stderr, the others print, exit 1; one read each, duplicates once', async () => {
    const before = h.api.requests.length;
    const r = await run(['get', 'slo', 'slo-000001', 'slo-999999', 'slo-000001', '-o', 'name'], { env: h.env() });
    expect(r.stdout).toBe('slo/slo-000001\n');
    expect(r.stderr).toMatch(/^slotui: .*slo-999999.*\n$/);
    expect(r.code).toBe(1);
    expect(sent('GET', before).map((q) => q.path)).toEqual(['/v1/slos/slo-000001/', '/v1/slos/slo-999999/']);
  });
});

describe('delete <resource> <id>...', () => {
  test('--yes deletes each with one request, in order, and says so a line each', async () => {
    const created = await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        const r = await run(['create', 'org', '-f', '-', '--json'], { env: h.env(), stdin: JSON.stringify({ name }) });
        return (JSON.parse(r.stdout) as { id: string }).id;
      }),
    );
    const before = h.api.requests.length;
    const r = await run(['delete', 'org', ...created, '--yes'], { env: h.env() });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toEqual(created.map((id) => `Deleted organization ${id}.`));
    expect(sent('DELETE', before).map((q) => q.path)).toEqual(created.map((id) => `/v1/organizations/${id}/`));
  });

  test('one that fails is said, the others are deleted, exit 1', async () => {
    const r0 = await run(['create', 'org', '-f', '-', '--json'], { env: h.env(), stdin: '{"name": "kept"}' });
    const id = (JSON.parse(r0.stdout) as { id: string }).id;
    const r = await run(['delete', 'org', 'org-999999', id, '--yes'], { env: h.env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^slotui: organization org-999999: .*\n$/);
    expect(r.stdout).toBe(`Deleted organization ${id}.\n`);
  });

  test('without --yes and without a terminal: refused before any request', async () => {
    const before = h.api.requests.length;
    const r = await run(['delete', 'org', 'org-000001', 'org-000002'], { env: h.env() });
    expect(r.code).toBe(2);
    expect(h.api.requests.length).toBe(before);
  });

  test('on a terminal: one question naming them and what refers to them; n deletes nothing', async () => {
    const before = h.api.requests.length;
    const r = await run(['delete', 'slo', 'slo-000001', 'slo-000003'], {
      env: h.env(),
      stdinIsTTY: true,
      stdoutIsTTY: true,
      feed: (stdin) => stdin.end('n\n'),
    });
    expect(r.stderr).toMatch(/Delete these 2 SLOs\? They are used by 2 agreements\. \[y\/N\] /);
    expect(r.code).toBe(1);
    expect(sent('DELETE', before)).toEqual([]);
  });
});
