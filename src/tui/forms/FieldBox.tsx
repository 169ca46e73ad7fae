/**
 * One field's value in a fixed-width box. A long value scrolls horizontally:
 * the focused field shows the part around the cursor, the others their
 * beginning cut with an ellipsis. The box never grows past its width.
 */
import React from 'react';
import { Text } from 'ink';
import type { EditorState } from '../text/lineEditor.js';
import { textWidth, truncate } from '../../text/width.js';
import { visibleAroundCursor, visibleStart } from '../text/visibleText.js';

export function FieldBox({
  editor,
  width,
  focused,
  placeholder,
}: {
  editor: EditorState;
  width: number;
  focused: boolean;
  placeholder?: string;
}): React.JSX.Element {
  // Typed text is our own (control characters were dropped), but prefilled values came from the server:
  // sanitised, like everything drawn, in the window around the cursor only (see visibleText.ts).
  const value = editor.value;
  if (!focused) {
    const shown = value === '' && placeholder ? truncate(placeholder, width) : visibleStart(value, width);
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
