/**
 * Records that point at another record, for the detail screen's jump key:
 * an SLO names its SLI. Data, so the controller and the screens agree.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/schemas.js';

export interface Reference {
  field: string;
  resource: ResourceName;
}

export const DETAIL_REFERENCES: Partial<Record<ResourceName, Reference>> = {
  slos: { field: 'service_level_indicator_id', resource: 'slis' },
};

/** The id the record's reference field holds, if any. */
export function referencedId(resource: ResourceName, record: ApiRecord | undefined): { resource: ResourceName; id: string } | undefined {
  const ref = DETAIL_REFERENCES[resource];
  if (!ref || !record) return undefined;
  const raw = record[ref.field];
  const id = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  return id ? { resource: ref.resource, id } : undefined;
}
