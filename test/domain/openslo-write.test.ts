/**
 * Records written as OpenSLO documents, edge by edge: each case pins the whole part of the document
 * it changes (objective, time window, annotations), so a field written that should not be, or an
 * annotation left out, fails. Reading documents back is in openslo-read.test.ts.
 */
import { describe, expect, test } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { assignNames, sliDocument, sloDocument, toV2alpha, type OpenSloDocument } from '../../src/domain/openslo.js';
import { ROLLING_30_DAYS_999 } from './sloFields.js';

const slo = (fields: Record<string, unknown> = {}): ApiRecord => ({
  id: 'slo-1',
  name: 'Checkout',
  service_level_indicator_id: 'sli-1',
  ...ROLLING_30_DAYS_999,
  benchmark_operator: '>=',
  benchmark_value: '99.5',
  ...fields,
});

const objectiveOf = (doc: OpenSloDocument): unknown => (doc.spec.objectives as unknown[])[0];

/** The annotations beyond `slotui/id` and `slotui/indicator-id`, which every case below has. */
function extraAnnotations(doc: OpenSloDocument): Record<string, string> {
  const { 'slotui/id': _id, 'slotui/indicator-id': _sli, ...rest } = doc.metadata.annotations;
  return rest;
}

const ROLLING_30D = [{ duration: '30d', isRolling: true }];
const OBJECTIVE = { op: 'gte', value: 99.5, target: 0.999, timeSliceTarget: 1, timeSliceWindow: '1m' };

describe('an SLO written as a document', () => {
  test.each<[string, Record<string, unknown>, unknown, Record<string, string>]>([
    ['an interval of a day', { interval: 86_400 }, { ...OBJECTIVE, timeSliceWindow: '1d' }, {}],
    ['an interval of two days', { interval: 172_800 }, { ...OBJECTIVE, timeSliceWindow: '2d' }, {}],
    ['an interval of an hour', { interval: 3600 }, { ...OBJECTIVE, timeSliceWindow: '1h' }, {}],
    ['an interval of 90 minutes', { interval: 5400 }, { ...OBJECTIVE, timeSliceWindow: '90m' }, {}],
    ['an interval of 2 minutes', { interval: 120 }, { ...OBJECTIVE, timeSliceWindow: '2m' }, {}],
    [
      'an interval of 90 seconds',
      { interval: 90 },
      { op: 'gte', value: 99.5, target: 0.999, timeSliceTarget: 1 },
      { 'slotui/interval': '90' },
    ],
    ['a negative interval', { interval: -60 }, { op: 'gte', value: 99.5, target: 0.999 }, { 'slotui/interval': '-60' }],
    [
      'an interval of 1.5 seconds',
      { interval: 1.5 },
      { op: 'gte', value: 99.5, target: 0.999 },
      { 'slotui/interval': '1.5' },
    ],
    ['an interval as text', { interval: '60' }, { op: 'gte', value: 99.5, target: 0.999 }, { 'slotui/interval': '60' }],
    ['no interval', { interval: undefined }, { op: 'gte', value: 99.5, target: 0.999 }, { 'slotui/interval': 'none' }],
    ['a target of 0', { target_value: '0' }, { ...OBJECTIVE, target: 0 }, {}],
    [
      'a negative target',
      { target_value: '-5' },
      { op: 'gte', value: 99.5, timeSliceTarget: 1, timeSliceWindow: '1m' },
      { 'slotui/target-value': '-5', 'slotui/target-unit': '%' },
    ],
    [
      'a target of 150 %',
      { target_value: '150' },
      { op: 'gte', value: 99.5, timeSliceTarget: 1, timeSliceWindow: '1m' },
      { 'slotui/target-value': '150', 'slotui/target-unit': '%' },
    ],
    [
      'a small target in ms',
      { target_value: '0.5', target_unit: 'ms' },
      { op: 'gte', value: 99.5, timeSliceTarget: 1, timeSliceWindow: '1m' },
      { 'slotui/target-value': '0.5', 'slotui/target-unit': 'ms' },
    ],
    [
      'no target',
      { target_value: undefined },
      { op: 'gte', value: 99.5, timeSliceTarget: 1, timeSliceWindow: '1m' },
      { 'slotui/target-unit': '%' },
    ],
    ['no target unit', { target_unit: undefined }, OBJECTIVE, {}],
    ['a target unit " PCT "', { target_unit: ' PCT ' }, OBJECTIVE, { 'slotui/target-unit': ' PCT ' }],
    ['a target written "99.90"', { target_value: '99.90' }, OBJECTIVE, { 'slotui/target-value': '99.90' }],
    ['the operator " >= "', { benchmark_operator: ' >= ' }, OBJECTIVE, { 'slotui/benchmark-operator': ' >= ' }],
    ['the operator "GTE"', { benchmark_operator: 'GTE' }, OBJECTIVE, { 'slotui/benchmark-operator': 'GTE' }],
    [
      'the operator "lt"',
      { benchmark_operator: 'lt' },
      { ...OBJECTIVE, op: 'lt' },
      { 'slotui/benchmark-operator': 'lt' },
    ],
    [
      'the operator "=="',
      { benchmark_operator: '==' },
      { value: 99.5, target: 0.999, timeSliceTarget: 1, timeSliceWindow: '1m' },
      { 'slotui/benchmark-operator': '==' },
    ],
    [
      'no operator',
      { benchmark_operator: undefined },
      { value: 99.5, target: 0.999, timeSliceTarget: 1, timeSliceWindow: '1m' },
      {},
    ],
    [
      'a blank benchmark',
      { benchmark_value: ' ' },
      { op: 'gte', target: 0.999, timeSliceTarget: 1, timeSliceWindow: '1m' },
      { 'slotui/benchmark-value': ' ' },
    ],
    ['a benchmark of 0', { benchmark_value: '0' }, { ...OBJECTIVE, value: 0 }, {}],
    [
      'no benchmark',
      { benchmark_value: undefined },
      { op: 'gte', target: 0.999, timeSliceTarget: 1, timeSliceWindow: '1m' },
      {},
    ],
    ['a benchmark that is a number', { benchmark_value: 7 }, { ...OBJECTIVE, value: 7 }, {}],
    [
      'an on_missing_interval',
      { on_missing_interval: 'ignore' },
      OBJECTIVE,
      { 'slotui/on-missing-interval': 'ignore' },
    ],
  ])('%s: its objective and annotations', (_what, fields, objective, annotations) => {
    const doc = sloDocument(slo(fields), 'n', 'i');
    expect(objectiveOf(doc)).toStrictEqual(objective);
    expect(extraAnnotations(doc)).toStrictEqual(annotations);
    expect(doc.spec.budgetingMethod).toBe('timeSliceTarget' in (objective as object) ? 'Timeslices' : 'Occurrences');
  });

  test.each<[string, Record<string, unknown>, unknown, Record<string, string>]>([
    ['a rolling window', {}, ROLLING_30D, {}],
    ['" Rolling "', { time_window_type: ' Rolling ' }, ROLLING_30D, { 'slotui/time-window-type': ' Rolling ' }],
    ['a window of "030"', { time_window_value: '030' }, ROLLING_30D, { 'slotui/time-window-value': '030' }],
    ['a window of 30 as a number', { time_window_value: 30 }, ROLLING_30D, {}],
    ['the unit "DAYS"', { time_window_unit: 'DAYS' }, ROLLING_30D, { 'slotui/time-window-unit': 'DAYS' }],
    ['minutes', { time_window_unit: 'minute' }, [{ duration: '30m', isRolling: true }], {}],
    ['hours', { time_window_unit: 'hour' }, [{ duration: '30h', isRolling: true }], {}],
    ['weeks', { time_window_unit: 'week' }, [{ duration: '30w', isRolling: true }], {}],
    ['months', { time_window_unit: 'month' }, [{ duration: '30M', isRolling: true }], {}],
    ['years', { time_window_unit: 'year' }, [{ duration: '30Y', isRolling: true }], {}],
    [
      'a calendar year',
      { time_window_type: 'calendar', time_window_value: '1', time_window_unit: 'year' },
      [{ duration: '1Y', isRolling: false, calendar: { startTime: '2024-01-01 00:00:00', timeZone: 'UTC' } }],
      {},
    ],
    [
      'a window of 0 days',
      { time_window_value: '0' },
      undefined,
      { 'slotui/time-window-type': 'rolling', 'slotui/time-window-value': '0', 'slotui/time-window-unit': 'day' },
    ],
    [
      'a blank window value',
      { time_window_value: ' ' },
      undefined,
      { 'slotui/time-window-type': 'rolling', 'slotui/time-window-value': ' ', 'slotui/time-window-unit': 'day' },
    ],
    [
      'no window type',
      { time_window_type: undefined },
      undefined,
      { 'slotui/time-window-value': '30', 'slotui/time-window-unit': 'day' },
    ],
    [
      'no window value',
      { time_window_value: undefined },
      undefined,
      { 'slotui/time-window-type': 'rolling', 'slotui/time-window-unit': 'day' },
    ],
    [
      'no window unit',
      { time_window_unit: undefined },
      undefined,
      { 'slotui/time-window-type': 'rolling', 'slotui/time-window-value': '30' },
    ],
    [
      'an infinite window value',
      { time_window_value: Number.POSITIVE_INFINITY },
      undefined,
      { 'slotui/time-window-type': 'rolling', 'slotui/time-window-unit': 'day' },
    ],
  ])('%s: its time window and annotations', (_what, fields, timeWindow, annotations) => {
    const doc = sloDocument(slo(fields), 'n', 'i');
    expect(doc.spec.timeWindow).toStrictEqual(timeWindow);
    expect('timeWindow' in doc.spec).toBe(timeWindow !== undefined);
    expect(extraAnnotations(doc)).toStrictEqual(annotations);
  });

  test('the metadata: a name that is not text is left out, and so is an SLI id that is missing', () => {
    const doc = sloDocument(slo({ name: Number.NaN, service_level_indicator_id: undefined }), 'n', undefined);
    expect(doc.metadata).toStrictEqual({ name: 'n', annotations: { 'slotui/id': 'slo-1' } });
    expect('indicatorRef' in doc.spec).toBe(false);
  });

  test.each([
    ['sli-1', 'sli-1'],
    ['日本', 'id-5ffcbea4'],
  ])('no SLI document for SLI %s: its id stands for its name, as %s', (sliId, ref) => {
    const doc = sloDocument(slo({ service_level_indicator_id: sliId }), 'n', undefined);
    expect(doc.spec.indicatorRef).toBe(ref);
    expect(doc.metadata.annotations['slotui/indicator-id']).toBe(sliId);
  });

  test.each([
    [1050, 'spec'],
    [1051, 'annotation'],
  ])('a description of %i characters goes in the %s', (length, where) => {
    const description = 'd'.repeat(length);
    const doc = sloDocument(slo({ description }), 'n', 'i');
    expect(doc.spec.description).toBe(where === 'spec' ? description : undefined);
    expect(doc.metadata.annotations['slotui/description']).toBe(where === 'spec' ? undefined : description);
  });
});

describe('an SLI written as a document', () => {
  test('only queries that are there and a formula that is text', () => {
    const doc = sliDocument({ id: 'sli-1', queries: undefined, formula: 5, type: 'latency' }, 'n');
    expect(doc).toStrictEqual({
      apiVersion: 'openslo/v1',
      kind: 'SLI',
      metadata: { name: 'n', annotations: { 'slotui/id': 'sli-1', 'slotui/type': 'latency' } },
      spec: { thresholdMetric: { metricSource: { type: 'slotui', spec: {} } } },
    });
  });
});

describe('the v2alpha draft', () => {
  test('an SLO: the display name in an annotation, sliRef for indicatorRef', () => {
    const doc = sloDocument(slo({ description: 'Most succeed.' }), 'checkout', 'checkout-sli');
    expect(toV2alpha(doc)).toStrictEqual({
      apiVersion: 'openslo.com/v2alpha',
      kind: 'SLO',
      metadata: {
        name: 'checkout',
        annotations: {
          'slotui/id': 'slo-1',
          'slotui/indicator-id': 'sli-1',
          'slotui/display-name': 'Checkout',
        },
      },
      spec: {
        sliRef: 'checkout-sli',
        description: 'Most succeed.',
        timeWindow: ROLLING_30D,
        budgetingMethod: 'Timeslices',
        objectives: [OBJECTIVE],
      },
    });
  });

  test('no display name and no SLI: the annotations as they were, no sliRef', () => {
    const doc = sliDocument({ id: 'sli-1' }, 'n');
    expect(toV2alpha(doc)).toStrictEqual({
      apiVersion: 'openslo.com/v2alpha',
      kind: 'SLI',
      metadata: { name: 'n', annotations: { 'slotui/id': 'sli-1' } },
      spec: { thresholdMetric: { metricSource: { type: 'slotui', spec: {} } } },
    });
  });

  test('an inline indicator becomes sli', () => {
    const doc: OpenSloDocument = {
      apiVersion: 'openslo/v1',
      kind: 'SLO',
      metadata: { name: 'n', annotations: {} },
      spec: { indicator: { metadata: { name: 'x' } } },
    };
    expect((toV2alpha(doc).spec as Record<string, unknown>).sli).toStrictEqual({ metadata: { name: 'x' } });
    expect(Object.keys(toV2alpha(doc).spec as object)).toStrictEqual(['sli']);
  });
});

describe('names of records', () => {
  test('a record listed twice keeps the name of its first entry', () => {
    const names = assignNames([
      { id: 'a', name: 'First' },
      { id: 'a', name: 'Second' },
    ]);
    expect([...names]).toStrictEqual([['a', 'first']]);
  });

  test('a clashing record listed twice gets one suffix', () => {
    const names = assignNames([
      { id: 'x', name: 'Same' },
      { id: 'y', name: 'Same' },
      { id: 'y', name: 'Same' },
    ]);
    expect(names.get('y')).toBe('same-y');
  });

  test('a suffixed name already taken is hashed from the id and a count', () => {
    const names = assignNames([
      { id: 'a', name: 'Same' },
      { id: 'b', name: 'Same Y' },
      { id: 'y', name: 'Same' },
    ]);
    // FNV-1a of "y#1".
    expect([...names.values()]).toStrictEqual(['same', 'same-y', 'same-id-954c7f0c']);
  });

  test('a hashed name already taken too is hashed again with the next count', () => {
    const names = assignNames([
      { id: 'a', name: 'Same' },
      { id: 'b', name: 'Same Y' },
      { id: 'c', name: 'Same id 954c7f0c' },
      { id: 'y', name: 'Same' },
    ]);
    // FNV-1a of "y#2".
    expect(names.get('y')).toBe('same-id-984c83c5');
  });

  test('two suffixed names that come out the same are told apart', () => {
    const names = assignNames([
      { id: 'p', name: 'Same' },
      { id: 'q', name: 'Same X' },
      { id: 'x-y', name: 'Same' },
      { id: 'y', name: 'Same X' },
    ]);
    expect(names.get('x-y')).toBe('same-x-y');
    expect(new Set(names.values()).size).toBe(4);
  });

  test.each<[string, unknown, string]>([
    ['a name that is not text', null, 'rec-1'],
    ['a name that is a number', 42, '42'],
    ['an empty name', '', 'rec-1'],
  ])('%s: the id slugged', (_what, name, expected) => {
    expect(assignNames([{ id: 'rec-1', name }]).get('rec-1')).toBe(expected);
  });

  // An id slugged to at most 24 characters is the name; else FNV-1a of the id, 8 hex digits (its
  // published value for "" is 811c9dc5), zeros in front kept.
  test.each([
    ['a'.repeat(24), 'a'.repeat(24)],
    ['a'.repeat(25), 'id-d511ca94'],
    ['', 'id-811c9dc5'],
    ['#:', 'id-0dc881f8'],
    ['日本', 'id-5ffcbea4'],
  ])('an unnamed record of id %j is named %s', (id, expected) => {
    expect(assignNames([{ id, name: '' }]).get(id)).toBe(expected);
  });

  test('a suffix cut where the name had a dash keeps no dash before it', () => {
    const name = `${'a'.repeat(56)} bbbbbbbbbb`;
    const names = assignNames([
      { id: 'sli-1', name },
      { id: 'sli-2', name },
    ]);
    expect(names.get('sli-2')).toBe(`${'a'.repeat(56)}-sli-2`);
  });
});
