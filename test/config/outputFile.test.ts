/**
 * writeOutputFile (export --out, the dashboard's :export): every chunk written
 * in order however it is cut (chunks are joined into larger writes), the mode
 * asked for, a file already there kept unless replacing, and a failure that
 * leaves nothing behind.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
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

  test('a file already there is kept unless replacing; replaced, it holds the new text alone', async () => {
    const file = join(dir, 'there.yaml');
    writeFileSync(file, 'before\n');
    expect(await writeOutputFile(file, ['after\n'], { mode: 0o644, replace: false })).toBe('exists');
    expect(readFileSync(file, 'utf8')).toBe('before\n');
    expect(await writeOutputFile(file, ['after\n'], { mode: 0o644, replace: true })).toBe('written');
    expect(readFileSync(file, 'utf8')).toBe('after\n');
  });

  test('a folder that does not exist: one sentence, and nothing written anywhere', async () => {
    const before = readdirSync(dir).sort();
    await expect(
      writeOutputFile(join(dir, 'missing', 'x.yaml'), ['a'], { mode: 0o644, replace: true }),
    ).rejects.toThrow(/Cannot write .*x\.yaml: its folder does not exist\./);
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});
