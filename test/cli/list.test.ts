import { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { run, startCliHarness, type CliHarness } from './helpers.js';

let h: CliHarness;
let big: CliHarness;
beforeAll(async () => {
  [h, big] = await Promise.all([startCliHarness(), startCliHarness({ sample: false, seed: 10_000 })]);
});
afterAll(async () => {
  await Promise.all([h?.close(), big?.close()]);
});

describe('slotui list', () => {
  test('one page as a table, header first, fitted to 100 columns when piped', async () => {
    const r = await run(['list', 'slis'], { env: h.env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+TYPE\s+UNIT\s+QUERIES\s+UPDATED\s+ID$/);
    expect(lines).toHaveLength(11); // the default page of 10
    expect(lines[1]).toContain('sli-000001');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
  });

  test('on a terminal: fitted to its width, the page summary on stderr', async () => {
    const r = await run(['list', 'slis', '--limit', '5', '--offset', '5'], { env: h.env(), stdoutIsTTY: true, stdinIsTTY: true, columns: 50 });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(50);
    expect(lines[0]).toMatch(/^NAME/);
    expect(r.stderr).toBe('page 2 of 6 · total 30\n');
  });

  test('--json prints a JSON array of records and nothing else', async () => {
    const r = await run(['list', 'slo', '--json', '--limit', '3'], { env: h.env() });
    expect(r.code).toBe(0);
    const records = JSON.parse(r.stdout) as Array<{ id: string; target_value: string }>;
    expect(records.map((x) => x.id)).toEqual(['slo-000001', 'slo-000002', 'slo-000003']);
    expect(typeof records[0]?.target_value).toBe('string');
    expect(r.stderr).toBe('');
  });

  test('aliases and singular forms', async () => {
    for (const word of ['orgs', 'org', 'organization', 'Organizations']) {
      const r = await run(['list', word, '--json'], { env: h.env() });
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout) as { id: string }[])[0]?.id).toMatch(/^org/);
    }
  });

  test('an empty page is [] with --json and a header alone as a table', async () => {
    const json = await run(['list', 'slis', '--json', '--offset', '1000'], { env: h.env() });
    expect(JSON.parse(json.stdout)).toEqual([]);
    const table = await run(['list', 'slis', '--offset', '1000'], { env: h.env() });
    expect(table.stdout).toMatch(/^NAME.*\n$/);
  });

  test('--all --json over 10,000 SLIs returns each id exactly once, in order', async () => {
    const before = big.sandbox.stats().requests;
    const r = await run(['list', 'slis', '--all', '--json'], { env: big.env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const records = JSON.parse(r.stdout) as Array<{ id: string; created_at: string }>;
    expect(records).toHaveLength(10_000);
    const ids = records.map((x) => x.id);
    expect(new Set(ids).size).toBe(10_000);
    const numbers = ids.map((id) => Number(id.replace(/\D/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // Pages of 100 (the sandbox's maximum): one request each.
    expect(big.sandbox.stats().requests - before).toBe(100);
    // One record a line between the brackets: the stream never held the whole array.
    expect(r.stdout.split('\n')).toHaveLength(10_003);
  });

  test('--all on a terminal: progress on stderr, cleared at the end, stdout untouched', async () => {
    const r = await run(['list', 'slis', '--all', '--json', '--limit', '100'], { env: big.env(), stderrIsTTY: true, progress: { delayMs: 0, intervalMs: 0 } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('SLIs: 100 of 10000 (1%)');
    expect(r.stderr).toContain('SLIs: 10000 of 10000 (100%)');
    expect(r.stderr.endsWith('\r\x1b[2K')).toBe(true);
    expect(r.stdout).not.toContain('\r');
    expect(JSON.parse(r.stdout)).toHaveLength(10_000);
  });

  test('--all as a table prints every row once', async () => {
    const r = await run(['list', 'slis', '--all', '--limit', '7'], { env: h.env() });
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
    const r = await run(['list', 'slis', ...flags], { env: h.env() });
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
    const code = await main({ argv: ['list', 'slis', '--all', '--json', '--limit', '10'], env: big.env(), stdin: new PassThrough(), stdout, stderr });
    expect(code).toBe(0);
    expect(err).toBe('');
    // It stopped at the first failed write rather than reading all 1,000 pages.
    expect(writes).toBeLessThanOrEqual(2);
  });
});
