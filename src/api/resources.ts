/**
 * The resource registry, wire side: one declarative entry per resource says
 * what the service holds (its path, id prefix, record fields and the fields a
 * create or update takes) and how a sentence names it. The client, the
 * schemas and the sandbox read it; how a resource is shown (columns, detail
 * order) is a second, optional entry in src/presentation/resources.ts, as
 * k9s's registrar sits beside its registry. Adding a resource is one entry
 * here (docs/development.md). Code reaches the registry it was given (a
 * Registry, WIRE_REGISTRY by default), so a test can run everything on another.
 */
import {
  AGREEMENT_RECORD_FIELDS,
  ORGANIZATION_RECORD_FIELDS,
  SLI_RECORD_FIELDS,
  SLO_RECORD_FIELDS,
  type RecordFields,
} from './recordFields.js';
import type { ApiRecord } from './record.js';

export const RESOURCE_NAMES = ['slis', 'slos', 'organizations', 'agreements'] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

type FieldKind =
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
  /** What a create or update takes, in the order a form shows them. */
  fields: readonly FieldDef[];
  /** A human label for a record (confirmations, pickers). */
  label(record: ApiRecord): string;
}

const str = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
/** Every resource's record is named: the same name field for each. */
const NAME_FIELD: FieldDef = { key: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 };

const nameOf = (r: ApiRecord) => str(r.name) || r.id;

const common = (def: Omit<ResourceDef, 'label'>): ResourceDef => ({ label: nameOf, ...def });

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
    fields: [NAME_FIELD, { key: 'description', label: 'Description', kind: 'multiline', required: false }],
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
    fields: [
      NAME_FIELD,
      { key: 'description', label: 'Description', kind: 'multiline', required: false },
      { key: 'organization_id', label: 'Organization', kind: 'reference', references: 'organizations', required: true },
      { key: 'slo_ids', label: 'SLOs', kind: 'reference-list', references: 'slos', required: false },
    ],
  }),
};

/**
 * A set of resources: what every list of resources (keys, tabs, usage,
 * sandbox collections) is made from. Generic over the entry, so the
 * presentation layer keeps a registry of entries that also say how they are shown.
 */
export interface Registry<Def extends ResourceDef = ResourceDef> {
  /** In order: the dashboard's number keys and tabs, usage texts. */
  readonly names: readonly ResourceName[];
  readonly defs: readonly Def[];
  /** The definition of a resource of this registry; throws on a name it does not have. */
  get(name: ResourceName): Def;
  has(name: string): name is ResourceName;
  /** A user's word (`sli`, `orgs`, `Agreements`) as a resource, or undefined. */
  resolve(word: string): Def | undefined;
}

export function createRegistry<Def extends ResourceDef>(defs: readonly Def[]): Registry<Def> {
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

/** The service's resources, as the wire knows them. */
export const WIRE_REGISTRY: Registry = createRegistry(RESOURCE_NAMES.map((name) => RESOURCES[name]));

/** The shortest plural word that names a resource: `slis`, `orgs`. */
export function shortName(def: ResourceDef): string {
  const plural = [def.name, ...def.aliases].filter((a) => a !== def.singular && !def.aliases.includes(`${a}s`));
  return plural.reduce((a, b) => (b.length < a.length ? b : a), def.name);
}

/** "slis, slos, organizations (orgs), agreements": the resources a user can name, for usage texts. */
export function resourceList(registry: Registry = WIRE_REGISTRY): string {
  return registry.defs
    .map((d) => {
      // Singular forms are left out ("singular forms work too"): `orgs`, not `org`.
      const short = d.aliases.filter((a) => a !== d.singular && a !== d.name && !d.aliases.includes(`${a}s`));
      return short.length > 0 ? `${d.name} (${short.join(', ')})` : d.name;
    })
    .join(', ');
}
