/**
 * A profile's badge drawn by the header through Ink: first on the line, before
 * the profile's name. Its model and style are badge.test.ts's.
 */
import React from 'react';
import { render } from 'ink-testing-library';
import { expect, test } from 'vitest';
import { Header } from '../../src/tui/components/Header.js';
import { ThemeContext } from '../../src/tui/components/theme.js';
import { COLOR_THEME } from '../../src/tui/view/theme.js';

test('the header draws the badge first, then who and where', () => {
  const header = { badge: { text: 'PROD', color: 'red' }, who: 'slotui · profile prod · x', tabs: [] };
  const drawn = render(
    <ThemeContext.Provider value={COLOR_THEME}>
      <Header header={header} width={30} />
    </ThemeContext.Provider>,
  );
  expect(drawn.lastFrame()!.split('\n')[0]).toMatch(/^ PROD {2}slotui · profile prod/);
  drawn.unmount();
});
