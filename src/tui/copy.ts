/**
 * `y` and `Y`: a record's id, or a Markdown summary of it, put on the
 * clipboard through OSC 52 (the writer wraps it for tmux). The summary of an
 * SLO is its target, window, budget, SLI and first page tier (the SLO math);
 * of any other record, its fields, with names beside the ids it refers to.
 */
import type { RecordIndex } from '../api/recordIndex.js';
import type { ResourceName } from '../api/resources.js';
import type { ResourceView } from '../presentation/resources.js';
import type { ApiRecord } from '../api/record.js';
import { idsIn, nameBesideId, type RecordLookup, type Relations } from '../domain/relations.js';
import { markdownSummary, type SummaryItem } from '../domain/summary.js';
import { extensionOf } from './extensions.js';
import { clipboardSequence } from '../text/osc.js';
import { sanitizeLine } from '../text/sanitize.js';
import { truncate } from '../text/width.js';
import type { RecordStore } from './state/recordStore.js';

/** Names from the index, else from the records the details have read. */
function namesLookup(index: RecordIndex, records: RecordStore): RecordLookup {
  return {
    records: (resource) => index.records(resource),
    get: (resource, id) => index.get(resource, id) ?? records.get(resource, id).record ?? undefined,
    isComplete: (resource) => index.isComplete(resource),
  };
}

const text = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);

export function recordSummary(
  def: ResourceView,
  record: ApiRecord,
  relations: Relations,
  index: RecordIndex,
  records: RecordStore,
  now: Date,
): string {
  const resource = def.name;
  const lookup = namesLookup(index, records);
  const name = relations.model.name(resource, record);
  const title = `${relations.model.noun(resource, false)} ${name === record.id ? record.id : `${name} (${record.id})`}`;
  const refName = (to: ResourceName, id: string) => nameBesideId(relations.resolveRef(to, id, lookup));
  let items: SummaryItem[];
  const ownItems = extensionOf(resource).summaryItems;
  if (ownItems) {
    items = ownItems(record, refName, now);
  } else {
    items = def.fields
      .filter((f) => f.key !== 'name')
      .map((field) => {
        const reference = relations.model.references.find((r) => r.from === resource && r.field === field.key);
        const value = reference
          ? idsIn(record, reference)
              .map((id) => refName(reference.to, id))
              .join(', ')
          : text(record[field.key]);
        return { label: field.label, value };
      });
  }
  return markdownSummary(title, items);
}

/** The records as a Markdown table of the list's columns, cells as the list shows them (`|` escaped). */
export function markdownTable(def: ResourceView, records: readonly ApiRecord[], now: number): string {
  const cell = (text: string) => sanitizeLine(text).replaceAll('|', '\\|');
  const header = `| ${def.columns.map((c) => cell(c.header)).join(' | ')} |`;
  const rule = `|${def.columns.map((c) => (c.align === 'right' ? '---:' : '---')).join('|')}|`;
  const rows = records.map((record) => `| ${def.columns.map((c) => cell(c.get(record, now))).join(' | ')} |`);
  return `${[header, rule, ...rows].join('\n')}\n`;
}

export interface Copier {
  copyId(resource: ResourceName, record: ApiRecord): string;
  copySummary(resource: ResourceName, record: ApiRecord): string;
  /** Copies any text; `what` names it in the sentence said after. */
  copyText(content: string, what: string): string;
}

/** The most a copy sends (a 1 MiB description made a 1.4 MB OSC 52 that terminals and tmux drop or choke on). */
export const COPY_LIMIT_BYTES = 64 * 1024;

/** The text cut to at most `limit` bytes of UTF-8, never inside a character; and whether it was cut. */
function cutToBytes(content: string, limit: number): { text: string; cut: boolean } {
  if (content.length <= limit / 3 || Buffer.byteLength(content, 'utf8') <= limit) return { text: content, cut: false };
  const { read } = new TextEncoder().encodeInto(content, new Uint8Array(limit));
  return { text: content.slice(0, read), cut: true };
}

const mebibytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;

/**
 * The sentence for the message line after copying (or why nothing was). What is copied is what the
 * screen shows (an id sanitised as drawn), at most COPY_LIMIT_BYTES, said when cut. Whether the
 * terminal took it cannot be known here (OSC 52 has no answer), so the sentence says it was sent.
 */
export function createCopier(
  write: ((sequence: string) => void) | undefined,
  summary: (resource: ResourceName, record: ApiRecord) => string,
  relations: Relations,
  inTmux = false,
): Copier {
  const copy = (content: string, what: string): string => {
    if (!write) return 'Copying is not available here.';
    const { text: sent, cut } = cutToBytes(content, COPY_LIMIT_BYTES);
    write(clipboardSequence(sent));
    const cutNote = cut
      ? ` (cut to its first ${mebibytes(COPY_LIMIT_BYTES)} of ${mebibytes(Buffer.byteLength(content, 'utf8'))})`
      : '';
    const where = inTmux
      ? 'tmux lets it out with set-clipboard on or allow-passthrough on'
      : 'it arrives where the terminal allows OSC 52';
    return `Sent ${what}${cutNote} to the clipboard: ${where}.`;
  };
  const shown = (id: string) => truncate(sanitizeLine(id), 40);
  return {
    // What the screen shows: the id as drawn, with no line break or bidi control the screen leaves out.
    copyId: (resource, record) => copy(sanitizeLine(record.id), `the id ${shown(record.id)}`),
    copyText: copy,
    copySummary: (resource, record) => {
      const content = summary(resource, record);
      const lines = content.trimEnd().split('\n').length;
      return copy(
        content,
        `a Markdown summary of ${relations.model.noun(resource, false)} ${shown(record.id)} (${lines} lines)`,
      );
    },
  };
}
