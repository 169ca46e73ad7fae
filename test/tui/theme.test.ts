/**
 * settings.yaml's `theme` and `colors`: the roles' colours as the view model
 * gives them to the screen, following the file; NO_COLOR wins over both; a
 * colour that is not one is a problem at its place.
 */
import { afterEach, expect, test } from 'vitest';
import { checkSettingsText, problemLine } from '../../src/config/userSettings.js';
import * as z from 'zod';
import { settingsSchema } from '../../src/config/settingsSchema/index.js';
import { COLOR_ROLES, COLOR_THEME, MONO_THEME, selectionStyle, themeOf } from '../../src/tui/view/theme.js';
import { UserSettingsStore } from '../../src/tui/state/userSettings.js';
import { disposeDrivers, drive } from './driver.js';

afterEach(disposeDrivers);

test('dark as shipped, light with notes readable on white, none without colour; colors over the theme; NO_COLOR wins', () => {
  expect(themeOf({}, false)).toBe(COLOR_THEME);
  expect(themeOf({ theme: 'light' }, false)).toMatchObject({ accent: 'blue', error: 'red', muted: '#5f5f5f' });
  expect(themeOf({ theme: 'light' }, false).stale).not.toBe(COLOR_THEME.stale);
  expect(themeOf({ theme: 'none' }, false)).toBe(MONO_THEME);
  expect(themeOf({ theme: 'light', colors: { accent: 'magenta' } }, false)).toMatchObject({
    accent: 'magenta',
    error: 'red',
  });
  expect(themeOf({ theme: 'light', colors: { accent: 'magenta' } }, true)).toBe(MONO_THEME);
});

test('the view model follows the file', () => {
  const userSettings = new UserSettingsStore();
  const d = drive({ settings: { noColor: false }, services: { userSettings } });
  expect(d.view().theme).toEqual(COLOR_THEME);
  userSettings.reload({
    loaded: {
      file: 'settings.yaml',
      exists: true,
      settings: { theme: 'dark', colors: { muted: '#808080' } },
      problems: [],
    },
  });
  expect(d.view().theme).toMatchObject({ accent: 'cyan', muted: '#808080' });
});

test('a theme or a colour that is not one is a problem at its place, with the name it misspells', () => {
  const r = checkSettingsText('theme: solarized\ncolors:\n  accent: cyaan\n  muted: purple\n  error: redbright\n');
  const notAColor = 'a colour is a name (red, cyan, gray, blueBright…) or #rrggbb';
  expect(r.problems.map(problemLine)).toEqual([
    expect.stringMatching(/^settings\.yaml:1:8: theme: .*dark.*light.*none/),
    `settings.yaml:3:11: colors.accent: ${notAColor} (did you mean "cyan"?)`,
    `settings.yaml:4:10: colors.muted: ${notAColor}`,
  ]);
  // Names are read whatever their case, and handed on as the renderer knows them (redbright is redBright).
  expect(themeOf(r.settings, false).error).toBe('redBright');
  expect(themeOf({ colors: { accent: 'CYAN', muted: 'Grey', header: '#A0B1C2' } }, false)).toMatchObject({
    accent: 'cyan',
    muted: 'grey',
    header: '#A0B1C2',
  });
});

test('the JSON Schema keeps the pattern of a colour', () => {
  const colors = z.toJSONSchema(settingsSchema(z)) as unknown as {
    properties: { colors: { properties: Record<string, { pattern?: string }> } };
  };
  const pattern = new RegExp(colors.properties.colors.properties.accent!.pattern!, 'i');
  expect(['blueBright', '#a0b1c2', 'grey'].filter((c) => pattern.test(c))).toHaveLength(3);
  expect(['bleu', '#12345', 'blue bright'].filter((c) => pattern.test(c))).toEqual([]);
});

test('every role can be set: the schema has exactly the roles the screens draw with', () => {
  const colors = settingsSchema(z).shape.colors.unwrap();
  expect(Object.keys(colors.shape).sort()).toEqual([...COLOR_ROLES].sort());
  const all = Object.fromEntries(COLOR_ROLES.map((role, i) => [role, `#00000${i}`]));
  expect(checkSettingsText(`colors:\n${COLOR_ROLES.map((r) => `  ${r}: "${all[r]}"`).join('\n')}\n`).problems).toEqual(
    [],
  );
  expect(themeOf({ colors: all }, false)).toMatchObject(all);
});

test('the selection is inverse video unless a colour is asked for; under NO_COLOR always inverse', () => {
  expect(selectionStyle(COLOR_THEME, true)).toEqual({ inverse: true });
  expect(selectionStyle(COLOR_THEME, false)).toEqual({});
  expect(selectionStyle(themeOf({ colors: { selection: 'blue' } }, false), true)).toEqual({
    backgroundColor: 'blue',
    color: 'black',
  });
  expect(selectionStyle({ mono: true, selection: 'blue' }, true)).toEqual({ inverse: true });
});
