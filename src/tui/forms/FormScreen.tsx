/**
 * The generic form: a title, errors about no field in particular, then one
 * field a line (label, value box, hint or inline error), the focused field's
 * suggestions under it. The field list scrolls so the frame never exceeds the
 * body's height; the focused field is always in view.
 *
 * Multiline fields (description, formula) are single-line editors in a wider
 * box: Enter moves on, as in every other field.
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { ResourceName } from '../../api/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { windowStart } from '../view/window.js';
import { useTheme } from '../components/theme.js';
import { selectionStyle } from '../view/theme.js';
import { EMPTY_EDITOR } from '../text/lineEditor.js';
import { fit, textWidth, truncate, wrap } from '../../text/width.js';
import { FieldBox } from './FieldBox.js';
import { formRows, matchingSuggestions, type FormState, type Row } from './formModel.js';
import { recordName } from './context.js';
import { formWhatIf, WHAT_IF_AFTER } from './whatIf.js';

const MAX_TOP_LINES = 4;
const TEXT_BOX = 40;
/** Room kept beside the boxes for a hint ("a whole number, such as 60"); boxes give it up down to MIN_TEXT_BOX. */
const HINT_ROOM = 28;
const MIN_TEXT_BOX = 20;

function rowLabel(form: FormState, row: Row): string {
  switch (row.kind) {
    case 'field':
      return `${row.field.label}${row.field.required ? ' *' : ''}`;
    case 'queries':
      return `${row.field.label} (${form.queries.length})`;
    case 'query':
      return row.part === 'name'
        ? `  Query ${row.index + 1} name`
        : `    ${row.part}${row.part === 'limit' ? ' *' : ''}`;
  }
}

/** The name of a record a form refers to, when it has been read (null: none to show). */
export type FormNames = ((resource: ResourceName, id: string) => string | undefined) | null;

function rowHint(form: FormState, row: Row, names: FormNames): string {
  switch (row.kind) {
    case 'field':
      if (row.field.references)
        // The key first: the label already says what the field holds, and a narrow terminal cuts the end.
        return [
          // The record the id names, as lists show names beside ids.
          referencedName(form, row.id, row.field.kind === 'reference' ? row.field.references : undefined, names),
          row.field.kind === 'reference-list'
            ? 'ids, comma-separated · Ctrl+P adds one from a list'
            : 'Ctrl+P picks from a list',
          row.field.hint,
        ]
          .filter(Boolean)
          .join(' · ');
      // The hint fits the field: "such as 30" for a window, not a target's 99.9.
      if (row.field.kind === 'integer')
        return row.field.hint ?? `a whole number${row.field.example ? `, such as ${row.field.example}` : ''}`;
      if (row.field.kind === 'numeric-string')
        return row.field.example ? `a number, such as ${row.field.example}` : (row.field.hint ?? 'a number');
      return row.field.hint ?? '';
    case 'queries':
      return form.queries.length === 0
        ? 'none yet · Ctrl+N adds a query'
        : 'Ctrl+N adds a query · Ctrl+D removes the one the cursor is in';
    case 'query':
      return row.part === 'name' ? 'rename by editing' : row.part === 'limit' ? 'a whole number' : '';
  }
}

function referencedName(
  form: FormState,
  id: string,
  resource: ResourceName | undefined,
  names: FormNames,
): string | undefined {
  const value = form.editors[id]?.value.trim();
  if (!resource || !value || !names) return undefined;
  const name = names(resource, value);
  return name === undefined ? undefined : `“${truncate(sanitizeLine(name), 40)}”`;
}

export function FormScreen({
  form,
  width,
  height,
  names = null,
}: {
  form: FormState;
  names?: FormNames;
  width: number;
  height: number;
}): React.JSX.Element {
  const theme = useTheme();
  const rows = formRows(form);
  const focus = Math.min(form.focus, rows.length - 1);
  const title = form.bulk
    ? `Set on ${form.bulk.records.length} marked ${form.bulk.records.length === 1 ? form.def.kind : form.def.plural} (fields left empty stay as they are)`
    : form.mode === 'create'
      ? `New ${form.def.kind}`
      : `Edit ${recordName(form.def, form.record!)}`;

  const top: { text: string; tone: 'error' | 'ask' }[] = [];
  if (form.draftOffer) {
    const fields = Object.keys(form.draftOffer.values).length;
    for (const line of wrap(
      `A draft from ${form.draftOffer.when} is kept (${fields} field${fields === 1 ? '' : 's'}): r or Enter restores it · n starts fresh and removes it · Esc closes, keeping it`,
      width,
    ))
      top.push({ text: line, tone: 'ask' });
  }
  if (form.confirmDiscard)
    for (const line of wrap(
      'Discard what you typed? [y/N] y discards it · n, Esc or Enter goes back to the form',
      width,
    ))
      top.push({ text: line, tone: 'ask' });
  for (const e of form.topErrors) for (const line of wrap(e, width)) top.push({ text: line, tone: 'error' });
  const topShown = top.slice(0, MAX_TOP_LINES);

  const focusedRow = rows[focus];
  const suggestions = matchingSuggestions(form, focusedRow);
  const extraLine = suggestions.length > 0;
  // Field errors whole under the form (the line beside a field has room for a few words only),
  // using at most half the height so the fields stay in view.
  const errorLines = rows
    .filter((row) => form.errors[row.id])
    .flatMap((row) =>
      wrap(`${rowLabel(form, row).trim().replace(/ \*$/, '')}: ${sanitizeLine(form.errors[row.id]!)}`, width),
    )
    .slice(0, Math.max(0, Math.floor((height - 1 - topShown.length) / 2)));
  const whatIf = form.bulk ? null : formWhatIf(form, new Date());
  const available = Math.max(
    1,
    height - 1 - topShown.length - (extraLine ? 1 : 0) - (whatIf ? 1 : 0) - errorLines.length,
  );
  const start = windowStart(focus, rows.length, available);
  const shown = rows.slice(start, start + available);

  const labelWidth = Math.min(
    Math.max(...rows.map((r) => textWidth(rowLabel(form, r)))) + 1,
    Math.max(8, Math.floor(width / 3)),
  );
  const room = Math.max(4, width - 2 - labelWidth - 2);
  const textBox = Math.max(MIN_TEXT_BOX, Math.min(TEXT_BOX, room - 2 - HINT_ROOM));
  const status = form.submitting ? ' · Saving…' : '';
  const position = rows.length > available ? ` · fields ${start + 1}-${start + shown.length} of ${rows.length}` : '';

  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {truncate(`${title} · Ctrl+S saves · Esc cancels${status}${position}`, width)}
      </Text>
      {topShown.map((line, i) => (
        <Text key={`top${i}`} wrap="truncate-end" color={line.tone === 'error' ? theme.error : undefined} bold>
          {line.text || ' '}
        </Text>
      ))}
      {shown.map((row, i) => {
        const index = start + i;
        const focused = index === focus;
        const error = form.errors[row.id];
        const label = fit(rowLabel(form, row), labelWidth);
        if (row.kind === 'queries') {
          const note = error ?? rowHint(form, row, names);
          return (
            <Text key={row.id} wrap="truncate-end" {...selectionStyle(theme, focused)}>
              {focused ? '› ' : '  '}
              {label}
              <Text color={error ? theme.error : undefined} dimColor={!error}>
                {truncate(note, Math.max(0, width - 2 - labelWidth))}
              </Text>
            </Text>
          );
        }
        const boxWidth = Math.max(
          3,
          Math.min(room, row.kind === 'field' && row.field.kind === 'multiline' ? room : textBox),
        );
        const after = Math.max(0, width - 2 - labelWidth - boxWidth - 2 - 2);
        const note = error ?? rowHint(form, row, names);
        const line = (
          <Box key={row.id} width={width} height={1} overflow="hidden">
            <Text wrap="truncate-end">
              <Text bold={focused}>{focused ? '› ' : '  '}</Text>
              <Text bold={focused}>{label}</Text>
              <FieldBox
                editor={form.editors[row.id] ?? EMPTY_EDITOR}
                width={boxWidth}
                focused={focused && !form.confirmDiscard && !form.draftOffer}
              />
              {note && after > 0 ? (
                <Text color={error ? theme.error : undefined} dimColor={!error} bold={Boolean(error)}>
                  {'  '}
                  {truncate(sanitizeLine(note), after)}
                </Text>
              ) : null}
            </Text>
          </Box>
        );
        // The values in use stand right under the field they are for.
        const used =
          focused && extraLine ? (
            <Text dimColor wrap="truncate-end">
              {truncate(
                `${' '.repeat(labelWidth + 2)}used: ${suggestions.join(' · ')}  (→ at the end takes “${suggestions[0]}”)`,
                width,
              )}
            </Text>
          ) : null;
        const showWhatIf = whatIf && row.id === WHAT_IF_AFTER;
        if (!showWhatIf && !used) return line;
        return (
          <React.Fragment key={row.id}>
            {line}
            {used}
            {showWhatIf ? (
              <Text dimColor={!whatIf.valid} color={whatIf.valid ? theme.accent : undefined} wrap="truncate-end">
                {truncate(`${' '.repeat(labelWidth + 2)}${sanitizeLine(whatIf.text)}`, width)}
              </Text>
            ) : null}
          </React.Fragment>
        );
      })}
      {errorLines.map((line, i) => (
        <Text key={`error${i}`} wrap="truncate-end" color={theme.error}>
          {line || ' '}
        </Text>
      ))}
    </Box>
  );
}
