import { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { main } from '../../src/cli/main.js';
import { run, startFakeHarness, type FakeHarness } from './helpers.js';

let h: FakeHarness;
let big: FakeHarness;
beforeAll(async () => {
  [h, big] = await Promise.all([startFakeHarness(), startFakeHarness({ sample: false, seed: 500 })]);
});
afterAll(async () => {
  await Promise.all([h?.close(), big?.close()]);
});

describe('slotui list', () => {
  test('--all tells the program a whole list is coming (it keeps its heap small then); one page does not', async () => {
    let told = 0;
    const onWholeList = () => told++;
    expect((await run(['list', 'slis', '--json'], { api: h.api, env: h.env(), onWholeList })).code).toBe(0);
    expect(told).toBe(0);
    expect((await run(['list', 'slis', '--all', '--json'], { api: h.api, env: h.env(), onWholeList })).code).toBe(0);
    expect(told).toBe(1);
  });

  test('one page as a table, header first; into a pipe nothing is cut, columns two spaces apart', async () => {
    const long = `${'very long name '.repeat(12)}end`;
    const created = await run(['create', 'slis', '-f', '-', '--json'], {
      api: h.api,
      env: h.env(),
      stdin: JSON.stringify({ name: long, type: 'latency' }),
    });
    const { id } = JSON.parse(created.stdout) as { id: string };
    onTestFinished(async () => {
      await run(['delete', 'slis', id, '--yes'], { api: h.api, env: h.env() });
    });
    const r = await run(['list', 'slis', '--limit', '100'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+TYPE\s+UNIT\s+QUERIES\s+ID\s+AGE$/);
    // AGE as kubectl says it (2y45d, 12d, 3h…).
    expect(lines[1]).toMatch(/sli-000001\s+\d+[smhdy](?:\d+[smhd])?$/);
    expect(lines[1]).toContain('sli-000001');
    const row = lines.find((l) => l.includes(id));
    expect(row).toContain(`${long}  latency`);
    expect(row).not.toContain('…');
  });

  test('on a terminal: fitted to its width, the page summary on stderr', async () => {
    const r = await run(['list', 'slis', '--limit', '5', '--offset', '5'], {
      api: h.api,
      env: h.env(),
      stdoutIsTTY: true,
      stdinIsTTY: true,
      columns: 50,
    });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(50);
    expect(lines[0]).toMatch(/^NAME/);
    expect(r.stderr).toBe('page 2 of 6 · total 30\n');
  });

  test('--json prints a JSON array of records and nothing else', async () => {
    const r = await run(['list', 'slo', '--json', '--limit', '3'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    const records = JSON.parse(r.stdout) as Array<{ id: string; target_value: string }>;
    expect(records.map((x) => x.id)).toEqual(['slo-000001', 'slo-000002', 'slo-000003']);
    expect(typeof records[0]?.target_value).toBe('string');
    expect(r.stderr).toBe('');
  });

  test('aliases and singular forms', async () => {
    for (const word of ['orgs', 'org', 'organization', 'Organizations']) {
      const r = await run(['list', word, '--json'], { api: h.api, env: h.env() });
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout) as { id: string }[])[0]?.id).toMatch(/^org/);
    }
  });

  test('an offset past the end says so; -o json prints [] and nothing else on stdout', async () => {
    const json = await run(['list', 'slis', '--json', '--offset', '1000'], { api: h.api, env: h.env() });
    expect(json.stdout).toBe('[]\n');
    const table = await run(['list', 'slis', '--offset', '999999'], { api: h.api, env: h.env(), stdoutIsTTY: true });
    expect(table.code).toBe(0);
    expect(table.stdout).toBe('');
    expect(table.stderr).toBe(
      'Offset 999999 is past the end: there are 30 SLIs, the last page starts at offset 20 (--limit 10).\n',
    );
  });

  test('an empty list says "No … found" on stderr, as kubectl does; -o json and yaml print [] alone', async () => {
    const empty = await startFakeHarness({ sample: false });
    try {
      for (const flags of [[], ['-o', 'wide'], ['-o', 'name'], ['--all']]) {
        const r = await run(['list', 'slos', ...flags], { api: empty.api, env: empty.env() });
        expect(r.code).toBe(0);
        expect(r.stdout).toBe('');
        expect(r.stderr).toBe('No SLOs found.\n');
      }
      for (const flags of [['--json'], ['-o', 'json'], ['-o', 'yaml'], ['--all', '-o', 'json']]) {
        const r = await run(['list', 'organizations', ...flags], { api: empty.api, env: empty.env() });
        expect(r.stdout).toBe('[]\n');
        expect(r.stderr).toBe('');
      }
    } finally {
      await empty.close();
    }
  });

  test('--limit beyond what the server serves: pages counted from what came back, the cap said', async () => {
    const r = await run(['list', 'slis', '--limit', '100000'], { api: big.api, env: big.env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(101);
    expect(r.stderr).toBe(
      'The server sends at most 100 SLIs a page (asked for 100000); --all gets every page.\npage 1 of 5 · total 500\n',
    );
    const later = await run(['list', 'slis', '--limit', '500', '--offset', '300'], {
      api: big.api,
      env: big.env(),
      stdoutIsTTY: true,
    });
    expect(later.stderr).toContain('page 4 of 5 · total 500');
  });

  test('-o name, -o yaml, -o wide', async () => {
    const names = await run(['list', 'slos', '-o', 'name', '--limit', '2'], { api: h.api, env: h.env() });
    expect(names.stdout).toBe('slo/slo-000001\nslo/slo-000002\n');
    const yaml = await run(['list', 'slos', '--output=yaml', '--limit', '2'], { api: h.api, env: h.env() });
    const json = await run(['list', 'slos', '--json', '--limit', '2'], { api: h.api, env: h.env() });
    expect(parseYaml(yaml.stdout)).toEqual(JSON.parse(json.stdout));
    expect(yaml.stdout).toMatch(/^- id: slo-000001\n/);
    expect(yaml.stdout).toMatch(/target_value: "99\.\d+"/);
    const wide = await run(['list', 'slos', '-o', 'wide', '--limit', '2'], {
      api: h.api,
      env: h.env(),
      stdoutIsTTY: true,
      columns: 80,
    });
    const header = wide.stdout.split('\n')[0] ?? '';
    expect(header).toMatch(
      /^NAME\s+TARGET\s+BUDGET\s+WINDOW\s+SLI\s+BENCHMARK\s+INTERVAL\s+ID\s+AGE\s+ON MISSING\s+CREATED\s+UPDATED$/,
    );
    expect(wide.stdout).toMatch(/\ssli-\d{6}\s.*\sslo-000001\s+\d+[smhdy](?:\d+[smhd])?\s/);
    const all = await run(['list', 'slis', '--all', '-o', 'yaml'], { api: h.api, env: h.env() });
    expect((parseYaml(all.stdout) as unknown[]).length).toBe(30);
  });

  test('get -o yaml and -o name; a bad -o is a usage error', async () => {
    const yaml = await run(['get', 'slo', 'slo-000001', '-o', 'yaml'], { api: h.api, env: h.env() });
    const json = await run(['get', 'slo', 'slo-000001', '--json'], { api: h.api, env: h.env() });
    expect(parseYaml(yaml.stdout)).toEqual(JSON.parse(json.stdout));
    expect((await run(['get', 'slo', 'slo-000001', '-o', 'name'], { api: h.api, env: h.env() })).stdout).toBe(
      'slo/slo-000001\n',
    );
    const bad = await run(['get', 'slo', 'slo-000001', '-o', 'xml'], { api: h.api, env: h.env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'slotui: -o must be one of json, yaml, wide, name, custom-columns=… (got "xml"). See `slotui get --help`.\n',
    );
    const both = await run(['list', 'slo', '--json', '-o', 'yaml'], { api: h.api, env: h.env() });
    expect(both.code).toBe(2);
  });

  test('--all --json over 500 SLIs returns each id exactly once, in order', async () => {
    const before = big.sandbox.stats().requests;
    const r = await run(['list', 'slis', '--all', '--json'], { api: big.api, env: big.env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const records = JSON.parse(r.stdout) as Array<{ id: string; created_at: string }>;
    expect(records).toHaveLength(500);
    const ids = records.map((x) => x.id);
    expect(new Set(ids).size).toBe(500);
    const numbers = ids.map((id) => Number(id.replace(/\D/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // Pages of 100 (the sandbox's maximum): one request each.
    expect(big.sandbox.stats().requests - before).toBe(5);
    // One record a line between the brackets: the stream never held the whole array.
    expect(r.stdout.split('\n')).toHaveLength(503);
  });

  test('--all on a terminal: progress on stderr, cleared at the end, stdout untouched', async () => {
    const r = await run(['list', 'slis', '--all', '--json', '--limit', '100'], {
      api: big.api,
      env: big.env(),
      stderrIsTTY: true,
      progress: { delayMs: 0, intervalMs: 0 },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('SLIs: 100 of 500 (20%)');
    expect(r.stderr).toContain('SLIs: 500 of 500 (100%)');
    expect(r.stderr.endsWith('\r\x1b[2K')).toBe(true);
    expect(r.stdout).not.toContain('\r');
    expect(JSON.parse(r.stdout)).toHaveLength(500);
  });

  test('--all as a table prints every row once', async () => {
    const r = await run(['list', 'slis', '--all', '--limit', '7'], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(31);
    expect(lines.filter((l) => /^NAME/.test(l))).toHaveLength(1);
  });

  test.each([
    [['--limit', '0'], '--limit must be a whole number 1 or more (got "0")'],
    [['--limit', 'ten'], '--limit must be a whole number 1 or more (got "ten")'],
    [['--offset=-1'], '--offset must be a whole number 0 or more (got "-1")'],
    [['--offset', '1.5'], '--offset must be a whole number 0 or more'],
    [['--limit'], '--limit needs a value.'],
  ])('bad paging %j is a usage error (exit 2)', async (flags, message) => {
    const before = h.sandbox.stats().requests;
    const r = await run(['list', 'slis', ...flags], { api: h.api, env: h.env() });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('See `slotui list --help`.');
    expect(h.sandbox.stats().requests).toBe(before);
  });

  test('a closed pipe (| head) ends quietly with 0', async () => {
    let writes = 0;
    const stdout = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, callback) {
        writes++;
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const stderr = new PassThrough();
    let err = '';
    stderr.on('data', (c: Buffer) => (err += c.toString()));
    const requestsBefore = big.sandbox.stats().requests;
    const code = await main({
      argv: ['list', 'slis', '--all', '--json', '--limit', '10'],
      env: big.env(),
      createClient: big.createClient,
      stdin: new PassThrough(),
      stdout,
      stderr,
    });
    expect(code).toBe(0);
    expect(err).toBe('');
    // It stopped at the first failed write rather than reading all 50 pages.
    expect(writes).toBeLessThanOrEqual(2);
    // The first page and at most the one asked for ahead of it.
    expect(big.sandbox.stats().requests - requestsBefore).toBeLessThanOrEqual(2);
  });
});
