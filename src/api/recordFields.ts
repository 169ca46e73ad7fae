/**
 * The shapes of what the server sends, as plain data: each record field's
 * kind, and the list envelope's. Two readers derive from these definitions
 * and must agree (a test holds them to it): the zod schemas (schemas.ts, for
 * the sandbox and wherever zod is loaded anyway) and the plain validator
 * (validate.ts), which reads every page without loading zod.
 *
 * Records are loose (unknown fields are kept for the detail view) and
 * tolerant: any field but the id may be missing or null.
 */

export type RecordFieldKind =
  | 'id' // a non-empty string, or an integer (made a string)
  | 'text' // a string
  | 'number' // a JSON number
  | 'string-or-number' // a string, or a number (made a string)
  | 'string-or-number-list' // an array of those
  | 'queries'; // the SLI queries: name → { select, where, from: text; limit: number }

export type RecordFields = Readonly<Record<string, RecordFieldKind>>;

const dates = { created_at: 'text', updated_at: 'text' } as const;

export const SLI_RECORD_FIELDS: RecordFields = {
  id: 'id',
  name: 'text',
  type: 'text',
  description: 'text',
  unit_of_measure: 'text',
  queries: 'queries',
  formula: 'text',
  ...dates,
};

export const SLO_RECORD_FIELDS: RecordFields = {
  id: 'id',
  name: 'text',
  description: 'text',
  service_level_indicator_id: 'string-or-number',
  time_window_type: 'text',
  time_window_value: 'string-or-number',
  time_window_unit: 'text',
  target_value: 'string-or-number',
  target_unit: 'text',
  interval: 'number',
  on_missing_interval: 'text',
  benchmark_operator: 'text',
  benchmark_value: 'string-or-number',
  ...dates,
};

export const ORGANIZATION_RECORD_FIELDS: RecordFields = { id: 'id', name: 'text', description: 'text', ...dates };

export const AGREEMENT_RECORD_FIELDS: RecordFields = {
  id: 'id',
  name: 'text',
  description: 'text',
  organization_id: 'string-or-number',
  slo_ids: 'string-or-number-list',
  ...dates,
};

/** The fields of one SLI query (loose too). */
export const QUERY_FIELDS = { select: 'text', where: 'text', from: 'text', limit: 'number' } as const;
