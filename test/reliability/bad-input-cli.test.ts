/**
 * Bad input to the commands: empty, huge and binary files, stdin closed at
 * once, unicode and control characters in values, numbers out of range,
 * folders and missing files. Each is one clear sentence (exit 1, or 2 for
 * bad flags), nothing is sent when the input is refused, nothing crashes
 * (no crash log appears). Form input is tested by the forms work.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeHarness, type FakeHarness } from '../cli/helpers.js';
import {
  expectNoHostileSequences,
  expectOneSentence,
  removeFolder,
  runCli,
  tempFolder,
  watchProcess,
  type CliRun,
} from './helpers.js';

let h: FakeHarness;
let dir: string;
let watch: ReturnType<typeof watchProcess>;

beforeAll(async () => {
  h = await startFakeHarness();
  dir = await tempFolder('slotui-bad-input-');
});
afterAll(async () => {
  await h.close();
  await removeFolder(dir);
});
beforeEach(() => {
  watch = watchProcess();
});
afterEach(async () => {
  watch.stop();
  watch.check();
  // Expected failures never count as crashes.
  expect((await readdir(dir)).filter((f) => f.startsWith('crash-'))).toEqual([]);
});

// The fake service from memory (test/cli/helpers.ts); crash logs land in this file's own folder.
const env = () => h.env({ SLOTUI_CONFIG_DIR: dir });

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

/** Runs a command that must be refused before anything is sent. */
async function refused(argv: string[], stdin?: string): Promise<CliRun> {
  const before = h.sandbox.stats().requests;
  const r = await runCli(argv, { env: env(), createClient: h.createClient, stdin });
  expect(h.sandbox.stats().requests, 'requests sent').toBe(before);
  expect(r.stdout).toBe('');
  expectOneSentence(r.stderr);
  return r;
}

describe('files and stdin', () => {
  test('an empty file', async () => {
    const path = await file('empty.json', '');
    const r = await refused(['create', 'slis', '--file', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`slotui: ${path} is not valid JSON: it is empty.\n`);
  });

  test('stdin closed at once (create --file - with nothing on stdin)', async () => {
    const r = await refused(['create', 'slis', '--file', '-'], '');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('slotui: stdin is not valid JSON: it is empty.\n');
  });

  test('a 1 MB record: refused by the schema before sending', async () => {
    const path = await file(
      'huge.json',
      JSON.stringify({ name: 'big', type: 'latency', description: 'x'.repeat(1024 * 1024) }),
    );
    const r = await refused(['create', 'slis', '--file', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /does not fit an sli \(description is longer than 10000 characters\)\. Fix these fields and try again; nothing was sent\./,
    );
  });

  test('1 MB of text that is not JSON, and binary bytes: where it goes wrong, without quoting it', async () => {
    const text = await file('text.json', `${'lorem ipsum '.repeat(90_000)}`);
    const r = await refused(['create', 'slis', '--file', text]);
    expect(r.stderr).toBe(`slotui: ${text} is not valid JSON: unexpected 'l' at line 1, column 1.\n`);
    const binary = await file(
      'binary.json',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x1b, 0x5d, 0x30, 0x3b, 0x07, 0xff, 0xfe]),
    );
    const b = await refused(['update', 'slis', 'sli-000001', '--file', binary]);
    expect(b.stderr).toBe(`slotui: ${binary} is not valid JSON: unexpected character U+001B at line 1, column 6.\n`);
    expectNoHostileSequences(b.stderr, 'stderr');
  });

  test('a file over 10 MB is refused as not a record', async () => {
    // 11 MB with none of it written (a sparse file): its size alone is what must refuse it.
    const path = await file('eleven.json', '');
    await truncate(path, 11 * 1024 * 1024);
    const r = await refused(['create', 'slis', '--file', path]);
    expect(r.stderr).toContain('is larger than 10 MB; give a file that holds one record.');
  });

  test('a device or a FIFO that never ends is read up to the limit, then refused', async () => {
    const zero = await refused(['create', 'slis', '--file', '/dev/zero']);
    expect(zero.stderr).toBe('slotui: /dev/zero is larger than 10 MB; give a file that holds one record.\n');
    const fifo = join(dir, 'endless.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', 'exec yes > "$1"', 'sh', fifo], { stdio: 'ignore' });
    try {
      const r = await refused(['update', 'slis', 'sli-000001', '-f', fifo]);
      expect(r.stderr).toBe(`slotui: ${fifo} is larger than 10 MB; give a file that holds one record.\n`);
    } finally {
      writer.kill();
    }
  });

  test('a folder, and a file that does not exist', async () => {
    const folder = join(dir, 'a-folder');
    await mkdir(folder, { recursive: true });
    expect((await refused(['create', 'slis', '--file', folder])).stderr).toBe(
      `slotui: Cannot read ${folder}: it is a folder.\n`,
    );
    const missing = join(dir, 'missing.json');
    expect((await refused(['update', 'slis', 'sli-000001', '--file', missing])).stderr).toBe(
      `slotui: Cannot read ${missing}: no such file.\n`,
    );
  });

  test('a raw control character inside a JSON string is invalid JSON, named by its code', async () => {
    const path = await file('control.json', '{"name": "bell\u0007", "type": "latency"}');
    const r = await refused(['create', 'slis', '--file', path]);
    expect(r.stderr).toBe(`slotui: ${path} is not valid JSON: unexpected character U+0007 at line 1, column 15.\n`);
  });
});

describe('values', () => {
  test('unicode survives the round trip (with a byte-order mark in front)', async () => {
    const name = '日本語の可用性 🚀 ünïcødé';
    const path = await file(
      'unicode.json',
      `\uFEFF${JSON.stringify({ name, type: '可用性', description: 'emoji 👩‍💻 and 𝔘' })}`,
    );
    const created = await runCli(['create', 'slis', '--file', path, '--json'], {
      env: env(),
      createClient: h.createClient,
    });
    expect(created.code).toBe(0);
    const id = (JSON.parse(created.stdout) as { id: string }).id;
    const back = await runCli(['get', 'slis', id, '--json'], { env: env(), createClient: h.createClient });
    expect(JSON.parse(back.stdout)).toMatchObject({ name, type: '可用性', description: 'emoji 👩‍💻 and 𝔘' });
  });

  test('escaped control characters in values are sent as given, and printed made safe', async () => {
    const evil = 'evil\u001b]0;PWNED\u0007\u001b[2J\u202e\u0000name';
    const path = await file('escaped.json', JSON.stringify({ name: evil, type: 'latency' }));
    const r = await runCli(['create', 'slis', '--file', path], { env: env(), createClient: h.createClient });
    expect(r.code).toBe(0);
    expectNoHostileSequences(r.stdout, 'stdout');
    expect(r.stdout).toMatch(/^name\s+evilname$/m);
    // Nothing lost: the server has the value exactly as the file gave it.
    const id = /^id\s+(\S+)$/m.exec(r.stdout)?.[1] ?? '';
    const back = await runCli(['get', 'slis', id, '--json'], { env: env(), createClient: h.createClient });
    expect((JSON.parse(back.stdout) as { name: string }).name).toBe(evil);
  });

  test('numbers out of range in a record: refused before sending', async () => {
    const slo = {
      name: 'x',
      service_level_indicator_id: 'sli-000001',
      time_window_type: 'rolling',
      time_window_value: '30',
      time_window_unit: 'day',
      target_value: '99.9',
    };
    for (const [name, fields, message] of [
      ['interval 1e300', { interval: 1e300 }, /interval must be a whole number, such as 60 \(got 1e\+300\)/],
      ['interval -1.5', { interval: -1.5 }, /interval must be a whole number, such as 60 \(got -1.5\)/],
      [
        'target_value 1e400',
        { target_value: '1e400' },
        /target_value must be a number in quotes, such as "99.9" \(got "1e400"\)/,
      ],
    ] as const) {
      const path = await file(
        `range-${name.replace(/\W/g, '')}.json`,
        JSON.stringify({ ...slo, ...fields }).replace('"1e400"', '"1e400"'),
      );
      const r = await refused(['create', 'slos', '--file', path]);
      expect(r.code, name).toBe(1);
      expect(r.stderr, name).toMatch(message);
    }
  });

  test('a query limit far beyond a whole number, written as 1e999 (Infinity to JSON.parse)', async () => {
    const path = await file(
      'inf.json',
      '{"name": "q", "type": "latency", "queries": {"p": {"select": "s", "from": "f", "where": "w", "limit": 1e999}}}',
    );
    const r = await refused(['create', 'slis', '--file', path]);
    expect(r.stderr).toMatch(/queries\.p\.limit must be a whole number, such as 100 \(got a number too large to use\)/);
  });
});

describe('flags', () => {
  test.each([
    [['--limit', '-5'], '--limit needs a value; for a value that starts with "-", write --limit=VALUE.'],
    [['--limit=-5'], '--limit must be a whole number 1 or more (got "-5")'],
    [['--limit', '1e300'], '--limit must be a whole number 1 or more (got "1e300")'],
    [['--offset', '99999999999999999999'], '--offset must be a whole number 0 or more'],
    [['--limit', '\u001b]0;PWNED\u0007'], '--limit must be a whole number 1 or more'],
  ])('list %j: a usage error, exit 2', async (flags, message) => {
    const r = await refused(['list', 'slis', ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expectNoHostileSequences(r.stderr, 'stderr');
    expect(r.stderr).not.toContain('PWNED\u0007');
  });

  test('an unknown resource full of escapes is echoed made safe', async () => {
    const r = await refused(['list', 'sl\u001b[2Jis\u202e']);
    expect(r.code).toBe(2);
    expectNoHostileSequences(r.stderr, 'stderr');
  });
});
