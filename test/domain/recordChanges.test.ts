import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { diffRecords, fieldChanges } from '../../src/domain/recordChanges.js';

const slo = (id: string, fields: Record<string, unknown> = {}): ApiRecord => ({
  id,
  name: `objective ${id}`,
  target_value: '99.9',
  updated_at: '2026-11-24T10:00:00Z',
  ...fields,
});
const byId = (...records: ApiRecord[]) => new Map(records.map((r) => [r.id, r]));

describe('what changed between two reads', () => {
  it('nothing, when the reads agree (bookkeeping fields aside)', () => {
    const before = byId(slo('a'), slo('b'));
    const after = byId(slo('a', { updated_at: '2026-11-24T11:00:00Z' }), slo('b'));
    expect(diffRecords(before, after)).toEqual([]);
  });

  it('added, changed and deleted, in the order a reader expects', () => {
    const before = byId(slo('a'), slo('b'), slo('c'));
    const after = byId(slo('d'), slo('a', { target_value: '99.95' }), slo('c'));
    expect(diffRecords(before, after).map((c) => [c.type, c.id])).toEqual([
      ['added', 'd'],
      ['changed', 'a'],
      ['deleted', 'b'],
    ]);
  });

  it('a change names each field with its old and new value, absent ones as undefined', () => {
    const changes = fieldChanges(
      slo('a', { description: 'old', queries: { q: 1 } }),
      slo('a', { target_value: '99.95', queries: { q: 2 }, interval: 60 }),
    );
    expect(changes).toEqual({
      target_value: ['99.9', '99.95'],
      queries: [{ q: 1 }, { q: 2 }],
      interval: [undefined, 60],
      description: ['old', undefined],
    });
  });

  it('nested values compare by content, not by identity', () => {
    expect(fieldChanges(slo('a', { queries: { q: 1 } }), slo('a', { queries: { q: 1 } }))).toEqual({});
    expect(fieldChanges(slo('a', { n: null }), slo('a', { n: null }))).toEqual({});
    expect(fieldChanges(slo('a', { n: null }), slo('a', { n: 0 }))).toEqual({ n: [null, 0] });
  });
});

describe('changes at the edges', () => {
  it('fields come in the newer record’s order, then those it no longer has', () => {
    const changes = fieldChanges(slo('a', { z: 1, y: 1, gone: 1 }), slo('a', { y: 2, z: 2, fresh: 2 }));
    expect(Object.keys(changes)).toEqual(['y', 'z', 'fresh', 'gone']);
  });

  it('fields named like members of every object are read as the records hold them', () => {
    expect(fieldChanges({ id: 'a' }, { id: 'a', constructor: 'x', toString: 'y' })).toEqual({
      constructor: [undefined, 'x'],
      toString: [undefined, 'y'],
    });
    expect(fieldChanges({ id: 'a', valueOf: 1 }, { id: 'a' })).toEqual({ valueOf: [1, undefined] });
  });

  it.each<[unknown, unknown, boolean]>([
    [{ q: 1 }, '{"q":1}', true],
    [null, {}, true],
    [undefined, null, true],
    [[1, 2], [1, 2], false],
    [[1, 2], [2, 1], true],
    ['x', 'x', false],
  ])('%j then %j: changed %s', (old, now, changed) => {
    expect(Object.keys(fieldChanges({ id: 'a', f: old }, { id: 'a', f: now })).length > 0).toBe(changed);
  });

  it('a record changed only in its bookkeeping is not listed; one added or deleted is, whole', () => {
    const before = byId(slo('a'), slo('gone'));
    const after = byId(slo('a', { updated_at: 'later' }), slo('new'));
    expect(diffRecords(before, after)).toEqual([
      { type: 'added', id: 'new', record: slo('new') },
      { type: 'deleted', id: 'gone', record: slo('gone') },
    ]);
  });
});
