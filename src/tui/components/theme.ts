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
export const MONO_THEME: Theme = { mono: true };

export const ThemeContext = createContext<Theme>(COLOR_THEME);

export const useTheme = (): Theme => useContext(ThemeContext);
