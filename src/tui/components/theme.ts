/**
 * Colours are a garnish: with NO_COLOR (or settings.noColor) every colour
 * prop is dropped and the screen still reads, because selection and emphasis
 * use inverse video and bold, which are not colours.
 */
import { createContext, useContext } from 'react';

export interface Theme {
  /** No colour at all (NO_COLOR): what needs to stand out uses inverse video. */
  mono?: boolean;
  accent?: string;
  error?: string;
  muted?: string;
}

export const COLOR_THEME: Theme = { accent: 'cyan', error: 'red', muted: 'gray' };
/** For a light background: a deeper accent, and notes dark enough to read on white. */
const LIGHT_THEME: Theme = { accent: 'blue', error: 'red', muted: '#5f5f5f' };
export const MONO_THEME: Theme = { mono: true };

/** The theme settings.yaml asks for (`theme`, then `colors` over it); NO_COLOR (`mono`) wins over both. */
export function themeOf(
  looks: { theme?: 'dark' | 'light' | 'none'; colors?: { accent?: string; error?: string; muted?: string } },
  mono: boolean,
): Theme {
  if (mono || looks.theme === 'none') return MONO_THEME;
  const base = looks.theme === 'light' ? LIGHT_THEME : COLOR_THEME;
  const colors = Object.fromEntries(Object.entries(looks.colors ?? {}).filter(([, value]) => value !== undefined));
  return Object.keys(colors).length === 0 ? base : { ...base, ...colors };
}

export const ThemeContext = createContext<Theme>(COLOR_THEME);

export const useTheme = (): Theme => useContext(ThemeContext);
