/**
 * toYaml writes JSON data of the common kinds itself (src/text/yaml.ts,
 * directYaml) and hands the rest to yaml: its text must be yaml's, character
 * for character, whatever the data. Held here over seeded random values built
 * from texts chosen to sit on every edge of yaml's choice of style (YAML 1.1's
 * booleans, numbers, timestamps and nulls, indicators at either end, quotes,
 * line breaks, control and bidi characters, document markers), and over the
 * sample records as the CLI writes them. SLOTUI_YAML_SEED=N runs other values.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { describe, expect, test, vi } from 'vitest';
import { seededRandom } from '../../src/sandbox/faults.js';
import { libraryYaml, toYaml } from '../../src/text/yaml.js';
import { sampleRecords } from '../tui/driver.js';

const TEXTS = [
  '',
  ' ',
  'a',
  'name',
  'checkout latency',
  'sli-0000001',
  'Sample SLI 7',
  'é',
  '日本語',
  'a b  c',
  'yes',
  'Yes',
  'YES',
  'no',
  'on',
  'Off',
  'y',
  'N',
  'true',
  'False',
  'null',
  'Null',
  '~',
  '<<',
  '0',
  '12',
  '012',
  '0x1f',
  '0b101',
  '1_000',
  '-7',
  '+3',
  '1.5',
  '.5',
  '1e3',
  '-.inf',
  '.NaN',
  '1:20',
  '190:20:30.15',
  '2026-11-28',
  '2026-11-28T12:00:00Z',
  '2026-11-28 12:00:00.5 -5',
  '-',
  '?',
  ':',
  '- a',
  '? a',
  'a: b',
  'a:b',
  'a #b',
  'a#b',
  '#a',
  'a ',
  ' a',
  'a:',
  '&a',
  '*a',
  '!a',
  '|',
  '>',
  '%a',
  "'a'",
  '"a"',
  "it's",
  'say "hi"',
  'back\\slash',
  'a,b',
  '[a]',
  '{a}',
  '@a',
  '`a`',
  '---',
  '--- a',
  '...',
  'a\nb',
  'a\n',
  '\ta',
  'a\tb',
  '\u0007bell',
  '\u0085',
  '\u202eevil',
  '\u{E0001}tag',
  '\u200b',
  '\ud800',
  'x'.repeat(1001),
  'ab'.repeat(600),
];
const NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  1e21,
  1e-7,
  123456789012,
  Number.MAX_SAFE_INTEGER,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

function randomValue(random: () => number, depth: number): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const roll = random();
  if (depth > 0 && roll < 0.2)
    return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth - 1));
  if (depth > 0 && roll < 0.45) {
    const out: Record<string, unknown> = {};
    for (let i = Math.floor(random() * 5); i > 0; i--) out[pick(TEXTS)] = randomValue(random, depth - 1);
    return out;
  }
  if (roll < 0.75) return pick(TEXTS);
  if (roll < 0.88) return pick(NUMBERS);
  return pick([true, false, null]);
}

const yaml = createRequire(import.meta.url)('yaml') as typeof Yaml;

describe('toYaml writes what yaml writes', () => {
  test('each text of the edge list, as a value, a key and a list item', () => {
    for (const text of TEXTS) {
      for (const value of [{ v: text }, { [text]: 1 }, [text], [{ k: text, [text]: [text] }]]) {
        const written = toYaml(value);
        expect(written, JSON.stringify(value)).toBe(libraryYaml(value));
        expect(yaml.parse(written, { version: '1.1' }), written).toEqual(value);
      }
    }
  });

  test('1,000 seeded random values of nested maps and lists', () => {
    const random = seededRandom(Number(process.env.SLOTUI_YAML_SEED ?? 20_261_128));
    for (let i = 0; i < 1_000; i++) {
      const value = randomValue(random, 4);
      const text = toYaml(value);
      expect(text, JSON.stringify(value)).toBe(libraryYaml(value));
      // And it reads back as the same data (the written text itself is right, not only the same as yaml's).
      expect(yaml.parse(text, { version: '1.1' }), text).toEqual(value);
    }
  });

  test('the sample records, alone and as a list, as `-o yaml` writes them', () => {
    for (const records of Object.values(sampleRecords())) {
      expect(toYaml(records)).toBe(libraryYaml(records));
      for (const record of records) expect(toYaml(record)).toBe(libraryYaml(record));
    }
  });

  test('a key `<<` is written in double quotes: a YAML 1.1 reader takes a bare one for a merge key', () => {
    // A query or label named `<<`, say; by the direct writer and by yaml (a line break sends it there).
    for (const value of [
      { '<<': { a: 1 }, b: '<<' },
      { '<<': 'x\ny', list: ['<<'] },
    ]) {
      const written = toYaml(value);
      expect(written).toMatch(/^"<<":/m);
      expect(written).not.toMatch(/^<<:/m);
      expect(written).toBe(libraryYaml(value));
      // Read back with merge keys on, as YAML 1.1 readers do: the same data, nothing merged.
      expect(yaml.parse(written, { version: '1.1', merge: true })).toEqual(value);
    }
  });

  test('a value yaml writes is never folded, whatever its length', () => {
    const long = 'word '.repeat(40).trim();
    expect(toYaml({ long, lines: 'a\nb' })).toBe(`long: ${long}\nlines: |-\n  a\n  b\n`);
  });

  test('a collection met twice is written by yaml (an anchor and its alias), a cycle too', () => {
    const shared = { a: 1 };
    const empty: string[] = [];
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    for (const value of [{ x: shared, y: shared }, [shared, [shared]], { e: empty, f: empty }, cycle])
      expect(toYaml(value)).toBe(libraryYaml(value));
    expect(toYaml({ x: shared, y: shared })).toMatch(/&\w+/);
  });

  test('records of the common kinds are written without yaml building a document (what makes it fast)', () => {
    const records = Object.values(sampleRecords()).flat();
    toYaml(records); // yaml's resolvers are read once, on the first use
    const built = vi.spyOn(yaml, 'Document');
    try {
      for (const value of [records, ...records, { nested: [{ a: [1, 'two', null, true] }], empty: [] }]) toYaml(value);
      expect(built).not.toHaveBeenCalled();
      toYaml({ text: 'two\nlines' });
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
  });

  test('empty collections, scalars alone and values that are not JSON data are written by yaml', () => {
    for (const value of [
      [],
      {},
      'text',
      12,
      null,
      [[]],
      [{}],
      { a: [] },
      { a: {} },
      new Date(0),
      { d: new Date(0) },
      [undefined],
      { u: undefined },
    ])
      expect(toYaml(value), String(JSON.stringify(value))).toBe(libraryYaml(value));
  });
});
