/**
 * Details of one record: every field, scrolled to the position the UI store
 * holds, within the space it is given (never taller than the terminal). The
 * record comes from the dashboard's record store; under each reference field
 * stand the names of the records it points at, the one Enter opens marked ›.
 * It reports its line count to the viewport, which the scroll keys read.
 */
import React, { useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { Box, Text } from 'ink';
import type { Registry } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import { SlotuiError } from '../../api/errors.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { Spinner } from '../components/Spinner.js';
import { useTheme } from '../components/theme.js';
import { errorSentence } from '../errorText.js';
import type { DetailEntry } from '../state/navigation.js';
import type { RecordStore } from '../state/recordStore.js';
import type { ViewportStore } from '../state/viewport.js';
import { truncate, wrap } from '../../text/width.js';
import { buildDetailLines, type Annotations, type DetailLine } from './detailLines.js';
import { referencesOf } from './references.js';
import { sloCardLines } from './sloCard.js';

export interface DetailScreenProps {
  registry: Registry;
  entry: DetailEntry & { scroll: number; reference: number };
  records: RecordStore;
  viewport: ViewportStore;
  width: number;
  height: number;
  /** The injected clock ("3 days ago" is measured from it). */
  clock: () => Date;
  /** What the burn calculator was asked (SLO details; '' for nothing). */
  burnQuestion?: string;
}

const Line = React.memo(function Line({ line }: { line: DetailLine }): React.JSX.Element {
  const theme = useTheme();
  return (
    <Text
      wrap="truncate-end"
      dimColor={line.tone === 'dim'}
      bold={line.tone === 'heading'}
      color={line.tone === 'note' ? theme.accent : undefined}
    >
      {line.label !== undefined ? <Text bold>{line.label}</Text> : null}
      {line.text || ' '}
    </Text>
  );
});

const isNotFound = (error: unknown): boolean => error instanceof SlotuiError && error.kind === 'not-found';

/** The lines under each reference field: the names of the records it points at. */
function referenceAnnotations(
  registry: Registry,
  records: RecordStore,
  resource: DetailEntry['resource'],
  record: ApiRecord | null,
  marked: number,
): Annotations {
  const refs = referencesOf(registry, resource, record);
  const notes: Annotations = {};
  refs.forEach((ref, i) => {
    const def = registry.get(ref.resource);
    const state = records.get(ref.resource, ref.id);
    const id = truncate(sanitizeLine(ref.id), 40);
    const what = state.record
      ? `${def.kind} “${sanitizeLine(def.label(state.record))}”`
      : state.loading
        ? `${def.kind} ${id}: reading its name…`
        : isNotFound(state.error)
          ? `${def.kind} ${id}: points nowhere (no ${def.kind} has this id)`
          : state.error !== null
            ? `${def.kind} ${id}: its name could not be read. ${errorSentence(state.error)} r reads it again.`
            : `${def.kind} ${id}`;
    const isMarked = i === Math.min(marked, refs.length - 1);
    const text = `${isMarked ? '› ' : '  '}${what}${isMarked ? ' · Enter opens it' : ''}`;
    (notes[ref.field] ??= []).push({ text, tone: 'note' });
  });
  return notes;
}

export function DetailScreen({
  registry,
  entry,
  records,
  viewport,
  width,
  height,
  clock,
  burnQuestion = '',
}: DetailScreenProps): React.JSX.Element {
  const theme = useTheme();
  const version = useSyncExternalStore(records.subscribe, records.getSnapshot);
  const def = registry.get(entry.resource);
  const state = records.get(entry.resource, entry.id);
  const record = state.record ?? entry.record ?? null;
  // One reading of the clock per version of the record keeps the lines memoised between renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const now = useMemo(() => clock(), [clock, record]);
  // `version` changes when a referenced record's name arrives: the store is read again then.
  const annotations = useMemo(
    () => referenceAnnotations(registry, records, entry.resource, record, entry.reference),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [registry, records, entry.resource, record, entry.reference, version],
  );
  const errorLines = useMemo(() => {
    if (state.error === null) return [];
    // An id nothing has (`:slo ID` mistyped, or deleted): say it in the resource's name, and what each key does here.
    const sentence = isNotFound(state.error)
      ? `No ${def.kind} has the id ${truncate(sanitizeLine(entry.id), 40)}: it may have been deleted, or the id is mistyped. Esc goes back; r reads it again.`
      : `${errorSentence(state.error)} Press r to retry.`;
    return wrap(sentence, width).slice(0, 3);
  }, [state.error, width, def, entry.id]);
  const bodyHeight = Math.max(1, height - 1 - errorLines.length);
  // An SLO opens with its budget card, tiers, burn answer and ladder, above its fields.
  const card = useMemo(
    () => (record && entry.resource === 'slos' ? sloCardLines(record, now, width, burnQuestion) : []),
    [record, entry.resource, now, width, burnQuestion],
  );
  const fields = useMemo(
    () => (record ? buildDetailLines(def, record, width, now, annotations) : []),
    [def, record, width, now, annotations],
  );
  const lines = useMemo(() => [...card, ...fields], [card, fields]);
  const maxOffset = Math.max(0, lines.length - bodyHeight);
  const top = Math.min(entry.scroll, maxOffset);

  useLayoutEffect(() => {
    viewport.measure('detail', { lines: lines.length, visible: bodyHeight });
  });

  const name = record ? sanitizeLine(def.label(record)) : sanitizeLine(entry.id);
  const range =
    lines.length > bodyHeight
      ? ` · lines ${top + 1}-${Math.min(lines.length, top + bodyHeight)} of ${lines.length}`
      : '';
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
            <Spinner label={`Reading ${def.singular} ${truncate(sanitizeLine(entry.id), 20)}…`} />
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
