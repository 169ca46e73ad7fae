/**
 * The record payload of `create` and `update`: read from --file (or stdin),
 * parsed as JSON, and/or given field by field with --set FIELD=VALUE (each
 * value read as its field takes it; over the file's, --set wins), and checked
 * against the registry before anything is sent (update: every field optional,
 * at least one given).
 *
 * - Fields the service sets (`id`, `created_at`, `updated_at`) and nulls are
 *   left out with a note, so `get --json > f; update -f f` works.
 * - A field the resource does not have is refused, naming the field it
 *   probably meant: a misspelt field would otherwise be ignored by the server
 *   and the command would "succeed" changing nothing.
 * - Wrong values are explained in our words (`"30"`, not 30).
 */
import type { z } from 'zod';
import { SlotuiError } from '../api/errors.js';
import { describeFieldIssue, SERVER_SET_FIELDS } from '../api/fieldProblems.js';
import { idsOf, numberTextOf, wholeNumberOf } from '../api/fieldText.js';
import { MAX_NESTING, nestsDeeperThan } from '../api/nesting.js';
import type { ResourceView } from '../presentation/resources.js';
import { createSchemaOf, patchSchemaOf } from '../api/schemas.js';
import { closestWord } from '../text/suggest.js';
import { usageError } from './args.js';
import { parseJsonInput, readTextInput } from './input.js';

const MAX_FIELDS_SHOWN = 4;

export interface PayloadOptions {
  /** Field names the profile maps onto the service's own: known too. */
  extraFields?: readonly string[];
}

export interface Payload {
  fields: Record<string, unknown>;
  /** Sentences for stderr: what was left out and why. */
  notes: string[];
}

/** Where the fields come from: a file (a path, or "-" for stdin), --set's FIELD=VALUE entries, or both. */
export interface PayloadSource {
  file?: string | undefined;
  set?: readonly string[];
}

export async function readPayload(
  def: ResourceView,
  source: PayloadSource,
  stdin: NodeJS.ReadableStream,
  mode: 'create' | 'update',
  options: PayloadOptions = {},
): Promise<Payload> {
  const set = source.set ?? [];
  const fromFile = source.file === undefined ? undefined : await readJsonObject(def, source.file, stdin);
  const name = fromFile ? (set.length ? `${fromFile.name} with --set` : fromFile.name) : '--set';
  const given = { ...fromFile?.json, ...fieldsFromSet(def, set, mode) };
  const { fields, notes } = leaveOutServerFields(given, def);
  refuseUnknownFields(fields, def, name, mode, options.extraFields ?? []);
  if (mode === 'update' && Object.keys(fields).length === 0) {
    throw new SlotuiError(
      'validation',
      `${name} holds no fields to change. Give the fields to change, such as ${fromFile ? '{"name": "..."}' : '--set name=checkout'}.`,
    );
  }
  const schema = mode === 'create' ? createSchemaOf(def) : patchSchemaOf(def);
  const result = schema.safeParse(fields);
  if (!result.success) throw invalidFields(def, result.error.issues, fields, name);
  // The user's own object is sent (extra fields a profile maps included).
  return { fields, notes };
}

async function readJsonObject(
  def: ResourceView,
  file: string,
  stdin: NodeJS.ReadableStream,
): Promise<{ json: Record<string, unknown>; name: string }> {
  const { text, name } = await readTextInput(file, stdin);
  const json = parseJsonInput(text, name);
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new SlotuiError(
      'validation',
      `${name} must hold one JSON object ({...}) with the fields of ${a(def.singular)}.`,
    );
  }
  if (nestsDeeperThan(json)) {
    throw new SlotuiError(
      'validation',
      `${name} nests more than ${MAX_NESTING} levels deep; a record needs 3. Flatten the nested values and try again; nothing was sent.`,
    );
  }
  return { json: json as Record<string, unknown>, name };
}

/**
 * --set's entries as fields, each value read as its field takes it, as the dashboard's forms read
 * what is typed (src/api/fieldText.ts): a whole number for an integer field, a number kept as text
 * for a numeric one ("99.95"), ids for a list of references, the text as it is otherwise. Queries
 * are objects: a file's. A field the resource does not have is kept as text, to be refused with
 * the file's fields.
 */
function fieldsFromSet(
  def: ResourceView,
  entries: readonly string[],
  mode: 'create' | 'update',
): Record<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    if (equals <= 0)
      throw usageError(
        `--set ${safe(entry)} needs a field and a value: FIELD=VALUE, such as --set target_value=99.95.`,
        mode,
      );
    const key = entry.slice(0, equals);
    const value = entry.slice(equals + 1);
    if (fields.has(key)) throw usageError(`--set gives ${safe(key)} twice; give each field once.`, mode);
    const field = def.fields.find((f) => f.key === key);
    if (field?.kind === 'integer') {
      const n = wholeNumberOf(value);
      if (typeof n !== 'number') {
        const takes =
          n === 'too large' ? `no larger than ${Number.MAX_SAFE_INTEGER}` : `such as ${field.example ?? '30'}`;
        throw new SlotuiError(
          'validation',
          `--set ${safe(key)}=${safe(value)}: ${key} takes a whole number, ${takes}; nothing was sent.`,
        );
      }
      fields.set(key, n);
    } else if (field?.kind === 'numeric-string') {
      const number = numberTextOf(value);
      if (number === undefined)
        throw new SlotuiError(
          'validation',
          `--set ${safe(key)}=${safe(value)}: ${key} takes a number, such as ${field.example ?? '99.9'}; nothing was sent.`,
        );
      fields.set(key, number);
    } else if (field?.kind === 'reference-list') fields.set(key, idsOf(value));
    else if (field?.kind === 'queries')
      throw new SlotuiError(
        'validation',
        `--set cannot give ${key}: its queries are objects. Give them in a JSON file with --file (\`slotui get ${def.name} ID --json\` writes one to start from); nothing was sent.`,
      );
    else fields.set(key, value);
  }
  return Object.fromEntries(fields);
}

function leaveOutServerFields(input: Record<string, unknown>, def: ResourceView): Payload {
  // Entries, not assignment: a key called __proto__ stays a field (and is refused as unknown).
  const kept: [string, unknown][] = [];
  const serverSet: string[] = [];
  const nulls: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if ((SERVER_SET_FIELDS as readonly string[]).includes(key)) serverSet.push(key);
    else if (value === null && def.fields.some((f) => f.key === key && !f.required)) nulls.push(key);
    else kept.push([key, value]);
  }
  const notes: string[] = [];
  if (serverSet.length)
    notes.push(`Left out ${list(serverSet)}: the service sets ${serverSet.length === 1 ? 'it' : 'them'}.`);
  if (nulls.length) notes.push(`Left out ${list(nulls)}: null means "not set" and is not sent.`);
  return { fields: Object.fromEntries(kept), notes };
}

function refuseUnknownFields(
  fields: Record<string, unknown>,
  def: ResourceView,
  name: string,
  mode: 'create' | 'update',
  extra: readonly string[],
): void {
  const known = [...def.fields.map((f) => f.key), ...extra];
  const unknown = Object.keys(fields).filter((key) => !known.includes(key));
  if (unknown.length === 0) return;
  const described = unknown.slice(0, MAX_FIELDS_SHOWN).map((key) => {
    const meant = closestWord(key, known);
    return `"${safe(key)}"${meant ? ` (did you mean "${meant}"?)` : ''}`;
  });
  const more = unknown.length > MAX_FIELDS_SHOWN ? ` and ${unknown.length - MAX_FIELDS_SHOWN} more` : '';
  const what = unknown.length === 1 ? 'is not a field' : 'are not fields';
  throw new SlotuiError(
    'validation',
    `${name}: ${described.join(', ')}${more} ${what} of ${a(def.singular)}; nothing was sent. \`slotui ${mode} ${def.name} --help\` lists the fields.`,
  );
}

function invalidFields(
  def: ResourceView,
  issues: readonly z.core.$ZodIssue[],
  fields: Record<string, unknown>,
  name: string,
): SlotuiError {
  const missing: string[] = [];
  // A Map: field names come from the user's file.
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '(record)';
    const sentence = describeFieldIssue(def, issue, fields);
    if (issue.path.length === 1 && sentence === 'is required') missing.push(field);
    const messages = byField.get(field) ?? [];
    if (!messages.includes(sentence)) messages.push(sentence);
    byField.set(field, messages);
  }
  const fieldErrors = Object.fromEntries(byField);
  const problems = [...byField].filter(([field]) => !missing.includes(field));
  const parts = [
    ...(missing.length ? [`missing ${missing.join(', ')}`] : []),
    ...problems.slice(0, MAX_FIELDS_SHOWN).map(([field, messages]) => `${field} ${messages.join('; ')}`),
  ];
  const more = problems.length > MAX_FIELDS_SHOWN ? `; and ${problems.length - MAX_FIELDS_SHOWN} more` : '';
  return new SlotuiError(
    'validation',
    `${name} does not fit ${a(def.singular)} (${parts.join('; ')}${more}). Fix these fields and try again; nothing was sent.`,
    { fieldErrors },
  );
}

const safe = (text: string): string => {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 39)}…` : clean;
};
const list = (keys: readonly string[]): string => keys.join(', ');
/** "an slo" (said ess-el-oh), "an organization", "a name". */
const a = (word: string): string => `${/^(?:[aeiou]|sl[io]\b)/i.test(word) ? 'an' : 'a'} ${word}`;
