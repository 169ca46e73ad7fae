/** A plugin's question or output over the body (screens/pluginModel.ts lays it out). */
import React from 'react';
import { Box, Text } from 'ink';
import type { PluginBody } from '../screens/pluginModel.js';

export function PluginOverlay({
  body,
  width,
  height,
}: {
  body: PluginBody;
  width: number;
  height: number;
}): React.JSX.Element {
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold inverse wrap="truncate-end">
        {body.title}
      </Text>
      {body.lines.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line || ' '}
        </Text>
      ))}
    </Box>
  );
}
