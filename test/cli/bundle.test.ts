/**
 * The built bundle (dist/slotui.js) run as a child process, as a user runs it:
 * it works against the sandbox, and `list` never loads the dashboard's code
 * (React and Ink stay in a lazily imported chunk).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCliHarness, removeTempDirs, tempDir, type CliHarness } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = join(root, 'dist', 'slotui.js');
// npm scripts put Node 22 first on PATH; the pinned runtime is also here.
const node = existsSync(join(root, 'node_modules', '.bin', 'node')) ? join(root, 'node_modules', '.bin', 'node') : process.execPath;

/** React's element marker: present in any chunk that carries React. */
const REACT_MARKER = /react\.(transitional\.)?element/;

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

function runBundle(args: string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [...nodeArgs, bundle, ...args], {
      cwd: work,
      env: { PATH: process.env.PATH, ...env },
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

describe('the built bundle', () => {
  test('list slis --json works and loads no React', async () => {
    // A module hook that records every file the process loads.
    const log = join(work, 'loaded.txt');
    const hook = join(work, 'hook.mjs');
    await writeFile(hook, [
      "import { registerHooks } from 'node:module';",
      "import { appendFileSync } from 'node:fs';",
      'registerHooks({ load(url, context, next) {',
      `  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');`,
      '  return next(url, context);',
      '} });',
    ].join('\n'));
    const r = await runBundle(['list', 'slis', '--json', '--limit', '3'], h.env(), ['--import', hook]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((x) => x.id)).toEqual(['sli-000001', 'sli-000002', 'sli-000003']);

    const loaded = readFileSync(log, 'utf8').trim().split('\n').filter((url) => url.includes('/dist/'));
    expect(loaded.some((url) => url.endsWith('/dist/slotui.js'))).toBe(true);
    for (const url of loaded) {
      expect(readFileSync(fileURLToPath(url), 'utf8'), `${url} carries React`).not.toMatch(REACT_MARKER);
    }
  });

  test('--version and --help load only the entry and the command table, no dependency', async () => {
    for (const args of [['--version'], ['--help']]) {
      const log = join(work, `loaded-${args[0]}.txt`);
      const hook = join(work, `hook-${args[0]}.mjs`);
      await writeFile(hook, [
        "import { registerHooks } from 'node:module';",
        "import { appendFileSync } from 'node:fs';",
        'registerHooks({ load(url, context, next) {',
        `  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');`,
        '  return next(url, context);',
        '} });',
      ].join('\n'));
      const r = await runBundle(args, {}, ['--import', hook]);
      expect(r.code).toBe(0);
      const loaded = readFileSync(log, 'utf8').trim().split('\n').filter((url) => url.includes('/dist/'));
      const bytes = loaded.reduce((sum, url) => sum + readFileSync(fileURLToPath(url)).length, 0);
      // The HTTP client, zod, conf and React are each hundreds of KiB; the CLI's own code is a few.
      expect(bytes, `${args[0]} loaded ${loaded.join(', ')}`).toBeLessThan(args[0] === '--version' ? 40_000 : 600_000);
    }
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
    const r = await runBundle(['get', 'slis', 'sli-000001'], h.env({ SLOTUI_TOKEN: h.sandbox.issueToken({ expiresInSeconds: -5 }) }));
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
  });
});
