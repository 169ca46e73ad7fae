/**
 * The record payload of `create` and `update`: read from --file (or stdin),
 * parsed as JSON, and checked with the registry's zod schema before anything
 * is sent (update: every field optional, at least one given).
 */
import { z } from 'zod';
import { SlotuiError } from '../api/errors.js';
import type { ResourceDef } from '../api/resources.js';
import { parseJsonInput, readTextInput } from './input.js';

const MAX_FIELDS_SHOWN = 4;

export async function readPayload(
  def: ResourceDef,
  file: string,
  stdin: NodeJS.ReadableStream,
  mode: 'create' | 'update',
): Promise<Record<string, unknown>> {
  const { text, name } = await readTextInput(file, stdin);
  const json = parseJsonInput(text, name);
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new SlotuiError('validation', `${name} must hold one JSON object ({...}) with the fields of ${article(def.singular)} ${def.singular}.`);
  }
  const payload = json as Record<string, unknown>;
  if (mode === 'update' && Object.keys(payload).length === 0) {
    throw new SlotuiError('validation', `${name} holds no fields to change. Give the fields to change, such as {"name": "..."}.`);
  }
  const schema = mode === 'create' ? def.create : partialOf(def.create);
  const result = schema.safeParse(payload);
  if (!result.success) {
    const missing: string[] = [];
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || '(record)';
      if (isMissing(issue, payload)) missing.push(field);
      (fieldErrors[field] ??= []).push(isMissing(issue, payload) ? 'Required.' : issueText(issue));
    }
    const problems = Object.entries(fieldErrors).filter(([field]) => !missing.includes(field));
    const parts = [
      ...(missing.length ? [`missing ${missing.join(', ')}`] : []),
      ...problems.slice(0, MAX_FIELDS_SHOWN).map(([field, messages]) => `${field}: ${messages.join(' ').replace(/\.$/, '')}`),
    ];
    const more = problems.length > MAX_FIELDS_SHOWN ? `; and ${problems.length - MAX_FIELDS_SHOWN} more` : '';
    throw new SlotuiError('validation', `${name} does not fit ${article(def.singular)} ${def.singular} (${parts.join('; ')}${more}). Fix these fields and try again; nothing was sent.`, { fieldErrors });
  }
  // The user's own object is sent (fields slotui does not know included: the server decides about them).
  return payload;
}

/** The create schema with every field optional (a PATCH sends only what changes). */
function partialOf(schema: ResourceDef['create']): ResourceDef['create'] {
  return schema instanceof z.ZodObject ? (schema.partial() as unknown as ResourceDef['create']) : schema;
}

/** A required field that the payload does not have at all. */
function isMissing(issue: z.core.$ZodIssue, payload: Record<string, unknown>): boolean {
  const [first] = issue.path;
  return issue.code === 'invalid_type' && issue.path.length === 1 && typeof first === 'string' && !Object.hasOwn(payload, first);
}

/** zod's message, printable and short, ending with a full stop. */
function issueText(issue: z.core.$ZodIssue): string {
  const text = issue.message.replace(/[^\x20-\x7e]/g, '').slice(0, 120);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');
