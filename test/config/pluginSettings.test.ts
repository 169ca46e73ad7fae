/**
 * `plugins:` in settings.yaml: what a plugin may say, the problems of one
 * that is wrong (with their line and a did-you-mean), a broken plugin left
 * out while the others hold, and keys that clash with the dashboard's own.
 */
import { describe, expect, test } from 'vitest';
import { checkSettingsText, problemLine } from '../../src/config/userSettings.js';
import { DEFAULT_KEYMAP } from '../../src/tui/keys.js';
import { findingSentence, withPluginKeys } from '../../src/tui/plugins.js';

const ENV = { readOnly: false };

describe('plugins in settings.yaml', () => {
  test('a plugin as documented is read whole', () => {
    const r = checkSettingsText(
      [
        'plugins:',
        '  - name: grafana',
        '    key: ctrl+g',
        '    description: open the dashboard',
        '    resources: [slos]',
        '    contexts: [list, details]',
        '    command: [xdg-open, "https://grafana.example/d/$SLOTUI_ID"]',
        '    stdin: records',
        '    confirm: true',
        '    dangerous: false',
        '    interactive: false',
      ].join('\n'),
    );
    expect(r.problems).toEqual([]);
    expect(r.settings.plugins).toEqual([
      {
        name: 'grafana',
        key: 'ctrl+g',
        description: 'open the dashboard',
        resources: ['slos'],
        contexts: ['list', 'details'],
        command: ['xdg-open', 'https://grafana.example/d/$SLOTUI_ID'],
        stdin: 'records',
        confirm: true,
        dangerous: false,
        interactive: false,
      },
    ]);
  });

  test('each mistake is a problem with its line; the broken plugin is left out, the others hold', () => {
    const r = checkSettingsText(
      [
        'plugins:',
        '  - name: good',
        '    command: [echo, $SLOTUI_ID]',
        '  - name: no-command',
        '    key: x',
        '  - name: bad-key',
        '    key: ctrl+shift+x',
        '    command: [echo]',
        '  - name: typo',
        '    comand: [echo]',
        '  - name: good',
        '    command: [echo, hi]',
        '  - name: nowhere',
        '    resources: [slox]',
        '    contexts: [table]',
        '    command: [echo]',
      ].join('\n'),
    );
    expect(r.problems.map(problemLine)).toEqual([
      'settings.yaml:4:5: plugins.1.command: Invalid input: expected array, received undefined',
      expect.stringMatching(
        /^settings\.yaml:7:10: plugins\.2\.key: must be one character \(x, X, !\) or ctrl\+<letter>$/,
      ),
      'settings.yaml:9:5: plugins.3.command: Invalid input: expected array, received undefined',
      'settings.yaml:10:5: plugins.3.comand: unknown name "comand" (did you mean "command"?)',
      expect.stringMatching(/^settings\.yaml:11:\d+: plugins\.4\.name: "good" names two plugins$/),
      expect.stringMatching(/^settings\.yaml:14:\d+: plugins\.5\.resources\.0: must be a resource: slis, slos/),
      expect.stringMatching(/^settings\.yaml:15:\d+: plugins\.5\.contexts\.0: /),
    ]);
    expect(r.settings.plugins?.map((p) => p.name)).toEqual(['good']);
  });

  test("a key the dashboard already uses there is a problem, and that plugin's key is left out", () => {
    const plugins = [
      { name: 'deleter', key: 'd', command: ['echo'] },
      { name: 'details-only', key: 'd', contexts: ['details' as const], command: ['echo'] },
      { name: 'open', key: 'O', contexts: ['details' as const], command: ['echo'] },
      { name: 'open-too', key: 'O', contexts: ['details' as const], command: ['echo'] },
      { name: 'other-resource', key: 'O', resources: ['slis'], contexts: ['details' as const], command: ['echo'] },
      { name: 'quitter', key: 'ctrl+c', command: ['echo'] },
      { name: 'fine', key: 'ctrl+g', command: ['echo'] },
    ];
    const { keymap, problems } = withPluginKeys(DEFAULT_KEYMAP, plugins, ENV);
    expect(problems.map(findingSentence)).toEqual([
      `settings.yaml: plugins.0.key: "d" is delete's key on the list; choose another key.`,
      `settings.yaml: plugins.1.key: "d" is delete's key on the details; choose another key.`,
      `settings.yaml: plugins.3.key: "O" is plugin open's key too; choose another key.`,
      `settings.yaml: plugins.4.key: "O" is plugin open's key too; choose another key.`,
      `settings.yaml: plugins.5.key: "ctrl+c" is quit-now's key on the list; choose another key.`,
    ]);
    const added = keymap.bindings.filter((b) => b.id.startsWith('plugin:'));
    expect(added.map((b) => [b.id, b.keys, b.when])).toEqual([
      ['plugin:open', ['O'], ['detail']],
      ['plugin:fine', ['Ctrl+G'], ['list', 'detail']],
    ]);
  });
});
