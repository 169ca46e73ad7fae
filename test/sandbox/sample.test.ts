import { describe, expect, test } from 'vitest';
import { createRegistry, type ResourceName } from '../../src/api/resources.js';
import { REGISTRY, type ResourceView } from '../../src/presentation/resources.js';
import { createSchemaOf, recordSchemaOf } from '../../src/api/schemas.js';
import { addSampleData, emptyData } from '../../src/sandbox/sample.js';

/** A resource with no sample records written out for it: its samples come from its fields. */
const teams: ResourceView = {
  ...REGISTRY.defs[0]!,
  name: 'teams' as ResourceName,
  singular: 'team',
  plural: 'teams',
  kind: 'team',
  article: 'a',
  aliases: ['team', 'teams'],
  idPrefix: 'team',
  recordFields: { id: 'id', name: 'text', owner: 'text', slo_ids: 'string-or-number-list' },
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
    { key: 'description', label: 'Description', kind: 'multiline', required: false },
    { key: 'owner', label: 'Owner', kind: 'text', required: true },
    { key: 'slo_ids', label: 'SLOs', kind: 'reference-list', references: 'slos', required: false },
  ],
};

describe('sample data', () => {
  const registry = createRegistry([...REGISTRY.defs, teams]);
  const data = emptyData(registry);
  addSampleData(data, registry);

  test.each(registry.defs.map((def) => [def.name, def] as const))(
    'every record of %s is one the service could have made',
    (_name, def) => {
      const records = data[def.name]!.records;
      expect(records.length).toBeGreaterThan(0);
      for (const record of records) {
        expect(record.id.startsWith(`${def.idPrefix}-`)).toBe(true);
        const { id: _id, created_at: _c, updated_at: _u, ...payload } = record;
        expect(createSchemaOf(def).safeParse(payload).error).toBeUndefined();
        expect(recordSchemaOf(def).safeParse(record).success).toBe(true);
      }
    },
  );

  test('a resource without records of its own gets them from its fields, references to records that exist', () => {
    const made = data.teams!.records;
    expect(made.map((r) => r.name)).toEqual(['Sample team 1', 'Sample team 2', 'Sample team 3']);
    const sloIds = new Set(data.slos!.records.map((r) => r.id));
    for (const record of made) {
      expect(record.owner).toMatch(/^Owner of sample team \d$/);
      for (const id of record.slo_ids as string[]) expect(sloIds.has(id)).toBe(true);
    }
    expect((made[2]!.slo_ids as string[]).length).toBe(3);
  });

  test('the same registry gives the same records', () => {
    const again = emptyData(registry);
    addSampleData(again, registry);
    expect(again).toEqual(data);
  });
});
