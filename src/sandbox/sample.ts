/**
 * Deterministic sample data that looks like a real SLO setup, and the
 * generator behind `--seed N`. No randomness: the same options give the same
 * records, ids and timestamps (all in the past, increasing in creation order).
 */
import {
  WIRE_REGISTRY,
  RESOURCES,
  type FieldDef,
  type Registry,
  type ResourceDef,
  type ResourceName,
} from '../api/resources.js';
import { formatId, type DataSnapshot, type StoredRecord } from './store.js';

type Kind = 'availability' | 'latency' | 'error_rate' | 'throughput';

interface Service {
  name: string;
  source: string;
  kinds: readonly Kind[];
}

const SERVICES: readonly Service[] = [
  { name: 'checkout-api', source: 'http_requests', kinds: ['availability', 'latency', 'error_rate'] },
  { name: 'payments-gateway', source: 'http_requests', kinds: ['availability', 'latency', 'error_rate'] },
  { name: 'search-service', source: 'http_requests', kinds: ['availability', 'latency', 'throughput'] },
  { name: 'auth-service', source: 'grpc_calls', kinds: ['availability', 'latency', 'error_rate'] },
  { name: 'catalog-api', source: 'http_requests', kinds: ['availability', 'latency', 'throughput'] },
  { name: 'inventory-service', source: 'grpc_calls', kinds: ['availability', 'latency', 'error_rate'] },
  { name: 'notifications-worker', source: 'queue_jobs', kinds: ['error_rate', 'latency', 'throughput'] },
  { name: 'mobile-bff', source: 'http_requests', kinds: ['availability', 'latency', 'error_rate'] },
  { name: 'cdn-edge', source: 'edge_logs', kinds: ['availability', 'latency', 'throughput'] },
  { name: 'orders-db', source: 'db_queries', kinds: ['availability', 'latency', 'error_rate'] },
];

const ORGANIZATIONS = [
  { name: 'Acme Retail', description: 'Online shop and mobile app; checkout and payments are business critical.' },
  { name: 'Globex Logistics', description: 'Warehouse and inventory platform used by partner carriers.' },
  { name: 'Initech Payments', description: 'Payment processing for third-party merchants.' },
  { name: 'Umbrella Health', description: 'Patient notifications and appointment search.' },
];

/** When the sample history starts; every sample record is created after it, a few hours apart. */
const SAMPLE_START_MS = Date.UTC(2024, 2, 4, 8, 15, 0, 0);
/** Seeded records start later, one second apart (100,000 of them span about 28 hours). */
const SEED_START_MS = Date.UTC(2025, 0, 6, 0, 0, 0, 0);

const iso = (ms: number) => new Date(ms).toISOString();

function sliFields(service: Service, kind: Kind): Record<string, unknown> {
  const where = `service = '${service.name}'`;
  const from = service.source;
  switch (kind) {
    case 'availability':
      return {
        name: `${service.name} availability`,
        type: 'availability',
        description: `Share of ${service.name} requests answered without a server error.`,
        unit_of_measure: '%',
        queries: {
          good: { select: 'count(*)', from, where: `${where} AND status_code < 500`, limit: 1 },
          total: { select: 'count(*)', from, where, limit: 1 },
        },
        formula: 'good / total * 100',
      };
    case 'latency':
      return {
        name: `${service.name} latency p95`,
        type: 'latency',
        description: `95th percentile of ${service.name} response time.`,
        unit_of_measure: 'ms',
        queries: {
          p95: { select: 'percentile(duration_ms, 95)', from, where, limit: 1 },
        },
        formula: 'p95',
      };
    case 'error_rate':
      return {
        name: `${service.name} error rate`,
        type: 'error_rate',
        description: `Share of ${service.name} calls that failed.`,
        unit_of_measure: '%',
        queries: {
          errors: { select: 'count(*)', from, where: `${where} AND outcome = 'error'`, limit: 1 },
          total: { select: 'count(*)', from, where, limit: 1 },
          retried: { select: 'count(*)', from, where: `${where} AND attempt > 1`, limit: 1 },
        },
        formula: 'errors / total * 100',
      };
    case 'throughput':
      return {
        name: `${service.name} throughput`,
        type: 'throughput',
        description: `Requests per second handled by ${service.name}.`,
        unit_of_measure: 'req/s',
        queries: {
          requests: { select: 'count(*)', from, where, limit: 1000 },
        },
        formula: 'requests / 60',
      };
  }
}

/** Objective settings per kind: target share of good intervals, and the per-interval benchmark. */
function sloFields(sli: StoredRecord, kind: Kind, n: number): Record<string, unknown> {
  const calendar = n % 4 === 3;
  const windowDays = calendar ? '30' : n % 3 === 0 ? '28' : '30';
  const sliName = String(sli.name);
  const goal = {
    availability: {
      name: `${sliName} 99.9%`,
      description: `At least 99.9% of intervals over ${windowDays} days meet 99.5% availability.`,
      target: '99.9',
      operator: '>=',
      benchmark: '99.5',
    },
    latency: {
      name: `${sliName} under 300 ms`,
      description: '95% of intervals keep p95 latency at or below 300 ms.',
      target: '95',
      operator: '<=',
      benchmark: n % 2 === 0 ? '300' : '250',
    },
    error_rate: {
      name: `${sliName} below 1%`,
      description: '99% of intervals see at most 1% failed calls.',
      target: '99',
      operator: '<=',
      benchmark: '1',
    },
    throughput: {
      name: `${sliName} capacity`,
      description: '90% of intervals handle at least 200 req/s.',
      target: '90',
      operator: '>=',
      benchmark: '200',
    },
  }[kind];
  // Field order as in the service's API (docs/service-api.md, Records).
  return {
    name: goal.name,
    description: goal.description,
    service_level_indicator_id: sli.id,
    time_window_type: calendar ? 'calendar' : 'rolling',
    time_window_value: windowDays,
    time_window_unit: 'day',
    target_value: goal.target,
    target_unit: '%',
    interval: n % 5 === 0 ? 300 : 60,
    on_missing_interval: n % 2 === 0 ? 'ignore' : 'bad',
    benchmark_operator: goal.operator,
    benchmark_value: goal.benchmark,
  };
}

export function emptyData(registry: Registry = WIRE_REGISTRY): DataSnapshot {
  return Object.fromEntries(registry.names.map((name) => [name, { nextNumber: 1, records: [] }]));
}

/** The resources whose sample records are written out below; every other resource's are made from its fields. */
const WRITTEN_OUT: ReadonlySet<string> = new Set(['slis', 'slos', 'organizations', 'agreements']);
/** How many records a resource without sample data of its own gets. */
const GENERATED_COUNT = 3;

/** A value of the field's kind for the n-th generated record (1-based); references name the first records there are. */
function generatedValue(def: ResourceDef, field: FieldDef, n: number, data: DataSnapshot): unknown {
  const referenced = field.references ? (data[field.references]?.records ?? []) : [];
  switch (field.kind) {
    case 'text':
    case 'multiline':
      return field.key === 'name' ? `Sample ${def.kind} ${n}` : `${field.label} of sample ${def.kind} ${n}`;
    case 'integer':
      return Number(field.example ?? 60) * n;
    case 'numeric-string':
      return field.example ?? String(n);
    case 'reference':
      return referenced.length > 0 ? referenced[(n - 1) % referenced.length]!.id : undefined;
    case 'reference-list':
      return referenced.slice(0, n).map((r) => r.id);
    case 'queries':
      return {};
  }
}

/** Sample records made from a resource's field definitions, for a resource with none written out. */
function generatedFields(def: ResourceDef, n: number, data: DataSnapshot): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of def.fields) {
    const value = generatedValue(def, field, n, data);
    if (value !== undefined) fields[field.key] = value;
  }
  return fields;
}

/**
 * Builds the sample records into `data` (which should be empty): the service's
 * resources from the records written out below, every other resource of the
 * registry from its fields.
 */
export function addSampleData(data: DataSnapshot, registry: Registry = WIRE_REGISTRY): void {
  let clock = SAMPLE_START_MS;
  let step = 0;
  const add = (resource: ResourceName, fields: Record<string, unknown>, def = RESOURCES[resource]): StoredRecord => {
    step++;
    // A few hours apart, with varying minutes and milliseconds so it doesn't look generated.
    clock += 2 * 3600_000 + ((step * 7919) % 3_600_000) + ((step * 131) % 1000);
    const created = iso(clock);
    // Every third record was edited later (a few days on).
    const updated = step % 3 === 0 ? iso(clock + ((step % 7) + 1) * 86_400_000) : created;
    const collection = (data[resource] ??= { nextNumber: 1, records: [] });
    const record: StoredRecord = {
      id: formatId(def.idPrefix, collection.nextNumber++),
      ...fields,
      created_at: created,
      updated_at: updated,
    };
    collection.records.push(record);
    return record;
  };

  const orgs = ORGANIZATIONS.map((o) => add('organizations', o));

  const slis: { record: StoredRecord; kind: Kind }[] = [];
  for (const service of SERVICES) {
    for (const kind of service.kinds) slis.push({ record: add('slis', sliFields(service, kind)), kind });
  }

  // 20 SLOs: the first two SLIs of every service (availability and latency, mostly).
  const slos: StoredRecord[] = [];
  for (let s = 0; s < SERVICES.length; s++) {
    for (let k = 0; k < 2; k++) {
      const entry = slis[s * 3 + k]!;
      slos.push(add('slos', sloFields(entry.record, entry.kind, slos.length)));
    }
  }

  const sloIdsOf = (...services: number[]) => services.flatMap((s) => [slos[s * 2]!.id, slos[s * 2 + 1]!.id]);
  const agreements = [
    {
      name: 'Acme Retail storefront SLA',
      description: 'Checkout, payments and the mobile app.',
      organization_id: orgs[0]!.id,
      slo_ids: sloIdsOf(0, 1, 7),
    },
    {
      name: 'Acme Retail search OLA',
      description: 'Internal agreement for product search.',
      organization_id: orgs[0]!.id,
      slo_ids: sloIdsOf(2, 4),
    },
    {
      name: 'Globex inventory SLA',
      description: 'Inventory and order storage for partner carriers.',
      organization_id: orgs[1]!.id,
      slo_ids: sloIdsOf(5, 9),
    },
    {
      name: 'Initech merchant SLA',
      description: 'Payment gateway and sign-in for merchants.',
      organization_id: orgs[2]!.id,
      slo_ids: sloIdsOf(1, 3),
    },
    {
      name: 'Umbrella Health patient SLA',
      description: 'Notifications and content delivery.',
      organization_id: orgs[3]!.id,
      slo_ids: sloIdsOf(6, 8),
    },
  ];
  for (const a of agreements) add('agreements', a);

  for (const def of registry.defs) {
    if (WRITTEN_OUT.has(def.name)) continue;
    for (let n = 1; n <= GENERATED_COUNT; n++) add(def.name, generatedFields(def, n, data), def);
  }
}

const SEED_KINDS: readonly Kind[] = ['availability', 'latency', 'error_rate', 'throughput'];
const SEED_NAME_SUFFIX: Record<Kind, string> = {
  availability: 'availability',
  latency: 'latency p95',
  error_rate: 'error rate',
  throughput: 'throughput',
};
const SEED_UNIT: Record<Kind, string> = { availability: '%', latency: 'ms', error_rate: '%', throughput: 'req/s' };
const SEED_FORMULA: Record<Kind, string> = {
  availability: 'good / total * 100',
  latency: 'p95',
  error_rate: 'errors / total * 100',
  throughput: 'requests / 60',
};

/** Appends `count` generated SLIs ("svc-00042 latency p95"), one second apart, after everything in `data`. */
export function addSeededSlis(data: DataSnapshot, count: number): void {
  const collection = (data.slis ??= { nextNumber: 1, records: [] });
  const lastExisting = collection.records.at(-1);
  const start = Math.max(SEED_START_MS, lastExisting ? Date.parse(lastExisting.created_at) + 1000 : 0);
  const records = collection.records;
  for (let i = 1; i <= count; i++) {
    const kind = SEED_KINDS[(i - 1) % SEED_KINDS.length]!;
    const service = `svc-${String(i).padStart(5, '0')}`;
    const where = `service = '${service}'`;
    const timestamp = iso(start + (i - 1) * 1000);
    records.push({
      id: formatId(RESOURCES.slis.idPrefix, collection.nextNumber++),
      name: `${service} ${SEED_NAME_SUFFIX[kind]}`,
      type: kind,
      description: `Generated ${SEED_NAME_SUFFIX[kind]} indicator of ${service}.`,
      unit_of_measure: SEED_UNIT[kind],
      queries:
        kind === 'availability' || kind === 'error_rate'
          ? {
              [kind === 'availability' ? 'good' : 'errors']: {
                select: 'count(*)',
                from: 'http_requests',
                where: `${where} AND status_code ${kind === 'availability' ? '<' : '>='} 500`,
                limit: 1,
              },
              total: { select: 'count(*)', from: 'http_requests', where, limit: 1 },
            }
          : {
              [kind === 'latency' ? 'p95' : 'requests']: {
                select: kind === 'latency' ? 'percentile(duration_ms, 95)' : 'count(*)',
                from: 'http_requests',
                where,
                limit: 1,
              },
            },
      formula: SEED_FORMULA[kind],
      created_at: timestamp,
      updated_at: timestamp,
    });
  }
}

/** Objectives the generated SLOs cycle through: common targets and windows, a calendar month, a rolling week. */
const SEED_OBJECTIVES: readonly { target: string; type: string; value: string; unit: string; interval?: number }[] = [
  { target: '99.9', type: 'rolling', value: '30', unit: 'day', interval: 60 },
  { target: '99.5', type: 'rolling', value: '28', unit: 'day', interval: 300 },
  { target: '99', type: 'rolling', value: '7', unit: 'day' },
  { target: '99.95', type: 'calendar', value: '1', unit: 'month', interval: 60 },
  { target: '95', type: 'rolling', value: '4', unit: 'week', interval: 60 },
  { target: '99.99', type: 'calendar', value: '3', unit: 'month' },
];

/** Appends `count` generated SLOs over the SLIs there are (round robin), for large SLO lists. */
export function addSeededSlos(data: DataSnapshot, count: number): void {
  const slis = data.slis?.records ?? [];
  if (slis.length === 0) return;
  const collection = (data.slos ??= { nextNumber: 1, records: [] });
  const lastExisting = collection.records.at(-1);
  const start = Math.max(SEED_START_MS, lastExisting ? Date.parse(lastExisting.created_at) + 1000 : 0);
  for (let i = 1; i <= count; i++) {
    const sli = slis[(i - 1) % slis.length]!;
    const objective = SEED_OBJECTIVES[(i - 1) % SEED_OBJECTIVES.length]!;
    const timestamp = iso(start + (i - 1) * 1000);
    collection.records.push({
      id: formatId(RESOURCES.slos.idPrefix, collection.nextNumber++),
      // The number first: a page's first row is told apart even when the name column is cut.
      name: `obj-${String(i).padStart(5, '0')} ${String(sli.name)} ${objective.target}%`,
      description: `Generated objective ${i} over ${String(sli.name)}.`,
      service_level_indicator_id: sli.id,
      time_window_type: objective.type,
      time_window_value: objective.value,
      time_window_unit: objective.unit,
      target_value: objective.target,
      target_unit: '%',
      ...(objective.interval ? { interval: objective.interval } : {}),
      created_at: timestamp,
      updated_at: timestamp,
    });
  }
}
