/** The start screens as the shell (shell.ts) names them: welcome, the setup flow, "logged in"; a notice line and the hints. */
import React from 'react';
import { Box, Text } from 'ink';
import { truncate } from '../../text/width.js';
import { HintBar } from '../components/HintBar.js';
import { ThemeContext } from '../components/theme.js';
import type { StartView } from '../shell.js';
import { SetupView } from './SetupView.js';
import { Done, Welcome } from './StartViews.js';

export function StartScreens({ view }: { view: StartView }): React.JSX.Element {
  const { columns, rows } = view.size;
  const { theme } = view;
  const bodyHeight = Math.max(1, rows - 2);
  return (
    <ThemeContext.Provider value={theme}>
      <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
        <Box flexDirection="column" width={columns} height={bodyHeight} overflow="hidden">
          {view.kind === 'welcome' ? <Welcome width={columns} demo={view.canDemo} /> : null}
          {view.setup ? (
            <SetupView screen={view.setup} profile={view.profile} width={columns} height={bodyHeight} />
          ) : null}
          {view.done ? <Done result={view.done} width={columns} /> : null}
        </Box>
        <Text wrap="truncate-end" color={view.notice?.tone === 'error' ? theme.error : undefined}>
          {truncate(view.notice?.text ?? ' ', columns)}
        </Text>
        <HintBar hints={view.hints} width={columns} />
      </Box>
    </ThemeContext.Provider>
  );
}
