/**
 * Colours are a garnish: with NO_COLOR (or settings.noColor) every colour
 * prop is dropped and the screen still reads, because selection and emphasis
 * use inverse video and bold, which are not colours.
 *
 * The roles, each overridable in settings.yaml's `colors:`
 * (src/config/settingsSchema/looks.ts says what each is for).
 */
import { colorName } from '../../config/settingsSchema/colorNames.js';

export const COLOR_ROLES = ['accent', 'header', 'selection', 'muted', 'changed', 'stale', 'error', 'danger'] as const;
type ColorRole = (typeof COLOR_ROLES)[number];

export type Theme = Partial<Record<ColorRole, string>> & {
  /** No colour at all (NO_COLOR): what needs to stand out uses inverse video. */
  mono?: boolean;
};

/** The selection is inverse video unless a colour is asked for: inverse reads on any background. */
export const COLOR_THEME: Theme = {
  accent: 'cyan',
  header: 'cyan',
  muted: 'gray',
  changed: 'green',
  stale: 'yellow',
  error: 'red',
  danger: 'red',
};
/** For a light background: deeper colours, and notes dark enough to read on white. */
const LIGHT_THEME: Theme = {
  accent: 'blue',
  header: 'blue',
  muted: '#5f5f5f',
  changed: '#008700',
  stale: '#af5f00',
  error: 'red',
  danger: 'red',
};
export const MONO_THEME: Theme = { mono: true };

/** The theme settings.yaml asks for (`theme`, then `colors` over it); NO_COLOR (`mono`) wins over both. */
export function themeOf(
  looks: { theme?: 'dark' | 'light' | 'none'; colors?: Partial<Record<ColorRole, string | undefined>> },
  mono: boolean,
): Theme {
  if (mono || looks.theme === 'none') return MONO_THEME;
  const base = looks.theme === 'light' ? LIGHT_THEME : COLOR_THEME;
  const colors = Object.fromEntries(
    Object.entries(looks.colors ?? {}).flatMap(([role, value]) =>
      value === undefined ? [] : [[role, colorName(value)]],
    ),
  );
  return Object.keys(colors).length === 0 ? base : { ...base, ...colors };
}

/** How a selected line is drawn: in the `selection` colour when there is one, else in inverse video. */
export function selectionStyle(
  theme: Theme,
  selected: boolean,
): { inverse?: boolean; backgroundColor?: string; color?: string } {
  if (!selected) return {};
  return theme.selection && !theme.mono ? { backgroundColor: theme.selection, color: 'black' } : { inverse: true };
}

/** A badge in its colour when it has one and colours are on; inverse video otherwise (NO_COLOR). */
export function badgeStyle(
  badge: { color?: string },
  theme: Theme,
): { inverse: true } | { backgroundColor: string; color: string } {
  return theme.mono || !badge.color ? { inverse: true } : { backgroundColor: badge.color, color: 'black' };
}
