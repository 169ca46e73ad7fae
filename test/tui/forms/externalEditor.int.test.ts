/**
 * The real editor launch behind `E`: $VISUAL, then $EDITOR, then vi, run
 * through /bin/sh with the file as one argument (spaces and quotes in the
 * path are safe), and a clear sentence when the editor fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { isSlotuiError } from '../../../src/api/errors.js';
import { EditorCancelled, systemEditorLauncher } from '../../../src/tui/forms/externalEditor.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'slotui-editor-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const env = (vars: Record<string, string>) => ({ PATH: process.env.PATH, ...vars });

test('$VISUAL wins over $EDITOR; the file reaches it as one argument, whatever its name', async () => {
  const file = join(dir, `it's a "record" file.json`);
  await writeFile(file, '{"name": "before"}\n');
  systemEditorLauncher(env({ VISUAL: 'sed -i s/before/after/', EDITOR: 'false' }))(file);
  expect(await readFile(file, 'utf8')).toBe('{"name": "after"}\n');
});

test('$EDITOR when there is no $VISUAL', async () => {
  const file = join(dir, 'record.json');
  await writeFile(file, '{"target_value": "99.9"}\n');
  systemEditorLauncher(env({ EDITOR: 'sed -i s/99.9/99.95/' }))(file);
  expect(await readFile(file, 'utf8')).toBe('{"target_value": "99.95"}\n');
});

test("an editor that exits with an error of its own (vim's :cq) cancelled the edit", async () => {
  const file = join(dir, 'record.json');
  await writeFile(file, '{}\n');
  let error: unknown;
  try {
    systemEditorLauncher(env({ EDITOR: 'false' }))(file);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(EditorCancelled);
  expect(isSlotuiError(error)).toBe(false);
  expect(await readFile(file, 'utf8')).toBe('{}\n');
});

test('an editor that cannot be run gives one sentence saying what to set', async () => {
  const file = join(dir, 'record.json');
  await writeFile(file, '{}\n');
  let error: unknown;
  try {
    systemEditorLauncher(env({ EDITOR: 'slotui-no-such-editor' }))(file);
  } catch (e) {
    error = e;
  }
  expect(isSlotuiError(error)).toBe(true);
  expect((error as Error).message).toMatch(
    /^The editor “slotui-no-such-editor” could not be run \(it ended with exit code 127\)\. Set \$VISUAL or \$EDITOR/,
  );
});

describe('the temp folder of `E` is removed on every way out', () => {
  /** A program that opens `E` on a record and then ends, in the way named, while the editor is open. */
  const program = (tmpRoot: string, end: 'drain' | 'crash') => `
    import { RESOURCES } from ${JSON.stringify(join(repo, 'src/api/resources.ts'))};
    import { editInExternalEditor } from ${JSON.stringify(join(repo, 'src/tui/forms/externalEditor.ts'))};
    void editInExternalEditor({
      def: RESOURCES.slis,
      record: { id: 'sli-000001', name: 'checkout' },
      client: {},
      tmpRoot: ${JSON.stringify(tmpRoot)},
      launch: (file) => {
        console.log(file);
        ${end === 'crash' ? "setImmediate(() => { throw new Error('a bug'); });" : ''}
        return new Promise(() => {}); // the editor (or the change sent) never comes back
      },
    });`;

  test.each(['drain', 'crash'] as const)('the process ends while the editor is open (%s)', async (end) => {
    const tmpRoot = await mkdtemp(join(dir, 'tmp-'));
    const entry = join(dir, `edit-${end}.ts`);
    await writeFile(entry, program(tmpRoot, end));
    const bundle = join(dir, `edit-${end}.mjs`);
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'silent',
    });
    const run = spawnSync(process.execPath, [bundle], { encoding: 'utf8', timeout: 30_000 });
    expect(run.stdout).toContain(join(tmpRoot, 'slotui-edit-')); // the editor was open on a file there
    expect(run.status).toBe(end === 'crash' ? 1 : 0);
    expect(await readdir(tmpRoot)).toEqual([]);
  });
});
