/**
 * The record picker (SLI, organization, SLOs): the records read so far, a
 * page at a time (PgDn reads the next page); typing searches the whole list
 * (name and id, every word, case-insensitive), gathered in the background,
 * with "N of M match" and the gathering's progress. Enter fills the id into
 * the field.
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { ResourceView } from '../../presentation/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { InputLine } from '../components/InputLine.js';
import { windowStart } from '../view/window.js';
import { useTheme } from '../components/theme.js';
import { selectionStyle } from '../view/theme.js';
import { fit, truncate } from '../../text/width.js';
import { pickerRows, type PickerState } from './formsStore.js';
import { pickerEmptyText, pickerStatus } from './pickerText.js';

export function PickerScreen({
  def,
  picker,
  width,
  height,
}: {
  def: ResourceView;
  picker: PickerState;
  width: number;
  height: number;
}): React.JSX.Element {
  const theme = useTheme();
  const rows = pickerRows(picker);
  const state = picker.error ?? (picker.loading && picker.matches === null ? 'Loading…' : pickerStatus(picker));
  const visible = Math.max(1, height - 4);
  const selected = Math.min(picker.selected, Math.max(0, rows.length - 1));
  const start = windowStart(selected, rows.length, visible);
  const idWidth = 14;
  const nameWidth = Math.max(8, width - idWidth - 3);
  const empty = pickerEmptyText(def, picker);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {truncate(
          `Pick ${def.article} ${def.kind} · type to search the whole list · Enter uses it · Esc closes`,
          width,
        )}
      </Text>
      <InputLine prompt="search: " editor={picker.search} placeholder="part of a name" width={width} />
      <Text wrap="truncate-end" color={picker.error ? theme.error : undefined} dimColor={!picker.error}>
        {truncate(state || ' ', width)}
      </Text>
      <Text bold wrap="truncate-end" color={theme.header}>
        {truncate(`  ${fit('NAME', nameWidth)} ID`, width)}
      </Text>
      {rows.length === 0 ? (
        <Text dimColor wrap="truncate-end">
          {truncate(empty || ' ', width)}
        </Text>
      ) : (
        rows.slice(start, start + visible).map((record, i) => (
          <Text key={record.id} {...selectionStyle(theme, start + i === selected)} wrap="truncate-end">
            {truncate(
              `${start + i === selected ? '› ' : '  '}${fit(sanitizeLine(def.label(record)), nameWidth)} ${sanitizeLine(record.id)}`,
              width,
            )}
          </Text>
        ))
      )}
    </Box>
  );
}
