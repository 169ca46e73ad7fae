/**
 * The keymap settings.yaml asks for, made in one place: `keys:` rebinding an
 * action by id, plugins adding their keys, and what could not be used said as
 * findings with its path; a keymap given outright is kept, plugins added.
 */
import { describe, expect, test } from 'vitest';
import { createKeymap } from '../../src/tui/keys.js';
import { settingsKeymap } from '../../src/tui/settingsKeymap.js';

const env = { readOnly: false };
const keysOf = (keymap: ReturnType<typeof createKeymap>, id: string) =>
  keymap.keysOf(keymap.bindings.find((b) => b.id === id)!, env);

describe('settingsKeymap', () => {
  test('no settings: the keys as shipped, nothing to say', () => {
    const { keymap, problems } = settingsKeymap({}, env);
    expect(keysOf(keymap, 'next-page')).toEqual(keysOf(createKeymap(), 'next-page'));
    expect(problems).toEqual([]);
  });

  test("keys: rebinds an action by its id; a plugin's key is added as plugin:NAME", () => {
    const { keymap, problems } = settingsKeymap(
      { keys: { 'next-page': 'ctrl+n' }, plugins: [{ name: 'logs', key: 'ctrl+l', command: ['true'] }] },
      env,
    );
    expect(keysOf(keymap, 'next-page')).toEqual(['Ctrl+N']);
    expect(keysOf(keymap, 'plugin:logs')).toEqual(['Ctrl+L']);
    expect(problems).toEqual([]);
  });

  test("what cannot be used comes back with its path: an unknown action, a plugin on a built-in action's key", () => {
    const { keymap, problems } = settingsKeymap(
      { keys: { 'no-such-action': 'x' }, plugins: [{ name: 'clash', key: 'n', command: ['true'] }] },
      env,
    );
    expect(problems.map((p) => p.path.join('.'))).toEqual(['keys.no-such-action', 'plugins.0.key']);
    expect(keymap.bindings.some((b) => b.id === 'plugin:clash')).toBe(false);
  });

  test('a keymap given outright is used as it is (its keys are not read from settings), plugins added', () => {
    const given = createKeymap({ 'next-page': ['Ctrl+F'] });
    const { keymap } = settingsKeymap(
      { keys: { 'next-page': 'ctrl+n' }, plugins: [{ name: 'logs', key: 'ctrl+l', command: ['true'] }] },
      env,
      given,
    );
    expect(keysOf(keymap, 'next-page')).toEqual(['Ctrl+F']);
    expect(keysOf(keymap, 'plugin:logs')).toEqual(['Ctrl+L']);
  });
});
