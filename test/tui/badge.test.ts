/**
 * A profile's badge (settings.yaml `profiles.NAME.badge` and `color`): in the
 * header's model for that profile only, following the file; drawn in its
 * colour, or in inverse video under NO_COLOR; a bad one is a settings problem.
 * The header drawing it through Ink is badge.int.test.tsx's.
 */
import { afterEach, expect, test } from 'vitest';
import { checkSettingsText, problemLine } from '../../src/config/userSettings.js';
import { badgeStyle, COLOR_THEME, MONO_THEME } from '../../src/tui/view/theme.js';
import { UserSettingsStore } from '../../src/tui/state/userSettings.js';
import { disposeDrivers, drive } from './driver.js';

afterEach(disposeDrivers);

test('the header shows the badge of the profile in use, and follows the file', () => {
  const userSettings = new UserSettingsStore();
  const d = drive({ services: { userSettings } });
  expect(d.view().header.badge).toBeUndefined();
  const profile = d.dashboard.session.getSnapshot().settings.profileName;
  userSettings.reload({
    loaded: {
      file: 'settings.yaml',
      exists: true,
      settings: { profiles: { [profile]: { badge: 'PROD', color: 'red' }, other: { badge: 'DEV' } } },
      problems: [],
    },
  });
  expect(d.view().header.badge).toEqual({ text: 'PROD', color: 'red' });
  userSettings.reload({ loaded: { file: 'settings.yaml', exists: true, settings: {}, problems: [] } });
  expect(d.view().header.badge).toBeUndefined();
});

test('styled in its colour, or in inverse video without colours (or without a colour given)', () => {
  expect(badgeStyle({ color: 'red' }, COLOR_THEME)).toEqual({ backgroundColor: 'red', color: 'black' });
  expect(badgeStyle({ color: 'red' }, MONO_THEME)).toEqual({ inverse: true });
  expect(badgeStyle({}, COLOR_THEME)).toEqual({ inverse: true });
});

test('a badge too long or a colour not known is a problem at its place', () => {
  const r = checkSettingsText('profiles:\n  prod:\n    badge: PRODUCTION-EU-1\n    color: crimson\n');
  expect(r.problems.map(problemLine)).toEqual([
    'settings.yaml:3:12: profiles.prod.badge: a badge is 1 to 12 plain characters, such as PROD',
    expect.stringMatching(/^settings\.yaml:4:12: profiles\.prod\.color: .*red/),
  ]);
});
