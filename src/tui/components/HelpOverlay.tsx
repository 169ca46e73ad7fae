/**
 * `?`: every key, grouped, from the keymap (so read-only mode shows no
 * create/edit/delete), plus the commands, as help.ts lays them out.
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { HelpBody } from '../help.js';
import { truncate } from '../../text/width.js';

export function HelpOverlay({
  body,
  width,
  height,
}: {
  body: HelpBody;
  width: number;
  height: number;
}): React.JSX.Element {
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold inverse wrap="truncate-end">
        {body.title}
      </Text>
      <Box flexDirection="row" height={body.room.visible}>
        {body.columns.map((column, i) => (
          <Box
            key={i}
            flexDirection="column"
            width={body.columnWidth}
            marginRight={i === 0 && body.columns.length > 1 ? 2 : 0}
          >
            {column.map((line, j) => (
              <Text key={j} bold={line.heading} wrap="truncate-end">
                {truncate(line.text, body.columnWidth) || ' '}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
