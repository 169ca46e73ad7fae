/**
 * What a plugin is given: placeholders replaced only as whole arguments, the
 * variables slotui sets (SLOTUI_IDS with several records), the records as
 * JSON on stdin, and never the token.
 */
import { describe, expect, test } from 'vitest';
import {
  displayKey,
  pluginInvocation,
  pluginKeyOn,
  pluginRunsOn,
  WITHHELD_VARIABLES,
  type PluginSpec,
} from '../../src/domain/plugins.js';
import { pluginEnvironment } from '../../src/config/pluginRunner.js';

const record = (id: string, name: string) => ({ id, name, target_value: '99.9' });
const target = (records = [record('slo-000001', 'checkout $(touch x)')]) => ({
  resource: 'slos',
  records,
  profile: 'prod',
  baseUrl: 'https://slo.example',
});

describe('pluginInvocation', () => {
  test('placeholders are replaced as whole arguments only, never inside one', () => {
    const { argv, env, stdin } = pluginInvocation(
      {
        name: 'p',
        command: [
          '$SLOTUI_ID',
          '$SLOTUI_ID',
          '$SLOTUI_NAME',
          'id=$SLOTUI_ID',
          '$SLOTUI_RESOURCE',
          '$SLOTUI_PROFILE',
          '$SLOTUI_BASE_URL',
          '$SLOTUI_TOKEN',
        ],
      },
      target(),
    );
    // The program is never replaced; a name holding shell syntax is one argument, as written.
    expect(argv).toEqual([
      '$SLOTUI_ID',
      'slo-000001',
      'checkout $(touch x)',
      'id=$SLOTUI_ID',
      'slos',
      'prod',
      'https://slo.example',
      '$SLOTUI_TOKEN',
    ]);
    expect(env).toEqual({
      SLOTUI_ID: 'slo-000001',
      SLOTUI_IDS: 'slo-000001',
      SLOTUI_NAME: 'checkout $(touch x)',
      SLOTUI_RESOURCE: 'slos',
      SLOTUI_PROFILE: 'prod',
      SLOTUI_BASE_URL: 'https://slo.example',
      SLOTUI_PLUGIN: 'p',
    });
    expect(stdin).toBeUndefined();
  });

  test('several records: one argument a record, SLOTUI_IDS space-separated, no SLOTUI_ID; stdin the records', () => {
    const records = [record('slo-000001', 'a'), record('slo-000002', 'b')];
    const { argv, env, stdin } = pluginInvocation(
      { name: 'p', command: ['echo', '$SLOTUI_IDS', '--', '$SLOTUI_NAME'], stdin: 'records' },
      target(records),
    );
    expect(argv).toEqual(['echo', 'slo-000001', 'slo-000002', '--', 'a', 'b']);
    expect(env.SLOTUI_IDS).toBe('slo-000001 slo-000002');
    expect(env).not.toHaveProperty('SLOTUI_ID');
    expect(env).not.toHaveProperty('SLOTUI_NAME');
    expect(JSON.parse(stdin!)).toEqual(records);
  });

  test('the environment a plugin gets has no SLOTUI_TOKEN, whatever slotui inherited', () => {
    expect(WITHHELD_VARIABLES).toContain('SLOTUI_TOKEN');
    const invocation = pluginInvocation({ name: 'p', command: ['env'] }, target());
    const env = pluginEnvironment({ PATH: '/bin', SLOTUI_TOKEN: 'secret', HOME: '/home/u' }, invocation);
    expect(env).not.toHaveProperty('SLOTUI_TOKEN');
    expect(env).toMatchObject({ PATH: '/bin', HOME: '/home/u', SLOTUI_ID: 'slo-000001' });
  });
});

describe('a record whose name is not text', () => {
  test('is named by nothing', () => {
    const { argv, env } = pluginInvocation(
      { name: 'p', command: ['echo', '$SLOTUI_NAME'] },
      target([{ id: 'slo-000001', name: 5 } as unknown as ReturnType<typeof record>]),
    );
    expect(argv).toEqual(['echo', '']);
    expect(env.SLOTUI_NAME).toBe('');
  });
});

describe('where a plugin runs', () => {
  const plugin = (extra: Partial<PluginSpec>): PluginSpec => ({ name: 'p', command: ['x'], ...extra });
  const resolve = (word: string) => ({ slo: 'slos', slos: 'slos', sli: 'slis' })[word];

  test.each<[string, Partial<PluginSpec>, string, boolean]>([
    ['no resources: every one', {}, 'slis', true],
    ['a word for the resource', { resources: ['slo'] }, 'slos', true],
    ['a word for another', { resources: ['slo'] }, 'slis', false],
    ['one of several', { resources: ['sli', 'slo'] }, 'slos', true],
    ['a word for nothing', { resources: ['nope'] }, 'slos', false],
  ])('%s', (_what, extra, resource, runs) => {
    expect(pluginRunsOn(plugin(extra), resource, resolve)).toBe(runs);
  });

  test.each<[string, Partial<PluginSpec>, 'list' | 'details', boolean]>([
    ['no key: nowhere', { contexts: ['list'] }, 'list', false],
    ['a key, no contexts: the list', { key: 'o' }, 'list', true],
    ['a key, no contexts: the details', { key: 'o' }, 'details', true],
    ['a key for the list: the list', { key: 'o', contexts: ['list'] }, 'list', true],
    ['a key for the list: not the details', { key: 'o', contexts: ['list'] }, 'details', false],
  ])('its key: %s', (_what, extra, screen, on) => {
    expect(pluginKeyOn(plugin(extra), screen)).toBe(on);
  });

  test.each([
    ['ctrl+o', 'Ctrl+O'],
    ['CTRL+x', 'Ctrl+X'],
    ['o', 'o'],
    ['actrl+o', 'actrl+o'],
    ['ctrl+ox', 'ctrl+ox'],
  ])('the key %s is shown as %s', (key, shown) => {
    expect(displayKey(key)).toBe(shown);
  });
});
