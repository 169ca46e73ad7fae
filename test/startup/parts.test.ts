import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { cacheKey, openCodeCache, unwrapCacheFile, type CodeCache } from '../../src/startup/codeCache.js';
import { Parts } from '../../src/startup/parts.js';

let work: string;
let partsDir: string;
let cacheRoot: string;
const BUILD = 'test-build';

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'slotui-parts-'));
  partsDir = path.join(work, 'parts');
  cacheRoot = path.join(work, 'cache');
  fs.mkdirSync(partsDir);
  // A unique source per test: V8 keeps compiled scripts in memory by their source.
  const salt = `${Date.now()}-${Math.random()}`;
  fs.writeFileSync(
    path.join(partsDir, 'main.js'),
    [
      `// ${salt}`,
      'const path = require("node:path");',
      'exports.run = async () => (await Promise.resolve().then(() => require("./later.js"))).twice(21);',
      'exports.base = path.basename(__filename);',
      'exports.loads = (globalThis.__partsTestLoads = (globalThis.__partsTestLoads ?? 0) + 1);',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(partsDir, 'later.js'), `// ${salt}\nmodule.exports = { twice: (n) => n * 2 };`);
});
afterEach(async () => {
  delete (globalThis as { __partsTestLoads?: number }).__partsTestLoads;
  await rm(work, { recursive: true, force: true });
});

const openCache = (): CodeCache => openCodeCache(cacheRoot, BUILD).cache!;
/** The part's cache file: new (`.new`, until a run that used it ended) or proven. */
const cacheFile = (part: string) => {
  const proven = path.join(cacheRoot, cacheKey(BUILD), `${part}.cache`);
  return fs.existsSync(`${proven}.new`) ? `${proven}.new` : proven;
};

interface Main {
  run(): Promise<number>;
  base: string;
  loads: number;
}

test("parts run once, require each other and Node's modules", async () => {
  const parts = new Parts(partsDir);
  const main = parts.load('main.js') as Main;
  expect(parts.load('main.js')).toBe(main);
  expect(main.loads).toBe(1);
  expect(main.base).toBe('main.js');
  expect(await main.run()).toBe(42);
});

test('the cache of the parts that ran is written after the run, then used', async () => {
  const first = new Parts(partsDir, openCache());
  await (first.load('main.js') as Main).run();
  expect(first.uncachedParts).toEqual(['main.js', 'later.js']);
  expect(fs.existsSync(cacheFile('main.js'))).toBe(false); // nothing before the run is over
  first.saveCodeCache();
  expect(fs.existsSync(cacheFile('main.js'))).toBe(true);
  expect(fs.existsSync(cacheFile('later.js'))).toBe(true);

  const written = fs.statSync(cacheFile('main.js')).mtimeMs;
  const second = new Parts(partsDir, openCache());
  expect(await (second.load('main.js') as Main).run()).toBe(42);
  expect(second.uncachedParts).toEqual([]);
  second.saveCodeCache();
  expect(fs.statSync(cacheFile('main.js')).mtimeMs).toBe(written);
});

test('a damaged cache is not used and is written again', async () => {
  const first = new Parts(partsDir, openCache());
  await (first.load('main.js') as Main).run();
  first.saveCodeCache();
  const bytes = fs.readFileSync(cacheFile('later.js'));
  bytes[bytes.length - 1]! ^= 0xff;
  fs.writeFileSync(cacheFile('later.js'), bytes);

  const second = new Parts(partsDir, openCache());
  expect(await (second.load('main.js') as Main).run()).toBe(42);
  expect(second.uncachedParts).toEqual(['later.js']);
  second.saveCodeCache();
  expect(openCache().read('later.js')).toBeDefined();
});

test('without a cache (refused), parts run and nothing is written', async () => {
  const parts = new Parts(partsDir);
  expect(await (parts.load('main.js') as Main).run()).toBe(42);
  parts.saveCodeCache();
  expect(fs.existsSync(cacheRoot)).toBe(false);
});

test("a command's pack: the next run takes its parts from it, without their files; a part it lacks from its file", async () => {
  const first = new Parts(partsDir, openCache(), 'list');
  expect(await (first.load('main.js') as Main).run()).toBe(42);
  first.saveCodeCache(false); // a run that failed makes no pack
  expect(fs.existsSync(cacheFile('pack-list.source'))).toBe(false);
  const second = new Parts(partsDir, openCache(), 'list');
  expect(await (second.load('main.js') as Main).run()).toBe(42);
  second.saveCodeCache();
  const pack = unwrapCacheFile(fs.readFileSync(cacheFile('pack-list.source')))!.toString();
  expect(pack).toMatch(/^\(\{\n"main\.js": function/);
  expect(pack).toContain('"later.js": function');

  // The parts' files gone: the pack alone runs them, once each, and gives them their own file names.
  fs.renameSync(path.join(partsDir, 'main.js'), path.join(work, 'main.js'));
  fs.renameSync(path.join(partsDir, 'later.js'), path.join(work, 'later.js'));
  fs.writeFileSync(path.join(partsDir, 'extra.js'), 'module.exports = 7;');
  const third = new Parts(partsDir, openCache(), 'list');
  const main = third.load('main.js') as Main;
  expect(main.base).toBe('main.js');
  expect(await main.run()).toBe(42);
  expect(third.load('main.js')).toBe(main);
  expect(third.load('extra.js')).toBe(7);
  // Only one part came from its file: no new pack.
  third.saveCodeCache();
  expect(fs.existsSync(cacheFile('pack-list.js'))).toBe(true); // the pack's own code cache, for the next run
  expect(unwrapCacheFile(fs.readFileSync(cacheFile('pack-list.source')))!.toString()).not.toContain('extra.js');
  const fourth = new Parts(partsDir, openCache());
  expect(() => fourth.load('main.js')).toThrow(/ENOENT/); // without a command, no pack is read
});
