import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addProfile, run, startFakeHarness, removeTempDirs, tempDir, type FakeHarness } from './helpers.js';

let h: FakeHarness;
let files: string;
beforeAll(async () => {
  h = await startFakeHarness();
  files = await tempDir('slotui-cli-files-');
});
afterAll(async () => {
  await h?.close();
  await removeTempDirs();
});

const sli = {
  name: 'cli test latency',
  type: 'latency',
  unit_of_measure: 'ms',
  queries: { p95: { select: 'p95(duration)', from: 'spans', where: 'service = "cli"', limit: 10 } },
};

async function file(name: string, text: string): Promise<string> {
  const path = join(files, name);
  await writeFile(path, text);
  return path;
}

async function readBack(resource: string, id: string): Promise<Record<string, unknown>> {
  const r = await run(['get', resource, id, '--json'], { api: h.api, env: h.env() });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('get', () => {
  test('a "field  value" listing in the detail order, nested values as compact JSON', async () => {
    const r = await run(['get', 'sli', 'sli-000001'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s{2,}sli-000001$/);
    expect(lines[1]).toMatch(/^name\s{2,}checkout-api availability$/);
    const queries = lines.find((l) => l.startsWith('queries'));
    expect(queries).toMatch(/^queries\s+\{".+":\{"select":/);
  });

  test('--json is the record', async () => {
    const record = await readBack('slos', 'slo-000002');
    expect(record.id).toBe('slo-000002');
    expect(record.service_level_indicator_id).toBe('sli-000002');
  });

  test("a missing record: exit 1 with the service's reason", async () => {
    const r = await run(['get', 'slis', 'sli-999999', '--json'], { api: h.api, env: h.env() });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^slotui: No sli with id sli-999999/);
  });
});

describe('create, update, delete', () => {
  test('create from a file prints the record, which the service then has', async () => {
    const path = await file('sli.json', JSON.stringify(sli, null, 2));
    const r = await run(['create', 'slis', '--file', path, '--json'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    const created = JSON.parse(r.stdout) as { id: string; name: string };
    expect(created.name).toBe(sli.name);
    const back = await readBack('slis', created.id);
    expect(back).toMatchObject(sli);
  });

  test('create from stdin, printed as a listing', async () => {
    const org = { name: 'Stdin Org', description: 'made from stdin' };
    const r = await run(['create', 'orgs', '--file', '-'], { api: h.api, env: h.env(), stdin: JSON.stringify(org) });
    expect(r.code).toBe(0);
    const id = /^id\s+(\S+)$/m.exec(r.stdout)?.[1];
    expect(id).toBeDefined();
    expect(r.stdout).toMatch(/^name\s+Stdin Org$/m);
    expect(await readBack('organizations', id!)).toMatchObject(org);
  });

  test('update sends the fields given (PATCH) and keeps the others', async () => {
    const created = JSON.parse(
      (
        await run(['create', 'slis', '-f', await file('u.json', JSON.stringify(sli)), '--json'], {
          api: h.api,
          env: h.env(),
        })
      ).stdout,
    ) as { id: string };
    const r = await run(
      ['update', 'slis', created.id, '--file', await file('patch.json', '{"description": "changed"}'), '--json'],
      { api: h.api, env: h.env() },
    );
    expect(r.code).toBe(0);
    const request = h.sandbox.requests.filter((q) => q.method === 'PATCH').at(-1);
    expect(request?.body).toEqual({ description: 'changed' });
    const back = await readBack('slis', created.id);
    expect(back).toMatchObject({ description: 'changed', name: sli.name, type: sli.type });
  });

  test('delete --yes deletes', async () => {
    const created = JSON.parse(
      (
        await run(['create', 'slis', '-f', await file('d.json', JSON.stringify(sli)), '--json'], {
          api: h.api,
          env: h.env(),
        })
      ).stdout,
    ) as { id: string };
    const r = await run(['delete', 'sli', created.id, '--yes'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Deleted sli ${created.id}.\n`);
    const gone = await run(['get', 'slis', created.id], { api: h.api, env: h.env() });
    expect(gone.code).toBe(1);
  });

  test('delete on a terminal asks first; "n" keeps the record, "y" deletes it', async () => {
    const created = JSON.parse(
      (
        await run(['create', 'slis', '-f', await file('p.json', JSON.stringify(sli)), '--json'], {
          api: h.api,
          env: h.env(),
        })
      ).stdout,
    ) as { id: string };
    const tty = { api: h.api, env: h.env(), stdinIsTTY: true, stdoutIsTTY: true };
    const no = await run(['delete', 'slis', created.id], { ...tty, feed: (stdin) => stdin.write('n\n') });
    expect(no.stderr).toContain(`Delete sli ${sli.name} (${created.id})? Nothing refers to it. [y/N] `);
    expect(no.code).toBe(1);
    expect((await run(['get', 'slis', created.id], { api: h.api, env: h.env() })).code).toBe(0);

    const yes = await run(['delete', 'slis', created.id], { ...tty, feed: (stdin) => stdin.write('y\n') });
    expect(yes.code).toBe(0);
    expect(yes.stdout).toBe(`Deleted sli ${sli.name} (${created.id}).\n`);
    expect((await run(['get', 'slis', created.id], { api: h.api, env: h.env() })).code).toBe(1);
  });

  test('delete of a record in use says what uses it before asking, as the dashboard does', async () => {
    const tty = { api: h.api, env: h.env(), stdinIsTTY: true, stdoutIsTTY: true };
    const no = await run(['delete', 'slis', 'sli-000001'], { ...tty, feed: (stdin) => stdin.write('n\n') });
    expect(no.stderr).toContain(
      '(sli-000001)? It is used by 1 SLO (slo-000001), which would then point nowhere. [y/N] ',
    );
    expect(no.code).toBe(1);
    expect((await run(['get', 'slis', 'sli-000001'], { api: h.api, env: h.env() })).code).toBe(0);
  });

  test('delete without --yes and without a terminal is refused before any request', async () => {
    const before = h.sandbox.stats().requests;
    const r = await run(['delete', 'slis', 'sli-000001'], { api: h.api, env: h.env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Refusing to delete without --yes when not on a terminal.');
    expect(h.sandbox.stats().requests).toBe(before);
  });
});

describe('payload problems are caught before sending', () => {
  const noRequest = async (argv: string[], stdin?: string) => {
    const before = h.sandbox.stats().requests;
    const r = await run(argv, { api: h.api, env: h.env(), stdin });
    expect(h.sandbox.stats().requests).toBe(before);
    return r;
  };

  test('invalid JSON: where it goes wrong, without quoting the file', async () => {
    const path = await file('bad.json', '{\n  "name": "x",\n  "type": secret-value\n}');
    const r = await noRequest(['create', 'slis', '--file', path]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`slotui: ${path} is not valid JSON: unexpected 's' at line 3, column 11.\n`);
  });

  test('truncated JSON from stdin', async () => {
    const r = await noRequest(['create', 'slis', '--file', '-', '--json'], '{"name": "x"');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^slotui: stdin is not valid JSON: it ends too early/);
  });

  test('a missing file', async () => {
    const path = join(files, 'nope.json');
    const r = await noRequest(['create', 'slis', '--file', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`slotui: Cannot read ${path}: no such file.\n`);
  });

  test('fields that do not fit the resource', async () => {
    const path = await file('slo.json', JSON.stringify({ name: 'x', target_value: 'high', interval: 1.5 }));
    const r = await noRequest(['create', 'slos', '--file', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${path} does not fit an slo (`);
    expect(r.stderr).toContain(
      '(missing service_level_indicator_id, time_window_type, time_window_value, time_window_unit; ',
    );
    expect(r.stderr).toContain(
      'target_value must be a number in quotes, such as "99.9" (got "high"); interval must be a whole number, such as 60 (got 1.5)). Fix these fields',
    );
  });

  test('misspelt fields are refused, naming the field meant, before anything is sent', async () => {
    const r = await noRequest([
      'update',
      'slos',
      'slo-000001',
      '--file',
      await file('typo.json', '{"targt_value":"99"}'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `slotui: ${join(files, 'typo.json')}: "targt_value" (did you mean "target_value"?) is not a field of an slo; nothing was sent. \`slotui update slos --help\` lists the fields.\n`,
    );
    const two = await noRequest(['create', 'slis', '-f', '-'], JSON.stringify({ ...sli, nmae: 'x', colour: 'red' }));
    expect(two.stderr).toContain('"nmae" (did you mean "name"?), "colour" are not fields of an sli; nothing was sent.');
  });

  test("a field the profile renames is known under the service's name", async () => {
    addProfile(h.configDir, 'renamed', { fields: { agreements: { slo_ids: 'objective_ids' } } });
    const body = { name: 'renamed', organization_id: 'org-000001', objective_ids: ['slo-000001'] };
    const r = await run(['create', 'agreements', '-f', '-', '--profile', 'renamed'], {
      api: h.api,
      env: h.env(),
      stdin: JSON.stringify(body),
    });
    expect(r.stderr).not.toContain('is not a field');
    expect(r.code).toBe(0);
    const typo = await noRequest(
      ['create', 'agreements', '-f', '-', '--profile', 'renamed'],
      JSON.stringify({ ...body, objective_idz: [] }),
    );
    expect(typo.stderr).toContain('"objective_idz" (did you mean "objective_ids"?) is not a field of an agreement');
  });

  test('numbers in the form the field needs, in our words', async () => {
    const slo = {
      name: 'n',
      service_level_indicator_id: 'sli-000001',
      time_window_type: 'rolling',
      time_window_value: 30,
      time_window_unit: 'day',
      target_value: '99.9',
      interval: '60',
    };
    const r = await noRequest(['create', 'slos', '-f', '-'], JSON.stringify(slo));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('time_window_value must be a number in quotes: "30", not 30');
    expect(r.stderr).toContain('interval must be a whole number without quotes: 60, not "60"');
    expect(r.stderr).not.toMatch(/Invalid input|expected (string|number)/);
    const query = await noRequest(
      ['create', 'slis', '-f', '-'],
      JSON.stringify({ ...sli, queries: { p95: { ...sli.queries.p95, limit: '10' } } }),
    );
    expect(query.stderr).toContain('queries.p95.limit must be a whole number without quotes: 10, not "10"');
  });

  test('get --json > f; update -f f: the fields the service sets are left out with a note', async () => {
    const record = await readBack('slos', 'slo-000002');
    const path = await file('roundtrip.json', JSON.stringify({ ...record, description: null }));
    const r = await run(['update', 'slos', 'slo-000002', '-f', path, '--json'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'Left out id, created_at, updated_at: the service sets them.\nLeft out description: null means "not set" and is not sent.\n',
    );
    const patch = h.sandbox.requests.filter((q) => q.method === 'PATCH').at(-1);
    expect(Object.keys(patch?.body as object)).not.toContain('id');
    expect(Object.keys(patch?.body as object)).toContain('target_value');
  });

  test('an update checks only the fields given, and needs one', async () => {
    const bad = await noRequest([
      'update',
      'slos',
      'slo-000001',
      '--file',
      await file('p1.json', '{"interval": "often"}'),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('interval must be a whole number, such as 60 (got "often")');
    const empty = await noRequest(['update', 'slos', 'slo-000001', '--file', await file('p2.json', '{}')]);
    expect(empty.stderr).toContain('holds no fields to change');
    const array = await noRequest(['update', 'slos', 'slo-000001', '--file', await file('p3.json', '[]')]);
    expect(array.stderr).toContain('must hold one JSON object');
  });

  test('--read-only refuses create, update and delete: no request reaches the sandbox', async () => {
    const path = await file('ro.json', JSON.stringify(sli));
    const before = h.sandbox.requests.length;
    for (const argv of [
      ['create', 'slis', '--file', path, '--read-only'],
      ['--read-only', 'update', 'slis', 'sli-000001', '--file', path],
      ['delete', 'slis', 'sli-000001', '--yes', '--read-only'],
    ]) {
      const r = await run(argv, { api: h.api, env: h.env() });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('Read-only mode (--read-only) is on');
    }
    expect(h.sandbox.requests.length).toBe(before);
    // Reading still works.
    expect((await run(['list', 'slis', '--read-only'], { api: h.api, env: h.env() })).code).toBe(0);
  });
});

describe('server text is sanitised before it reaches the terminal', () => {
  test('escape sequences in a name do not reach the output', async () => {
    const evil = {
      name: 'evil\u001b]0;pwned\u0007\u001b[2J name\u202e',
      type: 'latency\u009b31m',
      description: 'line one\nline two\r\u001b[1Aover',
    };
    const created = JSON.parse(
      (
        await run(['create', 'slis', '-f', await file('evil.json', JSON.stringify(evil)), '--json'], {
          api: h.api,
          env: h.env(),
        })
      ).stdout,
    ) as { id: string };
    const detail = await run(['get', 'slis', created.id], { api: h.api, env: h.env() });
    const table = await run(['list', 'slis', '--offset', '0', '--limit', '100'], {
      api: h.api,
      env: h.env(),
      stdoutIsTTY: true,
      columns: 200,
    });
    for (const out of [detail.stdout, table.stdout]) {
      // eslint-disable-next-line no-control-regex
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
      expect(out).toContain('evil name');
    }
    // A multi-line description stays readable, its continuation indented under the value column.
    expect(detail.stdout).toMatch(/^description\s+line one\n\s+line twoover$/m);
  });
});
