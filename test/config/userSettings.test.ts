/**
 * settings.yaml: the one schema, every problem with its line and column (a
 * misspelled name with a did-you-mean), the parts with problems left out and
 * the others kept; per-profile readOnly and refresh applied, and
 * SLOTUI_READ_ONLY for any profile.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import { resolveSettings } from '../../src/config/settings.js';
import { checkSettingsText, loadSettings, problemLine, settingsJsonSchema } from '../../src/config/userSettings.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folderWith(text: string, mode = 0o600): string {
  const dir = mkdtempSync(join(tmpdir(), 'slotui-settings-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'settings.yaml'), text);
  chmodSync(join(dir, 'settings.yaml'), mode);
  return dir;
}

describe('checking settings.yaml', () => {
  test('a sound file: its values, no problem', () => {
    const r = checkSettingsText('profiles:\n  prod:\n    readOnly: true\n    refresh: 30s\n');
    expect(r).toEqual({ settings: { profiles: { prod: { readOnly: true, refresh: '30s' } } }, problems: [] });
  });

  test('a misspelled name: its position and a did-you-mean; the rest holds', () => {
    const r = checkSettingsText('profiles:\n  prod:\n    readonly: true\n    refresh: 2m\n');
    expect(r.problems.map(problemLine)).toEqual([
      'settings.yaml:3:5: profiles.prod.readonly: unknown name "readonly" (did you mean "readOnly"?)',
    ]);
    expect(r.settings).toEqual({ profiles: { prod: { refresh: '2m' } } });
  });

  test('an unknown top-level name, a wrong type and a bad duration: each at its place', () => {
    const r = checkSettingsText(
      'profile:\n  x: 1\nprofiles:\n  prod:\n    readOnly: "yes"\n  dev:\n    refresh: 500ms\n',
    );
    expect(r.problems.map(problemLine)).toEqual([
      'settings.yaml:1:1: profile: unknown name "profile" (did you mean "profiles"?)',
      'settings.yaml:5:15: profiles.prod.readOnly: must be true or false (yes, no, on and off are text in YAML 1.2)',
      expect.stringMatching(/^settings\.yaml:7:14: profiles\.dev\.refresh: must be a duration of at least 1s/),
    ]);
    expect(r.settings).toEqual({ profiles: { prod: {}, dev: {} } });
  });

  test('YAML that does not parse: its position, nothing of it used', () => {
    const r = checkSettingsText('profiles:\n  prod: [\n');
    expect(r.settings).toEqual({});
    expect(r.problems[0]).toMatchObject({ line: expect.any(Number), path: '' });
    expect(r.problems.length).toBeGreaterThan(0);
  });

  test('the JSON Schema is the same schema: strict, with the profile fields', () => {
    const schema = settingsJsonSchema() as {
      $schema: string;
      additionalProperties: boolean;
      properties: { profiles: { additionalProperties: { additionalProperties: boolean; properties: object } } };
    };
    expect(schema.$schema).toContain('2020-12');
    expect(schema.additionalProperties).toBe(false);
    const profile = schema.properties.profiles.additionalProperties;
    expect(profile.additionalProperties).toBe(false);
    expect(Object.keys(profile.properties)).toEqual(['readOnly', 'refresh', 'badge', 'color']);
  });
});

describe('reading it', () => {
  test('absent: every default, no problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slotui-settings-'));
    dirs.push(dir);
    expect(loadSettings(dir)).toMatchObject({ exists: false, settings: {}, problems: [] });
  });

  test('writable by others: refused with the chmod that fixes it; group-writable too', () => {
    const dir = folderWith('profiles: {}\n', 0o666);
    expect(() => loadSettings(dir)).toThrow(/Run `chmod 600 .*settings\.yaml`/);
    expect(() => loadSettings(folderWith('profiles: {}\n', 0o620))).toThrow(/can be changed by other users/);
    expect(loadSettings(folderWith('profiles: {}\n', 0o644))).toMatchObject({ exists: true, problems: [] });
  });

  test('writable by others is a config error', () => {
    const dir = folderWith('profiles: {}\n', 0o620);
    expect(() => loadSettings(dir)).toThrow(expect.objectContaining({ kind: 'config' }));
  });

  test('where the system has no user ids (Windows), whose file it is is not asked', () => {
    const dir = folderWith('profiles: {}\n');
    const getuid = Object.getOwnPropertyDescriptor(process, 'getuid')!;
    Object.defineProperty(process, 'getuid', { value: undefined, configurable: true });
    try {
      expect(loadSettings(dir)).toMatchObject({ exists: true, problems: [] });
    } finally {
      Object.defineProperty(process, 'getuid', getuid);
    }
  });

  test("another user's file is refused; the owner's is read", () => {
    const dir = folderWith('profiles: {}\n');
    const mine = process.getuid!();
    expect(() => loadSettings(dir, mine + 1)).toThrow(
      new SlotuiError(
        'config',
        `The settings file ${join(dir, 'settings.yaml')} belongs to another user. Make it yours (chown) and try again.`,
      ),
    );
    expect(loadSettings(dir, mine)).toMatchObject({ exists: true });
  });

  test('a file that cannot be read says why, as a config error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slotui-settings-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'settings.yaml'), { mode: 0o700 });
    let thrown: unknown;
    try {
      loadSettings(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SlotuiError);
    expect((thrown as SlotuiError).kind).toBe('config');
    expect((thrown as SlotuiError).message).toBe(
      `The settings file ${join(dir, 'settings.yaml')} cannot be read (EISDIR).`,
    );
  });

  test("a profile's readOnly and refresh reach its settings; SLOTUI_READ_ONLY=1 makes any profile read-only", () => {
    const dir = folderWith('profiles:\n  prod:\n    readOnly: true\n    refresh: 1m\n  dev:\n    refresh: off\n');
    const store = (current: string) => ({
      dir,
      read: () => ({ currentProfile: current, profiles: { prod: {}, dev: {} } }),
    });
    expect(resolveSettings({ env: {}, flags: {}, store: store('prod') })).toMatchObject({
      readOnly: true,
      refreshMs: 60_000,
    });
    const dev = resolveSettings({ env: {}, flags: {}, store: store('dev') });
    expect(dev).toMatchObject({ readOnly: false, refreshMs: 0 });
    expect(resolveSettings({ env: { SLOTUI_READ_ONLY: '1' }, flags: {}, store: store('dev') }).readOnly).toBe(true);
  });

  test('problems go along with the settings, the rest holding', () => {
    const dir = folderWith('profiles:\n  prod:\n    refresh: soon\n    readOnly: true\n');
    const s = resolveSettings({
      env: {},
      flags: {},
      store: { dir, read: () => ({ currentProfile: 'prod', profiles: {} }) },
    });
    expect(s.readOnly).toBe(true);
    expect(s.refreshMs).toBeUndefined();
    expect(s.settingsProblems).toEqual([expect.stringMatching(/^settings\.yaml:3:14: profiles\.prod\.refresh: /)]);
  });
});
