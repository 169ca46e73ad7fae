import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { REGISTRY } from '../../src/presentation/resources.js';
import { completeWords, FILES_DIRECTIVE } from '../../src/cli/completion.js';
import { addProfile, removeTempDirs, run, tempDir } from './helpers.js';

afterAll(removeTempDirs);

async function withProfiles(...names: string[]): Promise<NodeJS.ProcessEnv> {
  const dir = await tempDir('slotui-completion-');
  for (const name of names) addProfile(dir, name, { baseUrl: `https://${name}.example.com` });
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

  test("--set: the fields of the command's resource, each with its =; queries (a file's) left out", () => {
    const fields = (...words: string[]) => completeWords(words, {}, REGISTRY);
    const slo = REGISTRY.resolve('slo')!.fields.map((f) => `${f.key}=`);
    expect(fields('update', 'slo', 'slo-000001', '--set', '')).toEqual(slo);
    expect(fields('update', 'slo', 'slo-000001', '--set', 'target_value=99', '--set', 't')).toEqual(slo);
    expect(fields('create', 'org', '--set', '')).toEqual(['name=', 'description=']);
    expect(fields('update', 'sli', 'sli-000001', '--set', '')).toEqual([
      'name=',
      'type=',
      'description=',
      'unit_of_measure=',
      'formula=',
    ]);
    expect(fields('create', 'org', '--set=')).toEqual(['--set=name=', '--set=description=']);
    // Before a resource is named there is nothing to offer.
    expect(fields('update', '--set', '')).toEqual([]);
    expect(fields('create', 'nothing', '--set', '')).toEqual([]);
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
