import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { REGISTRY } from '../../src/presentation/resources.js';
import { ConfigStore } from '../../src/config/store.js';
import { completeWords, FILES_DIRECTIVE } from '../../src/cli/completion.js';
import { removeTempDirs, run, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = join(root, 'dist', 'slotui.js');
const node = existsSync(join(root, 'node_modules', '.bin', 'node'))
  ? join(root, 'node_modules', '.bin', 'node')
  : process.execPath;

async function withProfiles(...names: string[]): Promise<NodeJS.ProcessEnv> {
  const dir = await tempDir('slotui-completion-');
  const store = new ConfigStore(dir);
  for (const name of names) store.saveProfile(name, { baseUrl: `https://${name}.example.com` });
  return { SLOTUI_CONFIG_DIR: dir };
}

describe('what Tab offers', () => {
  test('commands, auth sub-commands, resources, flags, formats, shells, profile names', async () => {
    const env = await withProfiles('prod', 'staging');
    expect(completeWords([''], env, REGISTRY)).toEqual(
      expect.arrayContaining(['list', 'get', 'create', 'auth', 'sandbox', 'completion', 'help']),
    );
    expect(completeWords(['auth', ''], env, REGISTRY)).toEqual(['login', 'status', 'logout']);
    expect(completeWords(['list', ''], env, REGISTRY)).toEqual(REGISTRY.names);
    expect(completeWords(['get', '--profile', 'prod', 's'], env, REGISTRY)).toEqual(REGISTRY.names);
    expect(completeWords(['get', 'slo', ''], env, REGISTRY)).toEqual([]);
    expect(completeWords(['list', 'slos', '--'], env, REGISTRY)).toEqual(
      expect.arrayContaining(['--limit', '--offset', '--all', '--output', '--json', '--profile', '--read-only']),
    );
    expect(completeWords(['list', 'slos', '--'], env, REGISTRY)).not.toContain('--yes');
    expect(completeWords(['list', 'slos', '-o', ''], env, REGISTRY)).toEqual(['json', 'yaml', 'wide', 'name']);
    expect(completeWords(['list', 'slos', '--output=y'], env, REGISTRY)).toEqual([
      '--output=json',
      '--output=yaml',
      '--output=wide',
      '--output=name',
    ]);
    expect(completeWords(['--profile', ''], env, REGISTRY)).toEqual(['prod', 'staging']);
    expect(completeWords(['create', 'slo', '-f', ''], env, REGISTRY)).toEqual([FILES_DIRECTIVE]);
    expect(completeWords(['completion', ''], env, REGISTRY)).toEqual(['bash', 'zsh', 'fish']);
  });

  test('no config folder: no profiles, no error', async () => {
    expect(completeWords(['--profile', ''], { SLOTUI_CONFIG_DIR: join(await tempDir(), 'none') }, REGISTRY)).toEqual(
      [],
    );
  });
});

describe('slotui completion SHELL', () => {
  test.each(['bash', 'zsh', 'fish'])('%s: a script that asks slotui __complete', async (shell) => {
    const r = await run(['completion', shell], { env: {} });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('slotui __complete');
  });

  test('an unknown shell is a usage error', async () => {
    const r = await run(['completion', 'powershell'], { env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'slotui: slotui completion knows bash, zsh and fish (got "powershell"). See `slotui completion --help`.\n',
    );
  });

  test('__complete answers one candidate a line', async () => {
    const env = await withProfiles('prod');
    const r = await run(['__complete', '--profile', ''], { env });
    expect(r).toEqual({ code: 0, stdout: 'prod\n', stderr: '' });
  });

  test('bash: the script, loaded in a real bash, completes through the built program', async () => {
    const env = await withProfiles('prod', 'staging');
    const dir = await tempDir();
    const bin = join(dir, 'slotui');
    await writeFile(bin, `#!/bin/sh\nexec "${node}" "${bundle}" "$@"\n`, { mode: 0o755 });
    const script = (await run(['completion', 'bash'], { env: {} })).stdout;
    const complete = (line: string): string[] => {
      const words = line.split(' ');
      const program = [
        script,
        `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}`,
        '_slotui',
        'printf "%s\\n" "${COMPREPLY[@]}"',
      ].join('\n');
      const result = spawnSync('bash', ['-c', program], {
        env: { ...process.env, ...env, PATH: `${dir}:${process.env.PATH ?? ''}` },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status, result.stderr).toBe(0);
      return result.stdout.split('\n').filter(Boolean);
    };
    expect(complete('slotui lis')).toEqual(['list']);
    expect(complete('slotui li')).toEqual(['list', 'lint']);
    expect(complete('slotui list sl')).toEqual(['slis', 'slos']);
    expect(complete('slotui --profile st')).toEqual(['staging']);
    expect(complete('slotui get slo -o y')).toEqual(['yaml']);
  });

  test('bash: a candidate is never evaluated, whatever it holds', async () => {
    const dir = await tempDir();
    const marker = join(dir, 'ran');
    const hostile = [`$(touch ${marker})`, `\`touch ${marker}\``, '*', 'plain'];
    // A slotui that answers Tab with words a compgen -W would expand.
    await writeFile(join(dir, 'slotui'), `#!/bin/sh\nprintf '%s\\n' ${hostile.map((w) => `'${w}'`).join(' ')}\n`, {
      mode: 0o755,
    });
    const script = (await run(['completion', 'bash'], { env: {} })).stdout;
    const program = [
      script,
      "COMP_WORDS=(slotui --profile ''); COMP_CWORD=2",
      '_slotui',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const result = spawnSync('bash', ['-c', program], {
      cwd: dir,
      env: { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}` },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual(hostile);
    expect(existsSync(marker)).toBe(false);
  });

  test('profile names a hand-edited file holds that slotui could not store are never offered', async () => {
    const dir = await tempDir('slotui-completion-');
    const names = ['prod', '$(touch x)', '`id`', 'a b', 'esc\u001b[2Jape', 'line\nbreak'];
    await writeFile(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: Object.fromEntries(names.map((n) => [n, {}])) }),
      { mode: 0o600 },
    );
    expect(completeWords(['--profile', ''], { SLOTUI_CONFIG_DIR: dir }, REGISTRY)).toEqual(['prod']);
    const r = await run(['__complete', '--profile', ''], { env: { SLOTUI_CONFIG_DIR: dir } });
    expect(r).toEqual({ code: 0, stdout: 'prod\n', stderr: '' });
  });
});
