/**
 * The registry's relations: which fields of which resources hold the ids of
 * other records (the fields of kind `reference` and `reference-list`), for the
 * domain's relation logic (used by, the relations tree, names beside ids).
 */
import { Relations, type Reference, type RelationModel } from '../domain/relations.js';
import { RESOURCE_NAMES, RESOURCES, type ResourceName } from './resources.js';

const NOUNS: Record<ResourceName, [string, string]> = {
  slis: ['SLI', 'SLIs'],
  slos: ['SLO', 'SLOs'],
  organizations: ['organization', 'organizations'],
  agreements: ['agreement', 'agreements'],
};

export const REFERENCES: readonly Reference[] = RESOURCE_NAMES.flatMap((from) =>
  RESOURCES[from].fields
    .filter((f) => (f.kind === 'reference' || f.kind === 'reference-list') && f.references !== undefined)
    .map((f) => ({ from, field: f.key, to: f.references as ResourceName, many: f.kind === 'reference-list' })),
);

export const RELATION_MODEL: RelationModel = {
  resources: RESOURCE_NAMES,
  references: REFERENCES,
  name: (resource, record) => (RESOURCES as Partial<typeof RESOURCES>)[resource]?.label(record) || record.id,
  noun: (resource, plural) => (NOUNS as Partial<typeof NOUNS>)[resource]?.[plural ? 1 : 0] ?? resource,
};

/** The relations of the registry's resources. */
export const relations = new Relations(RELATION_MODEL);
