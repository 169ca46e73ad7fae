import { describe, expect, test } from 'vitest';
import { VIEWS } from '../../src/presentation/resources.js';
import { sanitizeLine, sanitizeText } from '../../src/text/sanitize.js';
import type { ApiRecord } from '../../src/api/record.js';
import {
  detailListing,
  layoutTable,
  pageSummary,
  tableHeader,
  tableRow,
  terminalSafeJson,
  terminalSafeText,
  truncate,
} from '../../src/cli/format.js';
import { describeJsonProblem, locateJsonProblem } from '../../src/cli/json-error.js';

const sli = (n: number, name = `service ${n} availability`): ApiRecord => ({
  id: `sli-${String(n).padStart(6, '0')}`,
  name,
  type: 'availability',
  unit_of_measure: '%',
  queries: { good: { select: 'count', from: 'r', where: 'ok', limit: 1 } },
  updated_at: '2024-03-04T10:00:00.000Z',
});

describe('layoutTable', () => {
  const records = [sli(1), sli(2, 'a much longer name of a service level indicator that goes on')];

  test('everything fits in a wide terminal', () => {
    const layout = layoutTable(VIEWS.slis, records, 200);
    expect(layout.columns.map((c) => c.column.id)).toEqual(['name', 'type', 'unit', 'queries', 'id', 'age']);
    expect(tableHeader(layout)).toMatch(/^NAME {2,}TYPE/);
    // Room to spare: a name longer than the column's usual width is shown whole.
    expect(tableRow(layout, records[1]!)).toContain('a much longer name of a service level indicator that goes on  ');
  });

  test('narrow: low-priority columns go first, no line exceeds the width, ids are never cut', () => {
    for (const width of [100, 80, 60, 40, 30]) {
      const layout = layoutTable(VIEWS.slis, records, width);
      const lines = [tableHeader(layout), ...records.map((r) => tableRow(layout, r))];
      for (const line of lines) expect(line.trimEnd().length, `width ${width}: ${line}`).toBeLessThanOrEqual(width);
      const ids = layout.columns.map((c) => c.column.id);
      expect(ids[0]).toBe('name');
      if (ids.includes('id')) expect(lines[1]).toContain('sli-000001');
    }
    // Ids stay readable, whole, down to 60 columns: less useful columns go first.
    for (const def of [VIEWS.slis, VIEWS.slos]) {
      const layout = layoutTable(def, [{ ...records[0]!, id: `${def.singular}-000123` }], 60);
      expect(layout.columns.map((c) => c.column.id)).toContain('id');
      expect(tableRow(layout, { ...records[0]!, id: `${def.singular}-000123` })).toContain(`${def.singular}-000123`);
    }
  });

  test('a single remaining column is cut to the width with an ellipsis', () => {
    const layout = layoutTable(VIEWS.slis, records, 12);
    expect(layout.columns).toHaveLength(1);
    expect(tableRow(layout, records[1]!)).toBe('a much long…\n');
  });

  test('right-aligned numbers', () => {
    const layout = layoutTable(VIEWS.slis, records, 200);
    const row = tableRow(layout, records[0]!);
    expect(row).toMatch(/ {6}1 {2}sli-000001/);
  });
});

describe('detailListing', () => {
  test('detail order first, then unknown fields; nested values compact', () => {
    const text = detailListing(VIEWS.slis, { ...sli(1), zeta: { a: [1, 2] }, description: null });
    const keys = text
      .trimEnd()
      .split('\n')
      .map((l) => l.split(/\s+/)[0]);
    expect(keys).toEqual(['id', 'name', 'type', 'description', 'unit_of_measure', 'queries', 'updated_at', 'zeta']);
    expect(text).toMatch(/^zeta\s+\{"a":\[1,2\]\}$/m);
    expect(text).toMatch(/^description$/m);
  });

  test('a value nested past the limit shows "(nested too deep)" where it goes on, instead of overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`) as unknown;
    const text = detailListing(VIEWS.slis, { ...sli(1), deep });
    expect(text).toMatch(/^deep\s+\[\[\[.*"\(nested too deep\)"\]+$/m);
  });
});

describe('pageSummary', () => {
  test.each([
    [{ offset: 0, limit: 10, total: 30 }, 'page 1 of 3 · total 30'],
    [{ offset: 20, limit: 10, total: 30 }, 'page 3 of 3 · total 30'],
    [{ offset: 0, limit: 10, total: 0 }, 'page 1 of 1 · total 0'],
    [{ offset: 5, limit: 10, total: 31 }, 'page 1 of 4 · total 31'],
  ])('%j', (page, text) => {
    expect(pageSummary({ ...page, results: [] })).toBe(text);
  });
});

describe('locateJsonProblem', () => {
  test.each([
    ['', 'it is empty'],
    ['  \n', 'it is empty'],
    ['{"a": 1', 'it ends too early (a missing closing bracket or quote?)'],
    ['{"a": "x', 'it ends too early (a missing closing bracket or quote?)'],
    ['{"a": 1,}', "unexpected '}' at line 1, column 9"],
    ['[1, 2,\n 3,\n]', "unexpected ']' at line 3, column 1"],
    ['{"a": tru}', "unexpected '}' at line 1, column 10"],
    ['{"a": 01}', "unexpected '1' at line 1, column 8"],
    ['{"a": "\u0007"}', 'unexpected character U+0007 at line 1, column 8'],
    ['{} x', "unexpected 'x' at line 1, column 4"],
    ["{'a': 1}", "unexpected ''' at line 1, column 2"],
  ])('%j', (text, description) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(describeJsonProblem(locateJsonProblem(text))).toBe(description);
  });

  test('valid JSON has no problem', () => {
    for (const text of ['{}', '[]', '{"a": [1, -2.5e3, true, false, null, "\\u00e9\\n"]}', ' "x" ']) {
      expect(locateJsonProblem(text)).toBeUndefined();
    }
  });
});

describe('sanitize', () => {
  test('escape sequences, controls and bidi overrides are removed; layout kept or squeezed', () => {
    const hostile =
      'a\u001b[31mred\u001b[0m \u001b]0;title\u0007b \u001b]52;c;Zm9v\u001b\\c\u202e \u009b2Jd\r\ne\tf\rg\u0000';
    expect(sanitizeText(hostile)).toBe('ared b c d\ne\tfg');
    expect(sanitizeLine(hostile)).toBe('ared b c d e fg');
  });

  test('truncate counts terminal cells: an emoji takes two', () => {
    expect(truncate('😀😀😀😀', 5)).toBe('😀😀…');
    expect(truncate('日本語のテキスト', 7)).toBe('日本語…');
    expect(truncate('abc', 3)).toBe('abc');
  });
});

describe('terminalSafeText', () => {
  test('a page of records joined escapes what each record escaped alone, character for character', () => {
    const names = [
      'plain',
      'soft\u00adhyphen',
      'del\u007f and csi \u009b',
      'line\u2028sep',
      'bidi\u202eflip',
      'tag \u{e0041}',
      'é 日本 😀',
    ];
    const records = names.map((name, i) => ({ ...sli(i, name) }));
    const oneByOne = records.map((r, i) => `${i === 0 ? '[\n' : ',\n'}${terminalSafeJson(r)}`).join('');
    const joined = terminalSafeText(records.map((r, i) => `${i === 0 ? '[\n' : ',\n'}${JSON.stringify(r)}`).join(''));
    expect(joined).toBe(oneByOne);
    expect(joined).toContain('soft\\u00adhyphen');
    expect(joined).toContain('tag \\udb40\\udc41');
  });

  test('a text of plain ASCII is given back as it is', () => {
    const text = JSON.stringify(sli(1));
    expect(terminalSafeText(text)).toBe(text);
  });

  test('one character to escape alone in a page of ASCII is found (each width of UTF-8)', () => {
    const page = JSON.stringify([sli(1), sli(2)]);
    for (const [ch, escaped] of [
      ['\u007f', '\\u007f'],
      ['\u009b', '\\u009b'],
      ['\u00ad', '\\u00ad'],
      ['\u202e', '\\u202e'],
    ]) {
      const text = page.replace('service 2', `service ${ch}2`);
      expect(terminalSafeText(text)).toBe(page.replace('service 2', `service ${escaped}2`));
    }
    // Text that is safe to print as it is (é) stays: only the unsafe characters are escaped.
    expect(terminalSafeText('"caf\u00e9"')).toBe('"caf\u00e9"');
  });
});
