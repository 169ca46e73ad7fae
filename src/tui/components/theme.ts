/** The theme for the components below the view (src/tui/view/theme.ts says what the themes are). */
import { createContext, useContext } from 'react';
import { COLOR_THEME, type Theme } from '../view/theme.js';

export const ThemeContext = createContext<Theme>(COLOR_THEME);

export const useTheme = (): Theme => useContext(ThemeContext);
