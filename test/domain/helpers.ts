/** An in-memory RecordLookup over given records, for relations tests. */
import type { ResourceName } from '../../src/api/resources.js';
import type { ApiRecord } from '../../src/api/record.js';
import type { RecordLookup } from '../../src/domain/relations.js';

export function lookupOf(
  data: Partial<Record<ResourceName, ApiRecord[]>>,
  incomplete: ResourceName[] = [],
): RecordLookup {
  return {
    records: (resource) => data[resource] ?? [],
    get: (resource, id) => (data[resource] ?? []).find((r) => r.id === id),
    isComplete: (resource) => !incomplete.includes(resource),
  };
}
