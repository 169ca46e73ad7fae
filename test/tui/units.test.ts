/** The pure parts: keymap, commands, column fitting, text width, line editor, key splitting, UI reducer. */
import { SlotuiError } from '../../src/api/errors.js';
import { errorSentence } from '../../src/tui/text/errorSentence.js';
import { statusFailure, transportFailure, type RequestContext } from '../../src/api/failures.js';
import { describe, expect, test } from 'vitest';
import { REGISTRY, VIEWS } from '../../src/presentation/resources.js';
import { completeCommand, parseCommand } from '../../src/tui/commands.js';
import type { KeyLayer } from '../../src/tui/input/binding.js';
import { dispatchKey, keyWith, splitKeys } from '../../src/tui/input/router.js';
import { BINDINGS, createKeymap, DEFAULT_KEYMAP } from '../../src/tui/keys.js';
import { keyTableMarkdown } from '../../src/tui/help.js';
import { isEnabled } from '../../src/tui/input/keymap.js';
import { matchesKey } from '../../src/tui/input/match.js';
import { fitColumns } from '../../src/text/columns.js';
import { editLine, EMPTY_EDITOR } from '../../src/tui/text/lineEditor.js';
import { formatRelative } from '../../src/tui/text/time.js';
import { fit, textWidth, truncate, wrap } from '../../src/text/width.js';
import { initialNav, navReducer } from '../../src/tui/state/navigation.js';
import { pageSizeFor } from '../../src/tui/layout.js';

const key = keyWith;

describe('keymap', () => {
  test('every key of the interface table is bound', () => {
    const keys = new Set(BINDINGS.flatMap((b) => b.keys));
    for (const k of [
      '1',
      '2',
      '3',
      '4',
      '↑',
      '↓',
      'k',
      'j',
      'n',
      '→',
      'PgDn',
      'p',
      '←',
      'PgUp',
      'g',
      'G',
      'Enter',
      'Esc',
      '/',
      'c',
      'e',
      'd',
      'r',
      ':',
      '?',
      'q',
      'Ctrl+C',
    ]) {
      expect(keys, k).toContain(k);
    }
  });

  test('the README table comes from the bindings, with the commands', () => {
    const table = keyTableMarkdown();
    expect(table.split('\n')[0]).toBe('| keys | action | where |');
    for (const b of BINDINGS) expect(table).toContain(b.description);
    expect(table).toContain('`n` `→` `PgDn`');
    expect(table).toContain('`:profile NAME`');
    expect(table).toContain('(not with `--read-only`)');
  });

  test('read-only drops create, edit and delete', () => {
    const ids = (readOnly: boolean) =>
      DEFAULT_KEYMAP.inContext('list')
        .filter((b) => isEnabled(b, { readOnly }))
        .map((b) => b.id);
    expect(ids(false)).toEqual(expect.arrayContaining(['create', 'edit', 'delete']));
    expect(ids(true)).not.toEqual(expect.arrayContaining(['create']));
    expect(ids(true)).not.toContain('edit');
    expect(ids(true)).not.toContain('delete');
  });

  test('keys match as Ink reports them', () => {
    expect(matchesKey('G', 'G', key({ shift: true }))).toBe(true);
    expect(matchesKey('g', 'G', key({ shift: true }))).toBe(false);
    expect(matchesKey('PgDn', '', key({ pageDown: true }))).toBe(true);
    expect(matchesKey('Ctrl+C', 'c', key({ ctrl: true }))).toBe(true);
    expect(matchesKey('c', 'c', key({ ctrl: true }))).toBe(false);
  });
});

describe('keymap overrides', () => {
  test("an action's keys are replaced wherever it stands, and an empty list turns it off", () => {
    const keymap = createKeymap({ 'next-page': ['n', 'Ctrl+F'], delete: [] });
    const seen: string[] = [];
    const list: KeyLayer = {
      context: 'list',
      handlers: { 'next-page': () => seen.push('next'), delete: () => seen.push('delete') },
    };
    const detail: KeyLayer = { context: 'detail', handlers: { 'next-page': () => seen.push('scroll') } };
    const env = { readOnly: false };
    dispatchKey([list], keymap, env, 'f', key({ ctrl: true }));
    dispatchKey([list], keymap, env, '', key({ pageDown: true }));
    dispatchKey([list], keymap, env, 'd', key());
    dispatchKey([detail], keymap, env, 'f', key({ ctrl: true }));
    expect(seen).toEqual(['next', 'scroll']);
    // The defaults are untouched.
    dispatchKey([list], DEFAULT_KEYMAP, env, 'd', key());
    expect(seen).toEqual(['next', 'scroll', 'delete']);
    expect(keyTableMarkdown(keymap)).toContain('| `n` `Ctrl+F` | next page |');
    expect(keyTableMarkdown(keymap)).not.toContain('delete the selected record');
  });
});

describe('dispatcher', () => {
  test('an owning layer keeps keys from the layers below; Ctrl+C reaches every layer', () => {
    const seen: string[] = [];
    const layers: KeyLayer[] = [
      {
        context: 'filter',
        owns: true,
        handlers: { 'filter-cancel': () => seen.push('cancel') },
        text: (input) => (seen.push(`text:${input}`), true),
      },
      { context: 'list', handlers: { 'next-page': () => seen.push('next') } },
      { context: 'global', handlers: { quit: () => seen.push('quit'), 'quit-now': () => seen.push('quit-now') } },
    ];
    dispatchKey(layers, DEFAULT_KEYMAP, { readOnly: false }, 'q', key());
    dispatchKey(layers, DEFAULT_KEYMAP, { readOnly: false }, 'n', key());
    dispatchKey(layers, DEFAULT_KEYMAP, { readOnly: false }, '', key({ escape: true }));
    dispatchKey(layers, DEFAULT_KEYMAP, { readOnly: false }, 'c', key({ ctrl: true }));
    expect(seen).toEqual(['text:q', 'text:n', 'cancel', 'quit-now']);
  });

  test('several keys in one read are split, except runs of typed text', () => {
    expect(splitKeys('jjn', key(), false).map((k) => k.input)).toEqual(['j', 'j', 'n']);
    const typed = splitKeys('slos\r', key(), true);
    expect(typed.map((k) => k.input)).toEqual(['slos', '\r']);
    expect(typed[1]!.key.return).toBe(true);
    expect(splitKeys('G', key({ shift: true }), false)).toHaveLength(1);
  });

  test('Ctrl+letters and Backspace in a batch of typed keys are keys of their own', () => {
    const batch = splitKeys('Pager\t\u0010ab\u007fc\u0013', key(), true);
    expect(batch.map((k) => [k.input, k.key.ctrl, k.key.tab, k.key.delete])).toEqual([
      ['Pager', false, false, false],
      ['\t', false, true, false],
      ['p', true, false, false],
      ['ab', false, false, false],
      ['', false, false, true],
      ['c', false, false, false],
      ['s', true, false, false],
    ]);
  });
});

describe('commands', () => {
  test('parse resources (with aliases), profile, help and quit', () => {
    expect(parseCommand('slos')).toEqual({ kind: 'resource', resource: 'slos' });
    expect(parseCommand(':orgs')).toEqual({ kind: 'resource', resource: 'organizations' });
    for (const name of Object.values(VIEWS))
      for (const alias of name.aliases) expect(parseCommand(alias)).toEqual({ kind: 'resource', resource: name.name });
    expect(parseCommand('profile prod')).toEqual({ kind: 'profile', name: 'prod' });
    expect(parseCommand('q')).toEqual({ kind: 'quit' });
    expect(parseCommand('')).toEqual({ kind: 'none' });
    expect(parseCommand('nope')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('Unknown command :nope.'),
    });
    expect(parseCommand('slos extra more')).toMatchObject({ kind: 'error', message: 'Name one record: :slos ID.' });
    expect(parseCommand('slo slo-000123')).toEqual({ kind: 'open', resource: 'slos', id: 'slo-000123' });
    expect(parseCommand(':orgs org-1')).toEqual({ kind: 'open', resource: 'organizations', id: 'org-1' });
    expect(parseCommand(':agr agr-1')).toEqual({ kind: 'open', resource: 'agreements', id: 'agr-1' });
    expect(parseCommand('sli a/b')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('cannot be an id'),
    });
    expect(parseCommand('help me')).toMatchObject({ kind: 'error' });
    expect(parseCommand('nope')).toMatchObject({ message: expect.not.stringContaining('Did you mean') });
    // A near miss names the command meant.
    expect(parseCommand('sloz')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('Unknown command :sloz. Did you mean :slo'),
    });
    expect(parseCommand('hepl')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('Did you mean :help?'),
    });
  });

  test('an unknown command quoting hostile text quotes it safely', () => {
    const command = parseCommand('\u001b]0;x\u0007bad');
    expect(command.kind).toBe('error');
    // eslint-disable-next-line no-control-regex
    expect(command.kind === 'error' && /[\u0000-\u001f]/.test(command.message)).toBe(false);
  });

  test('Tab completes to the longest common prefix', () => {
    expect(completeCommand('ag')).toEqual({ value: 'agreement', candidates: ['agreement', 'agreements'] });
    expect(completeCommand('pro').value).toBe('profile ');
    expect(completeCommand('or').value).toBe('org');
    expect(completeCommand('zz')).toEqual({ value: 'zz', candidates: [] });
  });
});

describe('columns', () => {
  const columns = VIEWS.slis.columns;
  const total = (fitted: { width: number }[]) => fitted.reduce((a, f) => a + f.width, 0) + 2 * (fitted.length - 1);

  test('all columns at 100, squeezed at 80, least useful dropped below 80', () => {
    expect(fitColumns(columns, 100).map((f) => f.column.id)).toEqual(['name', 'type', 'unit', 'queries', 'id', 'age']);
    const at80 = fitColumns(columns, 80);
    expect(total(at80)).toBeLessThanOrEqual(80);
    // Ids stay whole and on screen at 80 and 60 columns: less useful columns go first.
    for (const narrow of [at80, fitColumns(columns, 60)]) {
      expect(narrow.find((f) => f.column.id === 'id')?.width).toBeGreaterThanOrEqual('sli-000001'.length);
    }
    for (const def of [VIEWS.slos, VIEWS.organizations, VIEWS.agreements]) {
      expect(fitColumns(def.columns, 80).find((f) => f.column.id === 'id')?.width, def.name).toBeGreaterThanOrEqual(10);
    }
    const at60 = fitColumns(columns, 60);
    expect(at60.map((f) => f.column.id)[0]).toBe('name');
    expect(total(at60)).toBeLessThanOrEqual(60);
    for (const width of [20, 30, 45, 79, 81, 150]) expect(total(fitColumns(columns, width))).toBeLessThanOrEqual(width);
    // At 160 columns every spare cell goes to NAME: the row spans the terminal.
    const at160 = fitColumns(columns, 160);
    expect(total(at160)).toBe(160);
    expect(at160.find((f) => f.column.id === 'name')!.width).toBe(
      160 - total(at160.filter((f) => f.column.id !== 'name')) - 2,
    );
  });
});

describe('text', () => {
  test('width counts wide characters twice and marks nothing', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('日本')).toBe(4);
    expect(textWidth('👍🏽')).toBe(2);
    expect(textWidth('e\u0301')).toBe(1);
  });

  test('truncate and fit never exceed the width, even mid wide character', () => {
    expect(truncate('日本語テキスト', 5)).toBe('日本…');
    expect(textWidth(truncate('日本語テキスト', 6))).toBeLessThanOrEqual(6);
    expect(fit('ab', 4, 'right')).toBe('  ab');
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrap('x'.repeat(10), 4)).toEqual(['xxxx', 'xxxx', 'xx']);
  });

  test('relative times', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    expect(formatRelative(new Date('2025-05-29T12:00:00Z'), now)).toBe('3 days ago');
    expect(formatRelative(new Date('2025-06-01T11:59:50Z'), now)).toBe('just now');
    expect(formatRelative(new Date('2025-06-01T14:00:00Z'), now)).toBe('in 2 hours');
  });

  test('the line editor inserts, moves, deletes and drops control characters', () => {
    let s = EMPTY_EDITOR;
    s = editLine(s, 'slo', key())!;
    s = editLine(s, '', key({ leftArrow: true }))!;
    s = editLine(s, 'x', key())!;
    expect(s).toEqual({ value: 'slxo', cursor: 3 });
    s = editLine(s, '', key({ backspace: true }))!;
    expect(s).toEqual({ value: 'slo', cursor: 2 });
    s = editLine(s, '\u001b[31mred', key())!;
    expect(s.value).toBe('sl[31mredo');
    expect(editLine(s, '', key({ return: true }))).toBeUndefined();
  });
});

describe('navigation reducer', () => {
  test('details stack, overlays, scroll clamping', () => {
    let s = initialNav(REGISTRY.names[0]!);
    s = navReducer(s, { type: 'open-detail', entry: { resource: 'slis', id: 'a' } });
    s = navReducer(s, { type: 'open-detail', entry: { resource: 'slos', id: 'b' } });
    s = navReducer(s, { type: 'scroll-detail', to: 50, max: 7 });
    expect(s.details.at(-1)).toMatchObject({ id: 'b', scroll: 7 });
    s = navReducer(s, { type: 'back' });
    expect(s.details.map((d) => d.id)).toEqual(['a']);
    s = navReducer(s, { type: 'overlay', overlay: 'filter', filter: 'abc' });
    expect(s.filter).toEqual({ value: 'abc', cursor: 3 });
    s = navReducer(s, { type: 'switch-resource', resource: 'agreements' });
    expect(s).toMatchObject({ resource: 'agreements', details: [], overlay: 'none' });
  });

  test('page size is the rows that fit, clamped to 5..100', () => {
    expect(pageSizeFor(24)).toBe(18);
    expect(pageSizeFor(8)).toBe(5);
    expect(pageSizeFor(500)).toBe(100);
  });
});

describe('errors in the dashboard', () => {
  const def = REGISTRY.defs[0]!;
  const ctx = (method: 'GET' | 'PATCH', action: 'get' | 'update', extraCa = false): RequestContext => ({
    method,
    url: new URL(`https://slo.example.com${def.defaultPath}x-1/`),
    target: { resource: def.name, def, action, id: 'x-1' },
    timeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 1000, totalMs: 1000 },
    extraCa,
  });

  test('a 404 gives dashboard advice (keys), where the CLI names a command', () => {
    const gone = statusFailure(404, {}, '', ctx('GET', 'get')).error;
    expect(gone.message).toBe(
      `No ${def.singular} with id x-1 (HTTP 404). Check the id with \`slotui list ${def.name}\`.`,
    );
    expect(errorSentence(gone)).toBe(
      `No ${def.singular} with id x-1 (HTTP 404). It may have been deleted: Esc goes back, r reloads the list.`,
    );
  });

  test('a change the server may have saved: the CLI lists, the dashboard reloads', () => {
    const unsure = statusFailure(502, {}, '', ctx('PATCH', 'update')).error;
    expect(unsure.message).toContain(`check with \`slotui list ${def.name}\` before trying again.`);
    expect(errorSentence(unsure)).toContain('check the list (r reloads it) before trying again.');
    expect(errorSentence(unsure)).not.toContain('slotui list');
  });

  test('an untrusted certificate: the CLI names the flag, the dashboard only the variable', () => {
    const untrusted = Object.assign(new Error('self-signed certificate'), { code: 'SELF_SIGNED_CERT_IN_CHAIN' });
    const tls = transportFailure(untrusted, 'request', ctx('GET', 'get')).error;
    expect(tls.message).toContain('--ca-file');
    expect(errorSentence(tls)).not.toContain('--ca-file');
    expect(errorSentence(tls)).toContain('start slotui with SLOTUI_CA_FILE set to its PEM file.');
  });

  test('a refused token without advice of its own gets the token advice; a 403 does not', () => {
    const expired = new SlotuiError('auth', 'This token expired on 1 Jan 2026. Get a new one and try again.');
    expect(errorSentence(expired)).toBe(
      'This token expired on 1 Jan 2026. Get a new one and try again. Set up a token with `slotui auth login` or the SLOTUI_TOKEN variable.',
    );
    const refused = statusFailure(401, {}, '', ctx('GET', 'get')).error;
    expect(errorSentence(refused)).toBe(refused.message);
    const forbidden = statusFailure(403, {}, '', ctx('GET', 'get')).error;
    expect(errorSentence(forbidden)).toBe(forbidden.message);
  });
});
