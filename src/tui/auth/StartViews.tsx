/**
 * What is drawn before the dashboard: the first-run welcome screen, and the
 * line that says who is logged in once a token is set up.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { loggedInSentence } from '../../config/tokenSetup.js';
import { truncate, wrap } from '../../text/width.js';
import type { LoginResult } from './types.js';

export function Welcome({ width, demo }: { width: number; demo: boolean }): React.JSX.Element {
  const choices: [key: string, text: string][] = [
    ['c', 'Connect to a service: give its address, then paste a token from its web frontend.'],
    ...(demo
      ? [['d', 'Try the demo sandbox: a local service with sample data, nothing stored.'] as [string, string]]
      : []),
    ['q', 'Quit.'],
  ];
  const INDENT = '     ';
  // Each choice wraps under its own text (a hanging indent), not under its key.
  const choiceLines = choices.flatMap(([key, text]) =>
    wrap(text, Math.max(10, width - INDENT.length)).map((part, j) => `${j === 0 ? `  ${key}  ` : INDENT}${part}`),
  );
  const lines = [
    ...wrap('slotui is not connected to a service yet.', width),
    '',
    ...choiceLines,
    '',
    ...wrap(
      'Scripts can skip this: set SLOTUI_BASE_URL and SLOTUI_TOKEN, or run `slotui auth login --with-token`.',
      width,
    ),
  ];
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">
        {truncate('Welcome to slotui', width)}
      </Text>
      <Text> </Text>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line === '' ? ' ' : truncate(line, width)}
        </Text>
      ))}
    </Box>
  );
}

export function Done({ result, width }: { result: LoginResult; width: number }): React.JSX.Element {
  return (
    <Box flexDirection="column" width={width}>
      {wrap(loggedInSentence(result, result.checkedAt), width).map((line, i) => (
        <Text key={i} bold wrap="truncate-end">
          {line}
        </Text>
      ))}
      <Text> </Text>
      <Text wrap="truncate-end">{truncate('Press Enter to open the dashboard.', width)}</Text>
    </Box>
  );
}
