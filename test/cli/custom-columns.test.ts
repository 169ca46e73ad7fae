/**
 * `-o custom-columns=HEADER:.field,…` on list and get, over the fake API:
 * the columns named, `<none>` where a record has no such field, nested paths,
 * server text sanitised, and a spec that is not one refused as usage.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { run, startFakeHarness, type FakeHarness } from './helpers.js';

let h: FakeHarness;
beforeAll(async () => {
  h = await startFakeHarness();
});
afterAll(async () => {
  await h?.close();
});

test('list: a header of the names given, then one row a record, <none> for a field it lacks', async () => {
  const r = await run(['list', 'slos', '--limit', '2', '-o', 'custom-columns=ID:.id,TGT:.target_value,X:.nope'], {
    api: h.api,
    env: h.env(),
  });
  expect(r.code).toBe(0);
  const lines = r.stdout.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^ID\s+TGT\s+X$/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/^slo-000001\s+\S+\s+<none>$/);
});

test('get: one record the same way; a nested path reads into it', async () => {
  const r = await run(['get', 'sli', 'sli-000001', '-o', 'custom-columns=NAME:.name,FIRST:.queries.0.name'], {
    api: h.api,
    env: h.env(),
  });
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^NAME\s+FIRST\ncheckout-api availability\s+\S+\n$/);
});

test('a spec that is not HEADER:.field pairs is a usage error; so is --json with it, and watch', async () => {
  for (const argv of [
    ['list', 'slis', '-o', 'custom-columns='],
    ['list', 'slis', '-o', 'custom-columns=ID'],
    ['list', 'slis', '-o', 'custom-columns=ID:.id', '--json'],
    ['watch', 'slis', '-o', 'custom-columns=ID:.id'],
  ]) {
    const r = await run(argv, { api: h.api, env: h.env() });
    expect(r.code, argv.join(' ')).toBe(2);
    expect(r.stdout).toBe('');
  }
});
