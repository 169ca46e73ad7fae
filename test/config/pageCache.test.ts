import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageCache, type CachedPage } from '../../src/config/pageCache.js';
import { readPrivateFile } from '../../src/config/privateFile.js';

const uid = process.getuid!();
const page = (fields: Partial<CachedPage> = {}): CachedPage => ({
  resource: 'slos',
  readAt: '2026-11-24T17:00:00.000Z',
  total: 120,
  limit: 25,
  offset: 25,
  results: [{ id: 'slo-000026', name: 'checkout' }],
  ...fields,
});
const prod = { profile: 'prod', baseUrl: 'https://slo.example.com' };

describe('the last page of each list, kept privately', () => {
  let root: string;
  beforeEach(() => {
    root = join(mkdtempSync(join(tmpdir(), 'slotui-pages-')), 'slotui');
  });
  afterEach(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  it('gives back the page it kept, in files only the user can read, and nothing else', () => {
    const cache = new PageCache(root, prod, uid);
    expect(cache.load('slos')).toEqual({});
    cache.save(page());
    expect(cache.load('slos')).toEqual({ page: page() });
    expect(cache.load('slis')).toEqual({});
    for (const dir of [root, join(root, 'pages'), cache.dir]) expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(cache.dir)).toEqual(['slos.json']);
    expect(statSync(join(cache.dir, 'slos.json')).mode & 0o777).toBe(0o600);
  });

  it('a newer page replaces the older one of the same list', () => {
    const cache = new PageCache(root, prod, uid);
    cache.save(page());
    cache.save(page({ offset: 50 }));
    expect(cache.load('slos').page?.offset).toBe(50);
  });

  it('is kept per profile and per base URL', () => {
    new PageCache(root, prod, uid).save(page());
    expect(new PageCache(root, { ...prod, profile: 'staging' }, uid).load('slos')).toEqual({});
    expect(new PageCache(root, { ...prod, baseUrl: 'https://other.example.com' }, uid).load('slos')).toEqual({});
  });

  it('a damaged file is dropped, said in one sentence, and gone for the next start', () => {
    const cache = new PageCache(root, prod, uid);
    cache.save(page());
    for (const damage of [
      '{"resource":"slos"',
      '{"resource":"slos","readAt":"x","total":1,"limit":1,"offset":0,"results":[]}',
      '[]',
    ]) {
      writeFileSync(join(cache.dir, 'slos.json'), damage, { mode: 0o600 });
      expect(cache.load('slos')).toEqual({
        problem: 'The cached page was damaged and is dropped; the service is read as usual.',
      });
      expect(cache.load('slos')).toEqual({});
    }
  });

  it("a FIFO in the file's place is never waited on", () => {
    const cache = new PageCache(root, prod, uid);
    cache.save(page());
    rmSync(join(cache.dir, 'slos.json'));
    execFileSync('mkfifo', [join(cache.dir, 'slos.json')]);
    expect(cache.load('slos').problem).toMatch(/damaged and is dropped/);
  });

  it('folders other users can change, or that are theirs, are not trusted', () => {
    const cache = new PageCache(root, prod, uid);
    cache.save(page());
    chmodSync(cache.dir, 0o777);
    expect(cache.load('slos')).toEqual({
      problem: `Not using the cached page: ${cache.dir} can be changed by other users (run \`chmod 700 ${cache.dir}\`).`,
    });
    chmodSync(cache.dir, 0o700);
    const someoneElse = new PageCache(root, prod, uid + 1);
    expect(someoneElse.load('slos')).toEqual({
      problem: `Not using the cached page: ${root} belongs to another user.`,
    });
    // Nor is anything written into them.
    someoneElse.save(page({ offset: 75 }));
    expect(cache.load('slos').page?.offset).toBe(25);
  });

  it("a file that is not the user's, or that others can change, is not read", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'slotui-own-')), 'f');
    writeFileSync(file, 'x', { mode: 0o600 });
    expect(readPrivateFile(file, { maxBytes: 10, ownerUid: uid })).toEqual({ text: 'x' });
    expect(readPrivateFile(file, { maxBytes: 10, ownerUid: uid + 1 })).toEqual({ problem: 'not-ours' });
    chmodSync(file, 0o620);
    expect(readPrivateFile(file, { maxBytes: 10, ownerUid: uid })).toEqual({ problem: 'not-ours' });
    rmSync(join(file, '..'), { recursive: true, force: true });
  });
});
