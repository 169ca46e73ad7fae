/**
 * Details of one record as screens/detailModel.ts worked them out: the
 * title (with a spinner while the record is read), what failed, and the
 * lines in view.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { Spinner } from '../components/Spinner.js';
import { useTheme } from '../components/theme.js';
import type { DetailBody } from './detailModel.js';
import type { DetailLine } from './detailLines.js';

const Line = React.memo(function Line({ line }: { line: DetailLine }): React.JSX.Element {
  const theme = useTheme();
  return (
    <Text
      wrap="truncate-end"
      dimColor={line.tone === 'dim'}
      bold={line.tone === 'heading'}
      color={line.tone === 'note' ? theme.accent : undefined}
    >
      {line.label !== undefined ? <Text bold>{line.label}</Text> : null}
      {line.text || ' '}
    </Text>
  );
});

export function DetailScreen({
  body,
  width,
  height,
}: {
  body: DetailBody;
  width: number;
  height: number;
}): React.JSX.Element {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Box height={1} width={width}>
        <Box flexShrink={1} marginRight={2}>
          <Text bold color={theme.accent} wrap="truncate-end">
            {body.title}
          </Text>
        </Box>
        {body.loading !== null ? (
          <Box flexShrink={0}>
            <Spinner label={body.loading} />
          </Box>
        ) : null}
      </Box>
      {body.errorLines.map((text, i) => (
        <Text key={`e${i}`} color={theme.error} wrap="truncate-end">
          {text}
        </Text>
      ))}
      <Box flexDirection="column" height={body.room.visible} overflow="hidden">
        {body.lines.map((line, i) => (
          <Line key={body.top + i} line={line} />
        ))}
      </Box>
    </Box>
  );
}
