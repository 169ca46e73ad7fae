/**
 * From what was typed to what is sent: each field's kind turns its text into
 * a JSON value (an integer, a number kept as a string, a list of ids, the
 * queries map); then the registry's zod create schema checks the payload
 * (made partial for an edit, which sends only the changed fields). Errors come
 * back by row id, so they show on the field they are about; the server's 400
 * field messages are mapped the same way.
 */
import { formulaNames } from '../../domain/lint.js';
import { idsOf, numberTextOf, wholeNumberOf } from '../../api/fieldText.js';
import type { FieldDef } from '../../api/resources.js';
import { createSchemaOf, patchSchemaOf } from '../../api/schemas.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { QUERY_PARTS, formRows, queryRowId, valueOf, type FormState } from './formModel.js';

export interface Built {
  payload: Record<string, unknown>;
  /** By row id; `''` is the form as a whole (top of the form). */
  errors: Record<string, string>;
  topErrors: string[];
}

const INTEGER_MESSAGE = 'Must be a whole number, such as 60.';
const NUMBER_MESSAGE = 'Must be a number, such as 99.9.';

/** An integer field's text: a safe integer, or an error sentence. */
function parseInteger(text: string): number | string {
  const n = wholeNumberOf(text);
  if (n === 'not whole') return INTEGER_MESSAGE;
  return n === 'too large' ? 'Too large for a whole number.' : n;
}

/** A numeric-string field's text: the trimmed text when it reads as a finite number. */
function parseNumericString(text: string): string | { error: string } {
  return numberTextOf(text) ?? { error: NUMBER_MESSAGE };
}

/** One field's value for the payload; undefined leaves it out (empty and optional). */
function fieldValue(field: FieldDef, text: string, mode: 'create' | 'edit'): { value?: unknown; error?: string } {
  const empty = text.trim() === '';
  switch (field.kind) {
    case 'integer':
      if (empty) return mode === 'edit' ? { error: 'Type a whole number (an empty value cannot be sent).' } : {};
      {
        const n = parseInteger(text);
        return typeof n === 'number' ? { value: n } : { error: n };
      }
    case 'numeric-string':
      if (empty)
        return field.required
          ? { value: '' }
          : mode === 'edit'
            ? { error: 'Type a number (an empty value cannot be sent).' }
            : {};
      {
        const n = parseNumericString(text);
        return typeof n === 'string' ? { value: n } : { error: n.error };
      }
    case 'reference-list':
      return empty && mode === 'create' ? {} : { value: idsOf(text) };
    case 'reference':
      return { value: text.trim() };
    case 'text':
    case 'multiline':
      // Required fields go to the schema even when empty: it says "Required." on them.
      return empty && !field.required && mode === 'create' ? {} : { value: text };
    case 'queries':
      return {};
  }
}

/** The queries rows as the service's map; errors by row id. */
function buildQueries(form: FormState, errors: Record<string, string>): Record<string, unknown> {
  // A Map: a query may be called constructor or __proto__ (`in` would find those on any object).
  const map = new Map<string, unknown>();
  for (const uid of form.queries) {
    const name = valueOf(form, queryRowId(uid, 'name')).trim();
    if (name === '') errors[queryRowId(uid, 'name')] = 'A query needs a name.';
    else if (map.has(name)) errors[queryRowId(uid, 'name')] = 'Another query has this name.';
    const limit = parseInteger(valueOf(form, queryRowId(uid, 'limit')));
    if (typeof limit === 'string') errors[queryRowId(uid, 'limit')] = limit;
    const entry: Record<string, unknown> = { limit };
    for (const part of ['select', 'from', 'where'] as const) entry[part] = valueOf(form, queryRowId(uid, part));
    if (name !== '') map.set(name, entry);
  }
  return Object.fromEntries(map);
}

/** The row a payload path (`service_level_indicator_id`, `queries.p95.limit`) is about, or undefined. */
function rowForPath(form: FormState, path: string): string | undefined {
  const [head, name, part] = path.split('.');
  if (head === 'queries' && name !== undefined) {
    const uid = form.queries.find((u) => valueOf(form, queryRowId(u, 'name')).trim() === name);
    if (uid === undefined) return 'queries';
    const known = QUERY_PARTS.find((p) => p === part);
    return queryRowId(uid, known ?? 'name');
  }
  return formRows(form).some((r) => r.id === head) ? head : undefined;
}

/** Field messages (zod's or the server's) placed on their rows; the rest go on top, with their field named. */
export function placeErrors(form: FormState, messages: Record<string, readonly string[]>, into: Built): void {
  for (const [path, list] of Object.entries(messages)) {
    const text = sanitizeLine(list.join(' ')).slice(0, 300);
    if (text === '') continue;
    const row = path === '' ? undefined : rowForPath(form, path);
    if (row !== undefined) {
      into.errors[row] ??= text;
    } else {
      into.topErrors.push(path === '' ? text : `${sanitizeLine(path).slice(0, 80)}: ${text}`);
    }
  }
}

/** The JSON of a value, to compare what was typed with what the record had. */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Builds and checks the payload: every field for a create, only the changed
 * ones for an edit. The payload is the schema's output (trimmed where the
 * schema trims); it is empty when nothing changed.
 */
export function buildPayload(form: FormState): Built {
  const out: Built = { payload: {}, errors: {}, topErrors: [] };
  const raw: Record<string, unknown> = {};
  const queriesErrors: Record<string, string> = {};
  for (const field of form.def.fields) {
    if (field.kind === 'queries') {
      const changed =
        form.mode === 'create'
          ? form.queries.length > 0
          : JSON.stringify(form.queries.map((uid) => QUERY_PARTS.map((p) => valueOf(form, queryRowId(uid, p))))) !==
            form.initialQueries;
      if (!changed) continue;
      const map = buildQueries(form, queriesErrors);
      if (form.mode === 'edit' && same(map, form.record?.[field.key] ?? {})) continue;
      raw[field.key] = map;
      continue;
    }
    const text = valueOf(form, field.key);
    if (form.mode === 'edit' && text === form.initial[field.key]) continue;
    const { value, error } = fieldValue(field, text, form.mode);
    if (error) out.errors[field.key] = error;
    else if (value !== undefined) raw[field.key] = value;
  }
  Object.assign(out.errors, queriesErrors);
  checkFormulaNames(form, raw, out);

  const schema = form.mode === 'edit' ? patchSchemaOf(form.def) : createSchemaOf(form.def);
  const result = schema.safeParse(raw);
  if (!result.success) {
    const messages: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      // Our own parsing already said something more precise about this field.
      if (out.errors[rowForPath(form, path) ?? '\u0000'] !== undefined) continue;
      (messages[path] ??= []).push(issue.message);
    }
    placeErrors(form, messages, out);
  } else {
    // zod leaves out a query called __proto__; the queries map built above is the one checked, kept whole.
    const queries = Object.hasOwn(raw, 'queries') ? { queries: raw.queries } : {};
    out.payload = { ...(result.data as Record<string, unknown>), ...queries };
  }
  return out;
}

/**
 * A formula that names a query the record does not have is refused at saving, as `slotui lint`
 * would find it (rule unknown-query; names are identifier tokens), when the formula or the
 * queries change: a record saved for another reason is not held up by an old mistake.
 */
function checkFormulaNames(form: FormState, raw: Record<string, unknown>, out: Built): void {
  const formula = form.def.fields.find((f) => f.key === 'formula');
  const queries = form.def.fields.find((f) => f.kind === 'queries');
  if (!formula || !queries || out.errors[formula.key] !== undefined) return;
  if (form.mode === 'edit' && !Object.hasOwn(raw, formula.key) && !Object.hasOwn(raw, queries.key)) return;
  const names = form.queries.map((uid) => valueOf(form, queryRowId(uid, 'name')).trim()).filter(Boolean);
  const unknown = [...new Set(formulaNames(valueOf(form, formula.key)))].filter((name) => !names.includes(name));
  if (unknown.length === 0) return;
  out.errors[formula.key] =
    `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not among the queries (${names.length > 0 ? names.join(', ') : 'there are none'}): add ${unknown.length === 1 ? 'it' : 'them'} with Ctrl+N, or fix the name.`;
}

export const hasErrors = (built: Built): boolean => Object.keys(built.errors).length > 0 || built.topErrors.length > 0;
