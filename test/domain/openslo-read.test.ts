/**
 * OpenSLO documents read as records, edge by edge: each accepted case pins the whole reading (a
 * field that should stay absent is absent, not undefined), and each refused one names its reason.
 */
import { describe, expect, test } from 'vitest';
import { readDocument, sloDocument, toV2alpha } from '../../src/domain/openslo.js';

type Mapping = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An SLO document as a YAML reader hands it over. */
const sloSource = (): Mapping => ({
  apiVersion: 'openslo/v1',
  kind: 'SLO',
  metadata: { name: 'checkout', displayName: 'Checkout', annotations: { 'slotui/id': 'slo-1' } },
  spec: {
    indicatorRef: 'checkout-sli',
    timeWindow: [{ duration: '30d', isRolling: true }],
    budgetingMethod: 'Timeslices',
    objectives: [{ op: 'gte', value: 99.5, target: 0.999, timeSliceTarget: 1, timeSliceWindow: '1m' }],
  },
});

const sliSource = (): Mapping => ({
  apiVersion: 'openslo/v1',
  kind: 'SLI',
  metadata: { name: 'checkout-sli', annotations: { 'slotui/type': 'availability' } },
  spec: { thresholdMetric: { metricSource: { type: 'slotui', spec: { queries: { good: 'q' }, formula: 'good' } } } },
});

const SLO_FIELDS = {
  time_window_type: 'rolling',
  time_window_value: '30',
  time_window_unit: 'day',
  target_value: '99.9',
  target_unit: '%',
  benchmark_operator: '>=',
  benchmark_value: '99.5',
  interval: 60,
};

/** What the base SLO document reads as, with `changes` (an undefined value: the key is absent). */
function sloRead(changes: Mapping = {}, fieldChanges: Mapping = {}): Mapping {
  const fields: Mapping = { ...SLO_FIELDS, ...fieldChanges };
  const read: Mapping = {
    ok: true,
    kind: 'SLO',
    name: 'checkout',
    displayName: 'Checkout',
    id: 'slo-1',
    fields,
    indicatorRef: 'checkout-sli',
    ...changes,
  };
  for (const object of [read, fields])
    for (const key of Object.keys(object)) if (object[key] === undefined) delete object[key];
  return read;
}

const objective = (doc: Mapping): Mapping => doc.spec.objectives[0];
const annotate = (doc: Mapping, annotations: Mapping): void => {
  Object.assign(doc.metadata.annotations, annotations);
};

describe('an SLO document read', () => {
  test.each<[string, (doc: Mapping) => void, Mapping, Mapping]>([
    ['as written', () => {}, {}, {}],
    ['without a display name', (d) => delete d.metadata.displayName, { displayName: undefined }, {}],
    ['without annotations', (d) => delete d.metadata.annotations, { id: undefined }, {}],
    ['with annotations null', (d) => (d.metadata.annotations = null), { id: undefined }, {}],
    ['with an id written as a number', (d) => annotate(d, { 'slotui/id': 7 }), { id: '7' }, {}],
    ['with an id written as true', (d) => annotate(d, { 'slotui/id': true }), { id: 'true' }, {}],
    ['with an id that is a mapping', (d) => annotate(d, { 'slotui/id': { a: 1 } }), { id: undefined }, {}],
    ['with a blank id', (d) => annotate(d, { 'slotui/id': '  ' }), { id: undefined }, {}],
    ['with an empty id', (d) => annotate(d, { 'slotui/id': '' }), { id: undefined }, {}],
    ['with an SLI id', (d) => annotate(d, { 'slotui/indicator-id': 'sli-1' }), { indicatorId: 'sli-1' }, {}],
    ['with a blank SLI id', (d) => annotate(d, { 'slotui/indicator-id': ' ' }), {}, {}],
    ['with an empty SLI id', (d) => annotate(d, { 'slotui/indicator-id': '' }), {}, {}],
    ['without an SLI', (d) => delete d.spec.indicatorRef, { indicatorRef: undefined }, {}],
    ['with a description', (d) => (d.spec.description = 'Most.'), {}, { description: 'Most.' }],
    [
      'with a long description kept in an annotation',
      (d) => annotate(d, { 'slotui/description': 'Long.' }),
      {},
      { description: 'Long.' },
    ],
    [
      'with description null and one in an annotation',
      (d) => {
        d.spec.description = null;
        annotate(d, { 'slotui/description': 'Long.' });
      },
      {},
      { description: 'Long.' },
    ],
    ['with no alert policies', (d) => (d.spec.alertPolicies = []), {}, {}],
    [
      'with an on_missing_interval',
      (d) => annotate(d, { 'slotui/on-missing-interval': 'ignore' }),
      {},
      { on_missing_interval: 'ignore' },
    ],
    ['with a key close to two OpenSLO keys', (d) => (objective(d).timeSlice = 1), {}, {}],
    // The time window.
    ['with " 30d "', (d) => (d.spec.timeWindow[0].duration = ' 30d '), {}, {}],
    ['with "30 d"', (d) => (d.spec.timeWindow[0].duration = '30 d'), {}, {}],
    [
      'with 15 minutes',
      (d) => (d.spec.timeWindow[0].duration = '15m'),
      {},
      { time_window_value: '15', time_window_unit: 'minute' },
    ],
    [
      'with an hour',
      (d) => (d.spec.timeWindow[0].duration = '1h'),
      {},
      { time_window_value: '1', time_window_unit: 'hour' },
    ],
    [
      'with a week',
      (d) => (d.spec.timeWindow[0].duration = '1w'),
      {},
      { time_window_value: '1', time_window_unit: 'week' },
    ],
    [
      'with a month',
      (d) => (d.spec.timeWindow[0].duration = '1M'),
      {},
      { time_window_value: '1', time_window_unit: 'month' },
    ],
    [
      'with a quarter',
      (d) => (d.spec.timeWindow[0].duration = '1Q'),
      {},
      { time_window_value: '3', time_window_unit: 'month' },
    ],
    [
      'with two quarters',
      (d) => (d.spec.timeWindow[0].duration = '2Q'),
      {},
      { time_window_value: '6', time_window_unit: 'month' },
    ],
    [
      'with a year',
      (d) => (d.spec.timeWindow[0].duration = '1Y'),
      {},
      { time_window_value: '1', time_window_unit: 'year' },
    ],
    [
      'with a calendar in UTC',
      (d) =>
        (d.spec.timeWindow = [{ duration: '1M', calendar: { startTime: '2024-01-01 00:00:00', timeZone: 'UTC' } }]),
      {},
      { time_window_type: 'calendar', time_window_value: '1', time_window_unit: 'month' },
    ],
    [
      'with a calendar in Etc/UTC from 1 March, written with T and no seconds',
      (d) =>
        (d.spec.timeWindow = [
          { duration: '1M', isRolling: false, calendar: { startTime: '2024-03-01T00:00', timeZone: 'Etc/UTC' } },
        ]),
      {},
      { time_window_type: 'calendar', time_window_value: '1', time_window_unit: 'month' },
    ],
    [
      'with a calendar starting " 2024-01-01 00:00:00 "',
      (d) =>
        (d.spec.timeWindow = [{ duration: '1Y', calendar: { startTime: ' 2024-01-01 00:00:00 ', timeZone: 'UTC' } }]),
      {},
      { time_window_type: 'calendar', time_window_value: '1', time_window_unit: 'year' },
    ],
    [
      'with the type kept as " Rolling "',
      (d) => annotate(d, { 'slotui/time-window-type': ' Rolling ' }),
      {},
      { time_window_type: ' Rolling ' },
    ],
    ['with a kept type the window is not', (d) => annotate(d, { 'slotui/time-window-type': 'calendar' }), {}, {}],
    [
      'with the value kept as "030"',
      (d) => annotate(d, { 'slotui/time-window-value': '030' }),
      {},
      { time_window_value: '030' },
    ],
    ['with a kept value the window is not', (d) => annotate(d, { 'slotui/time-window-value': '31' }), {}, {}],
    [
      'with the unit kept as "days"',
      (d) => annotate(d, { 'slotui/time-window-unit': 'days' }),
      {},
      { time_window_unit: 'days' },
    ],
    ['with a kept unit the window is not', (d) => annotate(d, { 'slotui/time-window-unit': 'hours' }), {}, {}],
    [
      'with no window and all three kept',
      (d) => {
        delete d.spec.timeWindow;
        annotate(d, {
          'slotui/time-window-type': 'sliding',
          'slotui/time-window-value': '1.5',
          'slotui/time-window-unit': 'fortnight',
        });
      },
      {},
      { time_window_type: 'sliding', time_window_value: '1.5', time_window_unit: 'fortnight' },
    ],
    [
      'with no window and only a type kept',
      (d) => {
        d.spec.timeWindow = null;
        annotate(d, { 'slotui/time-window-type': 'sliding' });
      },
      {},
      { time_window_type: 'sliding', time_window_value: undefined, time_window_unit: undefined },
    ],
    [
      'with no window and only a value kept',
      (d) => {
        delete d.spec.timeWindow;
        annotate(d, { 'slotui/time-window-value': '0' });
      },
      {},
      { time_window_type: undefined, time_window_value: '0', time_window_unit: undefined },
    ],
    [
      'with no window and only a unit kept',
      (d) => {
        delete d.spec.timeWindow;
        annotate(d, { 'slotui/time-window-unit': 'fortnight' });
      },
      {},
      { time_window_type: undefined, time_window_value: undefined, time_window_unit: 'fortnight' },
    ],
    // The target.
    ['with a target of 0', (d) => (objective(d).target = 0), {}, { target_value: '0' }],
    [
      'with targetPercent',
      (d) => {
        delete objective(d).target;
        objective(d).targetPercent = 99.5;
      },
      {},
      { target_value: '99.5' },
    ],
    [
      'with targetPercent 0',
      (d) => {
        delete objective(d).target;
        objective(d).targetPercent = 0;
      },
      {},
      { target_value: '0' },
    ],
    [
      'with the target kept as "99.90"',
      (d) => annotate(d, { 'slotui/target-value': '99.90' }),
      {},
      { target_value: '99.90' },
    ],
    ['with a kept target the objective is not', (d) => annotate(d, { 'slotui/target-value': '95' }), {}, {}],
    [
      'with the unit kept as "percent"',
      (d) => annotate(d, { 'slotui/target-unit': 'percent' }),
      {},
      { target_unit: 'percent' },
    ],
    ['with a kept unit that is no percent', (d) => annotate(d, { 'slotui/target-unit': 'ms' }), {}, {}],
    [
      'with no target and one kept with its unit',
      (d) => {
        delete objective(d).target;
        annotate(d, { 'slotui/target-value': 'high', 'slotui/target-unit': 'ms' });
      },
      {},
      { target_value: 'high', target_unit: 'ms' },
    ],
    [
      'with no target and one kept without a unit',
      (d) => {
        delete objective(d).target;
        annotate(d, { 'slotui/target-value': 'high' });
      },
      {},
      { target_value: 'high', target_unit: undefined },
    ],
    // The benchmark.
    ['with the operator kept as ">="', (d) => annotate(d, { 'slotui/benchmark-operator': '>=' }), {}, {}],
    [
      'with the operator kept as "gte"',
      (d) => annotate(d, { 'slotui/benchmark-operator': 'gte' }),
      {},
      { benchmark_operator: 'gte' },
    ],
    ['with a kept operator the objective is not', (d) => annotate(d, { 'slotui/benchmark-operator': '>' }), {}, {}],
    [
      'with no op and one kept',
      (d) => {
        delete objective(d).op;
        annotate(d, { 'slotui/benchmark-operator': '==' });
      },
      {},
      { benchmark_operator: '==' },
    ],
    ['with no op', (d) => delete objective(d).op, {}, { benchmark_operator: undefined }],
    ['with op lt', (d) => (objective(d).op = 'lt'), {}, { benchmark_operator: '<' }],
    [
      'with the value kept as "99.50"',
      (d) => annotate(d, { 'slotui/benchmark-value': '99.50' }),
      {},
      { benchmark_value: '99.50' },
    ],
    ['with a kept value the objective is not', (d) => annotate(d, { 'slotui/benchmark-value': '98' }), {}, {}],
    [
      'with no value and one kept',
      (d) => {
        delete objective(d).value;
        annotate(d, { 'slotui/benchmark-value': 'fast' });
      },
      {},
      { benchmark_value: 'fast' },
    ],
    ['with no value', (d) => delete objective(d).value, {}, { benchmark_value: undefined }],
    // The interval.
    ['with a slice of 5 (minutes)', (d) => (objective(d).timeSliceWindow = 5), {}, { interval: 300 }],
    ['with a slice of "5"', (d) => (objective(d).timeSliceWindow = '5'), {}, { interval: 300 }],
    ['with a slice of "15m"', (d) => (objective(d).timeSliceWindow = '15m'), {}, { interval: 900 }],
    ['with a slice of "5m "', (d) => (objective(d).timeSliceWindow = '5m '), {}, { interval: 300 }],
    ['with a slice of " 2 h"', (d) => (objective(d).timeSliceWindow = ' 2 h'), {}, { interval: 7200 }],
    ['with a slice of a day', (d) => (objective(d).timeSliceWindow = '1d'), {}, { interval: 86_400 }],
    ['with a slice of a week', (d) => (objective(d).timeSliceWindow = '1w'), {}, { interval: 604_800 }],
    ['with no timeSliceTarget', (d) => delete objective(d).timeSliceTarget, {}, {}],
    [
      'with no slice and one kept',
      (d) => {
        delete objective(d).timeSliceWindow;
        annotate(d, { 'slotui/interval': '90' });
      },
      {},
      { interval: 90 },
    ],
    [
      'Occurrences with no interval kept',
      (d) => {
        d.spec.budgetingMethod = 'Occurrences';
        annotate(d, { 'slotui/interval': 'none' });
      },
      {},
      { interval: null },
    ],
    [
      'Occurrences with an interval kept',
      (d) => {
        d.spec.budgetingMethod = 'Occurrences';
        annotate(d, { 'slotui/interval': '1.5' });
      },
      {},
      { interval: 1.5 },
    ],
  ])('%s', (_what, change, readChanges, fieldChanges) => {
    const doc = sloSource();
    change(doc);
    expect(readDocument(doc)).toStrictEqual(sloRead(readChanges, fieldChanges));
  });
});

describe('an SLI document read', () => {
  test.each<[string, (doc: Mapping) => void, Mapping]>([
    ['as written', () => {}, { queries: { good: 'q' }, formula: 'good', type: 'availability' }],
    [
      'with queries and formula null',
      (d) => (d.spec.thresholdMetric.metricSource.spec = { queries: null, formula: null }),
      { type: 'availability' },
    ],
    ['with no metric source spec', (d) => delete d.spec.thresholdMetric.metricSource.spec, { type: 'availability' }],
    [
      'with a unit and a type written as numbers',
      (d) => (d.metadata.annotations = { 'slotui/type': 5, 'slotui/unit-of-measure': 1 }),
      { queries: { good: 'q' }, formula: 'good', type: '5', unit_of_measure: '1' },
    ],
    [
      'with a type that is a list',
      (d) => (d.metadata.annotations = { 'slotui/type': ['a'] }),
      { queries: { good: 'q' }, formula: 'good' },
    ],
  ])('%s', (_what, change, fields) => {
    const doc = sliSource();
    change(doc);
    expect(readDocument(doc)).toStrictEqual({ ok: true, kind: 'SLI', name: 'checkout-sli', fields });
  });
});

describe('a document refused, and why', () => {
  const sloWith = (change: (doc: Mapping) => void): Mapping => {
    const doc = sloSource();
    change(doc);
    return doc;
  };
  const sliWith = (change: (doc: Mapping) => void): Mapping => {
    const doc = sliSource();
    change(doc);
    return doc;
  };
  test.each<[string, unknown, RegExp]>([
    ['null', null, /not a mapping/],
    ['a text', 'SLO', /not a mapping/],
    ['no apiVersion', sloWith((d) => delete d.apiVersion), /apiVersion openslo\/v1 is missing/],
    ['an apiVersion that is a number', sloWith((d) => (d.apiVersion = 1)), /apiVersion openslo\/v1 is missing/],
    ['no kind', sloWith((d) => delete d.kind), /^kind is missing/],
    ['no metadata', sloWith((d) => delete d.metadata), /metadata.name is missing/],
    ['metadata that is a text', sloWith((d) => (d.metadata = 'checkout')), /metadata.name is missing/],
    ['metadata without a name', sloWith((d) => delete d.metadata.name), /metadata.name is missing/],
    ['an empty name', sloWith((d) => (d.metadata.name = '')), /metadata.name is missing/],
    ['a blank name', sloWith((d) => (d.metadata.name = '  ')), /metadata.name is missing/],
    ['no spec', sloWith((d) => delete d.spec), /spec is missing/],
    ['a spec that is null', sloWith((d) => (d.spec = null)), /spec is missing/],
    ['a spec that is a list', sloWith((d) => (d.spec = [])), /spec is missing/],
    ['annotations that are a text', sloWith((d) => (d.metadata.annotations = 'x')), /annotations must be a mapping/],
    ['annotations that are a list', sloWith((d) => (d.metadata.annotations = ['x'])), /annotations must be a mapping/],
    ['a display name that is a number', sloWith((d) => (d.metadata.displayName = 5)), /displayName must be text/],
    ['a description that is a number', sloWith((d) => (d.spec.description = 5)), /description must be text/],
    ['an alert policy', sloWith((d) => (d.spec.alertPolicies = ['page'])), /alert policies/],
    ['an indicatorRef that is a number', sloWith((d) => (d.spec.indicatorRef = 5)), /indicatorRef must be/],
    ['a blank indicatorRef', sloWith((d) => (d.spec.indicatorRef = '  ')), /indicatorRef must be/],
    ['an empty indicatorRef', sloWith((d) => (d.spec.indicatorRef = '')), /indicatorRef must be/],
    ['no objectives', sloWith((d) => delete d.spec.objectives), /objectives is missing/],
    ['no objective', sloWith((d) => (d.spec.objectives = [])), /objectives is missing/],
    ['objectives that are a mapping', sloWith((d) => (d.spec.objectives = { target: 0.9 })), /objectives is missing/],
    ['an objective that is a text', sloWith((d) => (d.spec.objectives = ['x'])), /objectives\[0\] must be a mapping/],
    ['an objective with an indicator', sloWith((d) => (objective(d).indicator = {})), /own indicator/],
    ['an objective with an indicatorRef', sloWith((d) => (objective(d).indicatorRef = 'x')), /own indicator/],
    ['no window', sloWith((d) => delete d.spec.timeWindow), /timeWindow is missing/],
    ['a window that is null', sloWith((d) => (d.spec.timeWindow = null)), /timeWindow is missing/],
    [
      'a window that is a mapping',
      sloWith((d) => (d.spec.timeWindow = { duration: '30d', isRolling: true })),
      /list of one window/,
    ],
    ['no window in the list', sloWith((d) => (d.spec.timeWindow = [])), /list of one window/],
    ['two windows', sloWith((d) => d.spec.timeWindow.push(d.spec.timeWindow[0])), /list of one window/],
    ['a window that is a text', sloWith((d) => (d.spec.timeWindow = ['30d'])), /list of one window/],
    ['a duration that is a number', sloWith((d) => (d.spec.timeWindow[0].duration = 30)), /duration must be a whole/],
    ['a duration in a list', sloWith((d) => (d.spec.timeWindow[0].duration = ['30d'])), /duration must be a whole/],
    [
      'a duration after other text',
      sloWith((d) => (d.spec.timeWindow[0].duration = 'x30d')),
      /duration must be a whole/,
    ],
    [
      'a duration before other text',
      sloWith((d) => (d.spec.timeWindow[0].duration = '30dx')),
      /duration must be a whole/,
    ],
    ['a duration in seconds', sloWith((d) => (d.spec.timeWindow[0].duration = '30s')), /duration must be a whole/],
    ['a duration of 0', sloWith((d) => (d.spec.timeWindow[0].duration = '0d')), /duration must be more than 0/],
    [
      'a rolling window with a calendar',
      sloWith((d) => (d.spec.timeWindow[0].calendar = { timeZone: 'UTC' })),
      /rolling and has a calendar/,
    ],
    [
      'a window neither rolling nor a calendar',
      sloWith((d) => (d.spec.timeWindow[0].isRolling = false)),
      /needs isRolling/,
    ],
    ['isRolling as text', sloWith((d) => (d.spec.timeWindow[0].isRolling = 'true')), /needs isRolling/],
    ...(
      [
        ['no time zone', { startTime: '2024-01-01 00:00:00' }, /time zone \(none\)/],
        [
          'another time zone',
          { startTime: '2024-01-01 00:00:00', timeZone: 'Europe/Paris' },
          /time zone Europe\/Paris/,
        ],
        ['no start', { timeZone: 'UTC' }, /does not start at 00:00/],
        ['a start that is a number', { startTime: 5, timeZone: 'UTC' }, /does not start at 00:00/],
        ['a start in a list', { startTime: ['2024-01-01 00:00'], timeZone: 'UTC' }, /does not start at 00:00/],
        ['a start after other text', { startTime: 'x2024-01-01 00:00', timeZone: 'UTC' }, /does not start at 00:00/],
        [
          'a start before other text',
          { startTime: '2024-01-01 00:00:00Z', timeZone: 'UTC' },
          /does not start at 00:00/,
        ],
        ['a start on the 2nd', { startTime: '2024-01-02 00:00:00', timeZone: 'UTC' }, /does not start at 00:00/],
        ['a start at half past', { startTime: '2024-01-01 00:30', timeZone: 'UTC' }, /does not start at 00:00/],
      ] as const
    ).map(([what, calendar, reason]): [string, unknown, RegExp] => [
      `a calendar with ${what}`,
      sloWith((d) => (d.spec.timeWindow = [{ duration: '1M', calendar }])),
      reason,
    ]),
    ['target and targetPercent', sloWith((d) => (objective(d).targetPercent = 99.9)), /both target and targetPercent/],
    ['a target as text', sloWith((d) => (objective(d).target = '0.9')), /target must be a number from 0/],
    ['a negative target', sloWith((d) => (objective(d).target = -0.1)), /target must be a number from 0/],
    ['a target of 1', sloWith((d) => (objective(d).target = 1)), /target must be a number from 0/],
    ...([100, -1, '99'] as const).map((percent): [string, unknown, RegExp] => [
      `a targetPercent of ${JSON.stringify(percent)}`,
      sloWith((d) => {
        delete objective(d).target;
        objective(d).targetPercent = percent;
      }),
      /targetPercent must be a number from 0/,
    ]),
    ['no target', sloWith((d) => delete objective(d).target), /target is missing/],
    ['an op of eq', sloWith((d) => (objective(d).op = 'eq')), /op must be one of/],
    ['an op that is a number', sloWith((d) => (objective(d).op = 5)), /op must be one of/],
    ['an op in a list', sloWith((d) => (objective(d).op = ['gte'])), /op must be one of/],
    ['a value as text', sloWith((d) => (objective(d).value = '5')), /value must be a number/],
    ['an infinite value', sloWith((d) => (objective(d).value = Number.POSITIVE_INFINITY)), /value must be a number/],
    ['no budgeting method', sloWith((d) => delete d.spec.budgetingMethod), /budgetingMethod is missing/],
    [
      'a budgeting method that is a number',
      sloWith((d) => (d.spec.budgetingMethod = 5)),
      /budgetingMethod \(not text\)/,
    ],
    ...([0, 1.5, -1, '0m', '5s', 'x5m', '5mx', '', true, ['5']] as const).map((slice): [string, unknown, RegExp] => [
      `a slice of ${JSON.stringify(slice)}`,
      sloWith((d) => (objective(d).timeSliceWindow = slice)),
      /timeSliceWindow must be minutes/,
    ]),
    ...([undefined, '0', '-60', '1.5', '  ', 'none'] as const).map((kept): [string, unknown, RegExp] => [
      `no slice, and ${JSON.stringify(kept)} kept`,
      sloWith((d) => {
        delete objective(d).timeSliceWindow;
        if (kept !== undefined) annotate(d, { 'slotui/interval': kept });
      }),
      /Timeslices needs objectives\[0\].timeSliceWindow/,
    ]),
    [
      'Occurrences with nothing kept',
      sloWith((d) => (d.spec.budgetingMethod = 'Occurrences')),
      /Occurrences .* cannot be represented/,
    ],
    ...(['abc', '  '] as const).map((kept): [string, unknown, RegExp] => [
      `Occurrences with ${JSON.stringify(kept)} kept`,
      sloWith((d) => {
        d.spec.budgetingMethod = 'Occurrences';
        annotate(d, { 'slotui/interval': kept });
      }),
      /slotui\/interval must be a number of seconds or none/,
    ]),
    [
      'an SLI without thresholdMetric',
      sliWith((d) => delete d.spec.thresholdMetric),
      /thresholdMetric.metricSource is missing/,
    ],
    [
      'an SLI with a thresholdMetric that is a text',
      sliWith((d) => (d.spec.thresholdMetric = 'x')),
      /thresholdMetric.metricSource is missing/,
    ],
    [
      'an SLI without metricSource',
      sliWith((d) => (d.spec.thresholdMetric = {})),
      /thresholdMetric.metricSource is missing/,
    ],
    [
      'an SLI whose source has no type',
      sliWith((d) => delete d.spec.thresholdMetric.metricSource.type),
      /metricSource type \(none\)/,
    ],
    [
      'an SLI whose source spec is a text',
      sliWith((d) => (d.spec.thresholdMetric.metricSource.spec = 'x')),
      /spec must be a mapping of queries/,
    ],
    [
      'an SLI whose queries are a text',
      sliWith((d) => (d.spec.thresholdMetric.metricSource.spec.queries = 'q')),
      /queries must be a mapping/,
    ],
    [
      'an SLI whose queries are a list',
      sliWith((d) => (d.spec.thresholdMetric.metricSource.spec.queries = ['q'])),
      /queries must be a mapping/,
    ],
    [
      'an SLI whose formula is a number',
      sliWith((d) => (d.spec.thresholdMetric.metricSource.spec.formula = 5)),
      /formula must be text/,
    ],
  ])('%s', (_what, doc, reason) => {
    const read = readDocument(doc);
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.reason).toMatch(reason);
  });

  test('a refusal names the kind and name only where they are text', () => {
    const doc = sloSource();
    doc.kind = 5;
    doc.metadata.name = 7;
    expect(readDocument(doc)).toStrictEqual({ ok: false, reason: 'kind is missing' });
    const named = sloSource();
    delete named.spec;
    expect(readDocument(named)).toStrictEqual({ ok: false, kind: 'SLO', name: 'checkout', reason: 'spec is missing' });
  });

  test("a misspelled key of an SLI's spec is checked against an SLI's keys", () => {
    const doc = sliSource();
    doc.spec.thresholdMetrc = doc.spec.thresholdMetric;
    delete doc.spec.thresholdMetric;
    const read = readDocument(doc);
    expect(read.ok ? '' : read.reason).toBe(
      'spec.thresholdMetrc is not an OpenSLO field; did you mean "thresholdMetric"?',
    );
  });

  test('a failure that is no refusal is not dressed as one', () => {
    const doc = sloSource();
    Object.defineProperty(doc.spec, 'objectives', {
      enumerable: true,
      get: () => {
        throw new Error('a reader that breaks');
      },
    });
    expect(() => readDocument(doc)).toThrow('a reader that breaks');
  });
});

describe('a v2alpha document read', () => {
  const v2 = (): Mapping => {
    const doc = sloSource();
    doc.apiVersion = 'openslo.com/v2alpha';
    delete doc.metadata.displayName;
    doc.metadata.annotations['slotui/display-name'] = 'Checkout';
    doc.spec.sliRef = doc.spec.indicatorRef;
    delete doc.spec.indicatorRef;
    return doc;
  };

  test.each<[string, (doc: Mapping) => void, Mapping]>([
    ['as written', () => {}, {}],
    ['with a display name of its own, which wins', (d) => (d.metadata.displayName = 'Mine'), { displayName: 'Mine' }],
    [
      'with a display name of its own and none in the annotations',
      (d) => {
        d.metadata.displayName = 'Mine';
        delete d.metadata.annotations['slotui/display-name'];
      },
      { displayName: 'Mine' },
    ],
    ['without annotations', (d) => delete d.metadata.annotations, { displayName: undefined, id: undefined }],
    ['without sliRef', (d) => delete d.spec.sliRef, { indicatorRef: undefined }],
  ])('%s', (_what, change, readChanges) => {
    const doc = v2();
    change(doc);
    expect(readDocument(doc)).toStrictEqual(sloRead(readChanges));
  });

  test.each<[string, (doc: Mapping) => void, RegExp]>([
    ['no metadata', (d) => delete d.metadata, /metadata.name is missing/],
    ['no spec', (d) => delete d.spec, /spec is missing/],
    ['an inline sli', (d) => (d.spec.sli = { metadata: { name: 'x' } }), /inline spec.indicator/],
  ])('refused: %s', (_what, change, reason) => {
    const doc = v2();
    change(doc);
    const read = readDocument(doc);
    expect(read.ok ? '' : read.reason).toMatch(reason);
  });

  test('what v2alpha writes reads back as v1 does', () => {
    const doc = sloDocument(
      { id: 'slo-1', name: 'Checkout', service_level_indicator_id: 'sli-1', ...SLO_FIELDS, target_value: '99.90' },
      'checkout',
      'checkout-sli',
    );
    expect(readDocument(JSON.parse(JSON.stringify(toV2alpha(doc))))).toStrictEqual(readDocument(doc));
  });
});
