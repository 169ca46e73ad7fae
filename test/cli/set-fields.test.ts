/**
 * `create` and `update` with --set FIELD=VALUE, over the fake API: each value
 * read as its field takes it (text, a number as text, a whole number, ids with
 * commas between them), over a file's fields, and every mistake said before
 * anything is sent. A file's payload problems are records.test.ts's.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { run, startFakeHarness, removeTempDirs, tempDir, type FakeHarness } from './helpers.js';

let h: FakeHarness;
let files: string;
beforeAll(async () => {
  h = await startFakeHarness();
  files = await tempDir('slotui-cli-set-');
});
afterAll(async () => {
  await h?.close();
  await removeTempDirs();
});

const slotui = (argv: string[], stdin?: string) => run(argv, { api: h.api, env: h.env(), stdin });
const lastBody = (method: string) => h.sandbox.requests.filter((q) => q.method === method).at(-1)?.body;
/** Runs a command that must send nothing. */
async function refused(argv: string[]) {
  const before = h.sandbox.stats().requests;
  const r = await slotui(argv);
  expect(h.sandbox.stats().requests).toBe(before);
  expect(r.stdout).toBe('');
  return r;
}

describe('--set gives fields on the command line', () => {
  test("update: an SLO's target, sent as the text the service takes; the other fields kept", async () => {
    const r = await slotui(['update', 'slo', 'slo-000001', '--set', 'target_value=99.95', '--json']);
    expect(r.code).toBe(0);
    expect(lastBody('PATCH')).toEqual({ target_value: '99.95' });
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 'slo-000001', target_value: '99.95', target_unit: '%' });
  });

  test('a whole number for an integer field, ids with commas for a list, text as typed with its = and spaces', async () => {
    expect((await slotui(['update', 'slo', 'slo-000002', '--set', 'interval=120', '--set', 'name=a = b '])).code).toBe(
      0,
    );
    expect(lastBody('PATCH')).toEqual({ interval: 120, name: 'a = b ' });
    expect((await slotui(['update', 'agreement', 'agr-000001', '--set', 'slo_ids=slo-000001, slo-000002,'])).code).toBe(
      0,
    );
    expect(lastBody('PATCH')).toEqual({ slo_ids: ['slo-000001', 'slo-000002'] });
    expect((await slotui(['update', 'agreement', 'agr-000001', '--set', 'slo_ids='])).code).toBe(0);
    expect(lastBody('PATCH')).toEqual({ slo_ids: [] });
    // As the dashboard's forms read what is typed: a number's text trimmed, ids between spaces too.
    expect((await slotui(['update', 'slo', 'slo-000002', '--set', 'target_value= 99.5 '])).code).toBe(0);
    expect(lastBody('PATCH')).toEqual({ target_value: '99.5' });
    expect((await slotui(['update', 'agreement', 'agr-000001', '--set', 'slo_ids=slo-000001 slo-000002'])).code).toBe(
      0,
    );
    expect(lastBody('PATCH')).toEqual({ slo_ids: ['slo-000001', 'slo-000002'] });
  });

  test('create from --set alone, and over a file: --set wins', async () => {
    const made = await slotui([
      'create',
      'org',
      '--set',
      'name=payments',
      '--set',
      'description=the payments team',
      '--json',
    ]);
    expect(made.code).toBe(0);
    expect(lastBody('POST')).toEqual({ name: 'payments', description: 'the payments team' });
    const path = join(files, 'org.json');
    await writeFile(path, JSON.stringify({ name: 'from the file', description: 'kept' }));
    expect((await slotui(['create', 'org', '-f', path, '--set', 'name=from set'])).code).toBe(0);
    expect(lastBody('POST')).toEqual({ name: 'from set', description: 'kept' });
  });

  test('what the service sets is left out with a note, as from a file; nothing else left, nothing sent', async () => {
    const r = await refused(['update', 'slo', 'slo-000001', '--set', 'id=slo-000009']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'slotui: --set holds no fields to change. Give the fields to change, such as --set name=checkout.\n',
    );
  });
});

describe('a mistake in --set is said before anything is sent', () => {
  test.each([
    [
      ['update', 'slo', 'slo-000001', '--set', 'target_value=high'],
      1,
      'slotui: --set target_value=high: target_value takes a number, such as 99.9; nothing was sent.\n',
    ],
    [
      ['update', 'slo', 'slo-000001', '--set', 'target_value='],
      1,
      'slotui: --set target_value=: target_value takes a number, such as 99.9; nothing was sent.\n',
    ],
    [
      ['update', 'slo', 'slo-000001', '--set', 'interval=1.5'],
      1,
      'slotui: --set interval=1.5: interval takes a whole number, such as 60; nothing was sent.\n',
    ],
    [
      ['update', 'slo', 'slo-000001', '--set', 'interval=99999999999999999999'],
      1,
      'slotui: --set interval=99999999999999999999: interval takes a whole number, no larger than 9007199254740991; nothing was sent.\n',
    ],
    [
      ['update', 'slo', 'slo-000001', '--set', 'target_valu=99'],
      1,
      'slotui: --set: "target_valu" (did you mean "target_value"?) is not a field of an slo; nothing was sent. `slotui update slos --help` lists the fields.\n',
    ],
    [
      ['update', 'slo', 'slo-000001', '--set', 'target_value'],
      2,
      'slotui: --set target_value needs a field and a value: FIELD=VALUE, such as --set target_value=99.95. See `slotui update --help`.\n',
    ],
    [
      ['update', 'slo', 'slo-000001', '--set', '=99'],
      2,
      'slotui: --set =99 needs a field and a value: FIELD=VALUE, such as --set target_value=99.95. See `slotui update --help`.\n',
    ],
    [
      ['create', 'org', '--set', 'name=a', '--set', 'name=b'],
      2,
      'slotui: --set gives name twice; give each field once. See `slotui create --help`.\n',
    ],
    [
      ['update', 'sli', 'sli-000001', '--set', 'queries={}'],
      1,
      'slotui: --set cannot give queries: its queries are objects. Give them in a JSON file with --file (`slotui get slis ID --json` writes one to start from); nothing was sent.\n',
    ],
    [
      ['update', 'slo', 'slo-000001'],
      2,
      'slotui: `slotui update` needs --file FILE (a JSON file of the fields to change, or "-" for stdin) or --set FIELD=VALUE for each field. See `slotui update --help`.\n',
    ],
  ])('%j', async (argv, code, stderr) => {
    const r = await refused(argv);
    expect(r.stderr).toBe(stderr);
    expect(r.code).toBe(code);
  });

  test('a create is checked whole: the required fields --set did not give are named', async () => {
    const r = await refused(['create', 'slo', '--set', 'name=x']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--set does not fit an slo (missing service_level_indicator_id,');
  });

  test('text from the command line is never echoed raw: control characters are shown as ?', async () => {
    const r = await refused(['update', 'slo', 'slo-000001', '--set', 'target_value=\u001b]52;c;x\u0007']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'slotui: --set target_value=?]52;c;x?: target_value takes a number, such as 99.9; nothing was sent.\n',
    );
  });
});
