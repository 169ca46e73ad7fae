/**
 * The settings checker at its edges: a did-you-mean at any depth (a profile, a list's item), none
 * when nothing is close, problems in file order (two on one line by column), an item of a list
 * with a problem left out whole while the others keep their places, findings placed where their
 * value is, and files that hold nothing.
 */
import { describe, expect, test } from 'vitest';
import { checkSettingsText, problemLine } from '../../src/config/userSettings.js';

const lines = (text: string) => checkSettingsText(text).problems.map(problemLine);

describe('names the schema does not know', () => {
  test.each([
    [
      'in a profile',
      'profiles:\n  prod:\n    refesh: 30s\n',
      'settings.yaml:3:5: profiles.prod.refesh: unknown name "refesh" (did you mean "refresh"?)',
    ],
    [
      'in an item of a list',
      'plugins:\n  - name: a\n    command: [x]\n    descripton: y\n',
      'settings.yaml:4:5: plugins.0.descripton: unknown name "descripton" (did you mean "description"?)',
    ],
    ['at the top', 'plugin: []\n', 'settings.yaml:1:1: plugin: unknown name "plugin" (did you mean "plugins"?)'],
    [
      'with nothing close',
      'profiles:\n  prod:\n    zzzzzz: 1\n',
      'settings.yaml:3:5: profiles.prod.zzzzzz: unknown name "zzzzzz"',
    ],
    ['under a name that takes no names', 'theme:\n  dark: 1\n', expect.stringMatching(/^settings\.yaml:2:3: theme: /)],
  ])('%s', (_where, text, line) => {
    expect(lines(text)).toEqual([line]);
  });

  test('two on one line are said in the order they are written', () => {
    expect(lines('profiles: { prod: { zeta: 1, alpha: 2 } }\n')).toEqual([
      'settings.yaml:1:21: profiles.prod.zeta: unknown name "zeta"',
      'settings.yaml:1:30: profiles.prod.alpha: unknown name "alpha"',
    ]);
  });
});

describe('values the schema does not allow', () => {
  const oneOf = (words: string) => `Invalid option: expected one of ${words}`;
  test.each([
    ['a theme', 'theme: drak\n', `settings.yaml:1:8: theme: ${oneOf('"dark"|"light"|"none"')} (did you mean "dark"?)`],
    [
      "a profile's badge colour",
      'profiles:\n  prod:\n    color: redd\n',
      expect.stringMatching(
        /^settings\.yaml:3:12: profiles\.prod\.color: Invalid option: .* \(did you mean "red"\?\)$/,
      ),
    ],
    [
      "a plugin's stdin, in an item of a list",
      'plugins:\n  - name: a\n    key: ctrl+o\n    command: [x]\n    stdin: record\n',
      `settings.yaml:5:12: plugins.0.stdin: ${oneOf('"none"|"records"')} (did you mean "records"?)`,
    ],
    [
      "an item of a plugin's contexts",
      'plugins:\n  - name: a\n    key: ctrl+o\n    command: [x]\n    contexts: [detail]\n',
      `settings.yaml:5:16: plugins.0.contexts.0: ${oneOf('"list"|"details"')} (did you mean "details"?)`,
    ],
    ['with nothing close', 'theme: zzzzzz\n', `settings.yaml:1:8: theme: ${oneOf('"dark"|"light"|"none"')}`],
    ['not a text', 'theme: 5\n', `settings.yaml:1:8: theme: ${oneOf('"dark"|"light"|"none"')}`],
  ])('%s', (_what, text, line) => {
    expect(lines(text)).toEqual([line]);
  });
});

describe('items of a list', () => {
  test('an item with a problem is left out whole; the others stay, and later problems keep their places', () => {
    const r = checkSettingsText(
      'plugins:\n  - name: "bad name!"\n    command: [a]\n  - name: good\n    command: [b]\n  - name: later\n    command: []\n',
    );
    expect(r.problems.map((p) => `${p.line}:${p.column} ${p.path}`)).toEqual([
      '2:11 plugins.0.name',
      '7:14 plugins.2.command',
    ]);
    expect(r.settings.plugins?.map((p) => p.name)).toEqual(['good']);
  });

  test('two items with problems, the second found once the first is out, each at its own place', () => {
    const r = checkSettingsText('plugins:\n  - name: "x y"\n    command: [a]\n  - name: "p q"\n    command: [b]\n');
    expect(r.problems.map((p) => `${p.line}:${p.column} ${p.path}`)).toEqual([
      '2:11 plugins.0.name',
      '4:11 plugins.1.name',
    ]);
    expect(r.settings).toEqual({ plugins: [] });
  });
});

describe('what the file holds', () => {
  test.each([
    ['empty', ''],
    ['only a comment', '# nothing yet\n'],
    ['null', '~\n'],
  ])('%s: no settings, no problem', (_what, text) => {
    expect(checkSettingsText(text)).toEqual({ settings: {}, problems: [] });
  });

  test('a list where names are wanted: one problem for the whole file, at its start', () => {
    const r = checkSettingsText('- a\n- b\n');
    expect(r.settings).toEqual({});
    expect(r.problems.map((p) => `${p.line}:${p.column} ${p.path}`)).toEqual(['1:1 ']);
    expect(problemLine(r.problems[0]!)).toMatch(/^settings\.yaml:1:1: [^:]/);
  });

  test('a YAML error is said with the first line of its message only', () => {
    const r = checkSettingsText('a: [\n');
    expect(r.problems.every((p) => !p.message.includes('\n') && p.path === '')).toBe(true);
  });

  test('aliases beyond a hundred are refused rather than expanded', () => {
    const text = `a: &a [x]\nb: [${Array.from({ length: 150 }, () => '*a').join(', ')}]\n`;
    expect(() => checkSettingsText(text)).toThrow();
  });
});

describe('findings the caller makes', () => {
  test('are placed where their value is, after list items left out', () => {
    const text = 'plugins:\n  - name: "bad one"\n    command: [a]\n  - name: good\n    key: x\n    command: [b]\n';
    const r = checkSettingsText(text, (settings) =>
      settings.plugins?.[0] ? [{ path: ['plugins', '0', 'key'], message: 'taken' }] : [],
    );
    expect(r.problems.map((p) => `${p.line}:${p.column} ${p.path}: ${p.message}`)).toEqual([
      expect.stringMatching(/^2:11 plugins\.0\.name: /),
      '5:10 plugins.1.key: taken',
    ]);
  });

  test('a finding of a name not in the file is placed at the nearest value that is', () => {
    const r = checkSettingsText('profiles:\n  prod:\n    refresh: 30s\n', () => [
      { path: ['profiles', 'prod', 'readOnly'], message: 'wanted' },
    ]);
    expect(r.problems.map((p) => `${p.line}:${p.column} ${p.path}`)).toEqual(['3:5 profiles.prod.readOnly']);
  });
});

describe('what a problem takes out', () => {
  test('an empty column is left out, and the list then empty is said too, in file order', () => {
    const r = checkSettingsText(JSON.stringify({ views: { slos: { columns: [''] } } }));
    expect(r.problems.map((p) => p.path)).toEqual(['views.slos.columns', 'views.slos.columns.0']);
  });

  test.each([['prod1'], ['1prod']])('in a profile named %s, only the value with the problem', (name) => {
    const r = checkSettingsText(`profiles:\n  ${name}:\n    refresh: 1ms\n    readOnly: true\n`);
    expect(r.problems.map((p) => p.path)).toEqual([`profiles.${name}.refresh`]);
    expect(r.settings).toEqual({ profiles: { [name]: { readOnly: true } } });
  });

  test('in the eleventh item of a list, that item whole', () => {
    const items = Array.from(
      { length: 11 },
      (_, i) => `  - name: p${i}\n    command: [x]\n${i === 10 ? '    key: "too long"\n' : ''}`,
    );
    const r = checkSettingsText(`plugins:\n${items.join('')}`);
    expect(r.problems.map((p) => p.path)).toEqual(['plugins.10.key']);
    expect(r.settings.plugins?.map((p) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`));
  });
});

describe('positions and what is kept, at the edges', () => {
  const at = (text: string, findings?: Parameters<typeof checkSettingsText>[1]) =>
    checkSettingsText(text, findings).problems.map((p) => `${p.line}:${p.column} ${p.path}`);

  test('an unknown name written as a number is placed at its key', () => {
    expect(at('# mine\nprofiles:\n  prod:\n    5: x\n')).toEqual(['4:5 profiles.prod.5']);
  });

  test('a profile named with digits only keeps what has no problem (it is no item of a list)', () => {
    const r = checkSettingsText('profiles:\n  "5":\n    refresh: 1ms\n    readOnly: true\n');
    expect(r.problems.map((p) => p.path)).toEqual(['profiles.5.refresh']);
    expect(r.settings).toEqual({ profiles: { 5: { readOnly: true } } });
  });

  test('an unknown name in an item of a list takes out that name only', () => {
    const r = checkSettingsText('plugins:\n  - name: a\n    command: [x]\n    descripton: y\n');
    expect(r.settings).toStrictEqual({ plugins: [{ name: 'a', command: ['x'] }] });
  });

  test('two problems on one line, the schema finding the later one first, are said in the order written', () => {
    expect(at('profiles: { prod: { refresh: 1ms, readOnly: 5 } }\n')).toEqual([
      '1:30 profiles.prod.refresh',
      '1:45 profiles.prod.readOnly',
    ]);
  });

  test("a YAML error is the parser's sentence, without the position it would add", () => {
    const [problem] = checkSettingsText('a: [\n').problems;
    expect(problem).toMatchObject({ line: 2, column: 1, path: '' });
    expect(problem!.message).toMatch(/^[A-Z]\w+ [^\n]{20,}$/);
    expect(problem!.message).not.toMatch(/line|column|\n/);
  });

  test('a value that is null is a problem of that value', () => {
    expect(at('theme: ~\nprofiles:\n  prod:\n    readOnly: true\n')).toEqual(['1:8 theme']);
  });

  test('findings of names the file does not have, or of items past its lists, are placed around them', () => {
    const text = '# mine\nplugins:\n  - name: a\n    command: [x]\n';
    expect(at(text, () => [{ path: ['nope', 'deeper'], message: 'm' }])).toEqual(['2:1 nope.deeper']);
    expect(at(text, () => [{ path: ['plugins', '9', 'key'], message: 'm' }])).toEqual(['3:3 plugins.9.key']);
  });

  test('a problem found in a later round, in the eleventh item kept, is placed at that item', () => {
    const items = Array.from({ length: 12 }, (_, i) => {
      const name = i === 0 ? '"bad name"' : i === 11 ? 'p1' : `p${i}`;
      return `  - name: ${name}\n    command: [x]\n`;
    });
    const r = checkSettingsText(`plugins:\n${items.join('')}`);
    expect(r.problems.map((p) => `${p.line}:${p.column} ${p.path}`)).toEqual([
      '2:11 plugins.0.name',
      '24:11 plugins.11.name',
    ]);
  });
});

describe('more edges the mutation run found', () => {
  const at = (text: string, findings?: Parameters<typeof checkSettingsText>[1]) =>
    checkSettingsText(text, findings).problems.map((p) => `${p.line}:${p.column} ${p.path}`);

  test("a finding in the eleventh item kept, after an item left out, is placed at that item's place in the file", () => {
    const items = Array.from(
      { length: 12 },
      (_, i) => `  - name: ${i === 0 ? '"bad name"' : `p${i}`}\n    command: [x]\n`,
    );
    const found = at(`plugins:\n${items.join('')}`, (settings) =>
      settings.plugins?.length === 11 ? [{ path: ['plugins', '10', 'command'], message: 'taken' }] : [],
    );
    expect(found).toEqual(['2:11 plugins.0.name', '25:14 plugins.11.command']);
  });

  test('an item left out for one problem may have an unknown name too: both said, the item out whole', () => {
    const r = checkSettingsText(
      'plugins:\n  - name: "bad name"\n    command: [x]\n    descripton: y\n  - name: good\n    command: [y]\n',
    );
    expect(r.problems.map((p) => p.path)).toEqual(['plugins.0.name', 'plugins.0.descripton']);
    expect(r.settings).toStrictEqual({ plugins: [{ name: 'good', command: ['y'] }] });
  });

  test('an unknown name in a profile that is an alias of another is said at the alias', () => {
    expect(at('profiles:\n  prod: &p\n    refesh: 30s\n  dev: *p\n')).toEqual([
      '3:5 profiles.prod.refesh',
      '4:8 profiles.dev.refesh',
    ]);
  });

  test('a problem of the whole file is said with no path', () => {
    expect(problemLine({ line: 1, column: 1, path: '', message: 'm' })).toBe('settings.yaml:1:1: m');
    expect(problemLine({ line: 2, column: 3, path: 'theme', message: 'm' })).toBe('settings.yaml:2:3: theme: m');
  });
});
