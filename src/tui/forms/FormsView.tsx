/**
 * The body while the forms layer has something open: the form, the picker
 * over it, the delete question, or a note while the user's editor runs.
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { ViewRegistry } from '../../presentation/resources.js';
import { useTheme } from '../components/theme.js';
import { truncate, wrap } from '../../text/width.js';
import { FormScreen, type FormNames } from './FormScreen.js';
import { recordName } from './context.js';
import type { FormsState } from './formsStore.js';
import { PickerScreen } from './PickerScreen.js';

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
      const lines: { text: string; bold: boolean; error: boolean; dim?: boolean }[] = [
        ...wrap(`Delete ${name}? [y/N]`, width).map((text) => ({ text, bold: true, error: false })),
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
              color={l.error ? theme.error : undefined}
              dimColor={l.dim === true}
              wrap="truncate-end"
            >
              {truncate(l.text, width) || ' '}
            </Text>
          ))}
        </Box>
      );
    }
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
