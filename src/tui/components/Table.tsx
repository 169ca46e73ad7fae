/**
 * A focused table: one Text per row (a row is a single pre-fitted string, so
 * layout stays cheap), the selected row in inverse video (readable without
 * colour), old rows dimmed while a new page loads. Rows are memoised: moving
 * the selection re-renders two rows, a spinner tick none.
 */
import React, { memo } from 'react';
import { Box, Text } from 'ink';
import { useTheme } from './theme.js';
import { selectionStyle, type Theme } from '../view/theme.js';
import { windowStart } from '../view/window.js';

export interface TableRow {
  key: string;
  text: string;
  /** New or changed at the last refresh (`+`, `~`): drawn in the `changed` colour. */
  changed?: boolean;
}

export interface TableProps {
  header: string;
  rows: readonly TableRow[];
  selected: number;
  /** Lines available, the header included. */
  height: number;
  width: number;
  dim: boolean;
  /** Shown instead of rows when there are none. */
  empty: string;
}

const Row = memo(function Row({
  text,
  selected,
  dim,
  changed,
  theme,
}: {
  text: string;
  selected: boolean;
  dim: boolean;
  changed: boolean;
  theme: Theme;
}) {
  return (
    <Text
      color={changed && !selected ? theme.changed : undefined}
      {...selectionStyle(theme, selected)}
      dimColor={dim}
      wrap="truncate-end"
    >
      {text}
    </Text>
  );
});

export function Table({ header, rows, selected, height, width, dim, empty }: TableProps): React.JSX.Element {
  const theme = useTheme();
  const visible = Math.max(0, height - 1);
  const start = windowStart(selected, rows.length, visible);
  const shown = rows.slice(start, start + visible);
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Text bold wrap="truncate-end" color={theme.header}>
        {header}
      </Text>
      {/* The empty text wraps: it may be the only place a long reason (a failed page, the index maximum) is read whole. */}
      {rows.length === 0 ? (
        <Text dimColor wrap="wrap">
          {empty}
        </Text>
      ) : (
        shown.map((row, i) => (
          <Row
            key={row.key}
            text={row.text}
            selected={start + i === selected}
            dim={dim}
            changed={row.changed === true}
            theme={theme}
          />
        ))
      )}
    </Box>
  );
}
