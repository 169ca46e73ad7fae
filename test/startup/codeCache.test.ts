import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  cacheKey,
  cacheRootFrom,
  openCodeCache,
  unwrapCacheFile,
  wrapCacheFile,
  type PlatformInfo,
} from '../../src/startup/codeCache.js';

const me: PlatformInfo = { platform: 'linux', homedir: '/home/me', uid: process.getuid?.() ?? 0 };
const BUILD = 'abc123';

let root: string;
beforeEach(async () => {
  root = path.join(await mkdtemp(path.join(tmpdir(), 'slotui-cache-')), 'slotui');
});
afterEach(async () => {
  await rm(path.dirname(root), { recursive: true, force: true });
});

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

describe('where the cache lives', () => {
  test('XDG_CACHE_HOME when absolute, else ~/.cache; the OS folders elsewhere', () => {
    expect(cacheRootFrom({ XDG_CACHE_HOME: '/x/cache' }, me)).toBe('/x/cache/slotui');
    expect(cacheRootFrom({ XDG_CACHE_HOME: 'relative' }, me)).toBe('/home/me/.cache/slotui');
    expect(cacheRootFrom({}, me)).toBe('/home/me/.cache/slotui');
    expect(cacheRootFrom({}, { platform: 'darwin', homedir: '/Users/me' })).toBe('/Users/me/Library/Caches/slotui');
  });

  test('one folder per Node version, architecture and build', () => {
    expect(cacheKey('b1', 'v22.1.0', 'x64')).toBe('v8-v22.1.0-x64-b1');
    expect(cacheKey('b1', 'v22.1.0', 'arm64')).not.toBe(cacheKey('b1', 'v22.1.0', 'x64'));
    expect(cacheKey('b2', 'v22.1.0', 'x64')).not.toBe(cacheKey('b1', 'v22.1.0', 'x64'));
  });
});

describe('the code cache', () => {
  test('nothing is created until the first write; then folders 0700 and files 0600', () => {
    const { cache } = openCodeCache(root, BUILD, me);
    expect(cache?.read('main.js')).toBeUndefined();
    expect(fs.existsSync(root)).toBe(false);
    cache!.write('main.js', Buffer.from('v8 data'));
    expect(cache!.read('main.js')?.toString()).toBe('v8 data');
    const folder = path.join(root, cacheKey(BUILD));
    expect(modeOf(root)).toBe(0o700);
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(path.join(folder, 'main.js.cache'))).toBe(0o600);
    expect(fs.readdirSync(folder)).toEqual(['main.js.cache']); // no temporary file left
  });

  test('a damaged file counts as absent', () => {
    const { cache } = openCodeCache(root, BUILD, me);
    cache!.write('main.js', Buffer.from('v8 data, long enough to damage'));
    const file = path.join(root, cacheKey(BUILD), 'main.js.cache');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 5]! ^= 0x01;
    fs.writeFileSync(file, bytes);
    expect(cache!.read('main.js')).toBeUndefined();
    expect(unwrapCacheFile(Buffer.from('SLC1'))).toBeUndefined();
    expect(unwrapCacheFile(Buffer.from('not a cache file at all'))).toBeUndefined();
    expect(unwrapCacheFile(wrapCacheFile(Buffer.from('ok')))?.toString()).toBe('ok');
  });

  test('a write removes the caches of other builds and leaves other files', () => {
    fs.mkdirSync(path.join(root, cacheKey('old-build')), { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(root, cacheKey('old-build'), 'main.js.cache'), 'old');
    fs.writeFileSync(path.join(root, 'notes.txt'), 'not ours to remove');
    const { cache } = openCodeCache(root, BUILD, me);
    cache!.write('main.js', Buffer.from('new'));
    expect(fs.readdirSync(root).sort()).toEqual(['notes.txt', cacheKey(BUILD)]);
  });

  test.each([
    [0o775, 'group'],
    [0o757, 'world'],
  ])('refused when the folder is %s-writable (%s)', (mode) => {
    fs.mkdirSync(root, { mode: 0o700 });
    fs.chmodSync(root, mode);
    const opened = openCodeCache(root, BUILD, me);
    expect(opened.cache).toBeUndefined();
    expect(opened.refused).toBe(
      `not using the code cache: ${root} can be changed by other users (run \`chmod 700 ${root}\`); starts are slower until then.`,
    );
  });

  test("refused when the build's folder inside is writable by others, or the folder is another user's", () => {
    const folder = path.join(root, cacheKey(BUILD));
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    fs.chmodSync(folder, 0o777);
    expect(openCodeCache(root, BUILD, me).refused).toContain(`${folder} can be changed by other users`);
    fs.chmodSync(folder, 0o700);
    expect(openCodeCache(root, BUILD, me).cache).toBeDefined();
    if (me.uid === 0) {
      fs.chownSync(root, 4242, 4242); // root may give it away
      expect(openCodeCache(root, BUILD, me).refused).toContain(`${root} belongs to another user`);
    } else {
      expect(openCodeCache(root, BUILD, { ...me, uid: me.uid! + 1 }).refused).toContain(
        `${root} belongs to another user`,
      );
    }
  });

  test('a write that cannot happen costs nothing but the cache', () => {
    const blocked = path.join(path.dirname(root), 'a-file');
    fs.writeFileSync(blocked, 'a file where a folder should be');
    const { cache } = openCodeCache(path.join(blocked, 'slotui'), BUILD, me);
    expect(() => cache!.write('main.js', Buffer.from('x'))).not.toThrow();
    expect(cache!.read('main.js')).toBeUndefined();
  });
});
