/**
 * Two lines: who and where (profile, demo marker, service host), then the
 * resources as tabs with their totals once known.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { truncate } from '../../text/width.js';
import { useTheme } from './theme.js';

export interface HeaderModel {
  /** `slotui · profile P · demo sandbox · read-only · host`. */
  who: string;
  tabs: readonly { key: string; label: string; active: boolean }[];
}

export function Header({ header, width }: { header: HeaderModel; width: number }): React.JSX.Element {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={2}>
      <Text bold wrap="truncate-end">
        {truncate(header.who, width)}
      </Text>
      <Box width={width} height={1} overflow="hidden">
        {header.tabs.map((tab) => (
          <Box key={tab.key} marginRight={1} flexShrink={0}>
            <Text
              inverse={tab.active}
              bold={tab.active}
              color={tab.active ? undefined : theme.muted}
              wrap="truncate-end"
            >
              {tab.label}
            </Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
