/** The filter and command line as drawn: a prompt, the text with a block cursor, and what follows. */
import React from 'react';
import { Box, Text } from 'ink';
import type { EditorState } from '../text/lineEditor.js';
import { textWidth, truncate } from '../../text/width.js';

export interface InputLineProps {
  prompt: string;
  editor: EditorState;
  placeholder?: string;
  /** Shown dimmed after the text (completion candidates). */
  after?: string;
  width: number;
}

export function InputLine({ prompt, editor, placeholder, after, width }: InputLineProps): React.JSX.Element {
  const chars = Array.from(editor.value);
  const cursor = Math.max(0, Math.min(chars.length, editor.cursor));
  const room = Math.max(1, width - textWidth(prompt) - 1);
  // Keep the cursor in view on a long line: show the end part that holds it.
  let start = 0;
  while (start < cursor && textWidth(chars.slice(start, cursor + 1).join('')) > room) start++;
  const before = chars.slice(start, cursor).join('');
  const atCursor = chars[cursor] ?? ' ';
  const rest = truncate(chars.slice(cursor + 1).join(''), Math.max(0, room - textWidth(before) - textWidth(atCursor)));
  const used = textWidth(prompt) + textWidth(before) + textWidth(atCursor) + textWidth(rest);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text wrap="truncate-end">
        <Text bold>{prompt}</Text>
        {before}
        <Text inverse>{atCursor}</Text>
        {rest}
        {editor.value === '' && placeholder ? <Text dimColor>{truncate(placeholder, Math.max(0, width - used))}</Text> : null}
        {after ? <Text dimColor>{truncate(after, Math.max(0, width - used))}</Text> : null}
      </Text>
    </Box>
  );
}
