/**
 * Hostile text from the server through `slotui list` and `slotui get`
 * (in-memory streams, the fake service of test/cli/helpers.ts): records
 * loaded as-is from a sandbox data file carry
 * ANSI and OSC sequences (title, hyperlink, clipboard), DCS/APC strings,
 * C0/C1 controls, bidi overrides, a 100k-character string and wide
 * characters. None of the sequences reaches the output, tables keep their
 * width, and --json keeps every byte of the data (escaped, not dropped).
 */
import { writeFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { textWidth } from '../../src/text/width.js';
import { startFakeHarness, type FakeHarness } from '../cli/helpers.js';
import { terminalSafeJson } from '../../src/cli/format.js';
import {
  LONG_TEXT,
  WIDE_TEXT,
  expectNoHostileSequences,
  hostileDataFile,
  hostileSlis,
  removeFolder,
  runCli,
  tempFolder,
} from './helpers.js';

let h: FakeHarness;
let dir: string;

beforeAll(async () => {
  dir = await tempFolder('slotui-hostile-cli-');
  const dataFile = join(dir, 'data.json');
  await writeFile(dataFile, hostileDataFile());
  h = await startFakeHarness({ dataFile });
});
afterAll(async () => {
  await h?.close();
  await removeFolder(dir);
});

const env = () => h.env({ SLOTUI_CONFIG_DIR: dir });

describe('slotui list', () => {
  test.each([
    ['piped (nothing cut)', {}],
    ['on an 80-column terminal', { stdoutIsTTY: true, columns: 80 }],
  ])("%s: no sequence gets through, every line within the terminal's width", async (_name, tty) => {
    const r = await runCli(['list', 'slis'], { env: env(), createClient: h.createClient, ...tty });
    expect(r.code).toBe(0);
    expectNoHostileSequences(r.stdout, 'stdout');
    expectNoHostileSequences(r.stderr, 'stderr');
    // An OSC's body (the title) goes with it rather than being left as text.
    expect(r.stdout).not.toContain('PWNED');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^NAME\s+TYPE/);
    // The markers around each removed sequence end up side by side.
    expect(lines[1]).toMatch(/^evil <m0><m0> <m1><m1>/);
    expect(r.stdout).toContain(WIDE_TEXT.slice(0, 3));
    if ('columns' in tty) {
      expect(lines.find((l) => l.startsWith('long-xxx'))).toMatch(/…/);
      // Terminal cells: a wide character takes two.
      for (const line of lines) expect(textWidth(line), line.slice(0, 60)).toBeLessThanOrEqual(tty.columns);
    } else {
      // Into a pipe nothing is cut, so grep finds the whole name.
      expect(lines.find((l) => l.startsWith('long-xxx'))).toContain(LONG_TEXT);
    }
    // The hostile id is shown made safe.
    expect(r.stdout).toMatch(/sli-000005\s+\S*$/m);
  });

  test('--all and --json: JSON escapes every control, the data survives byte for byte', async () => {
    const r = await runCli(['list', 'slis', '--all', '--json'], { env: env(), createClient: h.createClient });
    expect(r.code).toBe(0);
    expectNoHostileSequences(r.stdout, 'stdout');
    const records = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(records).toEqual(hostileSlis());
    expect(records[1]?.name).toBe(LONG_TEXT);
  });

  test('-o yaml: escaped by the format, the data survives exactly', async () => {
    const r = await runCli(['list', 'slis', '--all', '-o', 'yaml'], { env: env(), createClient: h.createClient });
    expect(r.code).toBe(0);
    expectNoHostileSequences(r.stdout, 'stdout');
    expect(parseYaml(r.stdout)).toEqual(hostileSlis());
  });
});

describe('slotui get', () => {
  test('the listing: no sequence, line breaks kept, a lone carriage return dropped', async () => {
    const r = await runCli(['get', 'slis', 'sli-000001'], { env: env(), createClient: h.createClient });
    expect(r.code).toBe(0);
    expectNoHostileSequences(r.stdout, 'stdout');
    expect(r.stdout).toMatch(/^name\s+evil <m0><m0>/m);
    expect(r.stdout).toMatch(/^description\s+line one\n\s+<m0><m0>.*\n\s+line threeover$/m);
    // Keys the registry does not know are sanitised too.
    expect(r.stdout).toMatch(/^extrakey\s+<m0><m0>/m);
  });

  test('--json: escaped, equal to the record', async () => {
    const r = await runCli(['get', 'slis', 'sli-000001', '--json'], { env: env(), createClient: h.createClient });
    expect(r.code).toBe(0);
    expectNoHostileSequences(r.stdout, 'stdout');
    expect(JSON.parse(r.stdout)).toEqual(hostileSlis()[0]);
  });

  test('a 100k-character field and wide characters', async () => {
    const long = await runCli(['get', 'slis', 'sli-000002'], { env: env(), createClient: h.createClient });
    expect(long.code).toBe(0);
    expect(long.stdout).toContain(LONG_TEXT);
    const wide = await runCli(['get', 'slis', 'sli-000003'], { env: env(), createClient: h.createClient });
    expect(wide.stdout).toMatch(new RegExp(`^description\\s+${WIDE_TEXT}\\n\\s+${WIDE_TEXT}$`, 'mu'));
  });

  test('a hostile id given back on the command line is sent encoded and answered', async () => {
    const id = hostileSlis()[4]!.id as string;
    const r = await runCli(['get', 'slis', id], { env: env(), createClient: h.createClient });
    expect(r.code).toBe(0);
    expectNoHostileSequences(r.stdout, 'stdout');
    expect(r.stdout).toMatch(/^id\s+sli-000005$/m);
  });

  test('an unknown hostile id: the error sentence is made safe too', async () => {
    const r = await runCli(['get', 'slis', `nope\u001b]0;PWNED\u0007\u202e`], {
      env: env(),
      createClient: h.createClient,
    });
    expect(r.code).toBe(1);
    expectNoHostileSequences(r.stderr, 'stderr');
    expect(r.stderr).toMatch(/^slotui: No sli with id nope/);
  });
});

describe('terminalSafeJson', () => {
  test('escapes DEL, C1, bidi, invisible marks and separators; parses back to the same value', () => {
    const value = { a: 'x\u202e\u009b31m\\\u202e', b: 'ok \u2028 \u200b \u007f \ufeff', c: ['日本語 🚀'] };
    const text = terminalSafeJson(value, 2);
    expect(text).not.toMatch(/[\u007f-\u009f\u200b\u2028\u202e\ufeff]/);
    expect(text).toContain('\\u202e');
    expect(text).toContain('日本語 🚀');
    expect(JSON.parse(text)).toEqual(value);
  });
});
