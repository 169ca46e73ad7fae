/**
 * Names beside the ids of reference columns: which columns refer to which
 * resource (from the registry's fields, for any registry), and where names
 * come from (pages read, the record index), without a request of their own.
 */
import { describe, expect, test } from 'vitest';
import type { ApiRecord } from '../../../src/api/record.js';
import { RecordIndex } from '../../../src/api/recordIndex.js';
import { createRegistry, type ResourceName } from '../../../src/api/resources.js';
import { REGISTRY } from '../../../src/presentation/resources.js';
import { ListStore } from '../../../src/tui/state/listStore.js';
import { RecordStore } from '../../../src/tui/state/recordStore.js';
import {
  idWithName,
  ReferenceNames,
  referencedBy,
  referencedResources,
} from '../../../src/tui/state/referenceNames.js';
import { fakeClient } from '../fakeClient.js';

const column = (resource: ResourceName, id: string) => REGISTRY.get(resource).columns.find((c) => c.id === id)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reference columns', () => {
  test("come from the registry's reference fields: an SLO's SLI, an agreement's organization", () => {
    expect(referencedBy(REGISTRY.get('slos'), column('slos', 'sli'))).toBe('slis');
    expect(referencedBy(REGISTRY.get('agreements'), column('agreements', 'organization'))).toBe('organizations');
    // A count of SLOs, a name, an id: no names beside them.
    expect(referencedBy(REGISTRY.get('agreements'), column('agreements', 'slos'))).toBeUndefined();
    expect(referencedBy(REGISTRY.get('slos'), column('slos', 'name'))).toBeUndefined();
    expect([...referencedResources(REGISTRY)].sort()).toEqual(['organizations', 'slis']);
  });

  test('a resource added to a registry gets them without code of its own', () => {
    const base = REGISTRY.get('organizations');
    const team = {
      ...base,
      name: 'teams' as ResourceName,
      aliases: ['team', 'teams'],
      columns: [
        ...base.columns,
        {
          id: 'lead-slo',
          header: 'LEAD SLO',
          get: (r: ApiRecord) => String(r.lead_slo_id ?? ''),
          field: 'lead_slo_id',
          width: 20,
          minWidth: 10,
          priority: 5,
        },
      ],
      fields: [
        ...base.fields,
        {
          key: 'lead_slo_id',
          label: 'Lead SLO',
          kind: 'reference' as const,
          references: 'slos' as ResourceName,
          required: false,
        },
      ],
    };
    const registry = createRegistry([...REGISTRY.defs, team]);
    expect(referencedBy(team, team.columns.at(-1)!)).toBe('slos');
    expect(referencedResources(registry).has('slos')).toBe(true);
  });

  test('the id comes first, so a narrow column keeps it', () => {
    expect(idWithName('sli-1', 'checkout latency')).toBe('sli-1 checkout latency');
    expect(idWithName('sli-1', undefined)).toBe('sli-1');
    expect(idWithName('sli-1', 'sli-1')).toBe('sli-1');
  });
});

describe('ReferenceNames', () => {
  test('names from the pages read, then from the record index once gathered; never a request of its own', async () => {
    const slis = Array.from({ length: 60 }, (_, i): ApiRecord => ({ id: `sli-${i + 1}`, name: `indicator ${i + 1}` }));
    const client = fakeClient({ slis, organizations: [{ id: 'org-1', name: 'Acme' }] });
    const stores = Object.fromEntries(
      REGISTRY.names.map((name) => [name, new ListStore({ client, resource: name, pageSize: 10 })]),
    ) as Record<ResourceName, ListStore>;
    const index = new RecordIndex({ walk: (resource, o) => client.pages(resource, o) });
    const names = new ReferenceNames({ registry: REGISTRY, index, stores, records: new RecordStore(() => client) });
    const lookups: unknown[] = [names.getSnapshot()];
    names.subscribe(() => lookups.push(names.getSnapshot()));

    expect(names.getSnapshot().name('slis', 'sli-3')).toBeUndefined();
    expect(client.calls).toEqual([]);
    stores.slis.ensureLoaded();
    for (let i = 0; i < 20 && stores.slis.getSnapshot().page === null; i++) await settle();
    expect(names.getSnapshot().name('slis', 'sli-3')).toBe('indicator 3');
    expect(names.getSnapshot().name('slis', 'sli-55')).toBeUndefined();
    // A new lookup each time a name may have come: tables redraw.
    expect(new Set(lookups).size).toBeGreaterThan(1);
    const calls = client.calls.length;

    await index.ensure('slis');
    expect(names.getSnapshot().name('slis', 'sli-55')).toBe('indicator 55');
    // Looking names up asked for nothing (the walk is the index's, started above by the test).
    expect(client.calls).toHaveLength(calls);
    names.dispose();
    index.close();
    for (const store of Object.values(stores)) store.dispose();
  });
});
