/**
 * The plan of `apply` and `diff`: which record each OpenSLO document stands
 * for and what would change. Pure: the documents as read (openslo.ts) and the
 * records the service holds in, one entry a document out, SLIs first so a new
 * SLO can point at an SLI created in the same run.
 *
 * A document matches the record named by its `slotui/id`, else the one whose
 * name is its displayName, else the one whose metadata.name (as export would
 * write it) is its name; none: the record is created. A field the document
 * does not give is left as it is. Numbers compare by value ("99.90" = "99.9");
 * an update sends only what changes.
 */
import type { ApiRecord } from '../api/record.js';
import { sameNumber } from './decimal.js';
import { assignNames, ANNOTATION, type ReadResult } from './openslo.js';

export type GitopsResource = 'slis' | 'slos';

interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface PlanEntry {
  action: 'create' | 'update' | 'unchanged' | 'refused';
  /** 1-based position of the document in the file. */
  document: number;
  /** SLI, SLO, or the kind the document said (refused ones; empty when it said none). */
  kind: string;
  /** metadata.name, or "document N" when it has none. */
  name: string;
  resource?: GitopsResource;
  /** The matched record (update, unchanged). */
  id?: string;
  changes: FieldChange[];
  /** What is sent: the whole record to create, or the changed fields to PATCH. */
  body?: Record<string, unknown>;
  reason?: string;
  /** An SLO whose SLI is created in the same run: its id goes into the body once known. */
  sliFrom?: PlanEntry;
}

export interface CurrentRecords {
  slis: readonly ApiRecord[];
  slos: readonly ApiRecord[];
}

export type ReadItem = ReadResult & { document: number };

/**
 * The resource's own check of what would be sent (its schema): undefined when
 * it fits, else the clause that says why not. `update` checks only the fields given.
 */
export type RecordCheck = (
  resource: GitopsResource,
  body: Record<string, unknown>,
  mode: 'create' | 'update',
) => string | undefined;

const SINGULAR: Record<GitopsResource, string> = { slis: 'SLI', slos: 'SLO' };

const NUMERIC_FIELDS = new Set(['time_window_value', 'target_value', 'benchmark_value']);
/** Where a field comes from in a document, for refusals that name a missing field. */
export const SOURCE_OF_FIELD: Record<string, string> = {
  name: 'metadata.displayName',
  type: `annotation ${ANNOTATION.type}`,
  service_level_indicator_id: 'spec.indicatorRef',
  time_window_type: 'spec.timeWindow',
  time_window_value: 'spec.timeWindow',
  time_window_unit: 'spec.timeWindow',
  target_value: 'objectives[0].target',
};

export function makePlan(items: readonly ReadItem[], current: CurrentRecords, check: RecordCheck): PlanEntry[] {
  const ordered = [
    ...items.filter((i) => i.kind === 'SLI'),
    ...items.filter((i) => i.kind === 'SLO'),
    ...items.filter((i) => i.kind !== 'SLI' && i.kind !== 'SLO'),
  ];
  const slis = new Matcher('slis', current.slis);
  const slos = new Matcher('slos', current.slos);
  const sliEntries = new Map<string, PlanEntry>();
  const plan: PlanEntry[] = [];
  // metadata.name is what indicatorRef names, so it must be unique within a kind.
  const firstWithName = new Map<string, number>();
  for (const item of ordered) {
    const matcher = item.kind === 'SLO' ? slos : slis;
    let entry: PlanEntry;
    const earlier = item.ok ? firstWithName.get(`${item.kind}/${item.name}`) : undefined;
    if (item.ok && earlier !== undefined) {
      const reason = `document ${earlier} has the same metadata.name; names must be unique within a kind`;
      entry = {
        document: item.document,
        kind: item.kind,
        name: item.name,
        resource: matcher.resource,
        changes: [],
        action: 'refused',
        reason,
      };
    } else {
      if (item.ok) firstWithName.set(`${item.kind}/${item.name}`, item.document);
      entry = planOne(item, matcher, sliEntries, slis, check);
    }
    if (item.kind === 'SLI' && item.name !== undefined && !sliEntries.has(item.name)) sliEntries.set(item.name, entry);
    plan.push(entry);
  }
  return plan;
}

function planOne(
  item: ReadItem,
  matcher: Matcher,
  sliEntries: Map<string, PlanEntry>,
  slis: Matcher,
  check: RecordCheck,
): PlanEntry {
  const base = {
    document: item.document,
    kind: item.kind ?? '',
    name: item.name ?? `document ${item.document}`,
    changes: [],
  };
  if (!item.ok) {
    const known = item.kind === 'SLI' || item.kind === 'SLO' ? { resource: matcher.resource } : {};
    return { ...base, ...known, action: 'refused', reason: item.reason };
  }
  const resource = matcher.resource;
  const entry: PlanEntry = { ...base, kind: item.kind, resource, action: 'unchanged' };
  const refused = (reason: string): PlanEntry => ({ ...entry, action: 'refused', reason });

  const match = matcher.match(item);
  if ('problem' in match) return refused(match.problem);
  const record = match.record;
  const desired: Record<string, unknown> = { ...item.fields };
  if (item.displayName !== undefined) desired.name = item.displayName;
  else if (!record) desired.name = item.name;

  if (item.kind === 'SLO') {
    const sli = resolveSli(item, sliEntries, slis, record);
    if ('problem' in sli) return refused(sli.problem);
    if (sli.entry?.action === 'create') entry.sliFrom = sli.entry;
    else desired.service_level_indicator_id = sli.id;
  }

  if (!record) {
    const body = Object.fromEntries(Object.entries(desired).filter(([, v]) => v !== null && v !== undefined));
    // The SLI created in this run has no id yet: a stand-in passes the check and is replaced when sent.
    const checked = entry.sliFrom ? { ...body, service_level_indicator_id: 'pending' } : body;
    const problem = check(resource, checked, 'create');
    if (problem) return refused(problem);
    return {
      ...entry,
      action: 'create',
      body,
      changes: Object.entries(body).map(([field, to]) => ({ field, from: undefined, to })),
    };
  }

  entry.id = record.id;
  const changes: FieldChange[] = [];
  const body: Record<string, unknown> = {};
  for (const [field, to] of Object.entries(desired)) {
    if (sameValue(field, to, record[field])) continue;
    changes.push({ field, from: record[field], to });
    // "No interval" is sent as 0: the service's schema takes no null.
    body[field] = field === 'interval' && to === null ? 0 : to;
  }
  if (entry.sliFrom) {
    changes.push({
      field: 'service_level_indicator_id',
      from: record.service_level_indicator_id,
      to: `(the new SLI ${entry.sliFrom.name})`,
    });
  }
  if (changes.length === 0) return entry;
  const problem = check(resource, entry.sliFrom ? { ...body, service_level_indicator_id: 'pending' } : body, 'update');
  if (problem) return refused(problem);
  return { ...entry, action: 'update', changes, body };
}

/** Records of one resource, findable by id, name and export name. */
class Matcher {
  private readonly byId = new Map<string, ApiRecord>();
  private readonly byName = new Map<string, ApiRecord[]>();
  private readonly byExportName = new Map<string, ApiRecord>();
  /** Records already matched, by id: the document that took them. */
  private readonly taken = new Map<string, number>();

  constructor(
    readonly resource: GitopsResource,
    records: readonly ApiRecord[],
  ) {
    for (const record of records) {
      this.byId.set(record.id, record);
      if (typeof record.name === 'string') {
        const list = this.byName.get(record.name) ?? [];
        list.push(record);
        this.byName.set(record.name, list);
      }
    }
    for (const [id, name] of assignNames(records)) this.byExportName.set(name, this.byId.get(id)!);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  byMetadataName(name: string): ApiRecord | undefined {
    return this.byExportName.get(name);
  }

  match(item: ReadItem & { ok: true }): { record?: ApiRecord } | { problem: string } {
    const singular = SINGULAR[this.resource];
    let record: ApiRecord | undefined;
    if (item.id !== undefined) record = this.byId.get(item.id);
    if (!record && item.displayName !== undefined) {
      const named = this.byName.get(item.displayName) ?? [];
      if (named.length > 1) {
        return {
          problem: `${named.length} ${singular}s are named like its displayName (${named
            .slice(0, 3)
            .map((r) => r.id)
            .join(', ')}); add the annotation ${ANNOTATION.id} to say which`,
        };
      }
      record = named[0];
    }
    record ??= this.byExportName.get(item.name);
    if (!record) return {};
    const other = this.taken.get(record.id);
    if (other !== undefined)
      return { problem: `it stands for the same ${singular} (${record.id}) as document ${other}` };
    this.taken.set(record.id, item.document);
    return { record };
  }
}

/** The SLI an SLO document points at: in the same file first, then in the service. */
function resolveSli(
  item: ReadItem & { ok: true },
  sliEntries: Map<string, PlanEntry>,
  slis: Matcher,
  record: ApiRecord | undefined,
): { id?: string; entry?: PlanEntry } | { problem: string } {
  const ref = item.indicatorRef;
  if (ref !== undefined) {
    const entry = sliEntries.get(ref);
    if (entry?.action === 'refused') return { problem: `its SLI document ${ref} is refused` };
    if (entry) return entry.action === 'create' ? { entry } : { id: entry.id!, entry };
    const existing = slis.byMetadataName(ref);
    if (existing) return { id: existing.id };
  }
  // The id kept beside indicatorRef: for an SLI renamed since the export, or an SLO whose SLI is gone.
  const kept = item.indicatorId;
  if (kept !== undefined && (slis.has(kept) || (record && String(record.service_level_indicator_id) === kept)))
    return { id: kept };
  if (ref === undefined) return { problem: 'spec.indicatorRef is missing' };
  return { problem: `spec.indicatorRef ${ref} names no SLI document in this file and no SLI of the service` };
}

function sameValue(field: string, desired: unknown, current: unknown): boolean {
  const d = desired ?? undefined;
  const c = current ?? undefined;
  if (field === 'interval') {
    const none = (v: unknown) => v === undefined || v === 0;
    // A document gives a number or null (none), so equal values are equal numbers.
    return (none(d) && none(c)) || d === c;
  }
  // A target without a unit is a percentage.
  if (field === 'target_unit') return (d ?? '%') === (c ?? '%');
  if (NUMERIC_FIELDS.has(field)) {
    const text = (v: unknown) => (typeof v === 'number' ? String(v) : v);
    const a = text(d);
    const b = text(c);
    if (typeof a === 'string' && typeof b === 'string' && sameNumber(a, b)) return true;
    return a === b;
  }
  return deepEqual(d, c);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  // A list is compared as its indexes and items: the same keys, the same value at each.
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && deepEqual(x[k], y[k]));
}
