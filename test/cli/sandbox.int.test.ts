import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { removeTempDirs, run, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('slotui sandbox with input it cannot use', () => {
  test.each([
    ['not JSON', 'this is not json', 'it is not valid JSON.'],
    ['another JSON file', '{"name": "package"}', 'it is not a slotui sandbox data file'],
  ])('--data with %s: exit 1, one line, no crash log', async (_name, text, problem) => {
    const dir = await tempDir();
    const file = join(dir, 'data.json');
    await writeFile(file, text);
    const r = await run(['sandbox', '--data', file], { env: { SLOTUI_CONFIG_DIR: dir } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(
      new RegExp(`^slotui: The sandbox data file ${file} cannot be used: ${problem.replace('.', '\\.')}`),
    );
    expect(r.stderr).not.toContain('unexpected error');
    expect((await readdir(dir)).filter((f) => f.startsWith('crash-'))).toEqual([]);
  });

  test('--data in a folder that does not exist: one line', async () => {
    const dir = await tempDir();
    const r = await run(['sandbox', '--data', join(dir, 'missing', 'data.json')], { env: { SLOTUI_CONFIG_DIR: dir } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^slotui: The sandbox data file .* cannot be written \(ENOENT\)\. Check that its folder exists and is writable\.\n$/,
    );
  });
});
