/**
 * The record picker (SLI, organization, SLOs): the records read so far, a
 * page at a time (PgDn reads the next page), narrowed by a search on their
 * names (and ids), case-insensitive, over every page loaded. Enter fills the
 * id into the field.
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { ResourceDef } from '../../api/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { InputLine } from '../components/InputLine.js';
import { windowStart } from '../components/Table.js';
import { useTheme } from '../components/theme.js';
import { fit, truncate } from '../../text/width.js';
import { pickerRows, type PickerState } from './formsStore.js';

export function PickerScreen({
  def,
  picker,
  width,
  height,
}: {
  def: ResourceDef;
  picker: PickerState;
  width: number;
  height: number;
}): React.JSX.Element {
  const theme = useTheme();
  const rows = pickerRows(picker);
  const loaded =
    picker.total === null
      ? ''
      : `loaded ${picker.records.length} of ${picker.total}${picker.next ? ' · PgDn loads more' : ''}`;
  const state = picker.loading ? 'Loading…' : (picker.error ?? loaded);
  const visible = Math.max(1, height - 4);
  const selected = Math.min(picker.selected, Math.max(0, rows.length - 1));
  const start = windowStart(selected, rows.length, visible);
  const idWidth = 14;
  const nameWidth = Math.max(8, width - idWidth - 3);
  const empty =
    picker.loading || picker.records.length === 0
      ? ''
      : `No loaded ${def.title} match; PgDn loads more, or type the id in the field.`;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {truncate(`Pick ${def.article} ${def.kind} · type to search the names · Enter uses it · Esc closes`, width)}
      </Text>
      <InputLine prompt="search: " editor={picker.search} placeholder="part of a name" width={width} />
      <Text wrap="truncate-end" color={picker.error ? theme.error : undefined} dimColor={!picker.error}>
        {truncate(state || ' ', width)}
      </Text>
      <Text bold wrap="truncate-end" color={theme.accent}>
        {truncate(`  ${fit('NAME', nameWidth)} ID`, width)}
      </Text>
      {rows.length === 0 ? (
        <Text dimColor wrap="truncate-end">
          {truncate(empty || ' ', width)}
        </Text>
      ) : (
        rows.slice(start, start + visible).map((record, i) => (
          <Text key={record.id} inverse={start + i === selected} wrap="truncate-end">
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
