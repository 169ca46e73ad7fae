/**
 * The generic detail screen: every field of a record, scrolled to the
 * position the UI store holds, within the space it is given (never taller
 * than the terminal). Screens that need more (an SLO's SLI) wrap it and pass
 * annotations. It reports its line count and record to the layout, which the
 * keys read.
 */
import React, { useLayoutEffect, useMemo } from 'react';
import { Box, Text } from 'ink';
import type { ResourceDef } from '../../api/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import type { Layout } from '../controller.js';
import { Spinner } from '../components/Spinner.js';
import { useTheme } from '../components/theme.js';
import { errorSentence } from '../errorText.js';
import { truncate, wrap } from '../../text/width.js';
import { buildDetailLines, type Annotations, type DetailLine } from './detailLines.js';
import type { RecordState } from './useRecord.js';

export interface RecordDetailProps {
  def: ResourceDef;
  id: string;
  state: RecordState;
  width: number;
  height: number;
  now: Date;
  scroll: number;
  layout: Layout;
  annotations?: Annotations;
}

const Line = React.memo(function Line({ line }: { line: DetailLine }): React.JSX.Element {
  const theme = useTheme();
  return (
    <Text wrap="truncate-end" dimColor={line.tone === 'dim'} bold={line.tone === 'heading'} color={line.tone === 'note' ? theme.accent : undefined}>
      {line.label !== undefined ? <Text bold>{line.label}</Text> : null}
      {line.text || ' '}
    </Text>
  );
});

export function RecordDetail({ def, id, state, width, height, now, scroll, layout, annotations }: RecordDetailProps): React.JSX.Element {
  const theme = useTheme();
  const { record } = state;
  const errorLines = useMemo(() => (state.error !== null ? wrap(`${errorSentence(state.error)} Press r to retry.`, width).slice(0, 3) : []), [state.error, width]);
  const bodyHeight = Math.max(1, height - 1 - errorLines.length);
  const lines = useMemo(() => (record ? buildDetailLines(def, record, width, now, annotations) : []), [def, record, width, now, annotations]);
  const maxOffset = Math.max(0, lines.length - bodyHeight);
  const top = Math.min(scroll, maxOffset);

  useLayoutEffect(() => {
    layout.detail = { lines: lines.length, visible: bodyHeight, record: record ?? undefined, reload: state.reload };
  });

  const name = record ? sanitizeLine(def.label(record)) : sanitizeLine(id);
  const range = lines.length > bodyHeight ? ` · lines ${top + 1}-${Math.min(lines.length, top + bodyHeight)} of ${lines.length}` : '';
  const title = truncate(`${def.singular.toUpperCase()} ${name}${range}`, width);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Box height={1} width={width}>
        <Box flexShrink={1} marginRight={2}>
          <Text bold color={theme.accent} wrap="truncate-end">
            {title}
          </Text>
        </Box>
        {state.loading ? (
          <Box flexShrink={0}>
            <Spinner label={`Reading ${def.singular} ${truncate(sanitizeLine(id), 20)}…`} />
          </Box>
        ) : null}
      </Box>
      {errorLines.map((text, i) => (
        <Text key={`e${i}`} color={theme.error} wrap="truncate-end">
          {text}
        </Text>
      ))}
      <Box flexDirection="column" height={bodyHeight} overflow="hidden">
        {lines.slice(top, top + bodyHeight).map((line, i) => (
          <Line key={top + i} line={line} />
        ))}
      </Box>
    </Box>
  );
}
