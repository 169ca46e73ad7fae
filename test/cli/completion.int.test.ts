/** Completion through a real bash and the built program; what Tab offers is tested in completion.test.ts. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigStore } from '../../src/config/store.js';
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

describe('slotui completion SHELL in bash', () => {
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
    // A field of --set, with its = (bash is told to put no space after it: seen in a terminal).
    expect(complete('slotui update slo slo-000001 --set target_v')).toEqual(['target_value=']);
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
});
