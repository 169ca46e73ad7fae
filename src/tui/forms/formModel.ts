/**
 * A form as plain data, generated from the registry's `fields`: one row per
 * field (the SLI's queries expand into rows of their own), one line editor
 * per row, the focus, the errors. Pure functions only, so keys that arrive
 * before a render are applied in order and tests can drive it alone.
 */
import type { FieldDef } from '../../api/resources.js';
import type { ResourceView } from '../../presentation/resources.js';
import type { ApiRecord } from '../../api/record.js';
import type { Key } from 'ink';
import { EMPTY_EDITOR, editLine, insertText, type EditorState } from '../text/lineEditor.js';
import { cleanInput, cleanLines } from '../text/input.js';
import { normalizeLineBreaks, oneLine } from '../input/paste.js';

export const QUERY_PARTS = ['name', 'select', 'from', 'where', 'limit'] as const;
export type QueryPart = (typeof QUERY_PARTS)[number];

export type Row =
  | { kind: 'field'; id: string; field: FieldDef }
  /** The queries field itself: a heading row (Ctrl+N adds a query there). */
  | { kind: 'queries'; id: 'queries'; field: FieldDef }
  | { kind: 'query'; id: string; uid: number; part: QueryPart; index: number };

/** A kept draft of this record, offered back when the form opened (draftController.ts). */
interface DraftOffer {
  /** When it was kept, as shown: `03:12`, or with the date another day. */
  when: string;
  values: Record<string, unknown>;
}

export interface FormState {
  def: ResourceView;
  mode: 'create' | 'edit';
  /** The record being edited. */
  record?: ApiRecord;
  /** A bulk edit of the marked records: every field starts empty, and the fields filled in are set on each of them. */
  bulk?: { records: ApiRecord[] };
  /** One editor per row id (field key, or `q:<uid>:<part>`). */
  editors: Record<string, EditorState>;
  /** What the editors held when the form opened (to know what changed). */
  initial: Record<string, string>;
  /** Query entries in order, by uid (uids are never reused within a form). */
  queries: number[];
  initialQueries: string;
  nextUid: number;
  focus: number;
  /** Inline errors by row id. */
  errors: Record<string, string>;
  /** Errors for no field on the form (a server message about an unknown field, a failure). */
  topErrors: string[];
  submitting: boolean;
  /** Esc was pressed with something typed: "discard?" is being asked. */
  confirmDiscard: boolean;
  /** Values used by existing records, per field key (suggestFromRecords). */
  suggestions: Record<string, string[]>;
  /** A draft of this record is kept: restore it or start fresh (asked before anything is typed). */
  draftOffer?: DraftOffer | null;
  /**
   * The service's version of the record (its JSON) that changed since the form opened, once said:
   * a second Ctrl+S saves over that version (a newer change is said again).
   */
  overwrites?: string;
  /** A target out of range already said once (targetCheck.ts): the next Ctrl+S saves it as typed. */
  warnedTarget?: string;
}

export const queryRowId = (uid: number, part: QueryPart): string => `q:${uid}:${part}`;

const editorOf = (value: string): EditorState => ({ value, cursor: value.length });

/** The text a record's value shows in a field. */
function fieldText(field: FieldDef, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'reference-list') return Array.isArray(value) ? value.map(String).join(', ') : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Longest text a field's editor takes (a huge paste is cut, never a hang). */
export function maxLengthOf(field: FieldDef | undefined): number {
  return field?.kind === 'multiline' ? 10_000 : 1000;
}

export function openForm(def: ResourceView, record?: ApiRecord): FormState {
  const editors: Record<string, EditorState> = {};
  const queries: number[] = [];
  let nextUid = 1;
  for (const field of def.fields) {
    if (field.kind === 'queries') {
      const map = record?.[field.key];
      if (map && typeof map === 'object' && !Array.isArray(map)) {
        for (const [name, raw] of Object.entries(map as Record<string, unknown>)) {
          const q = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
          const uid = nextUid++;
          queries.push(uid);
          editors[queryRowId(uid, 'name')] = editorOf(name);
          for (const part of ['select', 'from', 'where', 'limit'] as const) {
            const v = q[part];
            editors[queryRowId(uid, part)] = editorOf(v === undefined || v === null ? '' : String(v));
          }
        }
      }
      continue;
    }
    editors[field.key] = editorOf(fieldText(field, record?.[field.key]));
  }
  const state: FormState = {
    def,
    mode: record ? 'edit' : 'create',
    record,
    editors,
    initial: {},
    queries,
    initialQueries: '',
    nextUid,
    focus: 0,
    errors: {},
    topErrors: [],
    submitting: false,
    confirmDiscard: false,
    suggestions: {},
  };
  state.initial = Object.fromEntries(Object.entries(editors).map(([k, e]) => [k, e.value]));
  state.initialQueries = queriesText(state);
  return state;
}

/**
 * What a draft keeps of the form: the fields changed since it opened (for an
 * edit, only what the user changed, so restoring it over a record read again
 * keeps other changes), the queries whole when they changed. A value holding
 * `secret` (the session's token, pasted by mistake) is left out.
 */
export function draftValues(form: FormState, secret?: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of form.def.fields) {
    if (field.kind === 'queries') {
      if (queriesText(form) !== form.initialQueries)
        values[field.key] = form.queries.map((uid) =>
          Object.fromEntries(QUERY_PARTS.map((part) => [part, valueOf(form, queryRowId(uid, part))])),
        );
      continue;
    }
    const text = valueOf(form, field.key);
    if (text !== form.initial[field.key]) values[field.key] = text;
  }
  if (secret && secret.length >= 8)
    for (const [key, value] of Object.entries(values)) if (JSON.stringify(value).includes(secret)) delete values[key];
  return values;
}

/** The form with a draft's values typed back in (what it does not know is ignored); the offer answered. */
export function restoreDraft(form: FormState, values: Record<string, unknown>): FormState {
  let next: FormState = { ...form, draftOffer: null, focus: 0 };
  for (const field of form.def.fields) {
    const value = values[field.key];
    if (field.kind === 'queries') {
      if (Array.isArray(value)) next = withQueries(next, value);
    } else if (typeof value === 'string') {
      next = setValue(next, field.key, value.slice(0, maxLengthOf(field)));
    }
  }
  return next;
}

/** The form's queries replaced by these entries ({name, select, from, where, limit}). */
function withQueries(form: FormState, entries: readonly unknown[]): FormState {
  const editors = { ...form.editors };
  for (const uid of form.queries) for (const part of QUERY_PARTS) delete editors[queryRowId(uid, part)];
  let nextUid = form.nextUid;
  const queries: number[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue;
    const uid = nextUid++;
    queries.push(uid);
    for (const part of QUERY_PARTS) {
      const value = (entry as Record<string, unknown>)[part];
      editors[queryRowId(uid, part)] = editorOf(typeof value === 'string' ? value.slice(0, 1000) : '');
    }
  }
  return { ...form, editors, queries, nextUid };
}

/** Every row, in focus order. */
export function formRows(form: FormState): Row[] {
  const rows: Row[] = [];
  for (const field of form.def.fields) {
    if (field.kind !== 'queries') {
      rows.push({ kind: 'field', id: field.key, field });
      continue;
    }
    rows.push({ kind: 'queries', id: 'queries', field });
    form.queries.forEach((uid, index) => {
      for (const part of QUERY_PARTS) rows.push({ kind: 'query', id: queryRowId(uid, part), uid, part, index });
    });
  }
  return rows;
}

export const valueOf = (form: FormState, id: string): string => form.editors[id]?.value ?? '';

/** The query entries as typed (for change detection and the payload). */
function queriesText(form: FormState): string {
  return JSON.stringify(form.queries.map((uid) => QUERY_PARTS.map((p) => valueOf(form, queryRowId(uid, p)))));
}

/** Was anything typed or changed since the form opened? */
export function isDirty(form: FormState): boolean {
  if (queriesText(form) !== form.initialQueries) return true;
  return Object.entries(form.initial).some(([k, v]) => valueOf(form, k) !== v);
}

export function focusedRow(form: FormState): Row | undefined {
  const rows = formRows(form);
  return rows[Math.min(form.focus, rows.length - 1)];
}

/** Tab and Shift+Tab: the next or previous field, round from the last to the first and back. */
export function moveFocus(form: FormState, delta: number): FormState {
  const count = formRows(form).length;
  if (count === 0) return form;
  const focus = (((form.focus + delta) % count) + count) % count;
  return focus === form.focus ? form : { ...form, focus };
}

export function isLastRow(form: FormState): boolean {
  return form.focus >= formRows(form).length - 1;
}

function setEditor(form: FormState, id: string, editor: EditorState): FormState {
  const errors = { ...form.errors };
  // The error was about the old text: typing clears it.
  delete errors[id];
  return { ...form, editors: { ...form.editors, [id]: editor }, errors };
}

export function setValue(form: FormState, id: string, value: string): FormState {
  return setEditor(form, id, editorOf(value));
}

/** Adds an empty query (limit 100 as a start) and puts the cursor in its name. */
export function addQuery(form: FormState): FormState {
  const uid = form.nextUid;
  const editors = { ...form.editors };
  for (const part of QUERY_PARTS) editors[queryRowId(uid, part)] = part === 'limit' ? editorOf('100') : EMPTY_EDITOR;
  const next: FormState = { ...form, editors, queries: [...form.queries, uid], nextUid: uid + 1 };
  const focus = formRows(next).findIndex((r) => r.id === queryRowId(uid, 'name'));
  return { ...next, focus };
}

/** Removes the query the focus is in; the focus stays on the row now at that place. */
export function removeFocusedQuery(form: FormState): FormState {
  const row = focusedRow(form);
  if (row?.kind !== 'query') return form;
  const editors = { ...form.editors };
  const errors = { ...form.errors };
  for (const part of QUERY_PARTS) {
    delete editors[queryRowId(row.uid, part)];
    delete errors[queryRowId(row.uid, part)];
  }
  const next: FormState = { ...form, editors, errors, queries: form.queries.filter((u) => u !== row.uid) };
  const firstOfQuery = formRows(form).findIndex((r) => r.kind === 'query' && r.uid === row.uid);
  return {
    ...next,
    focus: Math.max(0, Math.min(formRows(next).length - 1, firstOfQuery - (next.queries.length > row.index ? 0 : 1))),
  };
}

/** Suggestions for the focused field that match what is typed (case-insensitive), without the exact value. */
export function matchingSuggestions(form: FormState, row: Row | undefined): string[] {
  if (row?.kind !== 'field') return [];
  const all = form.suggestions[row.id] ?? [];
  const typed = valueOf(form, row.id).trim().toLowerCase();
  return all.filter((s) => s.toLowerCase() !== typed && s.toLowerCase().includes(typed)).slice(0, 8);
}

/** What → takes: the first matching suggestion, or, on a value that is one, the next (so → cycles through them). */
export function nextSuggestion(form: FormState, row: Row | undefined): string | undefined {
  if (row?.kind !== 'field') return undefined;
  const all = form.suggestions[row.id] ?? [];
  const typed = valueOf(form, row.id).trim().toLowerCase();
  const current = all.findIndex((s) => s.toLowerCase() === typed);
  if (current >= 0) return all.length > 1 ? all[(current + 1) % all.length] : undefined;
  return matchingSuggestions(form, row)[0];
}

/**
 * A key typed into the focused field: the form with it, the form as it was
 * (a form being sent keeps what was sent shown), or undefined when the key is
 * not text for this row (the queries row, an arrow the editor leaves alone).
 */
export function typeInto(form: FormState, input: string, key: Key): FormState | undefined {
  const row = focusedRow(form);
  if (!row || row.kind === 'queries') return undefined;
  if (form.submitting) return form;
  const field = row.kind === 'field' ? row.field : undefined;
  const edited = editLine(form.editors[row.id] ?? EMPTY_EDITOR, input, key, maxLengthOf(field));
  return edited ? setEditor(form, row.id, edited) : undefined;
}

/**
 * A bracketed paste into the focused field, as one value that never moves the focus: a field of
 * several lines keeps its line breaks and tabs; any other takes one line ('has-lines' when the
 * paste has more). Undefined when the focused row takes no text (the queries heading).
 */
export function pasteInto(form: FormState, text: string): FormState | 'has-lines' | undefined {
  const row = focusedRow(form);
  if (!row || row.kind === 'queries') return undefined;
  if (form.submitting) return form;
  const field = row.kind === 'field' ? row.field : undefined;
  let clean: string;
  if (field?.kind === 'multiline') clean = cleanLines(normalizeLineBreaks(text));
  else {
    const line = oneLine(text);
    if (line === undefined) return 'has-lines';
    clean = cleanInput(line.replace(/\t/g, ' '));
  }
  return setEditor(form, row.id, insertText(form.editors[row.id] ?? EMPTY_EDITOR, clean, maxLengthOf(field)));
}
