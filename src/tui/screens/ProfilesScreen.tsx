/**
 * `:profile` alone: the stored profiles, one a line with its service's host,
 * the one in use marked `*`, as k9s's `:ctx`; typing narrows them by name.
 * Enter switches, Esc goes back.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../../text/sanitize.js';
import { fit, textWidth, truncate } from '../../text/width.js';
import { InputLine } from '../components/InputLine.js';
import { windowStart } from '../view/window.js';
import { useTheme } from '../components/theme.js';
import { selectionStyle } from '../view/theme.js';
import { profileRows, type ProfilePickerView } from '../profiles.js';

function hostOf(baseUrl: string | undefined): string {
  if (!baseUrl) return '(no service yet)';
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** Title, search line, column header. */
const HEAD_LINES = 3;

export function ProfilesScreen({
  view,
  width,
  height,
}: {
  view: ProfilePickerView;
  width: number;
  height: number;
}): React.JSX.Element {
  const theme = useTheme();
  const rows = profileRows(view);
  const visible = Math.max(1, height - HEAD_LINES);
  const start = windowStart(view.selected, rows.length, visible);
  const nameWidth = Math.min(
    Math.max(8, ...view.entries.map((e) => textWidth(sanitizeLine(e.name)))),
    Math.max(8, Math.floor(width / 2)),
  );
  const matching = rows.length === view.entries.length ? '' : ` · ${rows.length} match`;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {truncate(`Profiles (${view.entries.length})${matching} · * in use · Enter switches · Esc goes back`, width)}
      </Text>
      <InputLine prompt="search: " editor={view.search} placeholder="type part of a name" width={width} />
      <Text bold color={theme.header} wrap="truncate-end">
        {truncate(`    ${fit('NAME', nameWidth)}  SERVICE`, width)}
      </Text>
      {rows.length === 0 ? (
        <Text dimColor wrap="truncate-end">
          {truncate(`No profile matches “${sanitizeLine(view.search.value)}”.`, width)}
        </Text>
      ) : (
        rows.slice(start, start + visible).map((entry, i) => {
          const selected = start + i === view.selected;
          const mark = `${selected ? '›' : ' '} ${entry.name === view.current ? '*' : ' '} `;
          return (
            <Text key={entry.name} {...selectionStyle(theme, selected)} wrap="truncate-end">
              {truncate(
                `${mark}${fit(sanitizeLine(entry.name), nameWidth)}  ${sanitizeLine(hostOf(entry.baseUrl))}`,
                width,
              )}
            </Text>
          );
        })
      )}
    </Box>
  );
}
