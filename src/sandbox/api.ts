/**
 * The /v1 resource endpoints: list (GET), create (POST) on /v1/<name>/ and
 * read (GET), update (PATCH), delete (DELETE) on /v1/<name>/<id>/. Payloads
 * are checked with the same zod schemas the client uses (src/api/schemas.ts).
 */
import type { z } from 'zod';
import type { Registry, ResourceName } from '../api/resources.js';
import { createSchemaOf, patchSchemaOf } from '../api/schemas.js';
import { emptyReply, errorReply, jsonReply, jsonText, type FieldErrors, type Reply } from './reply.js';
import type { PageBodies } from './pageBodies.js';
import type { Store } from './store.js';
import type { RequestTarget } from './target.js';

export interface ApiContext {
  store: Store;
  registry: Registry;
  maxLimit: number;
  /** The origin put in front of absolute next/previous links. */
  origin: string;
  /** Saves the data after a change (a no-op without a data file). */
  persist(): Promise<void>;
  /** List pages' JSON kept between writes (without it each page is made again). */
  pages?: PageBodies;
}

export interface ApiRequest {
  method: string;
  url: RequestTarget;
  contentType: string | undefined;
  body: string;
}

const DEFAULT_LIMIT = 10;

const COLLECTION_PATH = /^\/v1\/([^/]+)\/?$/;
const ITEM_PATH = /^\/v1\/([^/]+)\/([^/]+)\/?$/;

const NOT_FOUND = 'Not found.';

/** A read is answered at once (no promise to wait for); a write once its data is saved. */
export function handleApi(ctx: ApiContext, req: ApiRequest): Reply | Promise<Reply> {
  const path = req.url.pathname;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const item = ITEM_PATH.exec(path);
  const collection = item ? undefined : COLLECTION_PATH.exec(path);
  const resource = (item ?? collection)?.[1];
  if (!resource || !ctx.registry.has(resource)) return errorReply(404, NOT_FOUND);

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

function methodNotAllowed(allow: string): Reply {
  return errorReply(405, `This method is not allowed here; use ${allow.replace(/, ([A-Z]+)$/, ' or $1')}.`, undefined, {
    allow,
  });
}

function list(ctx: ApiContext, resource: ResourceName, url: RequestTarget): Reply {
  const errors: FieldErrors = {};
  const limitAsked = parseWhole(url.searchParams.get('limit'), DEFAULT_LIMIT, 1);
  const offset = parseWhole(url.searchParams.get('offset'), 0, 0);
  if (limitAsked === undefined) errors.limit = ['Must be a whole number, 1 or more.'];
  if (offset === undefined) errors.offset = ['Must be a whole number, 0 or more.'];
  if (limitAsked === undefined || offset === undefined)
    return errorReply(400, 'The list parameters are not valid.', errors);

  // Larger asks are capped, not refused; the links carry the limit actually used.
  const limit = Math.min(limitAsked, ctx.maxLimit);
  const records = ctx.store.collections[resource];
  const total = records.total;
  const link = (o: number) => `${ctx.origin}/v1/${resource}/?limit=${limit}&offset=${o}`;
  const page = () => ({
    total,
    results: records.page(offset, limit),
    next: offset + limit < total ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, Math.min(offset, total) - limit)) : null,
  });
  if (!ctx.pages) return jsonReply(200, page());
  const key = `${resource} ${offset} ${limit} ${ctx.origin}`;
  return jsonText(
    200,
    ctx.pages.body(key, records.version, () => JSON.stringify(page())),
  );
}

/** A non-negative decimal integer (no signs, exponents or fractions), at least `min`; undefined when invalid. */
function parseWhole(raw: string | null, fallback: number, min: number): number | undefined {
  if (raw === null) return fallback;
  if (!/^\d{1,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min ? n : undefined;
}

function read(ctx: ApiContext, resource: ResourceName, id: string): Reply {
  const record = ctx.store.collections[resource].get(id);
  return record ? jsonReply(200, record) : errorReply(404, NOT_FOUND);
}

async function create(ctx: ApiContext, resource: ResourceName, req: ApiRequest): Promise<Reply> {
  const parsed = parseBody(req, createSchemaOf(ctx.registry.get(resource)));
  if (!parsed.ok) return parsed.reply;
  const refErrors = checkReferences(ctx, resource, parsed.value);
  if (refErrors) return errorReply(400, 'Some fields are not valid.', refErrors);
  const record = ctx.store.collections[resource].insert(parsed.value, ctx.store.timestamp());
  await ctx.persist();
  return jsonReply(201, record);
}

async function update(ctx: ApiContext, resource: ResourceName, id: string, req: ApiRequest): Promise<Reply> {
  const records = ctx.store.collections[resource];
  if (!records.has(id)) return errorReply(404, NOT_FOUND);
  const parsed = parseBody(req, patchSchemaOf(ctx.registry.get(resource)));
  if (!parsed.ok) return parsed.reply;
  const refErrors = checkReferences(ctx, resource, parsed.value);
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

/** Ids that must point at existing records (the registry's reference fields; checked on create, and on update when given). */
function checkReferences(
  ctx: ApiContext,
  resource: ResourceName,
  body: Record<string, unknown>,
): FieldErrors | undefined {
  const errors: FieldErrors = {};
  for (const field of ctx.registry.get(resource).fields) {
    if (!field.references || !ctx.registry.has(field.references)) continue;
    const target = ctx.registry.get(field.references);
    const records = ctx.store.collections[target.name];
    const value = body[field.key];
    const ids = field.kind === 'reference-list' ? (Array.isArray(value) ? value : []) : [value];
    const missing = ids.filter((id): id is string => typeof id === 'string' && !records.has(id));
    if (missing.length > 0) errors[field.key] = missing.map((id) => `No ${target.kind} has the id ${id}.`);
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
