/**
 * Four `auth login --with-token` of different profiles, run at once as
 * separate processes of the built program against the sandbox: every one is
 * stored (config updates take a lock and read the file again under it), and
 * the file stays private and whole.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeTempDirs, startCliHarness, tempDir, type CliHarness } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = join(root, 'dist', 'slotui.js');
const node = existsSync(join(root, 'node_modules', '.bin', 'node'))
  ? join(root, 'node_modules', '.bin', 'node')
  : process.execPath;

let h: CliHarness;
beforeAll(async () => {
  h = await startCliHarness();
});
afterAll(async () => {
  await h?.close();
  await removeTempDirs();
});

function login(
  profile: string,
  configDir: string,
  home: string,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      node,
      [
        bundle,
        'auth',
        'login',
        '--with-token',
        '--profile',
        profile,
        '--base-url',
        h.sandbox.baseUrl,
        '--ca-file',
        h.sandbox.caFile,
      ],
      {
        env: { PATH: process.env.PATH, HOME: home, SLOTUI_CONFIG_DIR: configDir },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(h.sandbox.token);
  });
}

describe('auth login in parallel', () => {
  test('four logins of different profiles, at once: none is lost', async () => {
    expect(existsSync(bundle), 'dist/slotui.js is built by npm test').toBe(true);
    const dir = await tempDir('slotui-parallel-login-');
    const home = await tempDir('slotui-parallel-home-');
    const profiles = ['alpha', 'bravo', 'charlie', 'delta'];
    const results = await Promise.all(profiles.map((p) => login(p, dir, home)));
    for (const r of results) expect(`${r.stdout}${r.stderr}`).toMatch(/Logged in/);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    const file = join(dir, 'config.json');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      profiles: Record<string, { token?: string; baseUrl?: string }>;
    };
    expect(Object.keys(stored.profiles).sort()).toEqual(profiles);
    for (const p of profiles)
      expect(stored.profiles[p]).toMatchObject({ token: h.sandbox.token, baseUrl: h.sandbox.baseUrl });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // No lock and no temp file left behind.
    expect(readdirSync(dir).sort()).toEqual(['config.json']);
  }, 60_000);
});
