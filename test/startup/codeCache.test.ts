import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
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
    expect(modeOf(path.join(folder, 'main.js.cache.new'))).toBe(0o600);
    // No temporary file left; the read marked the new cache as tried by this run.
    expect(fs.readdirSync(folder).sort()).toEqual(['main.js.cache.new', 'main.js.cache.new.trial']);
  });

  test('a damaged file counts as absent', () => {
    const { cache } = openCodeCache(root, BUILD, me);
    cache!.write('main.js', Buffer.from('v8 data, long enough to damage'));
    const file = path.join(root, cacheKey(BUILD), 'main.js.cache.new');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 5]! ^= 0x01;
    fs.writeFileSync(file, bytes);
    expect(cache!.read('main.js')).toBeUndefined();
    expect(unwrapCacheFile(Buffer.from('SLC2'))).toBeUndefined();
    // A file of the earlier format (SLC1, a CRC-32) is no cache of this one: it is made again.
    const earlier = wrapCacheFile(Buffer.from('ok'));
    earlier.write('SLC1');
    expect(unwrapCacheFile(earlier)).toBeUndefined();
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

describe('every read checks what it reads', () => {
  const folder = () => path.join(root, cacheKey(BUILD));
  const plant = (file: string, data = 'v8 data') => {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, wrapCacheFile(Buffer.from(data)), { mode: 0o600 });
  };

  test('a cache folder made by someone else after start is never read', () => {
    const { cache } = openCodeCache(root, BUILD, me); // absent at start: nothing to refuse yet
    fs.mkdirSync(folder(), { recursive: true });
    fs.chmodSync(root, 0o777); // as a shared folder would be
    plant(path.join(folder(), 'main.js.cache'));
    expect(cache!.read('main.js')).toBeUndefined();
    cache!.write('main.js', Buffer.from('mine'));
    expect(fs.existsSync(path.join(folder(), 'main.js.cache.new'))).toBe(false); // nor written into
  });

  test('a link, a file others can change, or a FIFO is not read (and a FIFO does not hang)', () => {
    const { cache } = openCodeCache(root, BUILD, me);
    const file = path.join(folder(), 'main.js.cache');
    const elsewhere = path.join(path.dirname(root), 'elsewhere.cache');
    plant(file);
    expect(cache!.read('main.js')?.toString()).toBe('v8 data');
    fs.chmodSync(file, 0o666);
    expect(cache!.read('main.js')).toBeUndefined();
    fs.rmSync(file);
    plant(elsewhere);
    fs.symlinkSync(elsewhere, file);
    expect(cache!.read('main.js')).toBeUndefined();
    fs.rmSync(file);
    expect(spawnSync('mkfifo', [file]).status).toBe(0);
    expect(cache!.read('main.js')).toBeUndefined();
  });

  test('a new cache whose first run never reached its end is dropped; one that did is kept', () => {
    const crashed = spawnSync('true').pid!; // a run that is over (any program's: a pid no process has now)
    openCodeCache(root, BUILD, me).cache!.write('main.js', Buffer.from('crashes V8'));
    const first = openCodeCache(root, BUILD, { ...me, pid: crashed }).cache!;
    expect(first.read('main.js')?.toString()).toBe('crashes V8'); // tried, then the run died: no confirm()
    const next = openCodeCache(root, BUILD, me).cache!;
    expect(next.read('main.js')).toBeUndefined();
    expect(fs.readdirSync(folder())).toEqual([]);

    next.write('main.js', Buffer.from('works'));
    const third = openCodeCache(root, BUILD, me).cache!;
    expect(third.read('main.js')?.toString()).toBe('works');
    third.confirm();
    expect(fs.readdirSync(folder())).toEqual(['main.js.cache']);
    expect(
      openCodeCache(root, BUILD, { ...me, pid: crashed })
        .cache!.read('main.js')
        ?.toString(),
    ).toBe('works');
    expect(openCodeCache(root, BUILD, me).cache!.read('main.js')?.toString()).toBe('works'); // proven: no trial
  });

  test('a new cache another running process is trying is left to it', () => {
    openCodeCache(root, BUILD, me).cache!.write('main.js', Buffer.from('new'));
    const other = openCodeCache(root, BUILD, { ...me, pid: process.ppid }).cache!;
    expect(other.read('main.js')?.toString()).toBe('new');
    expect(openCodeCache(root, BUILD, me).cache!.read('main.js')).toBeUndefined();
    expect(fs.existsSync(path.join(folder(), 'main.js.cache.new'))).toBe(true);
  });

  test('a write cut short by a full disk leaves no partial file', () => {
    let written = '';
    const fullDisk: typeof fs.writeFileSync = (file, data, options) => {
      fs.writeFileSync(file, String(data).slice(0, 3), options);
      written = String(file);
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    const { cache } = openCodeCache(root, BUILD, { ...me, writeFile: fullDisk });
    expect(() => cache!.write('main.js', Buffer.from('a long cache'))).not.toThrow();
    expect(written).toMatch(/main\.js\.cache\.new\.\d+\.tmp$/);
    expect(fs.readdirSync(folder())).toEqual([]);
  });
});
