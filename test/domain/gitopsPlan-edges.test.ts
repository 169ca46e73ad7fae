/**
 * The GitOps plan at its edges, from documents as read (hand-built ReadItems, so each case says
 * exactly what the document gave): which fields count as changed (numbers, intervals, units,
 * nested values), what a create sends, how documents of one file find each other (SLIs first,
 * the first of a name), what is refused, and what the resource's check is asked. The plan from
 * real OpenSLO documents is gitopsPlan.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { makePlan, type CurrentRecords, type ReadItem, type RecordCheck } from '../../src/domain/gitopsPlan.js';

const sli: ApiRecord = { id: 'sli-1', name: 'Latency', type: 'latency', queries: { p95: { select: 's', limit: 1 } } };
const slo: ApiRecord = {
  id: 'slo-1',
  name: 'Fast',
  service_level_indicator_id: 'sli-1',
  time_window_value: '30',
  target_value: '99.90',
  target_unit: '%',
  interval: 60,
  benchmark_value: '300',
};
const current: CurrentRecords = { slis: [sli], slos: [slo] };
const fits: RecordCheck = () => undefined;

let n = 0;
const sliItem = (fields: Record<string, unknown>, extra: Partial<ReadItem & { ok: true }> = {}): ReadItem => ({
  ok: true,
  kind: 'SLI',
  name: `sli-${++n}`,
  fields,
  document: n,
  ...extra,
});
const sloItem = (fields: Record<string, unknown>, extra: Partial<ReadItem & { ok: true }> = {}): ReadItem => ({
  ok: true,
  kind: 'SLO',
  name: `slo-${++n}`,
  fields,
  document: n,
  ...extra,
});
/** The plan of one document standing for an existing record (by slotui/id). */
const changesTo = (fields: Record<string, unknown>, records = current) => {
  const [entry] = makePlan([sloItem(fields, { id: 'slo-1', indicatorRef: 'x', indicatorId: 'sli-1' })], records, fits);
  return entry!;
};

describe('what counts as a change', () => {
  test.each([
    ['time_window_value', '30.0', false],
    ['time_window_value', 30, false],
    ['time_window_value', '31', true],
    ['target_value', '99.9', false],
    ['target_value', 99.9, false],
    ['target_value', '99.95', true],
    ['benchmark_value', '3e2', false],
    ['benchmark_value', 'abc', true],
    ['interval', 60, false],
    ['interval', 61, true],
    ['interval', null, true],
    ['interval', '60', true],
    ['target_unit', '%', false],
    ['target_unit', 'ms', true],
    ['name', 'Fast', false],
    ['name', 'Faster', true],
  ])('%s %j over the record: changed %s', (field, value, changed) => {
    const entry = changesTo({ [field]: value });
    expect(entry.action).toBe(changed ? 'update' : 'unchanged');
    expect(entry.changes.map((c) => c.field)).toEqual(changed ? [field] : []);
  });

  test('a number field the record holds as a number compares by value; text that is no number compares as text', () => {
    const numeric = { slis: [sli], slos: [{ ...slo, target_value: 99.9, benchmark_value: 'n/a' }] };
    expect(changesTo({ target_value: '99.90' }, numeric).action).toBe('unchanged');
    expect(changesTo({ benchmark_value: 'n/a' }, numeric).action).toBe('unchanged');
    expect(changesTo({ benchmark_value: 'n/b' }, numeric).action).toBe('update');
    expect(changesTo({ benchmark_value: null }, numeric).action).toBe('update');
  });

  test('no interval and an interval of 0 are the same; a missing unit and % are the same', () => {
    const none = { slis: [sli], slos: [{ ...slo, interval: null, target_unit: null }] };
    expect(changesTo({ interval: 0 }, none).action).toBe('unchanged');
    expect(changesTo({ interval: null }, none).action).toBe('unchanged');
    expect(changesTo({ interval: 5 }, none).action).toBe('update');
    expect(changesTo({ target_unit: '%' }, none).action).toBe('unchanged');
    expect(changesTo({ target_unit: undefined }, none).action).toBe('unchanged');
    expect(changesTo({ interval: 0 }).body).toEqual({ interval: 0 });
  });

  test('"no interval" over an interval is sent as 0; other nulls are sent as null', () => {
    const entry = changesTo(
      { interval: null, description: null },
      { slis: [sli], slos: [{ ...slo, description: 'd' }] },
    );
    expect(entry.body).toEqual({ interval: 0, description: null });
    expect(entry.changes).toEqual([
      { field: 'interval', from: 60, to: null },
      { field: 'description', from: 'd', to: null },
    ]);
  });

  test.each([
    [{ p95: { select: 's', limit: 1 } }, false],
    [{ p95: { limit: 1, select: 's' } }, false],
    [{ p95: { select: 's', limit: 2 } }, true],
    [{ p95: { select: 's' } }, true],
    [{ p95: { select: 's', limit: 1, where: 'w' } }, true],
    [{ p95: { select: 's', other: 1 } }, true],
    [{ p95: ['s', 1] }, true],
    [{ p95: null }, true],
    ['text', true],
    [{}, true],
  ])('nested queries %j: changed %s', (queries, changed) => {
    const [entry] = makePlan([sliItem({ queries }, { id: 'sli-1' })], current, fits);
    expect(entry?.action).toBe(changed ? 'update' : 'unchanged');
  });

  test.each(['time_window_value', 'target_value', 'benchmark_value'])(
    '%s given where the record has none: changed',
    (field) => {
      const { [field]: _held, ...without } = slo;
      const entry = changesTo({ [field]: '30' }, { slis: [sli], slos: [without as ApiRecord] });
      expect(entry.changes).toStrictEqual([{ field, from: undefined, to: '30' }]);
    },
  );

  test.each([
    ['none', undefined],
    ['null', null],
    ['one of them null', { p95: null }],
  ])('queries over a record that holds %s: changed', (_what, held) => {
    const records = { slis: [{ ...sli, queries: held }], slos: [] };
    const [entry] = makePlan([sliItem({ queries: sli.queries }, { id: 'sli-1' })], records, fits);
    expect(entry?.action).toBe('update');
  });

  test.each([
    [['a', 'b'], ['a', 'b'], false],
    [['a', 'b'], ['b', 'a'], true],
    [['a'], ['a', 'b'], true],
    [['a', 'b'], ['a'], true],
    [{ 0: 'a' }, ['a'], true],
    [[], {}, true],
    ['', {}, true],
  ])('lists %j over %j: changed %s', (desired, held, changed) => {
    const records = { slis: [{ ...sli, tags: held }], slos: [] };
    const [entry] = makePlan([sliItem({ tags: desired }, { id: 'sli-1' })], records, fits);
    expect(entry?.action).toBe(changed ? 'update' : 'unchanged');
  });
});

describe('creating', () => {
  test('a create sends every field given except empty ones, named after metadata.name without a displayName', () => {
    const [entry] = makePlan(
      [sliItem({ type: 'latency', description: null, unit: undefined }, { name: 'fresh' })],
      current,
      fits,
    );
    expect(entry).toMatchObject({ action: 'create', body: { type: 'latency', name: 'fresh' } });
    expect(entry?.body).toEqual({ type: 'latency', name: 'fresh' });
    expect(entry?.changes).toEqual([
      { field: 'type', from: undefined, to: 'latency' },
      { field: 'name', from: undefined, to: 'fresh' },
    ]);
  });

  test('a displayName names it; an update without one leaves the name alone', () => {
    const [created] = makePlan([sliItem({}, { name: 'x', displayName: 'Shown' })], current, fits);
    expect(created?.body).toEqual({ name: 'Shown' });
    const [kept] = makePlan([sliItem({}, { id: 'sli-1', name: 'other' })], current, fits);
    expect(kept?.action).toBe('unchanged');
  });

  test('the check sees what is sent, with a stand-in for an SLI made in the same run', () => {
    const seen: [string, Record<string, unknown>, string][] = [];
    const check: RecordCheck = (resource, body, mode) => {
      seen.push([resource, body, mode]);
      return undefined;
    };
    makePlan(
      [
        sliItem({ type: 'latency' }, { name: 'new-sli' }),
        sloItem({ target_value: '99' }, { name: 'new-slo', indicatorRef: 'new-sli' }),
        sloItem({ target_value: '98' }, { id: 'slo-1', indicatorRef: 'new-sli' }),
      ],
      current,
      check,
    );
    expect(seen).toEqual([
      ['slis', { type: 'latency', name: 'new-sli' }, 'create'],
      ['slos', { target_value: '99', name: 'new-slo', service_level_indicator_id: 'pending' }, 'create'],
      ['slos', { target_value: '98', service_level_indicator_id: 'pending' }, 'update'],
    ]);
  });

  test('what the check refuses is refused with its reason, for a create and an update', () => {
    const refuse: RecordCheck = (_resource, _body, mode) => `no ${mode}`;
    const plan = makePlan([sliItem({ type: 't' }), sliItem({ type: 'other' }, { id: 'sli-1' })], current, refuse);
    expect(plan.map((e) => [e.action, e.reason])).toEqual([
      ['refused', 'no create'],
      ['refused', 'no update'],
    ]);
    const unchanged = makePlan([sliItem({ type: 'latency' }, { id: 'sli-1' })], current, refuse);
    expect(unchanged[0]?.action).toBe('unchanged');
  });

  test('an existing SLO moved onto an SLI made in the same run says so among its changes', () => {
    const plan = makePlan(
      [sloItem({}, { id: 'slo-1', indicatorRef: 'new-sli' }), sliItem({}, { name: 'new-sli' })],
      current,
      fits,
    );
    expect(plan[1]).toMatchObject({ action: 'update', sliFrom: plan[0] });
    expect(plan[1]?.changes).toEqual([
      { field: 'service_level_indicator_id', from: 'sli-1', to: '(the new SLI new-sli)' },
    ]);
    expect(plan[1]?.body).toEqual({});
  });
});

describe('documents of one file finding each other', () => {
  test('SLIs are planned first, then SLOs, then documents of other kinds (refused as read)', () => {
    const other: ReadItem = { ok: false, kind: 'Service', name: 'svc', reason: 'not an SLI or SLO', document: 1 };
    const nameless: ReadItem = { ok: false, reason: 'not a mapping', document: 4 };
    const plan = makePlan(
      [other, sloItem({}, { id: 'slo-1', indicatorRef: 'x', indicatorId: 'sli-1' }), sliItem({}), nameless],
      current,
      fits,
    );
    expect(plan.map((e) => e.kind)).toEqual(['SLI', 'SLO', 'Service', '']);
    expect(plan[2]).toMatchObject({ action: 'refused', reason: 'not an SLI or SLO', name: 'svc' });
    expect(plan[2]?.resource).toBeUndefined();
    expect(plan[3]).toMatchObject({ action: 'refused', name: 'document 4' });
    const refusedSli: ReadItem = { ok: false, kind: 'SLI', name: 'bad', reason: 'r', document: 9 };
    expect(makePlan([refusedSli], current, fits)[0]?.resource).toBe('slis');
  });

  test('an SLO finds an SLI of the file by metadata.name: the first of that name, refused or not', () => {
    const first = sliItem({ type: 'a' }, { name: 'dup', id: 'sli-1' });
    const second = sliItem({ type: 'b' }, { name: 'dup' });
    const plan = makePlan([first, second, sloItem({}, { name: 'o', indicatorRef: 'dup' })], current, fits);
    expect(plan.map((e) => e.action)).toEqual(['update', 'refused', 'create']);
    expect(plan[2]?.body?.service_level_indicator_id).toBe('sli-1');
  });

  test('a refused document does not take its name from an SLI of the same name after it', () => {
    const refused: ReadItem = { ok: false, kind: 'SLI', name: 'dup', reason: 'r', document: 1 };
    const plan = makePlan([refused, sliItem({}, { name: 'dup' })], current, fits);
    expect(plan.map((e) => e.action)).toEqual(['refused', 'create']);
  });

  test('an SLO is no SLI of the file, even named as the SLI another SLO names', () => {
    const plan = makePlan(
      [sloItem({}, { name: 'latency', indicatorRef: 'latency' }), sloItem({}, { name: 'o', indicatorRef: 'latency' })],
      current,
      fits,
    );
    expect(plan.map((e) => [e.action, e.body?.service_level_indicator_id, e.sliFrom])).toEqual([
      ['create', 'sli-1', undefined],
      ['create', 'sli-1', undefined],
    ]);
  });

  test('a second SLI document of a name, refused, leaves the SLO on the first', () => {
    const plan = makePlan(
      [sliItem({}, { name: 'dup' }), sliItem({}, { name: 'dup' }), sloItem({}, { name: 'o', indicatorRef: 'dup' })],
      current,
      fits,
    );
    expect(plan.map((e) => e.action)).toEqual(['create', 'refused', 'create']);
    expect(plan[2]?.sliFrom).toBe(plan[0]);
  });

  test('a refused duplicate has no changes and says which document had the name', () => {
    const plan = makePlan([sliItem({}, { name: 'dup' }), sliItem({}, { name: 'dup' })], current, fits);
    expect(plan[1]).toStrictEqual({
      document: plan[1]!.document,
      kind: 'SLI',
      name: 'dup',
      resource: 'slis',
      changes: [],
      action: 'refused',
      reason: `document ${plan[0]!.document} has the same metadata.name; names must be unique within a kind`,
    });
  });

  test('an SLO on an SLI of the file that stays unchanged gets its id', () => {
    const plan = makePlan(
      [sliItem({}, { name: 'same', id: 'sli-1' }), sloItem({}, { name: 'o', indicatorRef: 'same' })],
      current,
      fits,
    );
    expect(plan[1]?.body?.service_level_indicator_id).toBe('sli-1');
    expect(plan[1]?.sliFrom).toBeUndefined();
  });

  test('a refused document of another kind with a name takes no name of an SLI', () => {
    const other: ReadItem = { ok: false, kind: 'SLO', name: 'shared', reason: 'bad', document: 1 };
    const plan = makePlan([other, sliItem({}, { name: 'shared' })], current, fits);
    expect(plan.map((e) => e.action)).toEqual(['create', 'refused']);
  });

  test('an SLO with neither indicatorRef nor a known indicator id is refused, saying which', () => {
    const [missing] = makePlan([sloItem({}, { name: 'o' })], current, fits);
    expect(missing?.reason).toBe('spec.indicatorRef is missing');
    const [unknown] = makePlan([sloItem({}, { name: 'o', indicatorRef: 'nope', indicatorId: 'sli-9' })], current, fits);
    expect(unknown?.reason).toBe('spec.indicatorRef nope names no SLI document in this file and no SLI of the service');
  });

  test('the indicator id kept beside the ref: an SLI of the service, or the one the SLO already has', () => {
    const [known] = makePlan(
      [sloItem({}, { name: 'o', indicatorRef: 'renamed', indicatorId: 'sli-1' })],
      current,
      fits,
    );
    expect(known?.body?.service_level_indicator_id).toBe('sli-1');
    const gone = { slis: [], slos: [{ ...slo, service_level_indicator_id: 77 }] };
    const [kept] = makePlan([sloItem({}, { id: 'slo-1', indicatorRef: 'x', indicatorId: '77' })], gone, fits);
    // The service holds the id as a number: the SLI is the one it has, sent as text.
    expect(kept).toMatchObject({ action: 'update', body: { service_level_indicator_id: '77' } });
    const [notKept] = makePlan([sloItem({}, { name: 'new', indicatorRef: 'x', indicatorId: '77' })], gone, fits);
    expect(notKept?.action).toBe('refused');
    const [notItsOwn] = makePlan([sloItem({}, { id: 'slo-1', indicatorRef: 'x', indicatorId: '78' })], gone, fits);
    expect(notItsOwn?.action).toBe('refused');
  });
});

describe('matching records', () => {
  test('a slotui/id that is gone falls back to the displayName, then to the export name', () => {
    const [byName] = makePlan([sliItem({}, { id: 'gone', displayName: 'Latency' })], current, fits);
    expect(byName?.id).toBe('sli-1');
    const [none] = makePlan([sliItem({}, { id: 'gone', displayName: 'Nobody', name: 'nobody' })], current, fits);
    expect(none?.action).toBe('create');
  });

  test('records without a text name are found by id only', () => {
    const records = { slis: [{ ...sli, name: 5 }], slos: [] };
    const [entry] = makePlan([sliItem({}, { displayName: '5', name: 'x' })], records, fits);
    expect(entry?.action).toBe('create');
  });

  test('many records of one displayName: three are named, and the count', () => {
    const many = { slis: [1, 2, 3, 4].map((i) => ({ ...sli, id: `s${i}` })), slos: [] };
    const [entry] = makePlan([sliItem({}, { displayName: 'Latency' })], many, fits);
    expect(entry?.reason).toContain('4 SLIs are named like its displayName (s1, s2, s3);');
  });
});
