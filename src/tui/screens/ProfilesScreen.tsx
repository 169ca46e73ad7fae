/**
 * `:profile` alone: the stored profiles, one a line with its service's host,
 * the one in use marked `*`, as k9s's `:ctx`. Enter switches, Esc goes back.
 */
import React, { useSyncExternalStore } from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../../text/sanitize.js';
import { fit, truncate } from '../../text/width.js';
import { windowStart } from '../components/Table.js';
import { useTheme } from '../components/theme.js';
import type { ProfileSwitcher } from '../profiles.js';

function hostOf(baseUrl: string | undefined): string {
  if (!baseUrl) return '(no service yet)';
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

export function ProfilesScreen({
  profiles,
  width,
  height,
}: {
  profiles: ProfileSwitcher;
  width: number;
  height: number;
}): React.JSX.Element {
  const theme = useTheme();
  const view = useSyncExternalStore(profiles.picker.subscribe, profiles.picker.getSnapshot);
  if (!view) return <Box height={height} />;
  const visible = Math.max(1, height - 2);
  const start = windowStart(view.selected, view.entries.length, visible);
  const nameWidth = Math.min(
    Math.max(8, ...view.entries.map((e) => sanitizeLine(e.name).length)),
    Math.max(8, Math.floor(width / 2)),
  );
  const count = view.entries.length;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {truncate(`Profiles (${count}) · * in use · Enter switches · Esc goes back`, width)}
      </Text>
      <Text bold color={theme.accent} wrap="truncate-end">
        {truncate(`    ${fit('NAME', nameWidth)}  SERVICE`, width)}
      </Text>
      {view.entries.slice(start, start + visible).map((entry, i) => {
        const at = start + i;
        const selected = at === view.selected;
        const mark = `${selected ? '›' : ' '} ${entry.name === view.current ? '*' : ' '} `;
        return (
          <Text key={entry.name} inverse={selected} wrap="truncate-end">
            {truncate(
              `${mark}${fit(sanitizeLine(entry.name), nameWidth)}  ${sanitizeLine(hostOf(entry.baseUrl))}`,
              width,
            )}
          </Text>
        );
      })}
    </Box>
  );
}
