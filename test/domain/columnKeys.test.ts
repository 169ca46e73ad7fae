/**
 * The sort keys kept per column as search texts are made: which columns they serve (texts of
 * printable ASCII, none a number), the key of an empty cell, and growth past the first size.
 */
import { describe, expect, it } from 'vitest';
import { compareText } from '../../src/domain/collation.js';
import { ColumnKeys } from '../../src/domain/columnKeys.js';

const text = (...cells: string[]) => cells.join('\u0000');

describe('keys kept per column', () => {
  it('serve a column of texts; a column with a number or text beyond ASCII is left to its texts', () => {
    const keys = new ColumnKeys([{}, {}, {}, { sortKey: () => '' }]);
    keys.add(text('svc-1 latency', 'ms', 'ok', 'x'));
    keys.add(text('svc-2 errors', ' 12 ', 'ok', 'y'));
    keys.add(text('svc-3', '%', 'é', 'z'));
    expect(keys.ofTextColumn(0)).toBeDefined();
    expect(keys.ofTextColumn(1)).toBeUndefined();
    expect(keys.ofTextColumn(2)).toBeUndefined();
    // A column with a sort key of its own (AGE) has none here: it reads its records.
    expect(keys.ofTextColumn(3)).toBeUndefined();
    expect(keys.keyed).toBe(9);
  });

  it('key an empty or blank cell 0, below any text, and order texts as the collator does where keys differ', () => {
    const cells = ['', '   ', 'b', 'a', 'svc-10', 'svc-9', 'zz', ' a '];
    const keys = new ColumnKeys([{}]);
    for (const cell of cells) keys.add(cell);
    const of = keys.ofTextColumn(0)!;
    expect([of[0], of[1]]).toEqual([0, 0]);
    for (let i = 2; i < cells.length; i++) expect(of[i]).toBeGreaterThan(0);
    for (let i = 2; i < cells.length; i++)
      for (let j = 2; j < cells.length; j++)
        if (of[i]! < of[j]!) expect(compareText(cells[i]!.trim(), cells[j]!.trim())).toBeLessThan(0);
    // Trimmed: ' a ' keys as 'a'.
    expect(of[7]).toBe(of[3]);
  });

  it('grow past their first size, keeping every key', () => {
    const keys = new ColumnKeys([{}]);
    const names = Array.from({ length: 5_000 }, (_, i) => `n${String(i).padStart(5, '0')}`);
    for (const name of names) keys.add(name);
    const of = keys.ofTextColumn(0)!;
    for (let i = 1; i < names.length; i++) expect(of[i]).toBeGreaterThan(of[i - 1]!);
  });
});

describe('kinds kept per column', () => {
  it('while a column has at most 256 different cells: its cells and each position’s kind; past that, none', () => {
    const keys = new ColumnKeys([{}, {}]);
    const kinds = ['latency', 'availability', ' latency ', ''];
    for (let i = 0; i < 256; i++) keys.add(`${kinds[i % 4]}\u0000name-${i}`);
    const type = keys.ofFewKinds(0)!;
    expect(type.cells).toEqual(['latency', 'availability', '']);
    expect(Array.from(type.kindOf.subarray(0, 5))).toEqual([0, 1, 0, 2, 0]);
    expect(keys.ofFewKinds(1)!.cells).toHaveLength(256);
    keys.add('latency\u0000name-256');
    expect(keys.ofFewKinds(1)).toBeUndefined();
    expect(keys.ofFewKinds(0)!.cells).toHaveLength(3);
    expect(keys.ofTextColumn(1)).toBeDefined();
  });

  it('keep growing past their first size', () => {
    const keys = new ColumnKeys([{}]);
    for (let i = 0; i < 3_000; i++) keys.add(i % 2 ? 'a' : 'b');
    const { kindOf } = keys.ofFewKinds(0)!;
    expect(kindOf[2_999]).toBe(1);
    expect(kindOf[2_998]).toBe(0);
  });
});
