/**
 * Which documents an export writes: one resource or both, the records asked for (and the ids no
 * record has), an SLO's SLI named by its document's name whether the service gives the id as
 * text or as a number, and the v2alpha draft when asked.
 */
import { describe, expect, test } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { exportSelection, hasOpenSloKind } from '../../src/domain/opensloExport.js';

const all = (): { slis: ApiRecord[]; slos: ApiRecord[] } => ({
  slis: [
    { id: '7', name: 'Latency' },
    { id: 'sli-2', name: 'Errors' },
  ],
  slos: [
    { id: 'slo-1', name: 'Fast', service_level_indicator_id: 7 },
    { id: 'slo-2', name: 'Clean', service_level_indicator_id: 'sli-2' },
  ],
});

const summary = (docs: Iterable<unknown>) =>
  [...docs].map((doc) => {
    const d = doc as { apiVersion: string; kind: string; metadata: { name: string }; spec: Record<string, unknown> };
    return [d.apiVersion, d.kind, d.metadata.name, d.spec.indicatorRef ?? d.spec.sliRef];
  });

describe('an export', () => {
  test('of both resources: SLIs first, each SLO naming its SLI by its document name', () => {
    const chosen = exportSelection(all(), { ids: [] });
    expect(chosen.missing).toEqual([]);
    expect(summary(chosen.documents())).toEqual([
      ['openslo/v1', 'SLI', 'latency', undefined],
      ['openslo/v1', 'SLI', 'errors', undefined],
      ['openslo/v1', 'SLO', 'fast', 'latency'],
      ['openslo/v1', 'SLO', 'clean', 'errors'],
    ]);
  });

  test.each([
    ['slis', ['latency', 'errors']],
    ['slos', ['fast', 'clean']],
  ] as const)('of %s only', (resource, names) => {
    const chosen = exportSelection(all(), { resource, ids: [] });
    expect(summary(chosen.documents()).map((row) => row[2])).toEqual(names);
    expect(chosen[resource === 'slis' ? 'slos' : 'slis']).toEqual([]);
  });

  test('of some records: those, and the ids no record has', () => {
    const chosen = exportSelection(all(), { ids: ['slo-2', 'gone', '7'] });
    expect(summary(chosen.documents()).map((row) => row[2])).toEqual(['latency', 'clean']);
    expect(chosen.missing).toEqual(['gone']);
  });

  test('of records of one resource, asked by ids of the other: none, and those ids missing', () => {
    const chosen = exportSelection(all(), { resource: 'slos', ids: ['7'] });
    expect([...chosen.documents()]).toEqual([]);
    expect(chosen.missing).toEqual(['7']);
  });

  test('as the v2alpha draft', () => {
    const chosen = exportSelection(all(), { resource: 'slos', ids: ['slo-1'], version: 'v2alpha' });
    expect(summary(chosen.documents())).toEqual([['openslo.com/v2alpha', 'SLO', 'fast', 'latency']]);
  });
});

test.each([
  ['slis', true],
  ['slos', true],
  ['agreements', false],
  ['sli', false],
])('%s has an OpenSLO kind: %s', (resource, has) => {
  expect(hasOpenSloKind(resource)).toBe(has);
});
