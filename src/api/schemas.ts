/**
 * zod schemas of the service's payloads (docs/service-api.md, Records and Lists).
 *
 * Two kinds per resource:
 * - the record as the server returns it, made from the field definitions of
 *   recordFields.ts (which validate.ts reads too, without zod): loose (unknown
 *   fields are kept for the detail view) and tolerant (a field the API lists
 *   may be missing or null);
 * - the create payload, made from the resource's form fields (resources.ts):
 *   what we check before sending. Which fields are required is not in the API;
 *   our choice is documented in docs/sandbox.md and enforced by the sandbox with
 *   the same schemas. The update payload is the same with every field optional.
 *
 * Every resource, built in or of another registry, takes this one path.
 *
 * The schemas are made on first use, with zod loaded then (zod.ts): zod is
 * loaded where records are created or changed (and by the sandbox); reading
 * uses validate.ts.
 */
import type { z as Z } from 'zod';
import { QUERY_FIELDS, type RecordFieldKind, type RecordFields } from './recordFields.js';
import type { ApiRecord } from './record.js';
import { RESOURCES, type FieldDef, type ResourceDef, type ResourceName } from './resources.js';
import { zod } from './zod.js';

export type RecordSchema = Z.ZodType<ApiRecord>;
export type PayloadSchema = Z.ZodType<Record<string, unknown>>;

function makeSchemas(z: typeof Z) {
  /** Ids are strings in the API; a server sending numbers is tolerated and normalised. */
  const idSchema = z.union([z.string().min(1), z.number().int().transform(String)]);
  const text = z.string().nullish();
  const stringOrNumber = z.union([z.string(), z.number().transform(String)]);

  const fieldSchema = (kind: RecordFieldKind): Z.ZodType => {
    switch (kind) {
      case 'id':
        return idSchema;
      case 'text':
        return text;
      case 'number':
        return z.number().nullish();
      case 'string-or-number':
        return stringOrNumber.nullish();
      case 'string-or-number-list':
        return z.array(stringOrNumber).nullish();
      case 'queries':
        return z.record(z.string(), recordSchema(QUERY_FIELDS)).nullish();
    }
  };
  /** The loose zod object of a record's field definitions. */
  const recordSchema = (fields: RecordFields) =>
    z.looseObject(Object.fromEntries(Object.entries(fields).map(([key, kind]) => [key, fieldSchema(kind)])));

  /** A numeric value carried as a string (docs/service-api.md, Records). */
  const numericString = z
    .string()
    .trim()
    .min(1, 'Required.')
    .refine((v) => v !== '' && Number.isFinite(Number(v)), 'Must be a number, such as 99.9.');

  /** One SLI query (docs/service-api.md, Records); the server may add fields. */
  const querySchema = z.looseObject({
    select: z.string(),
    where: z.string(),
    from: z.string(),
    limit: z.number().int('Must be a whole number.'),
  });

  /** A text field: trimmed and non-empty when required, no longer than the service takes. */
  const textOf = (f: FieldDef): Z.ZodString => {
    const base = f.required ? z.string().trim().min(1, 'Required.') : z.string();
    const max = f.maxLength ?? (f.kind === 'multiline' ? 10_000 : undefined);
    return max === undefined ? base : base.max(max);
  };
  const valueOf = (f: FieldDef): Z.ZodType => {
    switch (f.kind) {
      case 'integer':
        return z.number().int('Must be a whole number.');
      case 'numeric-string':
        return numericString;
      case 'reference-list':
        return z.array(z.string().min(1));
      case 'queries':
        return z.record(z.string().min(1), querySchema);
      case 'text':
      case 'multiline':
      case 'reference':
        return textOf(f);
    }
  };
  /** A create payload from a resource's form fields: what is required, and what each value must be. */
  const payloadOf = (fields: readonly FieldDef[]) =>
    z.object(Object.fromEntries(fields.map((f) => [f.key, f.required ? valueOf(f) : valueOf(f).optional()])));

  return {
    recordOf: recordSchema,
    payloadOf,
    // List envelope (docs/service-api.md, Lists)
    envelope: z.looseObject({
      total: z.number().int().nonnegative(),
      results: z.array(z.unknown()),
      next: z
        .string()
        .nullish()
        .transform((v) => v ?? null),
      previous: z
        .string()
        .nullish()
        .transform((v) => v ?? null),
    }),
  };
}

let made: ReturnType<typeof makeSchemas> | undefined;
const schemas = () => (made ??= makeSchemas(zod().z));

const schemaCache = new WeakMap<ResourceDef, { record: RecordSchema; create: Z.ZodObject; patch?: Z.ZodObject }>();
/** A resource's schemas, made once from its definition. */
const schemasOf = (resource: ResourceName | ResourceDef) => {
  const def = typeof resource === 'string' ? RESOURCES[resource] : resource;
  let made = schemaCache.get(def);
  if (!made) {
    made = {
      record: schemas().recordOf(def.recordFields) as unknown as RecordSchema,
      create: schemas().payloadOf(def.fields),
    };
    schemaCache.set(def, made);
  }
  return made;
};

/** A resource's record as the server returns it (the sandbox checks stored data with it). */
export const recordSchemaOf = (resource: ResourceName | ResourceDef): RecordSchema => schemasOf(resource).record;
/** What a create payload must be (checked before sending, and by the sandbox). */
export const createSchemaOf = (resource: ResourceName | ResourceDef): PayloadSchema =>
  schemasOf(resource).create as unknown as PayloadSchema;
/**
 * What an update payload must be: the create schema with every field optional. Made once too:
 * zod prepares a schema's parser on its first parse, and diff and apply check every document
 * (a new partial schema a document cost more than the check).
 */
export const patchSchemaOf = (resource: ResourceName | ResourceDef): PayloadSchema => {
  const made = schemasOf(resource);
  made.patch ??= made.create.partial();
  return made.patch as unknown as PayloadSchema;
};
/** A list answer (docs/service-api.md, Lists). */
export const envelopeSchema = () => schemas().envelope;
