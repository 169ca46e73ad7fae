// Floor of the dashboard's first frame: Ink drawing 29 lines of text once
// (React, Ink and its layout engine loaded, one render), then quitting.
import React from 'react';
import { Box, Text, render } from 'ink';
import { layoutEngineReady } from '../../../src/tui/layoutEngine.ts';

export const FLOOR_LINES = 29;

export async function main(io) {
  await layoutEngineReady;
  const lines = Array.from({ length: FLOOR_LINES }, (_, i) =>
    React.createElement(Text, { key: i }, `floor line ${i + 1} · text…`),
  );
  const app = render(React.createElement(Box, { flexDirection: 'column' }, lines), {
    stdout: io.stdout,
    stdin: io.stdin,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  app.unmount();
  await app.waitUntilExit();
  return 0;
}
