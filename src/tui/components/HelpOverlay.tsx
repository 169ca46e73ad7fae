/**
 * `?`: every key, grouped, from the keymap (so read-only mode shows no
 * create/edit/delete), plus the commands. It covers the body; two columns
 * when the terminal is wide, and it scrolls when even that doesn't fit.
 */
import React, { useLayoutEffect } from 'react';
import { Box, Text } from 'ink';
import { commandLineHelp, groupedBindings, type KeyEnv } from '../keys.js';
import type { ViewportStore } from '../state/viewport.js';
import { fit, textWidth, truncate, wrap } from '../../text/width.js';

interface HelpLine {
  text: string;
  heading?: boolean;
}

const KEY_COLUMN = 11;
const INDENT = '  ';

/** One entry: keys in their column, the description wrapped beside them. */
function entry(keys: string, description: string, keyWidth: number, width: number): HelpLine[] {
  const descWidth = Math.max(10, width - INDENT.length - keyWidth);
  const keyText = textWidth(keys) < keyWidth ? fit(keys, keyWidth) : null;
  const first = keyText ?? keys;
  const wrapped = wrap(description, descWidth);
  if (keyText === null) {
    // Keys wider than their column (commands): description on the lines below.
    return [{ text: INDENT + first }, ...wrapped.map((t) => ({ text: INDENT + ' '.repeat(keyWidth) + t }))];
  }
  return wrapped.map((t, i) => ({ text: INDENT + (i === 0 ? first : ' '.repeat(keyWidth)) + t }));
}

export function helpLines(env: KeyEnv, width: number): HelpLine[] {
  const lines: HelpLine[] = [];
  for (const { group, bindings } of groupedBindings(env)) {
    if (lines.length > 0) lines.push({ text: '' });
    lines.push({ text: group, heading: true });
    for (const b of bindings) lines.push(...entry(b.keys.join(' '), b.description, KEY_COLUMN, width));
  }
  lines.push({ text: '' }, { text: 'Commands', heading: true });
  for (const c of commandLineHelp(env)) lines.push(...entry(c.command, c.description, KEY_COLUMN, width));
  return lines;
}

/** Splits the lines into columns at group boundaries, as evenly as possible. */
function splitColumns(lines: HelpLine[], columns: number): HelpLine[][] {
  if (columns <= 1) return [lines];
  const target = Math.ceil(lines.length / columns);
  const out: HelpLine[][] = [];
  let current: HelpLine[] = [];
  for (const line of lines) {
    // Break at a blank line (between groups) once the column is full enough.
    if (line.text === '' && current.length >= target && out.length < columns - 1) {
      out.push(current);
      current = [];
      continue;
    }
    current.push(line);
  }
  out.push(current);
  return out;
}

export interface HelpOverlayProps {
  env: KeyEnv;
  width: number;
  height: number;
  scroll: number;
  /** Where the overlay reports how far it can scroll (read by the keys). */
  viewport: ViewportStore;
}

export function HelpOverlay({ env, width, height, scroll, viewport }: HelpOverlayProps): React.JSX.Element {
  const bodyHeight = Math.max(1, height - 1);
  const oneColumn = helpLines(env, width);
  const twoColumns = width >= 90 && oneColumn.length > bodyHeight;
  const columnWidth = twoColumns ? Math.floor((width - 2) / 2) : width;
  const columns = splitColumns(twoColumns ? helpLines(env, columnWidth) : oneColumn, twoColumns ? 2 : 1);
  const tallest = Math.max(...columns.map((c) => c.length));
  const maxOffset = Math.max(0, tallest - bodyHeight);
  const top = Math.min(scroll, maxOffset);
  useLayoutEffect(() => {
    viewport.measure('help', { lines: tallest, visible: bodyHeight });
  });

  // The keys that move from here: no "↓" at the bottom, no "↑" at the top.
  const keys = top === 0 ? '↓ PgDn G' : top >= maxOffset ? '↑ PgUp g' : '↑↓ PgUp PgDn g G';
  const more =
    maxOffset > 0 ? ` · lines ${top + 1}-${Math.min(tallest, top + bodyHeight)} of ${tallest} · ${keys} scroll` : '';
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold inverse wrap="truncate-end">
        {fit(` Help · Esc or ? closes · q quits${more}`, width)}
      </Text>
      <Box flexDirection="row" height={bodyHeight}>
        {columns.map((column, i) => (
          <Box key={i} flexDirection="column" width={columnWidth} marginRight={i === 0 && columns.length > 1 ? 2 : 0}>
            {column.slice(top, top + bodyHeight).map((line, j) => (
              <Text key={j} bold={line.heading} wrap="truncate-end">
                {truncate(line.text, columnWidth) || ' '}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
