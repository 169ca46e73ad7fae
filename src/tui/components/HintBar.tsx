/** The keys that apply here (k9s style), from the keymap and the current key layers. */
import React from 'react';
import { Box, Text } from 'ink';
import type { Binding } from '../input/binding.js';
import { textWidth } from '../../text/width.js';

const GAP = 2;

/** The key shown for a binding in the hint bar. */
export function hintKey(binding: Binding): string {
  if (binding.id === 'switch-resource') return `${binding.keys[0]}-${binding.keys[binding.keys.length - 1]}`;
  return binding.keys[0] ?? '';
}

/** Always offered when there is room at all: the way to every other key, and the way out. */
const PINNED = new Set(['help-open', 'quit']);

/** As many hints as fit, whole, in order; `? help` and `q quit` are kept first when space is short. */
export function fitHints(bindings: readonly Binding[], width: number): { key: string; label: string }[] {
  const widthOf = (b: Binding) => textWidth(hintKey(b)) + 1 + textWidth(b.hint ?? '') + GAP;
  let room = width + GAP;
  const chosen = new Set<Binding>();
  for (const b of [...bindings.filter((b) => PINNED.has(b.id)), ...bindings.filter((b) => !PINNED.has(b.id))]) {
    if (widthOf(b) > room) continue;
    room -= widthOf(b);
    chosen.add(b);
  }
  return bindings.filter((b) => chosen.has(b)).map((b) => ({ key: hintKey(b), label: b.hint ?? '' }));
}

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
