import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { describe, expect, test } from 'vitest';
import { parseDocuments, type YamlLimits } from '../../../src/cli/gitops/yaml.js';
import { documentText } from '../../../src/text/yaml.js';

const yaml = createRequire(import.meta.url)('yaml') as typeof Yaml;

describe('OpenSLO YAML', () => {
  test('control, C1, bidi and invisible characters are escaped inside double quotes, keys too; the text reads back the same', () => {
    const value = {
      name: 'a\u001b[2Jb\u009b1m\u202ec\u200bd\u2028e',
      [`key\u202e`]: 'tab\there',
      plain: 'ünïcode 名前 🚀',
      lines: 'one\ntwo\n',
    };
    const text = documentText(value);
    // eslint-disable-next-line no-control-regex -- checking for raw control characters is the point
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u2028\u202e]/);
    expect(text).toContain('ünïcode 名前 🚀');
    expect(text.startsWith('---\n')).toBe(true);
    expect(parseDocuments(text)).toEqual([{ document: 1, value }]);
  });

  test('several documents, empty ones skipped; a broken one carries its error and the others still read', () => {
    const parsed = parseDocuments('---\na: 1\n---\n---\nb: [unclosed\n---\nc: 3\n');
    expect(parsed[0]).toEqual({ document: 1, value: { a: 1 } });
    expect(parsed[1]).toMatchObject({
      document: 3,
      error: expect.stringMatching(/^it is not valid YAML at line \d+, column \d+/),
    });
    expect(parsed[2]).toEqual({ document: 4, value: { c: 3 } });
  });

  test('a file of nested aliases ("billion laughs") is refused, not expanded', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(', ')}]`,
      ),
    ].join('\n');
    const [doc] = parseDocuments(bomb);
    expect(doc).toMatchObject({ document: 1, error: expect.stringMatching(/cannot be read|not valid YAML/) });
  });

  test('duplicate keys are an error', () => {
    expect(parseDocuments('a: 1\na: 2\n')[0]).toMatchObject({ error: expect.stringMatching(/not valid YAML/) });
  });

  test("the same documents and errors (line and column) whether the tokens of the first pass are kept or lexed again, and as yaml's own reading", () => {
    const texts = [
      '---\na: 1\n---\n---\nb: [unclosed\n---\nc: 3\n',
      'a: 1\na: 2\n',
      'x: [1, {z: "q"}]\n\nb: c: d\n',
      '\uFEFF# a comment\nkind: SLI\nmetadata:\n  name: "a\\u202eb"\n  list:\n    - one\n    - |\n      two\n',
      '%YAML 1.1\n---\nk: &a [x, *a]\n...\n',
      '',
      'just text',
    ];
    type Read = { document: number; at: number[] } | { document: number; value: unknown };
    for (const text of texts) {
      const kept = parseDocuments(text);
      expect(parseDocuments(text, 'The YAML', { keepTokensUpTo: -1 }), JSON.stringify(text)).toEqual(kept);
      // yaml's parseAllDocuments, read as parseDocuments reads a document (its empty ones left out).
      const reference: Read[] = [];
      yaml.parseAllDocuments(text, { uniqueKeys: true }).forEach((doc, i) => {
        const at = doc.errors[0]?.linePos?.[0];
        if (at) reference.push({ document: i + 1, at: [at.line, at.col] });
        else if (doc.contents !== null && !(yaml.isScalar(doc.contents) && doc.contents.value === null))
          reference.push({ document: i + 1, value: doc.toJS() });
      });
      const read: Read[] = kept.map((d) =>
        'error' in d ? { document: d.document, at: /line (\d+), column (\d+)/.exec(d.error)!.slice(1).map(Number) } : d,
      );
      expect(read, JSON.stringify(text)).toEqual(reference);
    }
    expect(parseDocuments(texts[2]!)[0]).toMatchObject({ error: expect.stringMatching(/at line 3, column 4:/) });
  });
});

describe('reading a long file', () => {
  test('each document read is told, with the documents the file holds', () => {
    const told: [number, number][] = [];
    const text = ['a: 1', 'b: 2', 'c: [3'].map((body) => `---\n${body}\n`).join('');
    const parsed = parseDocuments(text, 'three.yaml', { onDocument: (done, total) => told.push([done, total]) });
    expect(told).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    // A document that does not parse is told too: it was read.
    expect(parsed.map((d) => ('error' in d ? 'error' : 'value'))).toEqual(['value', 'value', 'error']);
  });
});

describe('bounded: what a small file can make the parser build', () => {
  const refusal = (text: string, limits?: YamlLimits): string => {
    try {
      parseDocuments(text, 'big.yaml', { limits });
    } catch (error) {
      return (error as Error).message;
    }
    return 'read';
  };

  test('a flow sequence of 2,000,000 items (4 MB) is refused by count, before anything is built', () => {
    const text = `items: [${'1,'.repeat(2_000_000)}1]\n`;
    expect(refusal(text)).toBe(
      'big.yaml has more than 100,000 values in document 1, more than slotui reads; an OpenSLO file has a few dozen values a document. Split it into smaller files.',
    );
  });

  test('nesting past 64 levels is refused, in flow and in block style', () => {
    expect(refusal(`a: ${'['.repeat(100)}${']'.repeat(100)}\n`)).toMatch(
      /^big\.yaml nests values more than 64 levels deep in document 1,/,
    );
    const block = Array.from({ length: 100 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
    expect(refusal(`${block} x\n`)).toMatch(/^big\.yaml nests values more than 64 levels deep in document 1,/);
    expect(refusal(`${'- '.repeat(100)}x\n`)).toMatch(/more than 64 levels deep/);
  });

  // The counting on small texts, under small limits (the real ones are the same code; the test above
  // meets the real per-document limit once): a document of `doc` is 18 values by the count.
  const doc = (i: number) => `---\nkind: SLI\nmetadata:\n  name: sli-${i}\nspec:\n  items: [1, 2, 3]\n`;
  const small: YamlLimits = { valuesPerDocument: 20, values: 1_000, depth: 64 };

  test('many small documents are read, each on its own; the limit is per document', () => {
    // 50 documents of 18 values, 900 in all: each under the 20 a document may hold.
    const text = Array.from({ length: 50 }, (_, i) => doc(i)).join('');
    const parsed = parseDocuments(text, 'big.yaml', { limits: small });
    expect(parsed).toHaveLength(50);
    expect(parsed[49]).toEqual({
      document: 50,
      value: { kind: 'SLI', metadata: { name: 'sli-49' }, spec: { items: [1, 2, 3] } },
    });
    expect(parseDocuments(text)).toEqual(parsed);
    // After a document of 18, one of 22 values (`items`, `:`, `[`, ten items and the commas between
    // them) is refused; of 20, read.
    expect(refusal(`${doc(1)}---\nitems: [${'1,'.repeat(9)}1]\n`, small)).toBe(
      'big.yaml has more than 20 values in document 2, more than slotui reads; an OpenSLO file has a few dozen values a document. Split it into smaller files.',
    );
    expect(refusal(`${doc(1)}---\nitems: [${'1,'.repeat(8)}1]\n`, small)).toBe('read');
  });

  test('the values of the whole file are bounded too, however they are spread over documents', () => {
    const text = (n: number) => Array.from({ length: n }, (_, i) => doc(i)).join('');
    // 55 documents are 990 values, 56 are 1,008.
    expect(refusal(text(55), small)).toBe('read');
    expect(refusal(text(56), small)).toMatch(/^big\.yaml has more than 1,000 values, more than slotui reads;/);
  });
});
