/**
 * Details of one record as drawn: every field, scrolled to the position the
 * UI state holds, within the height given. Under each reference field stand
 * the names of the records it points at, the one Enter opens marked ›. The
 * line count it works out is what the scroll keys read.
 */
import { SlotuiError } from '../../api/errors.js';
import type { ApiRecord } from '../../api/record.js';
import type { ViewRegistry, ResourceView } from '../../presentation/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { truncate, wrap } from '../../text/width.js';
import { errorSentence } from '../text/errorSentence.js';
import type { DetailEntry } from '../state/navigation.js';
import type { RecordStore } from '../state/recordStore.js';
import { memoLast } from '../view/memo.js';
import { buildDetailLines, type Annotations, type DetailLine } from './detailLines.js';
import { referencesOf } from './references.js';
import { extensionOf } from '../extensions.js';

export interface DetailBody {
  kind: 'detail';
  /** Changes when another record's details are shown (the view starts afresh). */
  key: string;
  title: string;
  /** "Reading SLO slo-000001…" while the record is read. */
  loading: string | null;
  errorLines: string[];
  /** The lines in view. */
  lines: readonly DetailLine[];
  /** First line shown. */
  top: number;
  /** Lines the details have, and lines that fit. */
  room: { lines: number; visible: number };
}

const isNotFound = (error: unknown): boolean => error instanceof SlotuiError && error.kind === 'not-found';

/** The lines under each reference field: the names of the records it points at. */
function referenceAnnotations(
  registry: ViewRegistry,
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

/** One reading of the clock per version of a record: "3 days ago" holds still while the record does. */
const readAt = new WeakMap<ApiRecord, Date>();

const allLines = memoLast(
  (def: ResourceView, record: ApiRecord | null, width: number, now: Date, notes: string, burn: string) => {
    if (!record) return [];
    const annotations = JSON.parse(notes) as Annotations;
    // An SLO opens with its budget card, tiers, burn answer and ladder, above its fields.
    const card = extensionOf(def.name).detailCard?.(record, now, width, burn) ?? [];
    return [...card, ...buildDetailLines(def, record, width, now, annotations)];
  },
);

/** The first line shown so that the lines marked inView are (their start first when they do not all fit). */
function inViewTop(lines: readonly DetailLine[], top: number, visible: number): number {
  const first = lines.findIndex((l) => l.inView);
  if (first < 0) return top;
  let last = first;
  while (lines[last + 1]?.inView) last++;
  if (first < top) return first;
  if (last >= top + visible) return Math.min(first, last - visible + 1);
  return top;
}

export function detailBody(
  registry: ViewRegistry,
  records: RecordStore,
  entry: DetailEntry & { scroll: number; reference: number },
  depth: number,
  width: number,
  height: number,
  clock: () => Date,
  burnQuestion: string,
  /** An input line is open over the details (the burn calculator): the lines it answers with are brought into view. */
  answering = false,
): DetailBody {
  const def = registry.get(entry.resource);
  const state = records.get(entry.resource, entry.id);
  const record = state.record ?? entry.record ?? null;
  let now = record ? readAt.get(record) : undefined;
  if (!now) {
    now = clock();
    if (record) readAt.set(record, now);
  }
  const notes = JSON.stringify(referenceAnnotations(registry, records, entry.resource, record, entry.reference));
  const lines = allLines(def, record, width, now, notes, burnQuestion);
  const errorLines = state.deleted
    ? wrap(
        `Deleted elsewhere: ${def.kind} ${truncate(sanitizeLine(entry.id), 40)} is no longer on the service. What shows is its last copy; Esc goes back.`,
        width,
      ).slice(0, 3)
    : state.error === null
      ? []
      : // An id nothing has (`:slo ID` mistyped, or deleted): say it in the resource's name, and what each key does here.
        wrap(
          isNotFound(state.error)
            ? `No ${def.kind} has the id ${truncate(sanitizeLine(entry.id), 40)}: it may have been deleted, or the id is mistyped. Esc goes back; r reads it again.`
            : `${errorSentence(state.error)} Press r to retry.`,
          width,
        ).slice(0, 3);
  const visible = Math.max(1, height - 1 - errorLines.length);
  const top = answering
    ? inViewTop(lines, Math.min(entry.scroll, Math.max(0, lines.length - visible)), visible)
    : Math.min(entry.scroll, Math.max(0, lines.length - visible));
  const name = record ? sanitizeLine(def.label(record)) : sanitizeLine(entry.id);
  const range =
    lines.length > visible ? ` · lines ${top + 1}-${Math.min(lines.length, top + visible)} of ${lines.length}` : '';
  return {
    kind: 'detail',
    key: `${depth}:${entry.resource}:${entry.id}`,
    title: truncate(
      `${def.singular.toUpperCase()} ${name}${range}${state.deleted ? ' · deleted elsewhere' : state.stale ? ' · STALE' : ''}`,
      width,
    ),
    loading: state.loading ? `Reading ${def.singular} ${truncate(sanitizeLine(entry.id), 20)}…` : null,
    errorLines,
    lines: lines.slice(top, top + visible),
    top,
    room: { lines: lines.length, visible },
  };
}
