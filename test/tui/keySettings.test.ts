/**
 * `keys:` of settings.yaml: key names read, every kind of problem said with
 * the action it is about (that action keeps its defaults), and through the
 * dashboard driver a rebound key working, the old one gone, a reload applying
 * a new binding, and the help and hints showing the keys in effect.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { functionKeyEvent } from '../../src/tui/input/functionKeys.js';
import { functionKeyOf } from '../../src/tui/input/match.js';
import { keyName, keyOverrides } from '../../src/tui/input/keySettings.js';
import { keyWith } from '../../src/tui/input/router.js';
import { BINDINGS } from '../../src/tui/keys.js';
import { UserSettingsStore } from '../../src/tui/state/userSettings.js';
import { disposeDrivers, drive } from './driver.js';

afterEach(disposeDrivers);

describe('key names', () => {
  test.each([
    ['x', 'x'],
    ['X', 'X'],
    ['/', '/'],
    ['enter', 'Enter'],
    ['ESC', 'Esc'],
    ['shift+tab', 'Shift+Tab'],
    ['space', 'Space'],
    ['up', '↑'],
    ['pgdn', 'PgDn'],
    ['home', 'Home'],
    ['end', 'End'],
    ['ctrl+f', 'Ctrl+F'],
    ['alt+x', 'Alt+x'],
    ['backspace', 'Backspace'],
    ['f1', 'F1'],
    ['F12', 'F12'],
  ])('%s is %s', (written, key) => expect(keyName(written)).toEqual({ key }));

  test.each([
    ['ctrl+i', /reaches slotui as tab/],
    ['ctrl+m', /as enter/],
    ['ctrl+[', /as esc/],
    ['ctrl+h', /as backspace/],
    ['entr', /not a key name \(did you mean "enter"\?\)/],
    ['', /not a key name/],
    ['f13', /not a key name/],
  ])('%s is refused: %s', (written, why) => {
    const named = keyName(written);
    expect('problem' in named && named.problem).toMatch(why);
  });
});

describe('keys: made into overrides', () => {
  test('an action rebound, one turned off; the others as shipped', () => {
    const r = keyOverrides({ 'next-page': ['n', 'ctrl+f'], delete: [] }, BINDINGS);
    expect(r).toEqual({ overrides: { 'next-page': ['n', 'Ctrl+F'], delete: [] }, problems: [] });
  });

  test('an unknown action, a bad key name and a clash on one screen are problems; those actions keep their defaults', () => {
    const r = keyOverrides({ 'next-pag': 'x', sort: 'ctrl+i', delete: 'j', filter: '?' }, BINDINGS);
    expect(r.problems.map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      'keys.next-pag: no action is called "next-pag" (did you mean "next-page"?)',
      'keys.sort: "ctrl+i" reaches slotui as tab (a terminal sends the two alike)',
      expect.stringMatching(/^keys\.delete: j is already down where delete is \(list\)/),
      expect.stringMatching(/^keys\.filter: \? is already help/),
    ]);
    expect(r.overrides).toEqual({});
  });
});

describe('rebound keys in the dashboard', () => {
  test('a rebound key works and the old one no longer does; the help and the hints show the new key', async () => {
    const userSettings = new UserSettingsStore({ keys: { 'next-page': ['ctrl+f'], relations: ['X'] } });
    const d = drive({ services: { userSettings } });
    await d.settle();
    expect(d.status()).toMatch(/^slis · page 1 of 2/);
    d.key('n');
    await d.settle();
    expect(d.status()).toMatch(/^slis · page 1 of 2/);
    d.key('Ctrl+F');
    await d.settle();
    expect(d.status()).toMatch(/^slis · page 2 of 2/);
    expect(d.text()).toMatch(/X relations/);
    d.press('help');
    expect(d.text()).toMatch(/Ctrl\+F\s+next page/);
  });

  test('a reload of the file rebinds at once, and a problem in it is said while the rest holds', async () => {
    const userSettings = new UserSettingsStore();
    const d = drive({ services: { userSettings } });
    await d.settle();
    userSettings.reload({
      loaded: {
        file: 'settings.yaml',
        exists: true,
        settings: { keys: { 'last-page': 'L', sort: 'ctrl+m' } },
        problems: [],
      },
    });
    expect(d.message()).toBe(
      'settings.yaml: keys.sort: "ctrl+m" reaches slotui as enter (a terminal sends the two alike)',
    );
    d.key('L');
    await d.settle();
    expect(d.status()).toMatch(/^slis · page 2 of 2/);
    // The shipped defaults that conflict with nothing: Home and End, Ctrl+B and Ctrl+F.
    d.key('Home');
    await d.settle();
    expect(d.status()).toMatch(/^slis · page 1 of 2/);
  });

  test('a function key can be bound, F1 opens the help as ? does, and an F key bound to nothing does nothing', async () => {
    const userSettings = new UserSettingsStore({ keys: { 'last-page': ['f5'] } });
    const d = drive({ services: { userSettings } });
    await d.settle();
    d.key('F6');
    await d.settle();
    expect(d.status()).toMatch(/^slis · page 1 of 2/);
    d.key('F5');
    await d.settle();
    expect(d.status()).toMatch(/^slis · page 2 of 2/);
    d.key('F1');
    expect(d.view().screen.kind).toBe('help');
    d.key('F1');
    expect(d.view().screen.kind).toBe('list');
  });
});

describe('function keys from the terminal', () => {
  test.each([
    ['\u001bOP', 1],
    ['\u001bOS', 4],
    ['\u001b[11~', 1],
    ['\u001b[[E', 5],
    ['\u001b[15~', 5],
    ['\u001b[17~', 6],
    ['\u001b[21~', 10],
    ['\u001b[24~', 12],
  ])('%j is F%i', (sequence, n) => expect(functionKeyOf(functionKeyEvent(sequence)!)).toBe(n));

  test.each(['\u001b[15;2~', '\u001b[A', 'x', '\u001b[22~', ''])('%j is no function key', (sequence) =>
    expect(functionKeyEvent(sequence)).toBeUndefined(),
  );

  test('a key Ink named is no function key', () => expect(functionKeyOf(keyWith({ home: true }))).toBeUndefined());
});
