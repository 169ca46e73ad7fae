/**
 * Field names a profile can change. The fields of organizations and
 * agreements are not in the service's spec (our assumption: e.g. an
 * agreement's SLOs in `slo_ids`); where a service names one differently, the
 * profile says so, as it can say a resource's path:
 *
 *   "fields": { "agreements": { "slo_ids": "objective_ids" } }
 *
 * The client translates at the edge: records read from the service carry
 * slotui's names, and bodies sent carry the service's, so every screen,
 * relation and command works with the registry's names only.
 */
import { SlotuiError } from './errors.js';
import type { Registry, ResourceName } from './resources.js';

/** By resource: slotui's field name → the service's. */
export type FieldNames = Partial<Record<ResourceName, Record<string, string>>>;

export interface FieldTranslation {
  /** A record (or anything) as the service sent it → with slotui's names. */
  fromService(resource: ResourceName, value: unknown): unknown;
  /** A body with slotui's names → with the service's. */
  toService(resource: ResourceName, body: Record<string, unknown>): Record<string, unknown>;
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/;

/** Checks a profile's field names; a 'config' error names what is wrong and what is allowed. */
export function checkFieldNames(names: unknown, registry: Registry): FieldNames {
  if (names === undefined) return {};
  if (names === null || typeof names !== 'object' || Array.isArray(names)) {
    throw new SlotuiError(
      'config',
      'The profile\'s "fields" must be an object of resources, e.g. { "agreements": { "slo_ids": "objective_ids" } }.',
    );
  }
  const checked: FieldNames = {};
  for (const [resource, renames] of Object.entries(names)) {
    if (!registry.has(resource)) {
      throw new SlotuiError(
        'config',
        `The profile's "fields" names an unknown resource "${resource.slice(0, 40)}"; use one of ${registry.names.join(', ')}.`,
      );
    }
    const def = registry.get(resource);
    const known = def.fields.map((f) => f.key);
    const map: Record<string, string> = {};
    for (const [ours, theirs] of Object.entries((renames ?? {}) as Record<string, unknown>)) {
      if (!known.includes(ours)) {
        throw new SlotuiError(
          'config',
          `The profile's "fields" for ${resource} names "${ours.slice(0, 40)}", which ${def.title} do not have; it can rename ${known.join(', ')}.`,
        );
      }
      if (typeof theirs !== 'string' || !FIELD_NAME.test(theirs)) {
        throw new SlotuiError(
          'config',
          `The profile's "fields" for ${resource} gives "${ours}" a name that is not a field name; use letters, digits and "_".`,
        );
      }
      if (theirs !== ours) map[ours] = theirs;
    }
    if (new Set(Object.values(map)).size !== Object.values(map).length) {
      throw new SlotuiError('config', `The profile's "fields" for ${resource} gives two fields the same name.`);
    }
    if (Object.keys(map).length > 0) checked[resource as ResourceName] = map;
  }
  return checked;
}

function renameKeys(record: Record<string, unknown>, from: Record<string, string>): Record<string, unknown> {
  // Entries, not assignment: a field called __proto__ stays a field.
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(record)) {
    const renamed = Object.hasOwn(from, key) ? from[key]! : key;
    // A field already under the target name (sent by the service too) is kept as the service sent it.
    out.push([renamed !== key && Object.hasOwn(record, renamed) ? key : renamed, value]);
  }
  return Object.fromEntries(out);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function fieldTranslation(names: FieldNames): FieldTranslation {
  const toService = new Map<ResourceName, Record<string, string>>();
  const fromService = new Map<ResourceName, Record<string, string>>();
  for (const [resource, map] of Object.entries(names) as [ResourceName, Record<string, string> | undefined][]) {
    if (!map || Object.keys(map).length === 0) continue;
    toService.set(resource, map);
    fromService.set(resource, Object.fromEntries(Object.entries(map).map(([ours, theirs]) => [theirs, ours])));
  }
  return {
    fromService(resource, value) {
      const map = fromService.get(resource);
      return map && isPlainObject(value) ? renameKeys(value, map) : value;
    },
    toService(resource, body) {
      const map = toService.get(resource);
      return map ? renameKeys(body, map) : body;
    },
  };
}
