import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PageCache } from '../../src/config/pageCache.js';
import { removeTempDirs, run, startCliHarness, tempDir, type CliHarness } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = join(root, 'dist', 'slotui.js');
const node = existsSync(join(root, 'node_modules', '.bin', 'node'))
  ? join(root, 'node_modules', '.bin', 'node')
  : process.execPath;

let h: CliHarness;
let cacheHome: string;
/** Accepts connections and never answers: a service that hangs. */
let silent: Server;
beforeAll(async () => {
  h = await startCliHarness();
  cacheHome = await tempDir('slotui-completion-cache-');
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await h?.close();
  silent?.close();
  await removeTempDirs();
});

const env = (extra: NodeJS.ProcessEnv = {}) => h.env({ XDG_CACHE_HOME: cacheHome, ...extra });
const ids = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[0]);

describe('Tab completes record ids from the service, with their names', () => {
  test('get slo <Tab>: the ids of the first page, each with its name after a tab', async () => {
    const r = await run(['__complete', 'get', 'slo', ''], { env: env() });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).toMatch(/^slo-\d{6}\t\S/);
    const one = await run(['get', 'slo', ids(r.stdout)[0]!, '-o', 'json'], { env: env() });
    expect(lines[0]).toBe(`${JSON.parse(one.stdout).id}\t${JSON.parse(one.stdout).name}`);
  });

  test('the SLO commands complete SLO ids, export both kinds; flags and resources are untouched', async () => {
    expect(ids((await run(['__complete', 'budget', ''], { env: env() })).stdout)[0]).toMatch(/^slo-/);
    const exported = ids((await run(['__complete', 'export', 'sli-000001', ''], { env: env() })).stdout);
    expect(exported.some((id) => id?.startsWith('sli-'))).toBe(true);
    expect(exported.some((id) => id?.startsWith('slo-'))).toBe(true);
    expect((await run(['__complete', 'get', ''], { env: env() })).stdout).toContain('slos\n');
    expect((await run(['__complete', 'get', 'slo', '-'], { env: env() })).stdout).toContain('--output\n');
  });

  test('a service that hangs: the page the dashboard kept, within the deadline', async () => {
    const baseUrl = `https://127.0.0.1:${(silent.address() as { port: number }).port}`;
    new PageCache(join(cacheHome, 'slotui'), { profile: 'default', baseUrl }).save({
      resource: 'slis',
      readAt: new Date().toISOString(),
      total: 1,
      limit: 25,
      offset: 0,
      results: [{ id: 'sli-000042', name: 'kept\u001b[31m name' }],
    });
    const r = await run(['__complete', 'get', 'sli', ''], { env: env({ SLOTUI_BASE_URL: baseUrl }) });
    expect(r).toEqual({ code: 0, stdout: 'sli-000042\tkept name\n', stderr: '' });
  });

  test('an id holding an escape, a newline or a tab is never offered to the shell', async () => {
    const baseUrl = `https://127.0.0.1:${(silent.address() as { port: number }).port}`;
    new PageCache(join(cacheHome, 'slotui'), { profile: 'default', baseUrl }).save({
      resource: 'organizations',
      readAt: new Date().toISOString(),
      total: 4,
      limit: 25,
      offset: 0,
      results: [
        { id: 'org-1\u001b]52;c;cHduZWQ=\u0007', name: 'a' },
        { id: 'org-2\nrm', name: 'b' },
        { id: 'org-3\tx', name: 'c' },
        { id: 'org-000004', name: 'fine' },
      ],
    });
    const r = await run(['__complete', 'get', 'org', ''], { env: env({ SLOTUI_BASE_URL: baseUrl }) });
    expect(r).toEqual({ code: 0, stdout: 'org-000004\tfine\n', stderr: '' });
  });

  test('bash: the built program completes ids alone, never the names', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'slotui'), `#!/bin/sh\nexec "${node}" "${bundle}" "$@"\n`, { mode: 0o755 });
    const script = (await run(['completion', 'bash'], { env: {} })).stdout;
    const program = [
      script,
      'COMP_WORDS=(slotui get slo slo-00000); COMP_CWORD=3',
      '_slotui',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    // Not spawnSync: the sandbox answering the program runs in this process.
    const result = await promisify(execFile)('bash', ['-c', program], {
      env: { ...process.env, ...env(), PATH: `${dir}:${process.env.PATH ?? ''}` },
      encoding: 'utf8',
      timeout: 20_000,
    });
    const offered = result.stdout.split('\n').filter(Boolean);
    expect(offered.length).toBeGreaterThan(3);
    for (const id of offered) expect(id).toMatch(/^slo-00000\d$/);
  });
});
