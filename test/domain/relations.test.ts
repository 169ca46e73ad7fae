import { describe, expect, it } from 'vitest';
import { referenceFieldsOf, relationsOf } from '../../src/presentation/relations.js';
import { type ResourceName } from '../../src/api/resources.js';
import { REGISTRY } from '../../src/presentation/resources.js';
import { idsIn, nameBesideId } from '../../src/domain/relations.js';
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
