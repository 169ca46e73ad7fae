import { describe, expect, test } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { makePlan as makePlanChecked, type CurrentRecords, type ReadItem } from '../../src/domain/gitopsPlan.js';
import { readDocument, sliDocument, sloDocument } from '../../src/domain/openslo.js';

const sli: ApiRecord = {
  id: 'sli-1',
  name: 'Checkout latency',
  type: 'latency',
  queries: { p95: { select: 's', from: 'f', where: 'w', limit: 1 } },
  formula: 'p95',
};
const slo: ApiRecord = {
  id: 'slo-1',
  name: 'Checkout fast',
  service_level_indicator_id: 'sli-1',
  time_window_type: 'rolling',
  time_window_value: '30',
  time_window_unit: 'day',
  target_value: '99.90',
  target_unit: '%',
  interval: 60,
  benchmark_operator: '<=',
  benchmark_value: '300',
};
const current = { slis: [sli], slos: [slo] };
/** Every record fits (the schemas are the CLI's business; see test/cli/gitops). */
const makePlan = (items: readonly ReadItem[], records: CurrentRecords) =>
  makePlanChecked(items, records, () => undefined);

const items = (...docs: unknown[]): ReadItem[] =>
  docs.map((doc, i) => ({ ...readDocument(JSON.parse(JSON.stringify(doc))), document: i + 1 }));
const withoutId = <T extends { metadata: { annotations: Record<string, string> } }>(doc: T): T => {
  const copy = structuredClone(doc);
  delete copy.metadata.annotations['slotui/id'];
  return copy;
};

describe('matching', () => {
  test('by slotui/id, else displayName, else metadata.name', () => {
    const byId = sliDocument({ ...sli, name: 'Renamed' }, 'other-name');
    const byDisplayName = withoutId(sliDocument(sli, 'other-name'));
    const byName = withoutId(sliDocument(sli, 'checkout-latency'));
    delete (byName.metadata as { displayName?: string }).displayName;
    for (const doc of [byId, byDisplayName, byName]) {
      const [entry] = makePlan(items(doc), current);
      expect(entry?.id).toBe('sli-1');
    }
    expect(makePlan(items(byId), current)[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'name', from: 'Checkout latency', to: 'Renamed' }],
    });
  });

  test('two documents for one record: the second is refused', () => {
    const plan = makePlan(items(sliDocument(sli, 'a'), withoutId(sliDocument(sli, 'b'))), current);
    expect(plan.map((e) => e.action)).toEqual(['unchanged', 'refused']);
    expect(plan[1]?.reason).toBe('it stands for the same SLI (sli-1) as document 1');
  });

  test('two documents of one kind with the same metadata.name: the second is refused', () => {
    const first = withoutId(sliDocument({ ...sli, id: 'x', name: 'One' }, 'same'));
    const second = withoutId(sliDocument({ ...sli, id: 'y', name: 'Two' }, 'same'));
    const plan = makePlan(items(first, second), current);
    expect(plan.map((e) => e.action)).toEqual(['create', 'refused']);
    expect(plan[1]?.reason).toBe('document 1 has the same metadata.name; names must be unique within a kind');
  });

  test('a displayName that several records share is refused, asking for slotui/id', () => {
    const twins = { slis: [sli, { ...sli, id: 'sli-2' }], slos: [] };
    const [entry] = makePlan(items(withoutId(sliDocument(sli, 'x'))), twins);
    expect(entry?.action).toBe('refused');
    expect(entry?.reason).toMatch(
      /2 SLIs are named like its displayName \(sli-1, sli-2\); add the annotation slotui\/id/,
    );
  });
});

describe('changes', () => {
  test('numbers compare by value; only changed fields are sent', () => {
    const doc = sloDocument({ ...slo, target_value: '99.9', benchmark_value: '250' }, 'fast', 'checkout-latency');
    const [entry] = makePlan(items(doc), current);
    expect(entry?.changes).toEqual([{ field: 'benchmark_value', from: '300', to: '250' }]);
    expect(entry?.body).toEqual({ benchmark_value: '250' });
  });

  test('"no interval" over an interval is sent as 0; over none it is no change', () => {
    const none = sloDocument({ ...slo, interval: null }, 'fast', 'checkout-latency');
    expect(makePlan(items(none), current)[0]?.body).toEqual({ interval: 0 });
    expect(makePlan(items(none), { slis: [sli], slos: [{ ...slo, interval: 0 }] })[0]?.action).toBe('unchanged');
  });

  test('a new SLO on a new SLI of the same file waits for its id', () => {
    const newSli = withoutId(sliDocument({ ...sli, id: 'x', name: 'New one' }, 'new-one'));
    const newSlo = withoutId(sloDocument({ ...slo, id: 'y', name: 'New objective' }, 'new-objective', 'new-one'));
    delete newSlo.metadata.annotations['slotui/indicator-id'];
    const plan = makePlan(items(newSlo, newSli), current);
    expect(plan.map((e) => `${e.action} ${e.kind}`)).toEqual(['create SLI', 'create SLO']);
    expect(plan[1]?.sliFrom).toBe(plan[0]);
    expect(plan[1]?.body?.service_level_indicator_id).toBeUndefined();
  });

  test('an SLO whose SLI document is refused is refused too', () => {
    const bad = { apiVersion: 'openslo/v1', kind: 'SLI', metadata: { name: 'bad' }, spec: { ratioMetric: {} } };
    const newSlo = withoutId(sloDocument({ ...slo, id: 'y', name: 'New objective' }, 'n', 'bad'));
    delete newSlo.metadata.annotations['slotui/indicator-id'];
    const plan = makePlan(items(bad, newSlo), current);
    expect(plan[1]?.reason).toBe('its SLI document bad is refused');
  });
});
