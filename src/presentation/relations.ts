/**
 * A registry's relations: which fields of which resources hold the ids of
 * other records (the fields of kind `reference` and `reference-list`), for the
 * domain's relation logic (used by, the relations tree, names beside ids).
 * Made once per registry: the dashboard and the CLI ask with the registry they run on.
 */
import { Relations, type Reference, type RelationModel } from '../domain/relations.js';
import type { Registry, ResourceName } from '../api/resources.js';

/** Every reference field of the registry's resources, in the registry's order. */
export function referenceFieldsOf(registry: Registry): Reference[] {
  return registry.defs.flatMap((def) =>
    def.fields
      .filter((f) => (f.kind === 'reference' || f.kind === 'reference-list') && f.references !== undefined)
      .map((f) => ({
        from: def.name,
        field: f.key,
        to: f.references as ResourceName,
        many: f.kind === 'reference-list',
      })),
  );
}

function modelOf(registry: Registry): RelationModel {
  const def = (resource: ResourceName) => (registry.has(resource) ? registry.get(resource) : undefined);
  return {
    resources: registry.names,
    references: referenceFieldsOf(registry),
    name: (resource, record) => def(resource)?.label(record) || record.id,
    noun: (resource, plural) => {
      const d = def(resource);
      return d === undefined ? resource : plural ? d.plural : d.kind;
    },
  };
}

const made = new WeakMap<Registry, Relations>();

/** The relations of the registry's resources. */
export function relationsOf(registry: Registry): Relations {
  let relations = made.get(registry);
  if (!relations) made.set(registry, (relations = new Relations(modelOf(registry))));
  return relations;
}
