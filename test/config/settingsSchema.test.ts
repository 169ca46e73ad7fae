/**
 * The sections of settings.yaml at their edges, each case a file (as JSON, which is YAML) and the
 * problems it has: what each name, pattern and bound lets through and what it refuses.
 */
import * as z from 'zod';
import { describe, expect, test } from 'vitest';
import { settingsSchema } from '../../src/config/settingsSchema/index.js';
import { durationMs } from '../../src/config/settingsSchema/profiles.js';

/**
 * The paths of a file's problems, by a schema made for each case: the checker makes its schema once
 * a process and keeps it, so a mutation run would judge every mutant of the schema by the first.
 */
const problemsOf = (settings: unknown): string[] =>
  (settingsSchema(z).safeParse(settings).error?.issues ?? []).flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => [...issue.path, key].join('.'))
      : [issue.path.join('.')],
  );

const plugin = (extra: Record<string, unknown> = {}) => ({ name: 'p', command: ['x'], ...extra });

describe('each section lets through what it should, and refuses the rest', () => {
  test.each<[string, unknown, string[]]>([
    // aliases: one word of letters, digits, - and _, starting with a letter, at most 32; a line of 1 to 200.
    ['an alias', { aliases: { tier1: 'slos /checkout' } }, []],
    ['an alias of 32 characters', { aliases: { [`a${'b'.repeat(31)}`]: 'x' } }, []],
    ['an alias of 33 characters', { aliases: { [`a${'b'.repeat(32)}`]: 'x' } }, [`aliases.a${'b'.repeat(32)}`]],
    ['an alias starting with a digit', { aliases: { '1tier': 'x' } }, ['aliases.1tier']],
    ['an alias followed by a space and more', { aliases: { 'tier one': 'x' } }, ['aliases.tier one']],
    ['an alias after other text', { aliases: { '-tier': 'x' } }, ['aliases.-tier']],
    ['an alias with a dot', { aliases: { 'ti.er': 'x' } }, ['aliases.ti.er']],
    ['an empty line for an alias', { aliases: { tier: '' } }, ['aliases.tier']],
    ['a line of 200 characters', { aliases: { tier: 'x'.repeat(200) } }, []],
    ['a line of 201 characters', { aliases: { tier: 'x'.repeat(201) } }, ['aliases.tier']],
    // plugins
    ['a plugin', { plugins: [plugin({ stdin: 'none', description: 'd'.repeat(200) })] }, []],
    ['a plugin given its records', { plugins: [plugin({ stdin: 'records' })] }, []],
    ['a plugin on two resources', { plugins: [plugin({ resources: ['slo', 'sli'] })] }, []],
    ['a plugin on no resource', { plugins: [plugin({ resources: [] })] }, ['plugins.0.resources']],
    ['a plugin on a word for nothing', { plugins: [plugin({ resources: ['nope'] })] }, ['plugins.0.resources.0']],
    ['a description too long', { plugins: [plugin({ description: 'd'.repeat(201) })] }, ['plugins.0.description']],
    ['a command with its arguments', { plugins: [plugin({ command: ['x', '--id', '$SLOTUI_ID'] })] }, []],
    ['a command with no program', { plugins: [plugin({ command: ['', 'x'] })] }, ['plugins.0.command']],
    ['a command whose program is a word', { plugins: [plugin({ command: ['Stryker was here!'] })] }, []],
    ['two plugins of one name', { plugins: [plugin(), plugin({ name: 'P' })] }, ['plugins.1.name']],
    ['a plugin on the list and the details', { plugins: [plugin({ contexts: ['list', 'details'] })] }, []],
    ['a plugin on no context', { plugins: [plugin({ contexts: [] })] }, ['plugins.0.contexts']],
    ['a plugin on a context that is none', { plugins: [plugin({ contexts: ['detail'] })] }, ['plugins.0.contexts.0']],
    ['a plugin given a record', { plugins: [plugin({ stdin: 'record' })] }, ['plugins.0.stdin']],
    // profiles
    ['a refresh of 1s', { profiles: { prod: { refresh: '1s' } } }, []],
    ['a refresh of 0.5s', { profiles: { prod: { refresh: '0.5s' } } }, ['profiles.prod.refresh']],
    ['a badge', { profiles: { prod: { badge: 'PROD' } } }, []],
    ['a badge of 12 characters', { profiles: { prod: { badge: 'PROD 1234567' } } }, []],
    ['a badge of 13 characters', { profiles: { prod: { badge: 'PROD 12345678' } } }, ['profiles.prod.badge']],
    ['a badge starting with a space', { profiles: { prod: { badge: ' PROD' } } }, ['profiles.prod.badge']],
    ['a badge with a tab', { profiles: { prod: { badge: 'PR\tOD' } } }, ['profiles.prod.badge']],
    // views
    ['columns and a sort', { views: { slos: { columns: ['NAME', 'TARGET'], sort: 'NAME' } } }, []],
    ['a sort down', { views: { slos: { sort: 'BUDGET:desc' } } }, []],
    ['no columns', { views: { slos: { columns: [] } } }, ['views.slos.columns']],
    ['an empty column', { views: { slos: { columns: [''] } } }, ['views.slos.columns.0']],
    ['a sort of no column', { views: { slos: { sort: ':asc' } } }, ['views.slos.sort']],
    ['a sort with a space', { views: { slos: { sort: 'NA ME' } } }, ['views.slos.sort']],
    ['a sort of another order', { views: { slos: { sort: 'NAME:up' } } }, ['views.slos.sort']],
  ])('%s', (_what, settings, paths) => {
    expect(problemsOf(settings)).toEqual(paths);
  });
});

describe('durations', () => {
  test.each<[string, number]>([
    ['0', 0],
    ['off', 0],
    ['30s', 30_000],
    ['2m', 120_000],
    ['1h', 3_600_000],
    ['1.55s', 1550],
    ['', Number.NaN],
    ['x30s', Number.NaN],
    ['30sx', Number.NaN],
    ['1.s', Number.NaN],
    ['1.xs', Number.NaN],
  ])('%j is %d ms', (text, ms) => {
    expect(durationMs(text)).toBe(ms);
  });
});

describe('looks, through a schema made here (the checker keeps the one it made first)', () => {
  const messages = (settings: unknown): string[] =>
    settingsSchema(z)
      .safeParse(settings)
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

  test.each(['dark', 'light', 'none'])('theme: %s', (theme) => expect(messages({ theme })).toEqual([]));

  test('a yes-or-no setting given yes (text in YAML 1.2) says what it must be', () => {
    const truth = 'must be true or false (yes, no, on and off are text in YAML 1.2)';
    expect(messages({ profiles: { prod: { readOnly: 'yes' } } })).toEqual([`profiles.prod.readOnly: ${truth}`]);
    expect(
      messages({ plugins: [{ name: 'p', command: ['x'], confirm: 'on', dangerous: 'no', interactive: 1 }] }),
    ).toEqual([`plugins.0.confirm: ${truth}`, `plugins.0.dangerous: ${truth}`, `plugins.0.interactive: ${truth}`]);
    expect(messages({ profiles: { prod: { readOnly: false } } })).toEqual([]);
  });

  test('a theme that is none of them; colours by name in any case, by #rrggbb, and a misspelled one', () => {
    expect(messages({ theme: 'drak' })).toEqual(['theme: Invalid option: expected one of "dark"|"light"|"none"']);
    expect(messages({ colors: { accent: 'blueBright', muted: 'GREY', header: '#a0b1c2', error: 'Red' } })).toEqual([]);
    expect(messages({ colors: { accent: 'bleu', muted: 'puce' } })).toEqual([
      'colors.accent: a colour is a name (red, cyan, gray, blueBright…) or #rrggbb (did you mean "blue"?)',
      'colors.muted: a colour is a name (red, cyan, gray, blueBright…) or #rrggbb',
    ]);
  });
});
