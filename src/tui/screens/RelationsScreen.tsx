/**
 * `u` and `x`: the records that refer to one, or the tree organization →
 * agreements → SLOs → SLI around it, from the record index. Ids that point
 * nowhere are marked; the selected line opens with Enter.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import { useTheme } from '../components/theme.js';
import { selectionStyle } from '../view/theme.js';
import type { RelationsView } from '../state/relationsStore.js';

export function RelationsScreen({
  view,
  width,
  height,
}: {
  view: RelationsView;
  width: number;
  height: number;
}): React.JSX.Element {
  const theme = useTheme();
  const headerLines = 1 + view.progress.length;
  const room = Math.max(1, height - headerLines);
  const top = Math.max(0, Math.min(view.cursor - Math.floor(room / 2), view.lines.length - room));
  const empty =
    view.lines.length === 0
      ? view.complete
        ? view.mode === 'used-by'
          ? 'Nothing refers to it.'
          : 'It has no relations.'
        : view.stopped
          ? `Not every record it may relate to could be read. Esc and ${view.mode === 'used-by' ? 'u' : 'x'} try again.`
          : 'Gathering the records it may relate to…'
      : null;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold color={theme.accent} wrap="truncate-end">
        {truncate(sanitizeLine(view.title), width)}
      </Text>
      {view.progress.map((line, i) => (
        <Text key={`p${i}`} dimColor wrap="truncate-end">
          {truncate(sanitizeLine(line), width)}
        </Text>
      ))}
      {empty !== null ? <Text dimColor>{empty}</Text> : null}
      {view.lines.slice(top, top + room).map((line, i) => {
        const text = truncate(
          `${'  '.repeat(line.depth)}${line.selected ? '› ' : '  '}${sanitizeLine(line.text)}`,
          width,
        );
        return (
          <Text
            key={top + i}
            wrap="truncate-end"
            color={line.resolution === 'dangling' ? theme.error : undefined}
            {...selectionStyle(theme, line.selected)}
            dimColor={line.resolution === 'unknown'}
          >
            {text}
          </Text>
        );
      })}
    </Box>
  );
}
