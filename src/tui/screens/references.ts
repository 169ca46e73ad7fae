/**
 * The records a record refers to, from the registry's reference fields (an
 * SLO's SLI, an agreement's organization and SLOs): the detail view shows
 * their names beside the ids, and its keys open them.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ViewRegistry } from '../../presentation/resources.js';
import type { ApiRecord } from '../../api/record.js';

export interface ReferenceTarget {
  /** The field holding the id. */
  field: string;
  resource: ResourceName;
  id: string;
}

/** References followed at most per record (an agreement may list many SLOs). */
const MAX_REFERENCES = 20;

const idOf = (raw: unknown): string =>
  typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';

/** The record's references, in the order of its fields; ids that are not single path segments are left out. */
export function referencesOf(
  registry: ViewRegistry,
  resource: ResourceName,
  record: ApiRecord | undefined | null,
): ReferenceTarget[] {
  if (!record) return [];
  const out: ReferenceTarget[] = [];
  for (const field of registry.get(resource).fields) {
    if (!field.references) continue;
    const raw = record[field.key];
    const ids = field.kind === 'reference-list' ? (Array.isArray(raw) ? raw.map(idOf) : []) : [idOf(raw)];
    for (const id of ids) {
      if (id && !id.includes('/') && out.length < MAX_REFERENCES)
        out.push({ field: field.key, resource: field.references, id });
    }
  }
  return out;
}
