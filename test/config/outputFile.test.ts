/**
 * writeOutputFile (export --out, the dashboard's :export): every chunk written
 * in order however it is cut (chunks are joined into larger writes), the mode
 * asked for, a file already there kept unless replacing, and a failure that
 * leaves nothing behind: a folder in the way, a device that refuses the text.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import { writeOutputFile } from '../../src/config/outputFile.js';

const dir = mkdtempSync(join(tmpdir(), 'slotui-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeOutputFile', () => {
  test('20,000 chunks of every size, empty ones and one larger than a write, in order', async () => {
    const chunks = Array.from({ length: 20_000 }, (_, i) =>
      i === 7_000 ? 'x'.repeat(200_000) : i % 97 === 0 ? '' : `---\nid: ${i}\n${'é'.repeat(i % 13)}\n`,
    );
    const file = join(dir, 'many.yaml');
    expect(await writeOutputFile(file, chunks, { mode: 0o600, replace: true })).toBe('written');
    expect(readFileSync(file, 'utf8')).toBe(chunks.join(''));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('small chunks go out in writes of about 64 KiB, not a write each', async () => {
    const probe = await open(join(dir, 'probe'), 'w');
    const write = vi.spyOn(Object.getPrototypeOf(probe) as { write: () => unknown }, 'write');
    await probe.close();
    try {
      const chunks = Array.from({ length: 10_000 }, (_, i) => `---\nid: ${String(i).padStart(6, '0')}\n`); // 15 characters each
      await writeOutputFile(join(dir, 'pieces.yaml'), chunks, { mode: 0o644, replace: true });
      expect(readFileSync(join(dir, 'pieces.yaml'), 'utf8')).toBe(chunks.join(''));
      // 150,000 characters: two writes of 64 KiB and the rest.
      expect(write).toHaveBeenCalledTimes(3);
      write.mockClear();
      // Exactly two writes' worth: no third, empty one.
      await writeOutputFile(join(dir, 'exact.yaml'), Array<string>(8_192).fill('x'.repeat(16)), {
        mode: 0o644,
        replace: true,
      });
      expect(write).toHaveBeenCalledTimes(2);
    } finally {
      write.mockRestore();
    }
  });

  test('a file already there is kept unless replacing; replaced, it holds the new text alone', async () => {
    const file = join(dir, 'there.yaml');
    writeFileSync(file, 'before\n');
    expect(await writeOutputFile(file, ['after\n'], { mode: 0o644, replace: false })).toBe('exists');
    expect(readFileSync(file, 'utf8')).toBe('before\n');
    expect(await writeOutputFile(file, ['after\n'], { mode: 0o644, replace: true })).toBe('written');
    expect(readFileSync(file, 'utf8')).toBe('after\n');
  });

  test('a folder where the file should be: one sentence, the folder left as it was', async () => {
    const folder = join(dir, 'a-folder.yaml');
    mkdirSync(folder);
    const refused = writeOutputFile(folder, ['a'], { mode: 0o644, replace: true });
    await expect(refused).rejects.toThrow(
      /Cannot write .*a-folder\.yaml: it is a folder; the file was left as it was\./,
    );
    await expect(refused).rejects.toMatchObject({ kind: 'validation', cause: { code: 'EISDIR' } });
    expect(readdirSync(folder)).toEqual([]);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  test('a device that refuses the text (/dev/full): written into, not replaced, and the disk named as full', async () => {
    const refused = writeOutputFile('/dev/full', ['a'.repeat(100)], { mode: 0o644, replace: true });
    await expect(refused).rejects.toThrow(/^Cannot write \/dev\/full: the disk is full\.$/);
    await expect(refused).rejects.toMatchObject({ kind: 'validation', cause: { code: 'ENOSPC' } });
  });

  test('a failure while the text is made (the service failing mid-way): that error as it is, nothing replaced', async () => {
    const failing = function* () {
      yield 'first\n';
      throw new SlotuiError('network', 'The connection was reset.');
    };
    const file = join(dir, 'kept.yaml');
    writeFileSync(file, 'as it was\n');
    await expect(writeOutputFile(file, failing(), { mode: 0o644, replace: true })).rejects.toMatchObject({
      kind: 'network',
      message: 'The connection was reset.',
    });
    expect(readFileSync(file, 'utf8')).toBe('as it was\n');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await expect(writeOutputFile('/dev/null', failing(), { mode: 0o644, replace: true })).rejects.toMatchObject({
      kind: 'network',
    });
  });

  test('a folder that does not exist: one sentence, and nothing written anywhere', async () => {
    const before = readdirSync(dir).sort();
    const missing = writeOutputFile(join(dir, 'missing', 'x.yaml'), ['a'], { mode: 0o644, replace: true });
    await expect(missing).rejects.toThrow(/Cannot write .*x\.yaml: its folder does not exist\./);
    await expect(missing).rejects.toMatchObject({ kind: 'validation', cause: { code: 'ENOENT' } });
    // Another reason is named by its code: a regular file where a folder should be.
    writeFileSync(join(dir, 'plain-file'), '');
    await expect(
      writeOutputFile(join(dir, 'plain-file', 'x.yaml'), ['a'], { mode: 0o644, replace: true }),
    ).rejects.toThrow(/Cannot write .*x\.yaml: ENOTDIR\./);
    expect(readdirSync(dir).sort()).toEqual([...before, 'plain-file'].sort());
  });
});
