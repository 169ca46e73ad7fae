/**
 * The body while the forms layer has something open: the form, the picker
 * over it, the delete question, or a note while the user's editor runs.
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { ViewRegistry } from '../../presentation/resources.js';
import { useTheme } from '../components/theme.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { truncate, wrap } from '../../text/width.js';
import { FormScreen, type FormNames } from './FormScreen.js';
import { recordName } from './context.js';
import type { BulkState, FormsState } from './formsStore.js';
import { PickerScreen } from './PickerScreen.js';
import { counted } from '../../text/count.js';

export function FormsView({
  registry,
  state,
  names = null,
  width,
  height,
}: {
  registry: ViewRegistry;
  state: FormsState;
  names?: FormNames;
  width: number;
  height: number;
}): React.JSX.Element | null {
  const theme = useTheme();
  switch (state.kind) {
    case 'none':
      return null;
    case 'form':
      return state.picker ? (
        <PickerScreen def={registry.get(state.picker.resource)} picker={state.picker} width={width} height={height} />
      ) : (
        <FormScreen form={state.form} names={names} width={width} height={height} />
      );
    case 'delete': {
      const name = recordName(registry.get(state.resource), state.record);
      const usedBy = state.usedBy;
      const lines: { text: string; bold: boolean; error: boolean; dim?: boolean; danger?: boolean }[] = [
        ...wrap(`Delete ${name}? [y/N]`, width).map((text) => ({ text, bold: true, error: false, danger: true })),
        ...(usedBy
          ? wrap(usedBy.text, width).map((text) => ({
              text,
              bold: usedBy.state === 'found',
              error: usedBy.state === 'found',
              dim: usedBy.state === 'checking' || usedBy.state === 'none',
            }))
          : []),
        { text: state.deleting ? 'Deleting…' : 'y deletes it · n, Esc or Enter keeps it', bold: false, error: false },
        ...(state.error ? wrap(state.error, width).map((text) => ({ text, bold: true, error: true })) : []),
      ];
      return (
        <Box flexDirection="column" width={width} height={height} overflow="hidden">
          {lines.map((l, i) => (
            <Text
              key={i}
              bold={l.bold}
              color={l.error ? theme.error : l.danger ? theme.danger : undefined}
              dimColor={l.dim === true}
              wrap="truncate-end"
            >
              {truncate(l.text, width) || ' '}
            </Text>
          ))}
        </Box>
      );
    }
    case 'delete-many':
    case 'bulk-plan':
      return <BulkView registry={registry} state={state} width={width} height={height} />;
    case 'external':
      return (
        <Box flexDirection="column" width={width} height={height} overflow="hidden">
          <Text wrap="truncate-end">
            {truncate(`Editing ${recordName(registry.get(state.resource), state.record)} in your editor…`, width)}
          </Text>
        </Box>
      );
  }
}

/** The question about the marked records: how many, what refers to them or the plan, and what failed. */
function BulkView({
  registry,
  state,
  width,
  height,
}: {
  registry: ViewRegistry;
  state: BulkState;
  width: number;
  height: number;
}): React.JSX.Element {
  const theme = useTheme();
  const def = registry.get(state.resource);
  const count = (n: number) => counted(n, def.kind, def.plural);
  const left = state.records.length - state.done.length;
  type Line = { text: string; bold?: boolean; error?: boolean; dim?: boolean; danger?: boolean };
  const lines: Line[] = [];
  if (state.kind === 'delete-many') {
    lines.push(...wrap(`Delete ${count(left)}? [y/N]`, width).map((text) => ({ text, bold: true, danger: true })));
    const usedBy = state.usedBy;
    if (usedBy)
      lines.push(
        ...wrap(usedBy.text, width).map((text) => ({
          text,
          bold: usedBy.state === 'found',
          error: usedBy.state === 'found',
          dim: usedBy.state === 'checking' || usedBy.state === 'none',
        })),
      );
    for (const record of state.records)
      if (!state.done.includes(record.id)) lines.push({ text: `- ${recordName(def, record)}`, dim: true });
  } else {
    const changing = state.lines.filter((l) => l.changes && !state.done.includes(l.id)).length;
    lines.push(
      ...wrap(
        `Send ${changing === 1 ? 'this change' : `these ${changing} changes`}? [y/N] (one PATCH a record)`,
        width,
      ).map((text) => ({ text, bold: true })),
    );
    for (const line of state.lines)
      if (!state.done.includes(line.id)) lines.push({ text: line.text, dim: !line.changes });
  }
  for (const failure of state.failures)
    lines.push(...wrap(`${failure.id}: ${failure.sentence}`, width).map((text) => ({ text, error: true })));
  lines.push({
    text: state.sending
      ? `Sending… ${state.done.length} of ${state.records.length} done`
      : state.failures.length > 0
        ? `${state.failures.length} failed: y tries them again (nothing done is sent twice) · n keeps them marked`
        : state.kind === 'delete-many'
          ? 'y deletes them · n, Esc or Enter keeps them'
          : 'y sends the plan · n, Esc or Enter sends nothing',
  });
  // The question and the keys stay in view; the records between them are cut when they do not fit.
  const fitted =
    lines.length <= height ? lines : [...lines.slice(0, height - 2), { text: '…', dim: true }, lines.at(-1)!];
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {fitted.map((l, i) => (
        <Text
          key={i}
          bold={l.bold === true}
          color={l.error ? theme.error : l.danger ? theme.danger : undefined}
          dimColor={l.dim === true}
          wrap="truncate-end"
        >
          {truncate(sanitizeLine(l.text), width) || ' '}
        </Text>
      ))}
    </Box>
  );
}
