/**
 * Plugins in the dashboard, through the driver with real child processes
 * (node as the plugin): the key runs it on the selected or marked records,
 * its output shows in an overlay with its exit status and scrolls, Ctrl+C
 * stops it without quitting, `confirm` asks first, `dangerous` is refused
 * under read-only, and a plugin that fails, floods or is not found says so in
 * one line and leaves the dashboard as it was.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { UserSettings } from '../../src/config/userSettings.js';
import type { PluginSpec } from '../../src/domain/plugins.js';
import { UserSettingsStore } from '../../src/tui/state/userSettings.js';
import { disposeDrivers, drive, type Driver, type DriverOptions } from './driver.js';

afterEach(disposeDrivers);

const node = (script: string, ...args: string[]): string[] => [process.execPath, '-e', script, ...args];

async function onSlos(plugins: PluginSpec[], options: DriverOptions = {}): Promise<Driver> {
  const settings: UserSettings = { plugins };
  const d = drive({
    rows: 30,
    ...options,
    services: {
      userSettings: new UserSettingsStore(settings),
      environment: { PATH: process.env.PATH, SLOTUI_TOKEN: 'secret-token-never-passed' },
      ...options.services,
    },
  });
  await d.settle();
  d.key('2');
  await d.until((v) => v.status.text.startsWith('slos · page 1'), 'the SLOs');
  return d;
}

const body = (d: Driver) => {
  const b = d.view().body;
  return b.kind === 'plugin' ? b : undefined;
};
const title = (d: Driver) => body(d)?.title.trim() ?? '';

describe('plugins in the dashboard', () => {
  test('with no record to run on (an empty list), its key says so and runs nothing', async () => {
    const d = drive({
      records: { slis: [] },
      services: {
        userSettings: new UserSettingsStore({
          plugins: [
            {
              name: 'show',
              key: 'ctrl+g',
              command: node('require("node:fs").writeFileSync(process.argv[1], "")', '/dev/null'),
            },
          ],
        }),
      },
    });
    await d.settle();
    d.key('Ctrl+G');
    expect(d.message()).toBe('Plugin show runs on a record, and none is selected.');
    expect(body(d)).toBeUndefined();
  });

  test('its key runs it on the selected record; the output shows with the exit status, Esc closes', async () => {
    const d = await onSlos([
      {
        name: 'show',
        key: 'ctrl+g',
        resources: ['slo'],
        command: node(
          'console.log("id " + process.argv[1]); console.log("env " + process.env.SLOTUI_ID + " " + (process.env.SLOTUI_TOKEN ?? "no token")); console.error("\\u001b[31mred\\u001b[0m")',
          '$SLOTUI_ID',
        ),
      },
    ]);
    const id = d.view().selected!.record.id;
    d.key('Ctrl+G');
    await d.until(() => title(d).includes('exit 0'), 'the plugin done');
    expect(title(d)).toMatch(/^Plugin show on 1 SLO · exit 0 · Esc closes/);
    expect(body(d)!.lines).toEqual([`id ${id}`, `env ${id} no token`, 'red']);
    d.press('plugin-close');
    expect(d.view().body.kind).toBe('list');
    // The keymap holds it with its key (the help and docs/keys.md read the keymap).
    expect(d.dashboard.keymap.bindings.find((b) => b.id === 'plugin:show')).toMatchObject({
      keys: ['Ctrl+G'],
      when: ['list', 'detail'],
    });
  });

  test('on the marked records: one argument a record, SLOTUI_IDS; long output scrolls', async () => {
    const d = await onSlos([
      {
        name: 'many',
        key: 'M',
        command: node(
          'console.log(process.argv.slice(1).join(",")); console.log(process.env.SLOTUI_IDS); for (let i = 0; i < 100; i++) console.log("line " + i)',
          '$SLOTUI_IDS',
        ),
      },
    ]);
    d.press('mark', 'mark');
    const marked = d
      .rows()
      .filter((row) => row.startsWith('✓'))
      .map((row) => /slo-\d+/.exec(row)![0]);
    d.type('M');
    await d.until(() => title(d).includes('exit 0'), 'the plugin done');
    expect(body(d)!.lines.slice(0, 2)).toEqual([marked.join(','), marked.join(' ')]);
    expect(title(d)).toMatch(/on 2 SLOs · exit 0 · Esc closes · lines 1-\d+ of 102$/);
    d.press('plugin-bottom');
    expect(body(d)!.lines.at(-1)).toBe('line 99');
    d.press('plugin-top', 'plugin-down');
    expect(body(d)!.lines[0]).toBe(marked.join(' '));
  });

  test('on the details, on their record; only where its contexts and resources say', async () => {
    const d = await onSlos([
      { name: 'here', key: 'ctrl+e', contexts: ['details'], command: node('console.log(process.env.SLOTUI_ID)') },
      { name: 'slis-only', key: 'ctrl+y', resources: ['sli'], command: node('console.log("ran")') },
    ]);
    d.key('Ctrl+E');
    expect(d.view().body.kind).toBe('list');
    d.key('Ctrl+Y');
    expect(d.view().body.kind).toBe('list');
    d.press('down', 'details');
    await d.until((v) => v.body.kind === 'detail', 'the details');
    const id = d.view().selected!.record.id;
    d.key('Ctrl+E');
    await d.until(() => title(d).includes('exit 0'), 'the plugin done');
    expect(body(d)!.lines).toEqual([id]);
    d.press('plugin-close');
    expect(d.view().body.kind).toBe('detail');
  });

  test('a character split between two writes stays whole; many small writes all arrive', async () => {
    const d = await onSlos([
      {
        name: 'bits',
        key: 'ctrl+g',
        command: node(
          'const fs = require("fs"); fs.writeSync(1, Buffer.from([0xc3])); setTimeout(() => { fs.writeSync(1, Buffer.from([0xa9, 0x0a])); for (let i = 0; i < 5000; i++) fs.writeSync(2, i + "\\n"); }, 50)',
        ),
      },
    ]);
    d.key('Ctrl+G');
    await d.until(() => title(d).includes('exit 0'), 'the plugin done');
    expect(body(d)!.lines[0]).toBe('é');
    expect(title(d)).toContain('of 5001');
    d.press('plugin-bottom');
    expect(body(d)!.lines.at(-1)).toBe('4999');
  });

  test('Ctrl+C stops a running plugin without quitting; the dashboard is as it was', async () => {
    const d = await onSlos([
      { name: 'slow', key: 'ctrl+t', command: node('console.log("started"); setInterval(() => {}, 1000)') },
    ]);
    d.key('Ctrl+T');
    await d.until(() => body(d)?.lines[0] === 'started', 'the plugin running');
    expect(title(d)).toContain('running… Ctrl+C stops it');
    d.press('plugin-close');
    expect(d.message()).toBe('The plugin is still running: Ctrl+C stops it.');
    d.key('Ctrl+C');
    await d.until((v) => v.body.kind === 'list', 'the list again');
    expect(d.message()).toBe('Plugin slow was stopped.');
    expect(d.quits).toEqual([]);
  });

  test('one line when it exits non-zero, floods or is not found; nothing else changes', async () => {
    const d = await onSlos([
      { name: 'fails', key: 'F', command: node('console.log("some"); console.error("no such SLO"); process.exit(3)') },
      {
        name: 'floods',
        key: 'W',
        command: node('const s = "x".repeat(65536); for (;;) require("fs").writeSync(1, s)'),
      },
      { name: 'missing', key: 'U', command: ['/nonexistent/slotui-plugin'] },
    ]);
    const before = d.rows();
    d.type('F');
    await d.until((v) => v.body.kind === 'list' && d.message() !== '', 'the failure');
    expect(d.message()).toBe('Plugin fails exited with status 3: no such SLO');
    d.type('W');
    await d.until((v) => v.body.kind === 'list' && d.message().includes('MiB'), 'the flood');
    expect(d.message()).toBe('Plugin floods wrote more than 1 MiB and was stopped.');
    d.type('U');
    await d.until(() => d.message().includes('missing'), 'the missing program');
    expect(d.message()).toBe(
      'Plugin missing: “/nonexistent/slotui-plugin” was not found (give its full path, or put it on PATH).',
    );
    expect(d.rows()).toEqual(before);
  });

  test('confirm asks [y/N] first (no is the default); dangerous is refused under read-only', async () => {
    const plugins: PluginSpec[] = [
      { name: 'asks', key: 'A', confirm: true, command: node('console.log("ran")') },
      { name: 'risky', key: 'ctrl+k', dangerous: true, command: node('console.log("ran")') },
    ];
    const d = await onSlos(plugins);
    d.type('A');
    expect(body(d)!.lines[0]).toBe('Run plugin asks on 1 SLO?');
    d.key('Enter');
    expect(d.message()).toBe('Plugin asks did not run.');
    d.type('A');
    d.press('plugin-yes');
    await d.until(() => title(d).includes('exit 0'), 'the plugin done');
    expect(body(d)!.lines).toEqual(['ran']);

    const readOnly = await onSlos(plugins, { settings: { readOnly: true } });
    readOnly.key('Ctrl+K');
    expect(readOnly.message()).toBe('Read-only: plugin risky is dangerous, so it does not run.');
    expect(readOnly.view().body.kind).toBe('list');
  });

  test('a plugin key that clashes with a built-in key is a settings problem, said at start', async () => {
    const d = await onSlos([{ name: 'clash', key: 'd', command: ['true'] }]);
    expect(d.dashboard.keymap.bindings.some((b) => b.id === 'plugin:clash')).toBe(false);
    const start = drive({
      services: { userSettings: new UserSettingsStore({ plugins: [{ name: 'x', key: 'd', command: ['true'] }] }) },
    });
    expect(start.message()).toContain(
      `settings.yaml: plugins.0.key: "d" is delete's key on the list; choose another key.`,
    );
  });
});
