/**
 * The /v1 resource endpoints: list (GET), create (POST) on /v1/<name>/ and
 * read (GET), update (PATCH), delete (DELETE) on /v1/<name>/<id>/. Payloads
 * are checked with the same zod schemas the client uses (src/api/schemas.ts).
 */
import type { z } from 'zod';
import { RESOURCE_NAMES, type ResourceName } from '../api/resources.js';
import { createSchemaOf, patchSchemaOf } from '../api/schemas.js';
import { emptyReply, errorReply, jsonReply, type FieldErrors, type Reply } from './reply.js';
import type { Store } from './store.js';

export interface ApiContext {
  store: Store;
  maxLimit: number;
  /** The origin put in front of absolute next/previous links. */
  origin: string;
  /** Saves the data after a change (a no-op without a data file). */
  persist(): Promise<void>;
}

export interface ApiRequest {
  method: string;
  url: URL;
  contentType: string | undefined;
  body: string;
}

export const DEFAULT_LIMIT = 10;

const COLLECTION_PATH = /^\/v1\/([^/]+)\/?$/;
const ITEM_PATH = /^\/v1\/([^/]+)\/([^/]+)\/?$/;

const NOT_FOUND = 'Not found.';

export async function handleApi(ctx: ApiContext, req: ApiRequest): Promise<Reply> {
  const path = req.url.pathname;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const item = ITEM_PATH.exec(path);
  const collection = item ? undefined : COLLECTION_PATH.exec(path);
  const resource = (item ?? collection)?.[1];
  if (!resource || !isResourceName(resource)) return errorReply(404, NOT_FOUND);

  if (collection) {
    if (method === 'GET') return list(ctx, resource, req.url);
    if (method === 'POST') return create(ctx, resource, req);
    return methodNotAllowed('GET, HEAD, POST');
  }

  let id: string;
  try {
    id = decodeURIComponent(item![2]!);
  } catch {
    return errorReply(404, NOT_FOUND);
  }
  if (method === 'GET') return read(ctx, resource, id);
  if (method === 'PATCH') return update(ctx, resource, id, req);
  if (method === 'DELETE') return remove(ctx, resource, id);
  return methodNotAllowed('GET, HEAD, PATCH, DELETE');
}

function isResourceName(name: string): name is ResourceName {
  return (RESOURCE_NAMES as readonly string[]).includes(name);
}

function methodNotAllowed(allow: string): Reply {
  return errorReply(405, `This method is not allowed here; use ${allow.replace(/, ([A-Z]+)$/, ' or $1')}.`, undefined, { allow });
}

// ---- list ----

function list(ctx: ApiContext, resource: ResourceName, url: URL): Reply {
  const errors: FieldErrors = {};
  const limitAsked = parseWhole(url.searchParams.get('limit'), DEFAULT_LIMIT, 1);
  const offset = parseWhole(url.searchParams.get('offset'), 0, 0);
  if (limitAsked === undefined) errors.limit = ['Must be a whole number, 1 or more.'];
  if (offset === undefined) errors.offset = ['Must be a whole number, 0 or more.'];
  if (limitAsked === undefined || offset === undefined) return errorReply(400, 'The list parameters are not valid.', errors);

  // Larger asks are capped, not refused; the links carry the limit actually used.
  const limit = Math.min(limitAsked, ctx.maxLimit);
  const records = ctx.store.collections[resource];
  const total = records.total;
  const link = (o: number) => `${ctx.origin}/v1/${resource}/?limit=${limit}&offset=${o}`;
  return jsonReply(200, {
    total,
    results: records.page(offset, limit),
    next: offset + limit < total ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, Math.min(offset, total) - limit)) : null,
  });
}

/** A non-negative decimal integer (no signs, exponents or fractions), at least `min`; undefined when invalid. */
function parseWhole(raw: string | null, fallback: number, min: number): number | undefined {
  if (raw === null) return fallback;
  if (!/^\d{1,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min ? n : undefined;
}

// ---- read, create, update, delete ----

function read(ctx: ApiContext, resource: ResourceName, id: string): Reply {
  const record = ctx.store.collections[resource].get(id);
  return record ? jsonReply(200, record) : errorReply(404, NOT_FOUND);
}

async function create(ctx: ApiContext, resource: ResourceName, req: ApiRequest): Promise<Reply> {
  const parsed = parseBody(req, createSchemaOf(resource));
  if (!parsed.ok) return parsed.reply;
  const refErrors = checkReferences(ctx.store, resource, parsed.value);
  if (refErrors) return errorReply(400, 'Some fields are not valid.', refErrors);
  const record = ctx.store.collections[resource].insert(parsed.value, ctx.store.timestamp());
  await ctx.persist();
  return jsonReply(201, record);
}

async function update(ctx: ApiContext, resource: ResourceName, id: string, req: ApiRequest): Promise<Reply> {
  const records = ctx.store.collections[resource];
  if (!records.has(id)) return errorReply(404, NOT_FOUND);
  const parsed = parseBody(req, patchSchemaOf(resource));
  if (!parsed.ok) return parsed.reply;
  const refErrors = checkReferences(ctx.store, resource, parsed.value);
  if (refErrors) return errorReply(400, 'Some fields are not valid.', refErrors);
  const record = records.update(id, parsed.value, ctx.store.timestamp());
  await ctx.persist();
  return jsonReply(200, record);
}

async function remove(ctx: ApiContext, resource: ResourceName, id: string): Promise<Reply> {
  // Records that refer to the deleted one keep the dangling id, as many real services allow.
  if (!ctx.store.collections[resource].remove(id)) return errorReply(404, NOT_FOUND);
  await ctx.persist();
  return emptyReply(204);
}

// ---- bodies and validation ----

type Parsed = { ok: true; value: Record<string, unknown> } | { ok: false; reply: Reply };

function parseBody(req: ApiRequest, schema: z.ZodType<Record<string, unknown>>): Parsed {
  const mediaType = req.contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return { ok: false, reply: errorReply(415, 'The body must be JSON, sent with Content-Type: application/json.') };
  }
  let json: unknown;
  try {
    json = JSON.parse(req.body);
  } catch {
    return { ok: false, reply: errorReply(400, 'The body is not valid JSON.') };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, reply: errorReply(400, 'The body must be a JSON object.') };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, reply: errorReply(400, 'Some fields are not valid.', fieldErrors(result.error, json)) };
}

/** zod issues as {"field.path": ["message"]}, with plain messages for missing fields and wrong types. */
function fieldErrors(error: z.ZodError, body: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    (errors[key] ??= []).push(messageOf(issue, valueAt(body, issue.path)));
  }
  return errors;
}

function messageOf(issue: z.core.$ZodIssue, value: unknown): string {
  if (value === undefined) return 'This field is required.';
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    const expected = String(issue.expected);
    return `Must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}.`;
  }
  return issue.message;
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Ids that must point at existing records (checked on create, and on update when given). */
function checkReferences(store: Store, resource: ResourceName, body: Record<string, unknown>): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const { slis, slos, organizations } = store.collections;
  if (resource === 'slos' && typeof body.service_level_indicator_id === 'string' && !slis.has(body.service_level_indicator_id)) {
    errors.service_level_indicator_id = [`No SLI has the id ${body.service_level_indicator_id}.`];
  }
  if (resource === 'agreements') {
    if (typeof body.organization_id === 'string' && !organizations.has(body.organization_id)) {
      errors.organization_id = [`No organization has the id ${body.organization_id}.`];
    }
    if (Array.isArray(body.slo_ids)) {
      const missing = body.slo_ids.filter((id): id is string => typeof id === 'string' && !slos.has(id));
      if (missing.length > 0) errors.slo_ids = missing.map((id) => `No SLO has the id ${id}.`);
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
