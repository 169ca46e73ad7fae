/**
 * The resource registry: one declarative entry per resource drives the
 * client paths, the CLI, the sandbox, and the dashboard's tabs, number keys,
 * list, detail and form screens (as k9s's registry drives its browser).
 * Adding a resource is one entry. Code reaches the registry it was given (a
 * Registry, REGISTRY by default), so a test can run everything on another.
 *
 * Pure data: no UI imports here. Column getters return plain strings; the
 * screens sanitise and fit them.
 */
import { ageOf } from '../text/age.js';
import {
  AGREEMENT_RECORD_FIELDS,
  ORGANIZATION_RECORD_FIELDS,
  SLI_RECORD_FIELDS,
  SLO_RECORD_FIELDS,
  type RecordFields,
} from './recordFields.js';
import type { ApiRecord } from './record.js';
import { budgetCell } from '../domain/budgetViews.js';

export const RESOURCE_NAMES = ['slis', 'slos', 'organizations', 'agreements'] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

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

export type FieldKind =
  | 'text' // a single-line string
  | 'multiline' // a longer string (description, formula)
  | 'integer' // a JSON integer
  | 'numeric-string' // a number carried as a string (docs/service-api.md, Records)
  | 'reference' // the id of a record of another resource (picked from a list)
  | 'reference-list' // ids of records of another resource
  | 'queries'; // the SLI queries map

export interface FieldDef {
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  hint?: string;
  /** A value of the right form, for messages and help ("30" for a window, 60 for an interval). */
  example?: string;
  /** For reference fields: which resource the id points to. */
  references?: ResourceName;
  /** Values allowed are unknown (not given by the service's API, docs/service-api.md): suggest the ones records already use. */
  suggestFromRecords?: boolean;
  /** Longest text the service takes, checked before sending (multiline fields: 10,000 when not given). */
  maxLength?: number;
}

export interface ResourceDef {
  name: ResourceName;
  singular: string;
  /** The plural in a sentence: "No SLIs found", "3 organizations". */
  plural: string;
  /** One record named in a sentence: "SLI", "organization". */
  kind: string;
  /** The article before `kind`: "an SLI", "an organization", "a service". */
  article: 'a' | 'an';
  title: string;
  aliases: readonly string[];
  /** Ids the sandbox makes: `<idPrefix>-000042`. */
  idPrefix: string;
  /** Path under the base URL when the profile sets none (interface: assumed paths). */
  defaultPath: string;
  /** The record's fields as the server sends them (validate.ts reads them; schemas.ts makes zod of them). */
  recordFields: RecordFields;
  columns: readonly Column[];
  /** More columns for `-o wide` (never in the dashboard's table). */
  wideColumns?: readonly Column[];
  fields: readonly FieldDef[];
  /** Fields shown first in the detail view, in this order; every other field follows. */
  detailOrder: readonly string[];
  /** A human label for a record (confirmations, pickers). */
  label(record: ApiRecord): string;
}

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

/** Every resource's record is named: the same name field for each. */
const NAME_FIELD: FieldDef = { key: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 };

const common = (def: Omit<ResourceDef, 'label'>): ResourceDef => ({ label: nameOf, ...def });

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

export const RESOURCES: Record<ResourceName, ResourceDef> = {
  slis: common({
    name: 'slis',
    kind: 'SLI',
    article: 'an',
    singular: 'sli',
    plural: 'SLIs',
    title: 'SLIs',
    aliases: ['sli', 'slis'],
    idPrefix: 'sli',
    defaultPath: '/v1/slis/',
    recordFields: SLI_RECORD_FIELDS,
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
    fields: [
      NAME_FIELD,
      {
        key: 'type',
        label: 'Type',
        kind: 'text',
        required: true,
        suggestFromRecords: true,
        hint: 'kind of indicator',
        maxLength: 100,
      },
      { key: 'description', label: 'Description', kind: 'multiline', required: false },
      {
        key: 'unit_of_measure',
        label: 'Unit of measure',
        kind: 'text',
        required: false,
        suggestFromRecords: true,
        maxLength: 100,
      },
      {
        key: 'queries',
        label: 'Queries',
        kind: 'queries',
        required: false,
        hint: 'named queries: select, from, where, limit',
      },
      { key: 'formula', label: 'Formula', kind: 'multiline', required: false },
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
  }),
  slos: common({
    name: 'slos',
    kind: 'SLO',
    article: 'an',
    singular: 'slo',
    plural: 'SLOs',
    title: 'SLOs',
    aliases: ['slo', 'slos'],
    idPrefix: 'slo',
    defaultPath: '/v1/slos/',
    recordFields: SLO_RECORD_FIELDS,
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
    fields: [
      NAME_FIELD,
      { key: 'description', label: 'Description', kind: 'multiline', required: false },
      {
        key: 'service_level_indicator_id',
        label: 'SLI',
        kind: 'reference',
        references: 'slis',
        required: true,
        hint: 'the SLI it is measured on',
      },
      { key: 'time_window_type', label: 'Time window type', kind: 'text', required: true, suggestFromRecords: true },
      { key: 'time_window_value', label: 'Time window value', kind: 'numeric-string', required: true, example: '30' },
      { key: 'time_window_unit', label: 'Time window unit', kind: 'text', required: true, suggestFromRecords: true },
      { key: 'target_value', label: 'Target value', kind: 'numeric-string', required: true, example: '99.9' },
      { key: 'target_unit', label: 'Target unit', kind: 'text', required: false, suggestFromRecords: true },
      { key: 'interval', label: 'Interval', kind: 'integer', required: false, example: '60' },
      {
        key: 'on_missing_interval',
        label: 'On missing interval',
        kind: 'text',
        required: false,
        suggestFromRecords: true,
      },
      {
        key: 'benchmark_operator',
        label: 'Benchmark operator',
        kind: 'text',
        required: false,
        suggestFromRecords: true,
      },
      { key: 'benchmark_value', label: 'Benchmark value', kind: 'numeric-string', required: false, example: '0.5' },
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
  }),
  organizations: common({
    name: 'organizations',
    kind: 'organization',
    article: 'an',
    singular: 'organization',
    plural: 'organizations',
    title: 'Orgs',
    aliases: ['organization', 'organizations', 'org', 'orgs'],
    idPrefix: 'org',
    defaultPath: '/v1/organizations/',
    recordFields: ORGANIZATION_RECORD_FIELDS,
    columns: [
      { id: 'name', header: 'NAME', get: nameOf, width: 30, minWidth: 12, priority: 10 },
      { id: 'description', header: 'DESCRIPTION', get: field('description'), width: 40, minWidth: 10, priority: 6 },
      ...ID_AND_AGE,
    ],
    wideColumns: [...TIMESTAMPS],
    fields: [NAME_FIELD, { key: 'description', label: 'Description', kind: 'multiline', required: false }],
    detailOrder: ['id', 'name', 'description', 'created_at', 'updated_at'],
  }),
  agreements: common({
    name: 'agreements',
    kind: 'agreement',
    article: 'an',
    singular: 'agreement',
    plural: 'agreements',
    title: 'Agreements',
    aliases: ['agreement', 'agreements'],
    idPrefix: 'agr',
    defaultPath: '/v1/agreements/',
    recordFields: AGREEMENT_RECORD_FIELDS,
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
    fields: [
      NAME_FIELD,
      { key: 'description', label: 'Description', kind: 'multiline', required: false },
      { key: 'organization_id', label: 'Organization', kind: 'reference', references: 'organizations', required: true },
      { key: 'slo_ids', label: 'SLOs', kind: 'reference-list', references: 'slos', required: false },
    ],
    detailOrder: ['id', 'name', 'description', 'organization_id', 'slo_ids', 'created_at', 'updated_at'],
  }),
};

/** A set of resources: what every list of resources (keys, tabs, usage, sandbox collections) is made from. */
export interface Registry {
  /** In order: the dashboard's number keys and tabs, usage texts. */
  readonly names: readonly ResourceName[];
  readonly defs: readonly ResourceDef[];
  /** The definition of a resource of this registry; throws on a name it does not have. */
  get(name: ResourceName): ResourceDef;
  has(name: string): name is ResourceName;
  /** A user's word (`sli`, `orgs`, `Agreements`) as a resource, or undefined. */
  resolve(word: string): ResourceDef | undefined;
}

export function createRegistry(defs: readonly ResourceDef[]): Registry {
  const byName = new Map(defs.map((def) => [def.name as string, def]));
  return {
    names: defs.map((def) => def.name),
    defs,
    get(name) {
      const def = byName.get(name);
      if (!def) throw new Error(`No resource "${name}" in the registry.`);
      return def;
    },
    has: (name): name is ResourceName => byName.has(name),
    resolve(word) {
      const w = word.trim().toLowerCase();
      return defs.find((def) => def.name === w || def.aliases.includes(w));
    },
  };
}

/** The service's resources. */
export const REGISTRY: Registry = createRegistry(RESOURCE_NAMES.map((name) => RESOURCES[name]));

/** Resolves a user's word (`sli`, `orgs`, `Agreements`) to a resource, or undefined. */
export function resolveResource(word: string, registry: Registry = REGISTRY): ResourceDef | undefined {
  return registry.resolve(word);
}

/** The shortest plural word that names a resource: `slis`, `orgs`. */
export function shortName(def: ResourceDef): string {
  const plural = [def.name, ...def.aliases].filter((a) => a !== def.singular && !def.aliases.includes(`${a}s`));
  return plural.reduce((a, b) => (b.length < a.length ? b : a), def.name);
}

/** "slis, slos, organizations (orgs), agreements": the resources a user can name, for usage texts. */
export function resourceList(registry: Registry = REGISTRY): string {
  return registry.defs
    .map((d) => {
      // Singular forms are left out ("singular forms work too"): `orgs`, not `org`.
      const short = d.aliases.filter((a) => a !== d.singular && a !== d.name && !d.aliases.includes(`${a}s`));
      return short.length > 0 ? `${d.name} (${short.join(', ')})` : d.name;
    })
    .join(', ');
}
