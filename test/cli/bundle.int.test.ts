/**
 * The built bundle (dist/slotui.js) run as a child process, as a user runs it:
 * it works against the sandbox, `list` never loads the dashboard's code
 * (React and Ink stay in a lazily loaded part), and V8's code cache of the
 * parts is written, used, rewritten when damaged and refused when others can
 * write it. The cache also tells which parts a run loaded: one file per part.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { unwrapCacheFile } from '../../src/startup/codeCache.js';
import { startCliHarness, removeTempDirs, tempDir, type CliHarness } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = join(root, 'dist', 'slotui.js');
// npm scripts put Node 22 first on PATH; the pinned runtime is also here.
const node = existsSync(join(root, 'node_modules', '.bin', 'node'))
  ? join(root, 'node_modules', '.bin', 'node')
  : process.execPath;

/** React's element marker: present in any part that carries React. */
const REACT_MARKER = /react\.(transitional\.)?element/;
/** Markers of the code `list` must not load: the sandbox's certificate library, the config writer (conf), zod, yaml (-o yaml only). */
const NOT_FOR_LIST: Record<string, RegExp> = {
  sandbox: /asn1js/,
  conf: /ajv/,
  zod: /ZodError/,
  yaml: /YAMLParseError/,
};

let h: CliHarness;
let work: string;
beforeAll(async () => {
  if (!existsSync(bundle)) {
    const built = spawnSync(node, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    if (built.status !== 0) throw new Error(`npm run build failed: ${built.stderr}`);
  }
  h = await startCliHarness();
  work = await tempDir('slotui-bundle-');
}, 150_000);
afterAll(async () => {
  await h?.close();
  await removeTempDirs();
});

/** Runs the bundle with its code cache in `cacheHome` (XDG_CACHE_HOME; a fresh one unless given). */
async function runBundle(
  args: string[],
  env: NodeJS.ProcessEnv,
  cacheHome?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const xdgCache = cacheHome ?? (await mkdtemp(join(work, 'cache-')));
  return new Promise((resolve, reject) => {
    const child = spawn(node, [bundle, ...args], {
      cwd: work,
      env: { PATH: process.env.PATH, XDG_CACHE_HOME: xdgCache, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The folder of the build's caches under a cache home, and the parts cached there. */
/** The parts with a cache in the cache folder (a command's pack, src/startup/parts.ts, is not a part). */
function cachedParts(cacheHome: string): { folder: string; parts: string[] } {
  const root = join(cacheHome, 'slotui');
  const [key, ...others] = readdirSync(root);
  expect(others).toEqual([]);
  const folder = join(root, key!);
  const names = readdirSync(folder).map((f) => f.replace(/\.cache(\.new)?(\.trial)?$/, ''));
  return { folder, parts: [...new Set(names.filter((name) => !name.startsWith('pack-')))].sort() };
}

/** The source of the command's pack in the cache folder: the parts it holds, in the order they ran. */
function packedParts(folder: string, command: string): string[] {
  const file = readdirSync(folder).find((f) => f.startsWith(`pack-${command}.source.cache`));
  if (!file) return [];
  const source = unwrapCacheFile(readFileSync(join(folder, file)))!.toString('utf8');
  return [...source.matchAll(/^"([^"]+)": function \(exports, require, module, __filename, __dirname\) \{/gm)].map(
    (m) => m[1]!,
  );
}

const partBytes = (parts: string[]) => parts.reduce((sum, p) => sum + statSync(join(root, 'dist', 'parts', p)).size, 0);

describe('the built bundle', () => {
  test('list slis --json works, loads no React, and leaves the cache of the parts it ran', async () => {
    const cacheHome = await mkdtemp(join(work, 'cache-'));
    const r = await runBundle(['list', 'slis', '--json', '--limit', '3'], h.env(), cacheHome);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((x) => x.id)).toEqual([
      'sli-000001',
      'sli-000002',
      'sli-000003',
    ]);

    const { folder, parts } = cachedParts(cacheHome);
    expect(parts).toContain('main.js');
    expect(parts.some((p) => p.startsWith('list-'))).toBe(true);
    // The command's pack for the next run: every part it ran, main.js first.
    const packed = packedParts(folder, 'list');
    expect([...packed].sort()).toEqual(parts);
    expect(packed[0]).toBe('main.js');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    for (const part of parts) {
      const code = readFileSync(join(root, 'dist', 'parts', part), 'utf8');
      expect(code, `${part} carries React`).not.toMatch(REACT_MARKER);
      for (const [what, marker] of Object.entries(NOT_FOR_LIST))
        expect(code, `${part} carries ${what}`).not.toMatch(marker);
    }
  });

  test('--version and --help load only the entry and the command table, no dependency', async () => {
    for (const args of [['--version'], ['--help']]) {
      const cacheHome = await mkdtemp(join(work, 'cache-'));
      const r = await runBundle(args, {}, cacheHome);
      expect(r.code).toBe(0);
      const { parts } = cachedParts(cacheHome);
      // The HTTP client, zod, conf and React are each hundreds of KiB; the CLI's own code is a few.
      expect(partBytes(parts), `${args[0]} loaded ${parts.join(', ')}`).toBeLessThan(
        args[0] === '--version' ? 40_000 : 600_000,
      );
    }
  });

  test('the cache is used by the next run, and a damaged or foreign one is written again', async () => {
    // --help is no command of its own: no pack, each part's cache its own.
    const cacheHome = await mkdtemp(join(work, 'cache-'));
    const help = () => runBundle(['--help'], {}, cacheHome);
    expect((await help()).code).toBe(0);
    const { folder, parts } = cachedParts(cacheHome);
    expect(readdirSync(folder)).toContain('main.js.cache.new');
    expect(readdirSync(folder).some((f) => f.startsWith('pack-'))).toBe(false);
    expect((await help()).code).toBe(0); // a run that used the new caches and ended: they are proven
    const mainCache = join(folder, 'main.js.cache');
    const otherCache = join(folder, `${parts.find((p) => p !== 'main.js')!}.cache`);
    expect(existsSync(otherCache)).toBe(true);
    const written = readFileSync(mainCache);

    const again = await help();
    expect(again.code).toBe(0);
    expect(readFileSync(mainCache).equals(written)).toBe(true); // used as it is, not rewritten

    // Damaged past V8's header (our checksum catches it) and V8's own rejection (another script's cache).
    const damaged = Buffer.from(written);
    damaged[damaged.length - 3]! ^= 0xff;
    writeFileSync(mainCache, damaged);
    writeFileSync(otherCache, written);
    const recovered = await help();
    expect(recovered.stderr).toBe('');
    expect(recovered.code).toBe(0);
    // Each is replaced by a new cache, tried by the next run.
    expect(existsSync(mainCache)).toBe(false);
    expect(existsSync(otherCache)).toBe(false);
    expect(readFileSync(`${mainCache}.new`).equals(damaged)).toBe(false);
    expect(readFileSync(`${otherCache}.new`).equals(written)).toBe(false);
  });

  test("a command's pack: made by its first run, run with its own cache by the next ones; damaged, made again", async () => {
    const cacheHome = await mkdtemp(join(work, 'cache-'));
    const list = () => runBundle(['list', 'slis', '--json', '--limit', '1'], h.env(), cacheHome);
    const ids = async () => {
      const r = await list();
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return (JSON.parse(r.stdout) as { id: string }[]).map((x) => x.id);
    };
    expect(await ids()).toEqual(['sli-000001']);
    const { folder } = cachedParts(cacheHome);
    expect(readdirSync(folder)).toContain('pack-list.source.cache.new');
    // The next run takes every part from the pack (none from its file) and writes the pack's own cache.
    expect(await ids()).toEqual(['sli-000001']);
    expect(readdirSync(folder)).toContain('pack-list.source.cache');
    expect(readdirSync(folder)).toContain('pack-list.js.cache.new');
    expect(await ids()).toEqual(['sli-000001']);
    const packCache = join(folder, 'pack-list.js.cache');
    const written = readFileSync(packCache);
    expect(await ids()).toEqual(['sli-000001']);
    expect(readFileSync(packCache).equals(written)).toBe(true); // used as it is

    // A pack whose source is damaged counts as none: the parts load from their files and a new one is made.
    const source = join(folder, 'pack-list.source.cache');
    const bytes = readFileSync(source);
    bytes[bytes.length - 2]! ^= 0xff;
    writeFileSync(source, bytes);
    expect(await ids()).toEqual(['sli-000001']);
    expect(existsSync(`${source}.new`)).toBe(true);
    expect(packedParts(folder, 'list')).toContain('main.js');
    // A mistyped command (a usage error) makes no pack.
    expect((await runBundle(['lsit', 'slis'], h.env(), cacheHome)).code).toBe(2);
    expect(readdirSync(folder).some((f) => f.startsWith('pack-lsit'))).toBe(false);
  });

  test('a cache folder others can write is not used, in one line on stderr', async () => {
    const cacheHome = await mkdtemp(join(work, 'cache-'));
    const folder = join(cacheHome, 'slotui');
    expect((await runBundle(['--version'], {}, cacheHome)).code).toBe(0);
    chmodSync(folder, 0o777);
    const before = cachedParts(cacheHome).parts;
    const r = await runBundle(['list', 'slis', '--json', '--limit', '1'], h.env(), cacheHome);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
    expect(r.stderr).toBe(
      `slotui: not using the code cache: ${folder} can be changed by other users (run \`chmod 700 ${folder}\`); starts are slower until then.\n`,
    );
    expect(cachedParts(cacheHome).parts).toEqual(before); // nothing written there
  });

  test('--version and a usage error exit as documented', async () => {
    const version = await runBundle(['--version'], {});
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^slotui \d+\.\d+\.\d+/);
    const usage = await runBundle(['list', 'nothing'], {});
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^slotui: Unknown resource "nothing"/);
  });

  test('a 401 exits 4', async () => {
    const r = await runBundle(
      ['get', 'slis', 'sli-000001'],
      h.env({ SLOTUI_TOKEN: h.sandbox.issueToken({ expiresInSeconds: -5 }) }),
    );
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
  });
});
