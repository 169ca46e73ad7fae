import { describe, expect, it } from 'vitest';
import { referenceFieldsOf, relationsOf } from '../../src/presentation/relations.js';
import { type ResourceName } from '../../src/api/resources.js';
import { REGISTRY } from '../../src/presentation/resources.js';
import { Relations, idsIn, nameBesideId, type RelationModel } from '../../src/domain/relations.js';
import { lookupOf } from './helpers.js';

const data = {
  organizations: [
    { id: 'org-1', name: 'Acme Retail' },
    { id: 'org-2', name: 'Globex' },
  ],
  agreements: [
    { id: 'agr-1', name: 'Gold', organization_id: 'org-1', slo_ids: ['slo-1', 'slo-2'] },
    { id: 'agr-2', name: 'Silver', organization_id: 'org-1', slo_ids: ['slo-2', 'slo-404'] },
    { id: 'agr-3', name: 'Lost', organization_id: 'org-999', slo_ids: [] },
    { id: 'agr-4', name: 'Globex basic', organization_id: 'org-2', slo_ids: ['slo-3'] },
  ],
  slos: [
    { id: 'slo-1', name: 'Checkout 99.9%', service_level_indicator_id: 'sli-1' },
    { id: 'slo-2', name: 'Checkout p95', service_level_indicator_id: 'sli-1' },
    { id: 'slo-3', name: 'Search p95', service_level_indicator_id: 'sli-2' },
    { id: 'slo-4', name: 'Orphan', service_level_indicator_id: 'sli-404' },
    { id: 'slo-5', name: 'Checkout errors', service_level_indicator_id: 'sli-1' },
  ],
  slis: [
    { id: 'sli-1', name: 'checkout availability' },
    { id: 'sli-2', name: 'search latency' },
  ],
};
const lookup = lookupOf(data);
const relations = relationsOf(REGISTRY);

describe('references from the registry', () => {
  it("are the SLO's SLI and the agreement's organization and SLOs", () => {
    expect(
      referenceFieldsOf(REGISTRY)
        .map((r) => `${r.from}.${r.field}->${r.to}${r.many ? '[]' : ''}`)
        .sort(),
    ).toEqual([
      'agreements.organization_id->organizations',
      'agreements.slo_ids->slos[]',
      'slos.service_level_indicator_id->slis',
    ]);
    expect(relations.referrerResources('slis')).toEqual(['slos']);
    expect(relations.referrerResources('slos')).toEqual(['agreements']);
    expect(relations.referrerResources('organizations')).toEqual(['agreements']);
    expect(relations.referrerResources('agreements')).toEqual([]);
  });

  it('reads one id, a list of ids, numbers, and ignores malformed values', () => {
    const [orgRef, sloRef] = [
      referenceFieldsOf(REGISTRY).find((r) => r.field === 'organization_id')!,
      referenceFieldsOf(REGISTRY).find((r) => r.field === 'slo_ids')!,
    ];
    expect(idsIn({ id: 'a', organization_id: 7 }, orgRef)).toEqual(['7']);
    expect(idsIn({ id: 'a', slo_ids: ['x', 3, null, {}, ''] }, sloRef)).toEqual(['x', '3']);
    expect(idsIn({ id: 'a', slo_ids: 'x' }, sloRef)).toEqual(['x']);
    expect(idsIn({ id: 'a' }, sloRef)).toEqual([]);
  });
});

describe('used by', () => {
  it("an SLI's SLOs, an SLO's agreements, an organization's agreements, in the server's order", () => {
    expect(relations.usedBy('slis', 'sli-1', lookup)).toEqual([
      { resource: 'slos', id: 'slo-1', name: 'Checkout 99.9%' },
      { resource: 'slos', id: 'slo-2', name: 'Checkout p95' },
      { resource: 'slos', id: 'slo-5', name: 'Checkout errors' },
    ]);
    expect(relations.usedBy('slos', 'slo-2', lookup).map((r) => r.id)).toEqual(['agr-1', 'agr-2']);
    expect(relations.usedBy('organizations', 'org-1', lookup).map((r) => r.id)).toEqual(['agr-1', 'agr-2']);
    expect(relations.usedBy('agreements', 'agr-1', lookup)).toEqual([]);
    expect(relations.usedBy('slis', 'sli-nobody', lookup)).toEqual([]);
  });

  it('says how many in words', () => {
    expect(relations.usedByPhrase(relations.usedBy('slis', 'sli-1', lookup))).toBe('used by 3 SLOs');
    expect(relations.usedByPhrase(relations.usedBy('slis', 'sli-2', lookup))).toBe('used by 1 SLO');
    expect(relations.usedByPhrase([])).toBeUndefined();
    expect(
      relations.usedByPhrase([
        { resource: 'agreements', id: 'a', name: 'a' },
        { resource: 'slos', id: 'b', name: 'b' },
        { resource: 'agreements', id: 'c', name: 'c' },
      ]),
    ).toBe('used by 1 SLO and 2 agreements');
    expect(relations.countOf('organizations', 1200)).toBe('1,200 organizations');
  });

  it('a record with no name goes by its id', () => {
    expect(
      relations.usedBy('slis', 'x', lookupOf({ slos: [{ id: 'slo-9', service_level_indicator_id: 'x' }] })),
    ).toEqual([{ resource: 'slos', id: 'slo-9', name: 'slo-9' }]);
  });
});

describe('names beside ids', () => {
  it('found, pointing nowhere, or not known yet', () => {
    expect(nameBesideId(relations.resolveRef('organizations', 'org-1', lookup))).toBe('Acme Retail (org-1)');
    expect(nameBesideId(relations.resolveRef('organizations', 'org-999', lookup))).toBe('org-999 (not found)');
    expect(nameBesideId(relations.resolveRef('organizations', 'org-999', lookupOf(data, ['organizations'])))).toBe(
      'org-999',
    );
    expect(nameBesideId(relations.resolveRef('slis', 'x', lookupOf({ slis: [{ id: 'x' }] })))).toBe('x');
  });
});

describe('relations tree', () => {
  const text = (resource: ResourceName, id: string, l = lookup) =>
    relations
      .treeLines(relations.relationTree(resource, id, l))
      .map((line) => `${'  '.repeat(line.depth)}${line.text}${line.node.selected ? ' *' : ''}`);

  it('from an organization: every agreement, its SLOs and their SLIs, dangling ids marked', () => {
    expect(text('organizations', 'org-1')).toEqual([
      'organization Acme Retail (org-1) *',
      '  agreement Gold (agr-1)',
      '    SLO Checkout 99.9% (slo-1)',
      '      SLI checkout availability (sli-1)',
      '    SLO Checkout p95 (slo-2)',
      '      SLI checkout availability (sli-1)',
      '  agreement Silver (agr-2)',
      '    SLO Checkout p95 (slo-2)',
      '      SLI checkout availability (sli-1)',
      '    SLO slo-404: points nowhere',
    ]);
  });

  it('from an SLI: only the branches that lead to it, and SLOs in no agreement as roots', () => {
    expect(text('slis', 'sli-1')).toEqual([
      'organization Acme Retail (org-1)',
      '  agreement Gold (agr-1)',
      '    SLO Checkout 99.9% (slo-1)',
      '      SLI checkout availability (sli-1) *',
      '    SLO Checkout p95 (slo-2)',
      '      SLI checkout availability (sli-1) *',
      '  agreement Silver (agr-2)',
      '    SLO Checkout p95 (slo-2)',
      '      SLI checkout availability (sli-1) *',
      'SLO Checkout errors (slo-5)',
      '  SLI checkout availability (sli-1) *',
    ]);
  });

  it('from an agreement whose organization points nowhere', () => {
    expect(text('agreements', 'agr-3')).toEqual(['organization org-999: points nowhere', '  agreement Lost (agr-3) *']);
  });

  it("from an SLO in no agreement whose SLI points nowhere; unknown while the SLIs aren't all held", () => {
    expect(text('slos', 'slo-4')).toEqual(['SLO Orphan (slo-4) *', '  SLI sli-404: points nowhere']);
    expect(text('slos', 'slo-4', lookupOf(data, ['slis']))).toEqual(['SLO Orphan (slo-4) *', '  SLI sli-404']);
  });

  it('a record that refers to itself through a loop ends (each branch visits a record once)', () => {
    const odd = lookupOf({
      organizations: [{ id: 'o' }],
      agreements: [{ id: 'a', organization_id: 'o', slo_ids: ['s', 's'] }],
      slos: [{ id: 's', service_level_indicator_id: 'i' }],
      slis: [{ id: 'i' }],
    });
    expect(text('organizations', 'o', odd)).toEqual(['organization o *', '  agreement a', '    SLO s', '      SLI i']);
  });
});

describe('models other than the registry', () => {
  // Two resources name SLIs, and agreements name SLOs in two fields: each field and each
  // referring resource counts on its own.
  const model: RelationModel = {
    resources: ['slis', 'slos', 'organizations', 'agreements'],
    references: [
      // Listed before the SLOs' own field: the tree must still find an SLO's SLI by that field.
      { from: 'agreements', field: 'watched_sli', to: 'slis', many: false },
      { from: 'agreements', field: 'primary_slo', to: 'slos', many: false },
      { from: 'agreements', field: 'slo_ids', to: 'slos', many: true },
      { from: 'slos', field: 'sli_id', to: 'slis', many: false },
    ],
    name: (_resource, record) => (typeof record.name === 'string' ? record.name : record.id),
    noun: (resource, plural) => (plural ? resource : resource.slice(0, -1)),
  };
  const wide = new Relations(model);

  it('a referring record matches through any of its fields, and only the fields of its own resource', () => {
    const agreements = [
      { id: 'a1', primary_slo: 's1', slo_ids: [] },
      { id: 'a2', primary_slo: 's9', slo_ids: ['s1'] },
      { id: 'a3', primary_slo: 's9', slo_ids: ['s9'] },
    ];
    expect(wide.referrersIn('slos', 's1', 'agreements', agreements).map((r) => r.id)).toEqual(['a1', 'a2']);
    // An SLO record holding a field named like the agreements' one is not an agreement.
    const slos = [
      { id: 's1', sli_id: 'i1' },
      { id: 's2', sli_id: 'i2', watched_sli: 'i1' },
    ];
    expect(wide.referrersIn('slis', 'i1', 'slos', slos).map((r) => r.id)).toEqual(['s1']);
    expect(wide.referrersIn('slis', 'i1', 'organizations', [{ id: 'o1', sli_id: 'i1' }])).toEqual([]);
  });

  it('a tree stops where the model has no link between two levels', () => {
    const data = lookupOf({
      organizations: [{ id: 'o1' }],
      agreements: [{ id: 'a1', organization_id: 'o1', slo_ids: ['s1'], primary_slo: 's1' }],
      slos: [{ id: 's1', sli_id: 'i1' }],
      slis: [{ id: 'i1' }],
    });
    const lines = (resource: ResourceName, id: string) =>
      wide.treeLines(wide.relationTree(resource, id, data)).map((l) => `${'  '.repeat(l.depth)}${l.text}`);
    expect(lines('organizations', 'o1')).toEqual(['organization o1']);
    expect(lines('agreements', 'a1')).toEqual(['agreement a1', '  slo s1', '    sli i1']);
  });
});

describe('edges of the tree', () => {
  it('a resource outside the tree has none', () => {
    expect(relations.relationTree('alerts' as ResourceName, 'x', lookup)).toEqual([]);
  });

  it('only the record asked for is selected, even when a record of another level has the same id', () => {
    const same = lookupOf({
      slos: [{ id: 'x', service_level_indicator_id: 'x' }],
      slis: [{ id: 'x', name: 'same id' }],
    });
    const selected = (resource: ResourceName) =>
      relations
        .treeLines(relations.relationTree(resource, 'x', same))
        .map((l) => `${l.node.resource}${l.node.selected ? ' *' : ''}`);
    expect(selected('slos')).toEqual(['slos *', 'slis']);
    expect(selected('slis')).toEqual(['slos', 'slis *']);
  });

  it('a node carries a name only when its record was found', () => {
    const [root] = relations.relationTree('slos', 'slo-4', lookup);
    expect(root!.children).toStrictEqual([
      { resource: 'slis', id: 'sli-404', resolution: 'dangling', selected: false, children: [] },
    ]);
    expect(root!.name).toBe('Orphan');
  });

  it('a reference is unknown while its resource is not all held', () => {
    expect(relations.resolveRef('slis', 'sli-404', lookupOf(data, ['slis']))).toStrictEqual({
      resource: 'slis',
      id: 'sli-404',
      resolution: 'unknown',
    });
  });

  it('three kinds of referrer are listed with commas and a last "and"', () => {
    expect(
      relations.usedByPhrase([
        { resource: 'agreements', id: 'a', name: 'a' },
        { resource: 'slos', id: 'b', name: 'b' },
        { resource: 'organizations', id: 'c', name: 'c' },
        { resource: 'slos', id: 'd', name: 'd' },
      ]),
    ).toBe('used by 2 SLOs, 1 organization and 1 agreement');
  });
});
