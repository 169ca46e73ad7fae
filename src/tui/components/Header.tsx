/**
 * Two lines: who and where (profile, demo marker, service host), then the
 * resources as tabs with their totals once known.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { truncate } from '../../text/width.js';
import { useTheme } from './theme.js';
import { badgeStyle } from '../view/theme.js';

export interface HeaderModel {
  /** The profile's badge (settings.yaml), shown first: ` PROD `. */
  badge?: { text: string; color?: string };
  /** `slotui · profile P · demo sandbox · read-only · host`. */
  who: string;
  tabs: readonly { key: string; label: string; active: boolean }[];
}

export function Header({ header, width }: { header: HeaderModel; width: number }): React.JSX.Element {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={2}>
      <Box width={width} height={1} overflow="hidden">
        {header.badge && (
          <Box marginRight={1} flexShrink={0}>
            <Text bold {...badgeStyle(header.badge, theme)}>
              {` ${header.badge.text} `}
            </Text>
          </Box>
        )}
        <Text bold wrap="truncate-end">
          {truncate(header.who, Math.max(1, width - (header.badge ? header.badge.text.length + 3 : 0)))}
        </Text>
      </Box>
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
