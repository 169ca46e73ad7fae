/**
 * The resource registry, presentation side: how each resource is shown
 * (its list columns, the extra columns of `-o wide`, the order of the
 * detail view's fields), beside the wire entries of src/api/resources.ts as
 * k9s's registrar sits beside its registry. An entry here is optional: a
 * resource without one is shown by columns made from its fields
 * (`defaultPresentation`), so adding a resource is one wire entry.
 *
 * Pure data: no UI imports. Column getters return plain strings; the screens
 * sanitise and fit them.
 */
import { budgetCell } from '../domain/budgetViews.js';
import { ageOf } from '../text/age.js';
import type { ApiRecord } from '../api/record.js';
import {
  createRegistry,
  RESOURCE_NAMES,
  RESOURCES,
  type FieldDef,
  type Registry,
  type ResourceDef,
  type ResourceName,
} from '../api/resources.js';

export interface Column {
  id: string;
  header: string;
  /** `now` (ms) for columns relative to the present (AGE); the current time when not given. */
  get(record: ApiRecord, now?: number): string;
  /** What sorting compares when the shown text does not sort (AGE: "10d" is older than "2d"). */
  sortKey?(record: ApiRecord): string;
  /** Width the column wants; it may shrink to minWidth. */
  width: number;
  minWidth: number;
  /** Lower is dropped first when the terminal is narrow. */
  priority: number;
  align?: 'left' | 'right';
  /**
   * The record field the column shows as it is. When that field is a
   * reference (its FieldDef's `references`), the dashboard shows the name of
   * the record it names beside the id, once that record is known.
   */
  field?: string;
}

/** How one resource is shown. */
export interface Presentation {
  columns: readonly Column[];
  /** More columns for `-o wide` (never in the dashboard's table). */
  wideColumns?: readonly Column[];
  /** Fields shown first in the detail view, in this order; every other field follows. */
  detailOrder: readonly string[];
}

/** A resource as the CLI and the dashboard know it: what the service holds and how it is shown. */
export type ResourceView = ResourceDef & Presentation;
export type ViewRegistry = Registry<ResourceView>;

const str = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
const field = (key: string) => (r: ApiRecord) => str(r[key]);
const nameOf = (r: ApiRecord) => str(r.name) || r.id;
const joined =
  (...keys: string[]) =>
  (r: ApiRecord) =>
    keys
      .map((k) => str(r[k]))
      .filter(Boolean)
      .join(' ');

/** AGE sorts as kubectl's: the youngest first; a record without a readable created_at has no key. */
function youngestFirst(r: ApiRecord): string {
  const at = typeof r.created_at === 'string' ? Date.parse(r.created_at) : Number.NaN;
  return Number.isNaN(at) ? '' : String(9e15 - at).padStart(16, '0');
}

/** Every resource's record has an id and timestamps: the same columns for each. */
const ID_AND_AGE: readonly Column[] = [
  { id: 'id', header: 'ID', get: (r) => r.id, width: 12, minWidth: 10, priority: 9 },
  {
    id: 'age',
    header: 'AGE',
    get: (r, now = Date.now()) => ageOf(r.created_at, now),
    sortKey: youngestFirst,
    width: 6,
    // "2y200d", kubectl's longest age: cut, an age says nothing.
    minWidth: 6,
    priority: 4,
  },
];
const TIMESTAMPS: readonly Column[] = [
  { id: 'created', header: 'CREATED', get: (r) => str(r.created_at), width: 24, minWidth: 10, priority: 1 },
  { id: 'updated', header: 'UPDATED', get: (r) => str(r.updated_at), width: 24, minWidth: 10, priority: 1 },
];

/** The service's resources as shown; a resource missing here is shown by `defaultPresentation`. */
const PRESENTATIONS: Partial<Record<ResourceName, Presentation>> = {
  slis: {
    columns: [
      { id: 'name', header: 'NAME', get: nameOf, width: 32, minWidth: 12, priority: 10 },
      { id: 'type', header: 'TYPE', get: field('type'), width: 14, minWidth: 6, priority: 8 },
      { id: 'unit', header: 'UNIT', get: field('unit_of_measure'), width: 12, minWidth: 5, priority: 6 },
      {
        id: 'queries',
        header: 'QUERIES',
        get: (r) => String(Object.keys((r.queries as object | null) ?? {}).length),
        width: 7,
        minWidth: 7,
        priority: 5,
        align: 'right',
      },
      ...ID_AND_AGE,
    ],
    wideColumns: [
      { id: 'description', header: 'DESCRIPTION', get: field('description'), width: 40, minWidth: 10, priority: 1 },
      ...TIMESTAMPS,
    ],
    detailOrder: [
      'id',
      'name',
      'type',
      'description',
      'unit_of_measure',
      'formula',
      'queries',
      'created_at',
      'updated_at',
    ],
  },
  slos: {
    columns: [
      { id: 'name', header: 'NAME', get: nameOf, width: 30, minWidth: 12, priority: 10 },
      {
        id: 'target',
        header: 'TARGET',
        get: joined('target_value', 'target_unit'),
        width: 12,
        minWidth: 6,
        priority: 9,
      },
      // The allowed bad time, computed from the definition as the row draws; kept right after TARGET when narrow.
      {
        id: 'budget',
        header: 'BUDGET',
        get: (r) => budgetCell(r, new Date()),
        width: 8,
        minWidth: 7,
        priority: 8,
        align: 'right',
      },
      {
        id: 'window',
        header: 'WINDOW',
        get: joined('time_window_value', 'time_window_unit', 'time_window_type'),
        width: 18,
        minWidth: 6,
        priority: 7,
      },
      {
        id: 'sli',
        header: 'SLI',
        get: field('service_level_indicator_id'),
        field: 'service_level_indicator_id',
        width: 28,
        minWidth: 10,
        priority: 6,
      },
      {
        id: 'benchmark',
        header: 'BENCHMARK',
        get: joined('benchmark_operator', 'benchmark_value'),
        width: 11,
        minWidth: 6,
        priority: 5,
      },
      {
        id: 'interval',
        header: 'INTERVAL',
        get: field('interval'),
        width: 8,
        minWidth: 8,
        priority: 4,
        align: 'right',
      },
      ...ID_AND_AGE,
    ],
    wideColumns: [
      {
        id: 'on-missing',
        header: 'ON MISSING',
        get: field('on_missing_interval'),
        width: 10,
        minWidth: 6,
        priority: 1,
      },
      ...TIMESTAMPS,
    ],
    detailOrder: [
      'id',
      'name',
      'description',
      'service_level_indicator_id',
      'target_value',
      'target_unit',
      'time_window_type',
      'time_window_value',
      'time_window_unit',
      'interval',
      'on_missing_interval',
      'benchmark_operator',
      'benchmark_value',
      'created_at',
      'updated_at',
    ],
  },
  organizations: {
    columns: [
      { id: 'name', header: 'NAME', get: nameOf, width: 30, minWidth: 12, priority: 10 },
      { id: 'description', header: 'DESCRIPTION', get: field('description'), width: 40, minWidth: 10, priority: 6 },
      ...ID_AND_AGE,
    ],
    wideColumns: [...TIMESTAMPS],
    detailOrder: ['id', 'name', 'description', 'created_at', 'updated_at'],
  },
  agreements: {
    columns: [
      { id: 'name', header: 'NAME', get: nameOf, width: 30, minWidth: 12, priority: 10 },
      {
        id: 'organization',
        header: 'ORGANIZATION',
        get: field('organization_id'),
        field: 'organization_id',
        width: 30,
        minWidth: 10,
        priority: 6,
      },
      {
        id: 'slos',
        header: 'SLOS',
        get: (r) => String(Array.isArray(r.slo_ids) ? r.slo_ids.length : 0),
        width: 5,
        minWidth: 5,
        priority: 5,
        align: 'right',
      },
      ...ID_AND_AGE,
    ],
    wideColumns: [
      { id: 'description', header: 'DESCRIPTION', get: field('description'), width: 40, minWidth: 10, priority: 1 },
      ...TIMESTAMPS,
    ],
    detailOrder: ['id', 'name', 'description', 'organization_id', 'slo_ids', 'created_at', 'updated_at'],
  },
};

/** A column of one field, as a resource without a presentation entry shows it. */
function fieldColumn(def: FieldDef, priority: number): Column {
  const header = def.label.toUpperCase();
  if (def.kind === 'reference-list')
    return {
      id: def.key,
      header,
      get: (r) => String(Array.isArray(r[def.key]) ? (r[def.key] as unknown[]).length : 0),
      width: Math.max(5, header.length),
      minWidth: Math.max(5, header.length),
      priority,
      align: 'right',
    };
  return {
    id: def.key,
    header,
    get: field(def.key),
    ...(def.kind === 'reference' ? { field: def.key } : {}),
    width: def.kind === 'reference' ? 28 : 24,
    minWidth: 10,
    priority,
    ...(def.kind === 'integer' || def.kind === 'numeric-string' ? { align: 'right' as const } : {}),
  };
}

/**
 * How a resource without an entry of its own is shown: its name, then one
 * column a single-line field (the first ones kept longest when narrow), then
 * ID and AGE; long texts and the timestamps in `-o wide`; the details in the
 * order of its fields.
 */
function defaultPresentation(def: ResourceDef): Presentation {
  const rest = def.fields.filter((f) => f.key !== 'name');
  const long = (f: FieldDef) => f.kind === 'multiline' || f.kind === 'queries';
  return {
    columns: [
      { id: 'name', header: 'NAME', get: def.label, width: 30, minWidth: 12, priority: 10 },
      ...rest.filter((f) => !long(f)).map((f, i) => fieldColumn(f, Math.max(5, 8 - i))),
      ...ID_AND_AGE,
    ],
    wideColumns: [...rest.filter(long).map((f) => fieldColumn(f, 1)), ...TIMESTAMPS],
    detailOrder: ['id', ...def.fields.map((f) => f.key), 'created_at', 'updated_at'],
  };
}

/** A wire entry with how it is shown: its presentation entry, or the default one. */
export function withPresentation(def: ResourceDef, presentation?: Presentation): ResourceView {
  return { ...def, ...(presentation ?? PRESENTATIONS[def.name] ?? defaultPresentation(def)) };
}

/** The service's resources, each with how it is shown. */
export const VIEWS: Record<ResourceName, ResourceView> = Object.fromEntries(
  RESOURCE_NAMES.map((name) => [name, withPresentation(RESOURCES[name])]),
) as Record<ResourceName, ResourceView>;

/** The service's resources: what the CLI and the dashboard run on unless a test gives another. */
export const REGISTRY: ViewRegistry = createRegistry(RESOURCE_NAMES.map((name) => VIEWS[name]));
