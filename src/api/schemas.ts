/**
 * zod schemas of the service's payloads (spec sections 2 and 4.1).
 *
 * Two kinds per resource:
 * - the record as the server returns it, made from the field definitions of
 *   recordFields.ts (which validate.ts reads too, without zod): loose (unknown
 *   fields are kept for the detail view) and tolerant (a field the spec lists
 *   may be missing or null);
 * - the create payload: what we check before sending. Which fields are required
 *   is not in the spec; our choice is documented in docs/sandbox.md and enforced by
 *   the sandbox with the same schemas.
 *
 * The schemas are made on first use, with zod loaded then (zod.ts): zod is
 * loaded where records are created or changed (and by the sandbox); reading
 * uses validate.ts.
 */
import type { z as Z } from 'zod';
import {
  AGREEMENT_RECORD_FIELDS,
  ORGANIZATION_RECORD_FIELDS,
  QUERY_FIELDS,
  SLI_RECORD_FIELDS,
  SLO_RECORD_FIELDS,
  type RecordFieldKind,
  type RecordFields,
} from './recordFields.js';
import type { ApiRecord } from './record.js';
import { RESOURCES, type FieldDef, type ResourceDef, type ResourceName } from './resources.js';
import { zod } from './zod.js';

export type RecordSchema = Z.ZodType<ApiRecord>;
export type PayloadSchema = Z.ZodType<Record<string, unknown>>;

function makeSchemas(z: typeof Z) {
  /** Ids are strings in the spec; a server sending numbers is tolerated and normalised. */
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

  /** A numeric value carried as a string (spec 2.2). */
  const numericString = z
    .string()
    .trim()
    .min(1, 'Required.')
    .refine((v) => v !== '' && Number.isFinite(Number(v)), 'Must be a number, such as 99.9.');

  // SLI (spec 2.1)
  const querySchema = z.looseObject({
    select: z.string(),
    where: z.string(),
    from: z.string(),
    limit: z.number().int('Must be a whole number.'),
  });
  const sliCreate = z.object({
    name: z.string().trim().min(1, 'Required.').max(200),
    type: z.string().trim().min(1, 'Required.').max(100),
    description: z.string().max(10_000).optional(),
    unit_of_measure: z.string().max(100).optional(),
    queries: z.record(z.string().min(1), querySchema).optional(),
    formula: z.string().max(10_000).optional(),
  });

  // SLO (spec 2.2)
  const sloCreate = z.object({
    name: z.string().trim().min(1, 'Required.').max(200),
    description: z.string().max(10_000).optional(),
    service_level_indicator_id: z.string().trim().min(1, 'Required.'),
    time_window_type: z.string().trim().min(1, 'Required.'),
    time_window_value: numericString,
    time_window_unit: z.string().trim().min(1, 'Required.'),
    target_value: numericString,
    target_unit: z.string().optional(),
    interval: z.number().int('Must be a whole number.').optional(),
    on_missing_interval: z.string().optional(),
    benchmark_operator: z.string().optional(),
    benchmark_value: numericString.optional(),
  });

  // Organizations and agreements (fields not shown in the spec: our assumption)
  const organizationCreate = z.object({
    name: z.string().trim().min(1, 'Required.').max(200),
    description: z.string().max(10_000).optional(),
  });
  const agreementCreate = z.object({
    name: z.string().trim().min(1, 'Required.').max(200),
    description: z.string().max(10_000).optional(),
    organization_id: z.string().trim().min(1, 'Required.'),
    slo_ids: z.array(z.string().min(1)).optional(),
  });

  const create = { slis: sliCreate, slos: sloCreate, organizations: organizationCreate, agreements: agreementCreate };

  /** A resource the service's schemas do not cover (an injected registry): its payload from its form fields. */
  const payloadOf = (fields: readonly FieldDef[]) =>
    z.object(
      Object.fromEntries(
        fields.map((f) => {
          const required = z.string().trim().min(1, 'Required.');
          const base: Z.ZodType =
            f.kind === 'integer'
              ? z.number().int('Must be a whole number.')
              : f.kind === 'numeric-string'
                ? numericString
                : f.kind === 'reference-list'
                  ? z.array(z.string().min(1))
                  : f.kind === 'queries'
                    ? z.record(z.string().min(1), querySchema)
                    : f.required
                      ? required
                      : z.string().max(10_000);
          return [f.key, f.required ? base : base.optional()];
        }),
      ),
    );

  return {
    recordOf: recordSchema,
    payloadOf,
    record: {
      slis: recordSchema(SLI_RECORD_FIELDS),
      slos: recordSchema(SLO_RECORD_FIELDS),
      organizations: recordSchema(ORGANIZATION_RECORD_FIELDS),
      agreements: recordSchema(AGREEMENT_RECORD_FIELDS),
    } as unknown as Record<ResourceName, RecordSchema>,
    create: create as Record<ResourceName, PayloadSchema>,
    /** PATCH checks only the fields given: the create schema with every field optional. */
    patch: Object.fromEntries(
      Object.entries(create).map(([name, schema]) => [name, schema.partial()]),
    ) as unknown as Record<ResourceName, PayloadSchema>,
    // List envelope (spec 4.1)
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

/** The service's own resource (its hand-written schemas apply), or one of an injected registry. */
const builtIn = (resource: ResourceName | ResourceDef): ResourceName | undefined => {
  const name = typeof resource === 'string' ? resource : resource.name;
  return RESOURCES[name] && (typeof resource === 'string' || RESOURCES[name] === resource) ? name : undefined;
};
const injected = (resource: ResourceName | ResourceDef): ResourceDef => {
  if (typeof resource === 'string') throw new Error(`No schema for the resource "${resource}".`);
  return resource;
};
const schemaCache = new WeakMap<ResourceDef, { record: RecordSchema; create: Z.ZodObject }>();
const injectedSchemas = (def: ResourceDef) => {
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
export const recordSchemaOf = (resource: ResourceName | ResourceDef): RecordSchema => {
  const name = builtIn(resource);
  return name ? schemas().record[name] : injectedSchemas(injected(resource)).record;
};
/** What a create payload must be (checked before sending, and by the sandbox). */
export const createSchemaOf = (resource: ResourceName | ResourceDef): PayloadSchema => {
  const name = builtIn(resource);
  return name ? schemas().create[name] : (injectedSchemas(injected(resource)).create as unknown as PayloadSchema);
};
/** What an update payload must be: the create schema with every field optional. */
export const patchSchemaOf = (resource: ResourceName | ResourceDef): PayloadSchema => {
  const name = builtIn(resource);
  return name
    ? schemas().patch[name]
    : (injectedSchemas(injected(resource)).create.partial() as unknown as PayloadSchema);
};
/** A list answer (spec 4.1). */
export const envelopeSchema = () => schemas().envelope;
