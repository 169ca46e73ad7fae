import { describe, expect, test } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { plainNumber, shiftDecimal } from '../../src/domain/decimal.js';
import {
  ANNOTATION,
  assignNames,
  readDocument,
  sliDocument,
  slugify,
  sloDocument,
  type ReadDocument,
} from '../../src/domain/openslo.js';
import { ROLLING_30_DAYS_999 } from './sloFields.js';

const slo = (fields: Record<string, unknown> = {}): ApiRecord => ({
  id: 'slo-000001',
  name: 'Checkout availability',
  description: 'Most checkouts succeed.',
  service_level_indicator_id: 'sli-000001',
  ...ROLLING_30_DAYS_999,
  on_missing_interval: 'ignore',
  benchmark_operator: '>=',
  benchmark_value: '99.5',
  ...fields,
});

/** The document as a YAML reader would hand it back (plain data). */
const roundTrip = (doc: unknown): unknown => JSON.parse(JSON.stringify(doc));

function readBack(doc: unknown): ReadDocument {
  const read = readDocument(roundTrip(doc));
  if (!read.ok) throw new Error(`refused: ${read.reason}`);
  return read;
}

describe('decimal text', () => {
  test.each([
    ['99.95', -2, '0.9995'],
    ['0.9995', 2, '99.95'],
    ['99.9', -2, '0.999'],
    ['5', -2, '0.05'],
    ['1e-7', 0, '0.0000001'],
    ['100', -2, '1'],
    ['-0.5', 2, '-50'],
    ['.5', 1, '5'],
    ['99.90', -2, '0.999'],
  ])('%s shifted by %i is %s', (text, places, expected) => {
    expect(shiftDecimal(text, places)).toBe(expected);
  });

  test('no decimal number: undefined', () => {
    expect(shiftDecimal('fast', 2)).toBeUndefined();
    expect(shiftDecimal('', 2)).toBeUndefined();
    expect(shiftDecimal('.', 2)).toBeUndefined();
  });

  test('a float noise prone value comes back exact', () => {
    expect(plainNumber(Number(shiftDecimal('99.95', -2)))).toBe('0.9995');
    expect(shiftDecimal(plainNumber(0.9995), 2)).toBe('99.95');
    expect(shiftDecimal(plainNumber(0.99999), 2)).toBe('99.999');
  });
});

describe('names', () => {
  test('an RFC 1123 label of at most 63 characters', () => {
    expect(slugify('Checkout API — availability 99.9%')).toBe('checkout-api-availability-99-9');
    expect(slugify('Zürich Ünïcode')).toBe('zurich-unicode');
    const long = slugify('x'.repeat(100));
    expect(long).toHaveLength(63);
    expect(slugify(`${'a'.repeat(62)} b`)).toBe('a'.repeat(62));
    expect(slugify('日本語')).toBe('');
  });

  test('a clash gets a suffix made from the id; the first keeps the plain name', () => {
    const names = assignNames([
      { id: 'sli-000001', name: 'Checkout' },
      { id: 'sli-000002', name: 'checkout' },
      { id: 'sli-000003', name: '日本語' },
      { id: 'sli-000004', name: 'x'.repeat(100) },
      { id: 'sli-000005', name: 'x'.repeat(100) },
    ]);
    expect(names.get('sli-000001')).toBe('checkout');
    expect(names.get('sli-000002')).toBe('checkout-sli-000002');
    expect(names.get('sli-000003')).toBe('sli-000003');
    expect(names.get('sli-000004')).toBe('x'.repeat(63));
    expect(names.get('sli-000005')).toMatch(/^x+-sli-000005$/);
    for (const name of names.values()) expect(name).toMatch(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/);
  });

  test('a record keeps its name whatever is beside it in the list', () => {
    const all = [
      { id: 'a-1', name: 'Same' },
      { id: 'a-2', name: 'Same' },
    ];
    expect(assignNames(all).get('a-2')).toBe('same-a-2');
    // The first record's name does not depend on the second being exported.
    expect(assignNames(all).get('a-1')).toBe('same');
  });

  test('an id that does not slug well gives a hashed suffix, still a label', () => {
    const names = assignNames([
      { id: 'x', name: 'Same' },
      { id: '\u001b]0;evil\u0007/../日本', name: 'Same' },
    ]);
    expect(names.get('\u001b]0;evil\u0007/../日本')).toMatch(/^same-[a-z0-9-]+$/);
  });
});

describe('SLO documents', () => {
  test('the mapping of the README table', () => {
    const doc = sloDocument(slo(), 'checkout-availability', 'checkout-sli');
    expect(doc).toEqual({
      apiVersion: 'openslo/v1',
      kind: 'SLO',
      metadata: {
        name: 'checkout-availability',
        displayName: 'Checkout availability',
        annotations: {
          'slotui/id': 'slo-000001',
          'slotui/indicator-id': 'sli-000001',
          'slotui/on-missing-interval': 'ignore',
        },
      },
      spec: {
        description: 'Most checkouts succeed.',
        indicatorRef: 'checkout-sli',
        timeWindow: [{ duration: '30d', isRolling: true }],
        budgetingMethod: 'Timeslices',
        objectives: [{ op: 'gte', value: 99.5, target: 0.999, timeSliceTarget: 1, timeSliceWindow: '1m' }],
      },
    });
  });

  test('a target as a fraction and back without float noise', () => {
    const doc = sloDocument(slo({ target_value: '99.95' }), 'n', 'i');
    expect((doc.spec.objectives as Record<string, unknown>[])[0]?.target).toBe(0.9995);
    expect(readBack(doc).fields.target_value).toBe('99.95');
  });

  test('a calendar window starts at the period start in UTC', () => {
    const doc = sloDocument(
      slo({ time_window_type: 'calendar', time_window_value: '1', time_window_unit: 'month' }),
      'n',
      'i',
    );
    expect(doc.spec.timeWindow).toEqual([
      { duration: '1M', isRolling: false, calendar: { startTime: '2024-01-01 00:00:00', timeZone: 'UTC' } },
    ]);
    expect(readBack(doc).fields).toMatchObject({
      time_window_type: 'calendar',
      time_window_value: '1',
      time_window_unit: 'month',
    });
  });

  test.each([
    ['<=', 'lte'],
    ['>', 'gt'],
    ['<', 'lt'],
    ['>=', 'gte'],
  ])('benchmark %s is op %s', (operator, op) => {
    const doc = sloDocument(slo({ benchmark_operator: operator }), 'n', 'i');
    expect((doc.spec.objectives as Record<string, unknown>[])[0]?.op).toBe(op);
    expect(doc.metadata.annotations[ANNOTATION.operator]).toBeUndefined();
    expect(readBack(doc).fields.benchmark_operator).toBe(operator);
  });

  test('no interval: Occurrences, marked by an annotation so it reads back', () => {
    const doc = sloDocument(slo({ interval: null }), 'n', 'i');
    expect(doc.spec.budgetingMethod).toBe('Occurrences');
    expect(doc.metadata.annotations[ANNOTATION.interval]).toBe('none');
    expect(readBack(doc).fields.interval).toBeNull();
  });

  test('an interval of whole hours is written in hours', () => {
    const doc = sloDocument(slo({ interval: 7200 }), 'n', 'i');
    expect((doc.spec.objectives as Record<string, unknown>[])[0]?.timeSliceWindow).toBe('2h');
    expect(readBack(doc).fields.interval).toBe(7200);
  });

  // Each record below has something OpenSLO cannot say; the annotations keep it, and it reads back the same.
  test.each<[string, Record<string, unknown>]>([
    ['a target of 100', { target_value: '100' }],
    ['a target written "99.90"', { target_value: '99.90' }],
    ['a target that is not a number', { target_value: 'high' }],
    ['a target in another unit', { target_value: '250', target_unit: 'ms' }],
    ['a target unit "percent"', { target_unit: 'percent' }],
    ['the == operator', { benchmark_operator: '==' }],
    ['a benchmark that is not a number', { benchmark_value: 'fast' }],
    ['a benchmark written "99.50"', { benchmark_value: '99.50' }],
    ['seconds that are not whole minutes', { interval: 90 }],
    ['an interval of 0', { interval: 0 }],
    ['a window unit "days"', { time_window_unit: 'days' }],
    ['a window type "Rolling"', { time_window_type: 'Rolling' }],
    ['a window of 1.5 days', { time_window_value: '1.5' }],
    ['a window unit slotui does not know', { time_window_unit: 'fortnight' }],
    ['a window type slotui does not know', { time_window_type: 'sliding' }],
    ['a description over 1050 characters', { description: 'd'.repeat(2000) }],
    ['no on_missing_interval', { on_missing_interval: undefined }],
    ['a name with escape sequences and unicode', { name: 'évil \u001b[31m\u202e 名前' }],
  ])('%s survives a round trip', (_what, fields) => {
    const record = slo(fields);
    const read = readBack(sloDocument(record, 'n', 'i'));
    for (const [key, value] of Object.entries(read.fields)) {
      if (key === 'interval' && value === null) expect(record.interval ?? null).toBeNull();
      else if (key === 'target_unit' && record.target_unit === undefined) expect(value).toBe('%');
      else expect(value, key).toEqual(record[key]);
    }
    expect(read.displayName).toBe(record.name);
    expect(read.id).toBe(record.id);
    expect(read.indicatorId).toBe(record.service_level_indicator_id);
    for (const key of [
      'target_value',
      'time_window_value',
      'time_window_unit',
      'time_window_type',
      'benchmark_operator',
      'benchmark_value',
      'description',
    ]) {
      if (record[key] !== undefined) expect(read.fields[key], key).toBe(record[key]);
    }
  });

  test('where an annotation and the spec disagree, the spec wins', () => {
    const doc = roundTrip(sloDocument(slo({ target_value: '99.90' }), 'n', 'i')) as {
      spec: { objectives: Record<string, unknown>[] };
    };
    doc.spec.objectives[0]!.target = 0.95;
    const read = readDocument(doc) as ReadDocument;
    expect(read.fields.target_value).toBe('95');
  });
});

describe('SLI documents', () => {
  const sli: ApiRecord = {
    id: 'sli-000001',
    name: 'Checkout',
    type: 'availability',
    description: 'Good over total.',
    unit_of_measure: '%',
    queries: { good: { select: 'count(*)', from: 'http', where: 'ok', limit: 1 } },
    formula: 'good / total',
  };

  test('queries and formula in a slotui metric source; type and unit in annotations', () => {
    const doc = sliDocument(sli, 'checkout');
    expect(doc.spec).toEqual({
      description: 'Good over total.',
      thresholdMetric: { metricSource: { type: 'slotui', spec: { queries: sli.queries, formula: 'good / total' } } },
    });
    expect(doc.metadata.annotations).toEqual({
      'slotui/id': 'sli-000001',
      'slotui/type': 'availability',
      'slotui/unit-of-measure': '%',
    });
    expect(readBack(doc).fields).toEqual({
      description: 'Good over total.',
      queries: sli.queries,
      formula: 'good / total',
      type: 'availability',
      unit_of_measure: '%',
    });
  });

  test('fields the record does not have stay out of the document', () => {
    const doc = sliDocument({ id: 'sli-9', name: 'bare', type: null, queries: null }, 'bare');
    expect(doc.spec).toEqual({ thresholdMetric: { metricSource: { type: 'slotui', spec: {} } } });
    expect(readBack(doc).fields).toEqual({});
  });
});

describe('documents slotui cannot represent are refused with the reason', () => {
  const base = roundTrip(sloDocument(slo(), 'n', 'i')) as {
    spec: Record<string, unknown> & { objectives: Record<string, unknown>[] };
    metadata: { annotations: Record<string, string> };
  };
  const changed = (change: (doc: typeof base) => void): unknown => {
    const doc = structuredClone(base);
    change(doc);
    return doc;
  };
  test.each<[string, unknown, RegExp]>([
    [
      'another kind',
      { apiVersion: 'openslo/v1', kind: 'Service', metadata: { name: 's' }, spec: {} },
      /kind Service has no slotui resource/,
    ],
    [
      'another apiVersion',
      { apiVersion: 'openslo/v2alpha', kind: 'SLO', metadata: { name: 's' }, spec: {} },
      /apiVersion openslo\/v2alpha/,
    ],
    [
      'RatioTimeslices',
      changed((d) => (d.spec.budgetingMethod = 'RatioTimeslices')),
      /budgetingMethod RatioTimeslices cannot be represented/,
    ],
    [
      'foreign Occurrences',
      changed((d) => {
        d.spec.budgetingMethod = 'Occurrences';
        delete d.spec.objectives[0]!.timeSliceWindow;
      }),
      /Occurrences .* cannot be represented/,
    ],
    ['two objectives', changed((d) => d.spec.objectives.push({ target: 0.9 })), /2 objectives/],
    [
      'an inline indicator',
      changed((d) => (d.spec.indicator = { metadata: { name: 'x' }, spec: {} })),
      /inline spec.indicator/,
    ],
    [
      'a calendar in another time zone',
      changed(
        (d) =>
          (d.spec.timeWindow = [
            { duration: '1M', calendar: { startTime: '2024-01-01 00:00:00', timeZone: 'America/New_York' } },
          ]),
      ),
      /time zone America\/New_York/,
    ],
    [
      'a time slice target other than 1',
      changed((d) => (d.spec.objectives[0]!.timeSliceTarget = 0.95)),
      /timeSliceTarget/,
    ],
    ['alert policies', changed((d) => (d.spec.alertPolicies = ['page-me'])), /alert policies/],
    ['a target of 1', changed((d) => (d.spec.objectives[0]!.target = 1)), /target must be a number from 0/],
    [
      'a duration in seconds',
      changed((d) => (d.spec.timeWindow = [{ duration: '30s', isRolling: true }])),
      /duration must be/,
    ],
    ['not a mapping', ['a', 'list'], /not a mapping/],
  ])('%s', (_what, doc, reason) => {
    const read = readDocument(doc);
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.reason).toMatch(reason);
  });

  test('a ratio metric SLI and a foreign metric source', () => {
    const ratio = readDocument({
      apiVersion: 'openslo/v1',
      kind: 'SLI',
      metadata: { name: 'r' },
      spec: { ratioMetric: { counter: true } },
    });
    expect(ratio.ok ? '' : ratio.reason).toMatch(/ratioMetric/);
    const prom = readDocument({
      apiVersion: 'openslo/v1',
      kind: 'SLI',
      metadata: { name: 'p' },
      spec: { thresholdMetric: { metricSource: { type: 'Prometheus', spec: { query: 'up' } } } },
    });
    expect(prom.ok ? '' : prom.reason).toMatch(/metricSource type Prometheus/);
  });

  const renamed = (mapping: Record<string, unknown>, from: string, to: string) => {
    mapping[to] = mapping[from];
    delete mapping[from];
  };
  test.each<[string, (doc: typeof base) => void, string]>([
    [
      'objectives[0]',
      (d) => renamed(d.spec.objectives[0]!, 'target', 'traget'),
      'objectives[0].traget is not an OpenSLO field; did you mean "target"?',
    ],
    [
      'spec',
      (d) => renamed(d.spec, 'budgetingMethod', 'budgetMethod'),
      'spec.budgetMethod is not an OpenSLO field; did you mean "budgetingMethod"?',
    ],
    [
      'metadata',
      (d) => renamed(d.metadata, 'annotations', 'anotations'),
      'metadata.anotations is not an OpenSLO field; did you mean "annotations"?',
    ],
    [
      'the time window',
      (d) => renamed((d.spec.timeWindow as Record<string, unknown>[])[0]!, 'isRolling', 'isRoling'),
      'spec.timeWindow[0].isRoling is not an OpenSLO field; did you mean "isRolling"?',
    ],
    [
      'the document',
      (d) => renamed(d as unknown as Record<string, unknown>, 'spec', 'sepc'),
      'sepc is not an OpenSLO field; did you mean "spec"?',
    ],
  ])('a misspelled key in %s names the key meant', (_where, change, reason) => {
    const read = readDocument(changed(change));
    expect(read.ok ? '' : read.reason).toBe(reason);
  });

  test('an unknown key close to no OpenSLO key is left alone', () => {
    const read = readDocument(changed((d) => (d.spec.objectives[0]!.ownerTeam = 'payments')));
    expect(read.ok).toBe(true);
  });
});
