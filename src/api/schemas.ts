/**
 * zod schemas of the service's payloads (spec sections 2 and 4.1).
 *
 * Two kinds per resource:
 * - the record as the server returns it: loose (unknown fields are kept for the
 *   detail view) and tolerant (a field the spec lists may be missing or null);
 * - the create payload: what we check before sending. Which fields are required
 *   is not in the spec; our choice is documented in the README and enforced by
 *   the sandbox with the same schemas.
 */
import { z } from 'zod';

/** Ids are strings in the spec; a server sending numbers is tolerated and normalised. */
export const idSchema = z.union([z.string().min(1), z.number().int().transform(String)]);

const text = z.string().nullish();

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

export const sliRecordSchema = z.looseObject({
  id: idSchema,
  name: text,
  type: text,
  description: text,
  unit_of_measure: text,
  queries: z.record(z.string(), z.looseObject({
    select: text, where: text, from: text, limit: z.number().nullish(),
  })).nullish(),
  formula: text,
  created_at: text,
  updated_at: text,
});
export type SliRecord = z.infer<typeof sliRecordSchema>;

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

export const sloRecordSchema = z.looseObject({
  id: idSchema,
  name: text,
  description: text,
  service_level_indicator_id: z.union([z.string(), z.number().transform(String)]).nullish(),
  time_window_type: text,
  time_window_value: z.union([z.string(), z.number().transform(String)]).nullish(),
  time_window_unit: text,
  target_value: z.union([z.string(), z.number().transform(String)]).nullish(),
  target_unit: text,
  interval: z.number().nullish(),
  on_missing_interval: text,
  benchmark_operator: text,
  benchmark_value: z.union([z.string(), z.number().transform(String)]).nullish(),
  created_at: text,
  updated_at: text,
});
export type SloRecord = z.infer<typeof sloRecordSchema>;

// ---- Organizations and agreements (fields not shown in the spec: our assumption) ----

export const organizationCreateSchema = z.object({
  name: z.string().trim().min(1, 'Required.').max(200),
  description: z.string().max(10_000).optional(),
});
export const organizationRecordSchema = z.looseObject({
  id: idSchema,
  name: text,
  description: text,
  created_at: text,
  updated_at: text,
});
export type OrganizationRecord = z.infer<typeof organizationRecordSchema>;

export const agreementCreateSchema = z.object({
  name: z.string().trim().min(1, 'Required.').max(200),
  description: z.string().max(10_000).optional(),
  organization_id: z.string().trim().min(1, 'Required.'),
  slo_ids: z.array(z.string().min(1)).optional(),
});
export const agreementRecordSchema = z.looseObject({
  id: idSchema,
  name: text,
  description: text,
  organization_id: z.union([z.string(), z.number().transform(String)]).nullish(),
  slo_ids: z.array(z.union([z.string(), z.number().transform(String)])).nullish(),
  created_at: text,
  updated_at: text,
});
export type AgreementRecord = z.infer<typeof agreementRecordSchema>;

// ---- List envelope (spec 4.1) ----

export const envelopeSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  results: z.array(z.unknown()),
  next: z.string().nullish().transform((v) => v ?? null),
  previous: z.string().nullish().transform((v) => v ?? null),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** Any record: every resource's records carry at least an id. */
export type ApiRecord = { id: string } & Record<string, unknown>;
