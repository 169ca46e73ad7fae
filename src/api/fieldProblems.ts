/**
 * What is wrong with a record's field, in our words: a zod issue of a
 * registry schema becomes a sentence that names the form the field needs
 * (`"30"`, not 30), so a user never reads zod's own wording. Pure: used where
 * a payload is checked before it is sent.
 */
import type { z } from 'zod';
import { RESOURCES, type FieldDef, type ResourceDef } from './resources.js';

/** Fields the service sets itself: dropped from a payload rather than refused. */
export const SERVER_SET_FIELDS = ['id', 'created_at', 'updated_at'] as const;

type Issue = z.core.$ZodIssue;

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A value as it would be written in JSON, short. */
function shown(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a number too large to use';
  const text = JSON.stringify(value) ?? String(value);
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 30 ? `${clean.slice(0, 29)}…` : clean;
}

const exampleOf = (field: FieldDef | undefined, fallback: string): string => field?.example ?? fallback;

function numberInQuotes(value: unknown, field: FieldDef | undefined): string {
  const example = exampleOf(field, '99.9');
  if (typeof value === 'number' && Number.isFinite(value))
    return `must be a number in quotes: "${value}", not ${value}`;
  if (typeof value === 'string' && value.trim() === '')
    return `is empty; give a number in quotes, such as "${example}"`;
  return `must be a number in quotes, such as "${example}" (got ${shown(value)})`;
}

function wholeNumber(value: unknown, example: string): string {
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value))
    return `must be a whole number without quotes: ${value.trim()}, not "${value.trim()}"`;
  return `must be a whole number, such as ${example} (got ${shown(value)})`;
}

function text(issue: Issue, value: unknown): string {
  if (issue.code === 'too_small')
    return typeof value === 'string' && value.trim() === '' ? 'must not be empty' : 'is too short';
  if (issue.code === 'too_big') return `is longer than ${String((issue as { maximum?: unknown }).maximum)} characters`;
  if (typeof value === 'number' || typeof value === 'boolean')
    return `must be text in quotes: "${String(value)}", not ${String(value)}`;
  return `must be text in quotes (got ${shown(value)})`;
}

const QUERY_EXAMPLE = '{"p95": {"select": "…", "from": "…", "where": "…", "limit": 100}}';

function queries(issue: Issue, value: unknown): string {
  const [, name, part] = issue.path;
  if (name === undefined) return `must be an object of named queries, such as ${QUERY_EXAMPLE}`;
  if (part === undefined)
    return 'must be a query: an object with "select", "from", "where" (text) and "limit" (a whole number)';
  if (part === 'limit')
    return value === undefined ? 'is missing (a whole number, such as 100)' : wholeNumber(value, '100');
  return value === undefined ? 'is missing (text in quotes)' : text(issue, value);
}

/** An id of the resource a reference field points at, as the sandbox makes them: `sli-000001`. */
function exampleId(field: FieldDef): string {
  const prefix = field.references ? (RESOURCES[field.references]?.idPrefix ?? field.references) : 'id';
  return `${prefix}-000001`;
}

/** The sentence for one issue of the resource's create schema (without the field's name). */
export function describeFieldIssue(def: ResourceDef, issue: Issue, body: unknown): string {
  const key = String(issue.path[0] ?? '');
  const field = def.fields.find((f) => f.key === key);
  const value = valueAt(body, issue.path);
  if (issue.path.length === 1 && value === undefined) return 'is required';
  switch (field?.kind) {
    case 'numeric-string':
      return numberInQuotes(value, field);
    case 'integer':
      return wholeNumber(value, exampleOf(field, '60'));
    case 'reference':
      return typeof value === 'string' && value.trim() === ''
        ? 'must not be empty'
        : `must be an id in quotes, such as "${exampleId(field)}"`;
    case 'reference-list':
      return issue.path.length > 1
        ? `must hold ids in quotes (got ${shown(value)})`
        : `must be a list of ids, such as ["${exampleId(field)}"]`;
    case 'queries':
      return queries(issue, value);
    case 'text':
    case 'multiline':
      return text(issue, value);
    default:
      return 'has a value slotui cannot use here';
  }
}
