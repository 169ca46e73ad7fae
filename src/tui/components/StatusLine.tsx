/** The status line drawn: its words (view/status.ts), then what is loading or failed. */
import React from 'react';
import { Box, Text } from 'ink';
import { Spinner } from './Spinner.js';
import { useTheme } from './theme.js';
import type { StatusModel } from '../view/status.js';

export function StatusLine({ status, width }: { status: StatusModel; width: number }): React.JSX.Element {
  const theme = useTheme();
  return (
    <Box width={width} height={1} overflow="hidden">
      <Box flexShrink={1} marginRight={status.warning ? 0 : 2}>
        <Text wrap="truncate-end" color={status.stale ? theme.stale : undefined}>
          {status.text}
        </Text>
      </Box>
      {status.warning ? (
        // The token's expiry is never the part cut: the status text gives way first.
        <Box flexShrink={0} marginRight={2}>
          <Text color={theme.error} bold>{` · ⚠ ${status.warning}`}</Text>
        </Box>
      ) : null}
      {status.loading !== null ? (
        <Box flexShrink={0}>
          <Spinner label={status.loading} />
        </Box>
      ) : status.failed ? (
        <Box flexShrink={0}>
          <Text color={theme.error} bold wrap="truncate-end">
            ✖ failed
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
