/**
 * Records ↔ OpenSLO v1 documents: the one place that decides how an SLI or
 * SLO is written as OpenSLO and read back (docs/gitops.md has the table).
 *
 * Writing keeps everything: what OpenSLO has no field for goes into
 * `slotui/…` annotations holding the stored text exactly, so a document read
 * back gives the same record. Reading takes the spec's fields first; an
 * annotation is used only where it says the same as the spec (it then gives
 * the exact stored text, "99.90" rather than "99.9") or where the spec has
 * nothing. A field a document does not give at all is left as it is.
 *
 * Pure: plain objects in, plain objects out; YAML is the caller's business.
 */
import type { ApiRecord } from '../api/record.js';
import { plainNumber, sameNumber, shiftDecimal } from './decimal.js';
import { windowUnitOf as mathWindowUnitOf } from './sloMath.js';
import { closestWord } from '../text/suggest.js';

const API_VERSION = 'openslo/v1';

export const ANNOTATION = {
  id: 'slotui/id',
  indicatorId: 'slotui/indicator-id',
  type: 'slotui/type',
  unitOfMeasure: 'slotui/unit-of-measure',
  description: 'slotui/description',
  windowType: 'slotui/time-window-type',
  windowValue: 'slotui/time-window-value',
  windowUnit: 'slotui/time-window-unit',
  targetValue: 'slotui/target-value',
  targetUnit: 'slotui/target-unit',
  operator: 'slotui/benchmark-operator',
  benchmarkValue: 'slotui/benchmark-value',
  interval: 'slotui/interval',
  onMissingInterval: 'slotui/on-missing-interval',
} as const;

/** `slotui/interval` of an SLO that has no interval (budgetingMethod Occurrences). */
const NO_INTERVAL = 'none';
/**
 * OpenSLO's v2alpha draft (the OpenSLO repository's enhancements/v2alpha.md): `openslo.com/v2alpha`,
 * no `displayName` in the metadata (Kubernetes' ObjectMeta has none: it goes to an annotation), and
 * an SLO names its SLI with `sliRef` (an inline one is `sli`). Written from, and read back into,
 * the v1 documents, so everything else maps as in v1.
 */
const API_VERSION_V2ALPHA = 'openslo.com/v2alpha';
const DISPLAY_NAME_ANNOTATION = 'slotui/display-name';

/** A v1 document as the v2alpha draft writes it. */
export function toV2alpha(doc: OpenSloDocument): Record<string, unknown> {
  const { displayName, ...metadata } = doc.metadata;
  const annotations =
    displayName === undefined
      ? metadata.annotations
      : { ...metadata.annotations, [DISPLAY_NAME_ANNOTATION]: displayName };
  const { indicatorRef, indicator, ...spec } = doc.spec;
  return {
    apiVersion: API_VERSION_V2ALPHA,
    kind: doc.kind,
    metadata: { ...metadata, annotations },
    spec: {
      ...(indicatorRef !== undefined ? { sliRef: indicatorRef } : {}),
      ...(indicator !== undefined ? { sli: indicator } : {}),
      ...spec,
    },
  };
}

/** A v2alpha document in v1's shape (what readDocument reads); anything else as it is. */
function fromV2alpha(doc: unknown): unknown {
  if (!isObject(doc) || doc.apiVersion !== API_VERSION_V2ALPHA) return doc;
  const metadata = isObject(doc.metadata) ? { ...doc.metadata } : doc.metadata;
  if (isObject(metadata) && isObject(metadata.annotations)) {
    const { [DISPLAY_NAME_ANNOTATION]: displayName, ...annotations } = metadata.annotations;
    metadata.annotations = annotations;
    if (displayName !== undefined && metadata.displayName === undefined) metadata.displayName = displayName;
  }
  let spec = doc.spec;
  if (isObject(spec)) {
    const { sliRef, sli, ...rest } = spec;
    spec = {
      ...(sliRef !== undefined ? { indicatorRef: sliRef } : {}),
      ...(sli !== undefined ? { indicator: sli } : {}),
      ...rest,
    };
  }
  return { ...doc, apiVersion: API_VERSION, metadata, spec };
}

/** OpenSLO's limits. */
const MAX_NAME = 63;
const MAX_DESCRIPTION = 1050;
/** slotui's calendar periods are UTC and start on the 1st of January (months count from there). */
const CALENDAR_START = '2024-01-01 00:00:00';
const UTC_ZONES = new Set(['UTC', 'Etc/UTC']);

type OpenSloKind = 'SLI' | 'SLO';

export interface OpenSloDocument {
  apiVersion: typeof API_VERSION;
  kind: OpenSloKind;
  metadata: { name: string; displayName?: string; annotations: Record<string, string> };
  spec: Record<string, unknown>;
}

/** An RFC 1123 label from any text: lower case letters, digits and '-', at most 63 characters. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_NAME)
    .replace(/-+$/, '');
}

/** FNV-1a, 8 hex digits: a short, stable stand-in for an id that does not slug well. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function idSuffix(id: string): string {
  const slug = slugify(id);
  return slug && slug.length <= 24 ? slug : `id-${shortHash(id)}`;
}

function withSuffix(base: string, suffix: string): string {
  const head = base.slice(0, MAX_NAME - suffix.length - 1).replace(/-+$/, '');
  return head ? `${head}-${suffix}` : suffix;
}

/**
 * `metadata.name` of every record of one resource, by id. The name is the
 * slug of the record's name; where several records share a slug, the first
 * (in the service's order) keeps it and the others get a suffix made from
 * their id. Computed over the whole collection, so a record's name does not
 * depend on which records an export includes.
 */
export function assignNames(records: readonly ApiRecord[]): Map<string, string> {
  const bases = records.map((record) => slugify(textOf(record.name) ?? ''));
  const names = new Map<string, string>();
  const used = new Set<string>();
  const later: number[] = [];
  records.forEach((record, index) => {
    const base = bases[index] || idSuffix(record.id);
    if (names.has(record.id)) return;
    if (used.has(base)) later.push(index);
    else {
      names.set(record.id, base);
      used.add(base);
    }
  });
  for (const index of later) {
    const record = records[index]!;
    if (names.has(record.id)) continue;
    const base = bases[index]!;
    let name = withSuffix(base, idSuffix(record.id));
    for (let n = 1; used.has(name) && n < 1000; n++) name = withSuffix(base, `id-${shortHash(`${record.id}#${n}`)}`);
    names.set(record.id, name);
    used.add(name);
  }
  return names;
}

type WindowUnit = NonNullable<ReturnType<typeof mathWindowUnitOf>>;
const SHORTHAND: Record<WindowUnit, string> = { minute: 'm', hour: 'h', day: 'd', week: 'w', month: 'M', year: 'Y' };
const FROM_SHORTHAND: Record<string, { unit: WindowUnit; times: number }> = {
  m: { unit: 'minute', times: 1 },
  h: { unit: 'hour', times: 1 },
  d: { unit: 'day', times: 1 },
  w: { unit: 'week', times: 1 },
  M: { unit: 'month', times: 1 },
  Q: { unit: 'month', times: 3 },
  Y: { unit: 'year', times: 1 },
};

/** A stored window unit as the SLO math reads it (case-insensitive, singular or plural; a month only as the word). */
function windowUnitOf(text: string): WindowUnit | undefined {
  return mathWindowUnitOf(text) ?? undefined;
}

const PERCENT_UNITS = new Set(['%', 'percent', 'pct']);
function isPercentUnit(unit: string): boolean {
  return PERCENT_UNITS.has(unit.trim().toLowerCase());
}

const OPERATOR_OF_SYMBOL: Record<string, string> = { '>=': 'gte', '<=': 'lte', '>': 'gt', '<': 'lt' };
const SYMBOL_OF_OPERATOR: Record<string, string> = { gte: '>=', lte: '<=', gt: '>', lt: '<' };
/** An operator as OpenSLO writes it ("gte"), from a stored one (">=" or "gte"), or undefined. */
function openSloOperator(stored: string): string | undefined {
  const text = stored.trim();
  if (Object.hasOwn(OPERATOR_OF_SYMBOL, text)) return OPERATOR_OF_SYMBOL[text];
  const word = text.toLowerCase();
  return Object.hasOwn(SYMBOL_OF_OPERATOR, word) ? word : undefined;
}

/** A time slice as duration shorthand: the largest of d, h, m that divides it. */
function sliceText(seconds: number): string {
  const minutes = seconds / 60;
  if (minutes % 1440 === 0) return `${minutes / 1440}d`;
  if (minutes % 60 === 0) return `${minutes / 60}h`;
  return `${minutes}m`;
}

const SLICE_SECONDS: Record<string, number> = { m: 60, h: 3600, d: 86_400, w: 604_800 };
/** `timeSliceWindow` in seconds: a bare number is minutes; shorthand with m, h, d or w. */
function sliceSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value * 60 : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+)\s*([mhdw])?\s*$/.exec(value);
  if (!match) return undefined;
  const n = Number(match[1]);
  return n > 0 ? n * SLICE_SECONDS[match[2] ?? 'm']! : undefined;
}

/** Text of a stored field: strings as they are, numbers as text; anything else is not text. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Number.isFinite(value)) return String(value);
  return undefined;
}

function metadataOf(record: ApiRecord, name: string): OpenSloDocument['metadata'] {
  const displayName = textOf(record.name);
  return { name, ...(displayName !== undefined ? { displayName } : {}), annotations: { [ANNOTATION.id]: record.id } };
}

function putDescription(record: ApiRecord, spec: Record<string, unknown>, annotations: Record<string, string>): void {
  const description = textOf(record.description);
  if (description === undefined) return;
  if (description.length <= MAX_DESCRIPTION) spec.description = description;
  else annotations[ANNOTATION.description] = description;
}

function annotate(annotations: Record<string, string>, key: string, value: unknown): void {
  const text = textOf(value);
  if (text !== undefined) annotations[key] = text;
}

export function sliDocument(sli: ApiRecord, name: string): OpenSloDocument {
  const metadata = metadataOf(sli, name);
  const spec: Record<string, unknown> = {};
  putDescription(sli, spec, metadata.annotations);
  annotate(metadata.annotations, ANNOTATION.type, sli.type);
  annotate(metadata.annotations, ANNOTATION.unitOfMeasure, sli.unit_of_measure);
  const source: Record<string, unknown> = {};
  if (sli.queries !== undefined && sli.queries !== null) source.queries = sli.queries;
  if (typeof sli.formula === 'string') source.formula = sli.formula;
  spec.thresholdMetric = { metricSource: { type: 'slotui', spec: source } };
  return { apiVersion: API_VERSION, kind: 'SLI', metadata, spec };
}

/**
 * An SLO as a document. `indicatorName` is the metadata.name of its SLI
 * (undefined when no SLI has that id: the id alone is then kept).
 */
export function sloDocument(slo: ApiRecord, name: string, indicatorName: string | undefined): OpenSloDocument {
  const metadata = metadataOf(slo, name);
  const annotations = metadata.annotations;
  const spec: Record<string, unknown> = {};
  putDescription(slo, spec, annotations);
  const sliId = textOf(slo.service_level_indicator_id);
  if (sliId !== undefined) {
    annotations[ANNOTATION.indicatorId] = sliId;
    spec.indicatorRef = indicatorName ?? idSuffix(sliId);
  }
  const timeWindow = writeWindow(slo, annotations);
  if (timeWindow) spec.timeWindow = [timeWindow];

  const objective: Record<string, unknown> = {};
  writeBenchmark(slo, objective, annotations);
  writeTarget(slo, objective, annotations);
  const interval = slo.interval;
  if (typeof interval === 'number' && Number.isSafeInteger(interval) && interval > 0) {
    spec.budgetingMethod = 'Timeslices';
    objective.timeSliceTarget = 1;
    if (interval % 60 === 0) objective.timeSliceWindow = sliceText(interval);
    else annotations[ANNOTATION.interval] = String(interval);
  } else {
    spec.budgetingMethod = 'Occurrences';
    annotations[ANNOTATION.interval] = textOf(interval) ?? NO_INTERVAL;
  }
  spec.objectives = [objective];
  annotate(annotations, ANNOTATION.onMissingInterval, slo.on_missing_interval);
  return { apiVersion: API_VERSION, kind: 'SLO', metadata, spec };
}

function writeWindow(slo: ApiRecord, annotations: Record<string, string>): Record<string, unknown> | undefined {
  const type = textOf(slo.time_window_type);
  const value = textOf(slo.time_window_value);
  const unit = textOf(slo.time_window_unit);
  const kind = type?.trim().toLowerCase();
  const canonical = unit === undefined ? undefined : windowUnitOf(unit);
  // Blank text is 0 to Number, and undefined NaN: neither is a count.
  const count = Number(value);
  if ((kind === 'rolling' || kind === 'calendar') && canonical && Number.isSafeInteger(count) && count > 0) {
    if (type !== kind) annotations[ANNOTATION.windowType] = type!;
    if (value !== String(count)) annotations[ANNOTATION.windowValue] = value!;
    if (unit !== canonical) annotations[ANNOTATION.windowUnit] = unit!;
    const duration = `${count}${SHORTHAND[canonical]}`;
    return kind === 'rolling'
      ? { duration, isRolling: true }
      : { duration, isRolling: false, calendar: { startTime: CALENDAR_START, timeZone: 'UTC' } };
  }
  annotate(annotations, ANNOTATION.windowType, type);
  annotate(annotations, ANNOTATION.windowValue, value);
  annotate(annotations, ANNOTATION.windowUnit, unit);
  return undefined;
}

function writeTarget(slo: ApiRecord, objective: Record<string, unknown>, annotations: Record<string, string>): void {
  const value = textOf(slo.target_value);
  const unit = textOf(slo.target_unit);
  const fraction = value === undefined ? undefined : shiftDecimal(value, -2);
  const number = Number(fraction);
  if ((unit === undefined || isPercentUnit(unit)) && number >= 0 && number < 1) {
    objective.target = number;
    if (shiftDecimal(plainNumber(number), 2) !== value) annotations[ANNOTATION.targetValue] = value!;
    if (unit !== undefined && unit !== '%') annotations[ANNOTATION.targetUnit] = unit;
    return;
  }
  annotate(annotations, ANNOTATION.targetValue, value);
  annotate(annotations, ANNOTATION.targetUnit, unit);
}

function writeBenchmark(slo: ApiRecord, objective: Record<string, unknown>, annotations: Record<string, string>): void {
  const operator = textOf(slo.benchmark_operator);
  if (operator !== undefined) {
    const op = openSloOperator(operator);
    if (op) objective.op = op;
    if (!op || operator !== SYMBOL_OF_OPERATOR[op]) annotations[ANNOTATION.operator] = operator;
  }
  const value = textOf(slo.benchmark_value);
  if (value !== undefined) {
    const number = value.trim() === '' ? Number.NaN : Number(value);
    if (Number.isFinite(number)) objective.value = number;
    if (!Number.isFinite(number) || plainNumber(number) !== value) annotations[ANNOTATION.benchmarkValue] = value;
  }
}

export interface ReadDocument {
  ok: true;
  kind: OpenSloKind;
  name: string;
  displayName?: string;
  /** `slotui/id`: the record it was exported from. */
  id?: string;
  /** The record's fields the document gives (name excepted: see displayName); absent ones are left as they are. */
  fields: Record<string, unknown>;
  /** SLO: `spec.indicatorRef`, and the `slotui/indicator-id` kept beside it. */
  indicatorRef?: string;
  indicatorId?: string;
}

interface RefusedDocument {
  ok: false;
  kind?: string;
  name?: string;
  reason: string;
}

export type ReadResult = ReadDocument | RefusedDocument;

class Refusal extends Error {}
function refuse(reason: string): never {
  throw new Refusal(reason);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys OpenSLO v1 gives each mapping slotui reads, to tell a misspelled key from a missing one. */
const OPENSLO_KEYS = {
  document: ['apiVersion', 'kind', 'metadata', 'spec'],
  metadata: ['name', 'displayName', 'labels', 'annotations'],
  sliSpec: ['description', 'thresholdMetric', 'ratioMetric'],
  sloSpec: [
    'description',
    'service',
    'indicator',
    'indicatorRef',
    'timeWindow',
    'budgetingMethod',
    'objectives',
    'alertPolicies',
  ],
  objective: [
    'displayName',
    'op',
    'value',
    'target',
    'targetPercent',
    'timeSliceTarget',
    'timeSliceWindow',
    'indicator',
    'indicatorRef',
    'compositeWeight',
  ],
  timeWindow: ['duration', 'isRolling', 'calendar'],
} as const;

/**
 * A key that is not OpenSLO's but close to one of its keys is a typo (`traget:`): refused with the key
 * meant, instead of the later, misleading "target is missing". Other unknown keys are left alone.
 */
function refuseTypos(mapping: Record<string, unknown>, known: readonly string[], where: string): void {
  for (const key of Object.keys(mapping)) {
    if (known.includes(key)) continue;
    const meant = closestWord(key, known, (k) => k);
    if (meant !== undefined) refuse(`${where}${key} is not an OpenSLO field; did you mean "${meant}"?`);
  }
}

/** What a YAML document holds, read as an SLI or SLO; or why slotui cannot represent it. */
export function readDocument(source: unknown): ReadResult {
  const doc = fromV2alpha(source);
  const kind = isObject(doc) && typeof doc.kind === 'string' ? doc.kind : undefined;
  const name =
    isObject(doc) && isObject(doc.metadata) && typeof doc.metadata.name === 'string' ? doc.metadata.name : undefined;
  try {
    if (!isObject(doc)) return refuse('it is not a mapping of apiVersion, kind, metadata and spec');
    refuseTypos(doc, OPENSLO_KEYS.document, '');
    if (doc.apiVersion !== API_VERSION) {
      return refuse(
        typeof doc.apiVersion === 'string'
          ? `apiVersion ${doc.apiVersion} is not ${API_VERSION}`
          : `apiVersion ${API_VERSION} is missing`,
      );
    }
    if (kind !== 'SLI' && kind !== 'SLO') {
      return refuse(
        kind === undefined ? 'kind is missing' : `kind ${kind} has no slotui resource (only SLI and SLO have one)`,
      );
    }
    if (!isObject(doc.metadata) || name === undefined || name.trim() === '') return refuse('metadata.name is missing');
    if (!isObject(doc.spec)) return refuse('spec is missing');
    refuseTypos(doc.metadata, OPENSLO_KEYS.metadata, 'metadata.');
    refuseTypos(doc.spec, kind === 'SLI' ? OPENSLO_KEYS.sliSpec : OPENSLO_KEYS.sloSpec, 'spec.');
    const annotations = annotationsOf(doc.metadata.annotations);
    const displayName = doc.metadata.displayName;
    if (displayName !== undefined && typeof displayName !== 'string') refuse('metadata.displayName must be text');
    const fields: Record<string, unknown> = {};
    readDescription(doc.spec, annotations, fields);
    const read: ReadDocument = { ok: true, kind, name, fields };
    if (typeof displayName === 'string') read.displayName = displayName;
    const id = annotations[ANNOTATION.id];
    if (id !== undefined && id.trim() !== '') read.id = id;
    if (kind === 'SLI') readSli(doc.spec, annotations, fields);
    else readSlo(doc.spec, annotations, read);
    return read;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return {
      ok: false,
      ...(kind !== undefined ? { kind } : {}),
      ...(name !== undefined ? { name } : {}),
      reason: error.message,
    };
  }
}

function annotationsOf(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) return refuse('metadata.annotations must be a mapping');
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    // A number or true written without quotes is meant as its text.
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = String(v);
  }
  return out;
}

function readDescription(
  spec: Record<string, unknown>,
  annotations: Record<string, string>,
  fields: Record<string, unknown>,
): void {
  if (spec.description !== undefined && spec.description !== null) {
    if (typeof spec.description !== 'string') refuse('spec.description must be text');
    fields.description = spec.description;
  } else if (annotations[ANNOTATION.description] !== undefined) {
    fields.description = annotations[ANNOTATION.description];
  }
}

function readSli(
  spec: Record<string, unknown>,
  annotations: Record<string, string>,
  fields: Record<string, unknown>,
): void {
  if (spec.ratioMetric !== undefined)
    refuse(
      'a ratioMetric SLI (good and total metrics) cannot be represented; slotui SLIs are a thresholdMetric with metricSource type slotui',
    );
  const metric = spec.thresholdMetric;
  if (!isObject(metric) || !isObject(metric.metricSource)) refuse('spec.thresholdMetric.metricSource is missing');
  const source = (metric as { metricSource: Record<string, unknown> }).metricSource;
  if (source.type !== 'slotui') {
    refuse(
      `metricSource type ${typeof source.type === 'string' ? source.type : '(none)'} cannot be represented; slotui reads only type slotui (spec: queries, formula)`,
    );
  }
  const sourceSpec = source.spec ?? {};
  if (!isObject(sourceSpec)) return refuse('metricSource.spec must be a mapping of queries and formula');
  if (sourceSpec.queries !== undefined && sourceSpec.queries !== null) {
    if (!isObject(sourceSpec.queries)) refuse('metricSource.spec.queries must be a mapping of named queries');
    fields.queries = sourceSpec.queries;
  }
  if (sourceSpec.formula !== undefined && sourceSpec.formula !== null) {
    if (typeof sourceSpec.formula !== 'string') refuse('metricSource.spec.formula must be text');
    fields.formula = sourceSpec.formula;
  }
  if (annotations[ANNOTATION.type] !== undefined) fields.type = annotations[ANNOTATION.type];
  if (annotations[ANNOTATION.unitOfMeasure] !== undefined)
    fields.unit_of_measure = annotations[ANNOTATION.unitOfMeasure];
}

function readSlo(spec: Record<string, unknown>, annotations: Record<string, string>, read: ReadDocument): void {
  const fields = read.fields;
  if (spec.indicator !== undefined)
    refuse(
      'an inline spec.indicator cannot be represented; put the SLI in its own document and name it in spec.indicatorRef',
    );
  if (Array.isArray(spec.alertPolicies) && spec.alertPolicies.length > 0)
    refuse('alert policies cannot be represented in slotui');
  if (spec.indicatorRef !== undefined) {
    if (typeof spec.indicatorRef !== 'string' || spec.indicatorRef.trim() === '')
      refuse('spec.indicatorRef must be the name of an SLI document');
    read.indicatorRef = spec.indicatorRef as string;
  }
  const indicatorId = annotations[ANNOTATION.indicatorId];
  if (indicatorId !== undefined && indicatorId.trim() !== '') read.indicatorId = indicatorId;

  const objectives = spec.objectives;
  if (!Array.isArray(objectives) || objectives.length === 0) return refuse('spec.objectives is missing');
  if (objectives.length > 1)
    refuse(`spec.objectives has ${objectives.length} objectives; slotui SLOs have exactly one`);
  const objective = objectives[0];
  if (!isObject(objective)) return refuse('spec.objectives[0] must be a mapping');
  refuseTypos(objective, OPENSLO_KEYS.objective, 'objectives[0].');
  if (objective.indicator !== undefined || objective.indicatorRef !== undefined)
    refuse('an objective with its own indicator cannot be represented');

  readWindow(spec.timeWindow, annotations, fields);
  readTarget(objective, annotations, fields);
  readBenchmark(objective, annotations, fields);
  readInterval(spec.budgetingMethod, objective, annotations, fields);
  if (annotations[ANNOTATION.onMissingInterval] !== undefined)
    fields.on_missing_interval = annotations[ANNOTATION.onMissingInterval];
}

function readWindow(timeWindow: unknown, annotations: Record<string, string>, fields: Record<string, unknown>): void {
  const type = annotations[ANNOTATION.windowType];
  const value = annotations[ANNOTATION.windowValue];
  const unit = annotations[ANNOTATION.windowUnit];
  if (timeWindow === undefined || timeWindow === null) {
    if (type === undefined && value === undefined && unit === undefined) refuse('spec.timeWindow is missing');
    if (type !== undefined) fields.time_window_type = type;
    if (value !== undefined) fields.time_window_value = value;
    if (unit !== undefined) fields.time_window_unit = unit;
    return;
  }
  if (!Array.isArray(timeWindow) || timeWindow.length !== 1 || !isObject(timeWindow[0]))
    return refuse('spec.timeWindow must be a list of one window');
  const window = timeWindow[0];
  refuseTypos(window, OPENSLO_KEYS.timeWindow, 'spec.timeWindow[0].');
  const match = typeof window.duration === 'string' ? /^\s*(\d+)\s*([mhdwMQY])\s*$/.exec(window.duration) : null;
  if (!match) return refuse('spec.timeWindow[0].duration must be a whole number and one of m h d w M Q Y, such as 30d');
  const rolling = window.isRolling === true;
  if (rolling && window.calendar !== undefined)
    refuse('spec.timeWindow[0] is rolling and has a calendar; give one of them');
  if (!rolling) {
    const calendar = window.calendar;
    if (!isObject(calendar)) return refuse('spec.timeWindow[0] needs isRolling: true or a calendar');
    if (typeof calendar.timeZone !== 'string' || !UTC_ZONES.has(calendar.timeZone)) {
      refuse(
        `a calendar window in time zone ${typeof calendar.timeZone === 'string' ? calendar.timeZone : '(none)'} cannot be represented; slotui's calendar periods are UTC`,
      );
    }
    const start =
      typeof calendar.startTime === 'string'
        ? /^\s*\d{4}-\d{2}-01[ T]00:00(?::00)?\s*$/.test(calendar.startTime)
        : false;
    if (!start) refuse('a calendar window that does not start at 00:00 on the 1st of a month cannot be represented');
  }
  const { unit: canonical, times } = FROM_SHORTHAND[match[2]!]!;
  const count = String(Number(match[1]) * times);
  if (Number(count) <= 0) refuse('spec.timeWindow[0].duration must be more than 0');
  const kind = rolling ? 'rolling' : 'calendar';
  fields.time_window_type = type !== undefined && type.trim().toLowerCase() === kind ? type : kind;
  fields.time_window_value = value !== undefined && sameNumber(value, count) ? value : count;
  fields.time_window_unit = unit !== undefined && windowUnitOf(unit) === canonical ? unit : canonical;
}

function readTarget(
  objective: Record<string, unknown>,
  annotations: Record<string, string>,
  fields: Record<string, unknown>,
): void {
  const value = annotations[ANNOTATION.targetValue];
  const unit = annotations[ANNOTATION.targetUnit];
  let percent: string | undefined;
  if (objective.target !== undefined && objective.targetPercent !== undefined)
    refuse('objectives[0] has both target and targetPercent; give one');
  if (objective.target !== undefined) {
    if (typeof objective.target !== 'number' || !(objective.target >= 0 && objective.target < 1))
      refuse('objectives[0].target must be a number from 0 up to (not including) 1');
    percent = shiftDecimal(plainNumber(objective.target as number), 2);
  } else if (objective.targetPercent !== undefined) {
    if (typeof objective.targetPercent !== 'number' || !(objective.targetPercent >= 0 && objective.targetPercent < 100))
      refuse('objectives[0].targetPercent must be a number from 0 up to (not including) 100');
    percent = plainNumber(objective.targetPercent as number);
  }
  if (percent !== undefined) {
    fields.target_value = value !== undefined && sameNumber(value, percent) ? value : percent;
    fields.target_unit = unit !== undefined && isPercentUnit(unit) ? unit : '%';
    return;
  }
  if (value === undefined) refuse('objectives[0].target is missing');
  fields.target_value = value;
  if (unit !== undefined) fields.target_unit = unit;
}

function readBenchmark(
  objective: Record<string, unknown>,
  annotations: Record<string, string>,
  fields: Record<string, unknown>,
): void {
  const operator = annotations[ANNOTATION.operator];
  if (objective.op !== undefined) {
    if (typeof objective.op !== 'string' || !Object.hasOwn(SYMBOL_OF_OPERATOR, objective.op))
      refuse('objectives[0].op must be one of lte, gte, lt, gt');
    const op = objective.op as string;
    fields.benchmark_operator =
      operator !== undefined && openSloOperator(operator) === op ? operator : SYMBOL_OF_OPERATOR[op];
  } else if (operator !== undefined) {
    fields.benchmark_operator = operator;
  }
  const value = annotations[ANNOTATION.benchmarkValue];
  if (objective.value !== undefined) {
    if (typeof objective.value !== 'number' || !Number.isFinite(objective.value))
      refuse('objectives[0].value must be a number');
    const text = plainNumber(objective.value as number);
    fields.benchmark_value = value !== undefined && sameNumber(value, text) ? value : text;
  } else if (value !== undefined) {
    fields.benchmark_value = value;
  }
}

function readInterval(
  method: unknown,
  objective: Record<string, unknown>,
  annotations: Record<string, string>,
  fields: Record<string, unknown>,
): void {
  const kept = annotations[ANNOTATION.interval];
  // Blank text would be 0 to Number; `none` and other words are NaN.
  const keptNumber = kept === undefined || kept.trim() === '' ? Number.NaN : Number(kept);
  if (method === 'Timeslices') {
    if (objective.timeSliceTarget !== undefined && objective.timeSliceTarget !== 1) {
      refuse('objectives[0].timeSliceTarget other than 1 cannot be represented; slotui judges each interval whole');
    }
    if (objective.timeSliceWindow !== undefined) {
      const seconds = sliceSeconds(objective.timeSliceWindow);
      if (seconds === undefined)
        return refuse('objectives[0].timeSliceWindow must be minutes, or a whole number and one of m h d w');
      fields.interval = seconds;
      return;
    }
    if (!Number.isSafeInteger(keptNumber) || keptNumber <= 0)
      return refuse('Timeslices needs objectives[0].timeSliceWindow');
    fields.interval = keptNumber;
    return;
  }
  if (method === 'Occurrences') {
    if (kept === undefined) {
      refuse(
        'budgetingMethod Occurrences (counting events) cannot be represented; slotui SLOs judge time slices (Timeslices with timeSliceTarget 1)',
      );
    }
    if (kept === NO_INTERVAL) fields.interval = null;
    else if (Number.isFinite(keptNumber)) fields.interval = keptNumber;
    else refuse(`${ANNOTATION.interval} must be a number of seconds or ${NO_INTERVAL}`);
    return;
  }
  if (method === undefined) return refuse('spec.budgetingMethod is missing');
  refuse(
    `budgetingMethod ${typeof method === 'string' ? method : '(not text)'} cannot be represented; slotui SLOs use Timeslices`,
  );
}
