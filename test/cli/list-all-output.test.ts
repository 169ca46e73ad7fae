/**
 * `list --all` prints the same bytes as before its hot paths were made faster (records built by
 * assignment, the recent ids in a ring, the next page asked for ahead): every format, over the
 * sandbox's sample records and 200 generated SLIs (seven pages of 37), against the SHA-256 of what
 * the program printed before those changes (made by this same test at a fixed clock: on the earlier
 * code with 3,000 SLIs, then at 1,000 SLIs on code that still printed those 3,000 byte for byte,
 * then at 200 on code that still printed those 1,000 byte for byte).
 */
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startFakeHarness, type FakeHarness } from './helpers.js';

const EARLIER: Record<string, string> = {
  'organizations json': '65724face0b4273d686124a3fa7e286fccab7b6b613362f2cb2043e8d23e922e',
  'organizations name': '1dba0b5ce103b53e4cabd53de489ebb02eb3017ac3bac49d120c7761498239f0',
  'organizations table': '667c613b2cb1faca36265fb2e06571ff7ce031d52b800e24894ca2a15d327c92',
  'organizations wide': 'e0fac816dceeb9644eeb698dc9cf63ed3ddbb22a263bc1823ebca25ec73600d8',
  'organizations yaml': '6a0c54df06f3502761254e6288fad18c5413772ef1bb547f89be2d4ff2c9fce7',
  'slis json': 'cb0bbd52d6b7abcd27d38f26eadbcf0f66b1e8b196d90b5545e21a9bc45734df',
  'slis name': '2ab5fb4e228849474b4e5b1a3c234b7cd8e535b02305d18e8084eb7f1c5a2930',
  'slis table': 'd80e0ade57530094a195f506ec77ff374366963e87daead5957ce564e6b8a88f',
  'slis wide': '400c71a405849c53892cea9b13dd8aee51291cc151e1834763dfc861d73bf7ba',
  'slis yaml': '4553b1d4fae4b4a215b127418ef3e2678efd88accfb001928ffd5f3a1cb62033',
  'slos json': 'e1af19c8e4a0f59441cf34a58b29b5ccf9cc6b265e7b34a4801cd831a758f5cc',
  'slos name': 'ffd22eb2258a5b6fdbfffec560ac1faef639df3be962cf951995d7b9bfd69892',
  'slos table': '59d04a8201a027160880c852fb82414d9915cbda7f3f8a1ea364fd148f62daa6',
  'slos wide': '2272b097a7cbe8b1c0cc8f7f54e8c2c7cce3f1acad358690619b157598bfb64f',
  'slos yaml': '34564cf50fa2295bf5f95806590e0c7768352f8c585f1659604a3d2eaa821efd',
};

let h: FakeHarness;
beforeAll(async () => {
  h = await startFakeHarness({ seed: 200 });
});
afterAll(async () => {
  await h?.close();
});

async function printed(argv: string[]): Promise<string> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  stderr.resume();
  const code = await main({
    argv,
    env: h.env(),
    createClient: h.createClient,
    stdin: new PassThrough(),
    stdout,
    stderr,
    now: () => new Date('2026-11-25T00:00:00Z'),
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(code).toBe(0);
  return Buffer.concat(chunks).toString('utf8');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('list --all prints what it printed before', () => {
  test.each(Object.keys(EARLIER))('%s', async (key) => {
    const [resource, format] = key.split(' ') as [string, string];
    const asked = format === 'table' ? [] : ['-o', format];
    const out = await printed(['list', resource, '--all', ...asked, '--limit', '37']);
    expect(out.length).toBeGreaterThan(0);
    expect(sha256(out)).toBe(EARLIER[key]);
  });
});
