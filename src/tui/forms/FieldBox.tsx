/**
 * One field's value in a fixed-width box. A long value scrolls horizontally:
 * the focused field shows the part around the cursor, the others their
 * beginning cut with an ellipsis. The box never grows past its width.
 */
import React from 'react';
import { Text } from 'ink';
import { sanitizeLine } from '../../text/sanitize.js';
import type { EditorState } from '../text/lineEditor.js';
import { textWidth, truncate } from '../../text/width.js';

/** The visible part of a value around the cursor, in at most `width` cells. */
export function visibleAroundCursor(value: string, cursor: number, width: number): { before: string; at: string; after: string } {
  const chars = Array.from(value);
  const at = Math.max(0, Math.min(chars.length, cursor));
  const room = Math.max(1, width);
  let start = 0;
  while (start < at && textWidth(chars.slice(start, at + 1).join('')) > room) start++;
  const before = chars.slice(start, at).join('');
  const atChar = chars[at] ?? ' ';
  const after = truncate(chars.slice(at + 1).join(''), Math.max(0, room - textWidth(before) - textWidth(atChar)));
  return { before, at: atChar, after };
}

export function FieldBox({ editor, width, focused, placeholder }: { editor: EditorState; width: number; focused: boolean; placeholder?: string }): React.JSX.Element {
  // Typed text is our own (control characters were dropped), but prefilled values came from the server.
  const value = sanitizeLine(editor.value);
  if (!focused) {
    const shown = value === '' && placeholder ? truncate(placeholder, width) : truncate(value, width);
    const pad = ' '.repeat(Math.max(0, width - textWidth(shown)));
    return (
      <Text>
        [<Text dimColor={value === ''}>{shown}</Text>
        {pad}]
      </Text>
    );
  }
  const { before, at, after } = visibleAroundCursor(value, editor.cursor, width);
  const pad = ' '.repeat(Math.max(0, width - textWidth(before) - textWidth(at) - textWidth(after)));
  return (
    <Text>
      [{before}
      <Text inverse>{at}</Text>
      {after}
      {pad}]
    </Text>
  );
}
