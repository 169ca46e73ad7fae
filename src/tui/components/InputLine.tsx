/** The filter and command line as drawn: a prompt, the text with a block cursor, and what follows. */
import React from 'react';
import { Box, Text } from 'ink';
import type { EditorState } from '../text/lineEditor.js';
import { textWidth, truncate } from '../../text/width.js';
import { visibleAroundCursor } from '../text/visibleText.js';

export interface InputLineProps {
  prompt: string;
  editor: EditorState;
  placeholder?: string;
  /** Shown dimmed after the text (completion candidates). */
  after?: string;
  width: number;
}

export function InputLine({ prompt, editor, placeholder, after, width }: InputLineProps): React.JSX.Element {
  const room = Math.max(1, width - textWidth(prompt) - 1);
  // Keep the cursor in view on a long line: the part around it (the filter's text is typed: no sanitising).
  const {
    before,
    at: atCursor,
    after: rest,
  } = visibleAroundCursor(editor.value, editor.cursor, room, { sanitize: false });
  const used = textWidth(prompt) + textWidth(before) + textWidth(atCursor) + textWidth(rest);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text wrap="truncate-end">
        <Text bold>{prompt}</Text>
        {before}
        <Text inverse>{atCursor}</Text>
        {rest}
        {editor.value === '' && placeholder ? (
          <Text dimColor>{truncate(placeholder, Math.max(0, width - used))}</Text>
        ) : null}
        {after ? <Text dimColor>{truncate(after, Math.max(0, width - used))}</Text> : null}
      </Text>
    </Box>
  );
}
