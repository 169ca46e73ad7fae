/**
 * zod schemas of the service's payloads (spec sections 2 and 4.1).
 *
 * Two kinds per resource:
 * - the record as the server returns it, made from the field definitions of
 *   recordFields.ts (which validate.ts reads too, without zod): loose (unknown
 *   fields are kept for the detail view) and tolerant (a field the spec lists
 *   may be missing or null);
 * - the create payload: what we check before sending. Which fields are required
 *   is not in the spec; our choice is documented in the README and enforced by
 *   the sandbox with the same schemas.
 *
 * zod is loaded where records are created or changed (and by the sandbox);
 * reading uses validate.ts.
 */
import { z } from 'zod';
import {
  AGREEMENT_RECORD_FIELDS, ORGANIZATION_RECORD_FIELDS, QUERY_FIELDS, SLI_RECORD_FIELDS, SLO_RECORD_FIELDS,
  type RecordFieldKind, type RecordFields,
} from './recordFields.js';
import type { ResourceName } from './resources.js';

/** Ids are strings in the spec; a server sending numbers is tolerated and normalised. */
export const idSchema = z.union([z.string().min(1), z.number().int().transform(String)]);

const text = z.string().nullish();
const stringOrNumber = z.union([z.string(), z.number().transform(String)]);

function fieldSchema(kind: RecordFieldKind): z.ZodType {
  switch (kind) {
    case 'id': return idSchema;
    case 'text': return text;
    case 'number': return z.number().nullish();
    case 'string-or-number': return stringOrNumber.nullish();
    case 'string-or-number-list': return z.array(stringOrNumber).nullish();
    case 'queries': return z.record(z.string(), recordSchema(QUERY_FIELDS)).nullish();
  }
}

/** The loose zod object of a record's field definitions. */
export function recordSchema(fields: RecordFields) {
  return z.looseObject(Object.fromEntries(Object.entries(fields).map(([key, kind]) => [key, fieldSchema(kind)])));
}

/** A numeric value carried as a string (spec 2.2). */
export const numericString = z
  .string()
  .trim()
  .min(1, 'Required.')
  .refine((v) => v !== '' && Number.isFinite(Number(v)), 'Must be a number, such as 99.9.');

// ---- SLI (spec 2.1) ----

export const querySchema = z.looseObject({
  select: z.string(),
  where: z.string(),
  from: z.string(),
  limit: z.number().int('Must be a whole number.'),
});
export type Query = z.infer<typeof querySchema>;

export const sliRecordSchema = recordSchema(SLI_RECORD_FIELDS);

export const sliCreateSchema = z.object({
  name: z.string().trim().min(1, 'Required.').max(200),
  type: z.string().trim().min(1, 'Required.').max(100),
  description: z.string().max(10_000).optional(),
  unit_of_measure: z.string().max(100).optional(),
  queries: z.record(z.string().min(1), querySchema).optional(),
  formula: z.string().max(10_000).optional(),
});
export type SliCreate = z.infer<typeof sliCreateSchema>;

// ---- SLO (spec 2.2) ----

export const sloCreateSchema = z.object({
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
export type SloCreate = z.infer<typeof sloCreateSchema>;

export const sloRecordSchema = recordSchema(SLO_RECORD_FIELDS);

// ---- Organizations and agreements (fields not shown in the spec: our assumption) ----

export const organizationCreateSchema = z.object({
  name: z.string().trim().min(1, 'Required.').max(200),
  description: z.string().max(10_000).optional(),
});
export const organizationRecordSchema = recordSchema(ORGANIZATION_RECORD_FIELDS);

export const agreementCreateSchema = z.object({
  name: z.string().trim().min(1, 'Required.').max(200),
  description: z.string().max(10_000).optional(),
  organization_id: z.string().trim().min(1, 'Required.'),
  slo_ids: z.array(z.string().min(1)).optional(),
});
export const agreementRecordSchema = recordSchema(AGREEMENT_RECORD_FIELDS);

/** Each resource's record (as read) and create payload (as checked before sending). */
export const RECORD_SCHEMAS: Record<ResourceName, z.ZodType<ApiRecord>> = {
  slis: sliRecordSchema as unknown as z.ZodType<ApiRecord>,
  slos: sloRecordSchema as unknown as z.ZodType<ApiRecord>,
  organizations: organizationRecordSchema as unknown as z.ZodType<ApiRecord>,
  agreements: agreementRecordSchema as unknown as z.ZodType<ApiRecord>,
};
export const CREATE_SCHEMAS: Record<ResourceName, z.ZodType<Record<string, unknown>>> = {
  slis: sliCreateSchema,
  slos: sloCreateSchema,
  organizations: organizationCreateSchema,
  agreements: agreementCreateSchema,
};

// ---- List envelope (spec 4.1) ----

export const envelopeSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  results: z.array(z.unknown()),
  next: z.string().nullish().transform((v) => v ?? null),
  previous: z.string().nullish().transform((v) => v ?? null),
});

/** Any record: every resource's records carry at least an id. */
export type ApiRecord = { id: string } & Record<string, unknown>;
