/** The keys that apply here (k9s style), from the keymap and the current key layers. */
import React from 'react';
import { Box, Text } from 'ink';
import type { Binding } from '../input/binding.js';
import { fitHints } from '../view/hints.js';

export function HintBar({ hints, width }: { hints: readonly Binding[]; width: number }): React.JSX.Element {
  const shown = fitHints(hints, width);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text wrap="truncate-end">
        {shown.map((h, i) => (
          <Text key={h.key + h.label}>
            {i > 0 ? '  ' : ''}
            <Text bold inverse>
              {h.key}
            </Text>{' '}
            {h.label}
          </Text>
        ))}
      </Text>
    </Box>
  );
}
