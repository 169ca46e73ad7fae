/**
 * The walk's recent ids (src/api/pagination.ts, RecentIds) against a plain model: the last
 * `capacity` ids added, an id added again keeping its first place. Small tables, so that ids share
 * places, wrap round the table and are taken out from among others.
 */
import { describe, expect, it } from 'vitest';
import { RecentIds } from '../../src/api/pagination.js';

/** The same rule, said plainly: a list of the ids in the order they were first added, the oldest dropped. */
function model(capacity: number) {
  const ids: string[] = [];
  return {
    has: (id: string) => ids.includes(id),
    add(id: string) {
      if (ids.includes(id)) return;
      ids.push(id);
      if (ids.length > capacity) ids.shift();
    },
  };
}

/** A small deterministic sequence of pseudo-random numbers (a test must not depend on luck). */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('RecentIds', () => {
  it.each([1, 3, 5, 17, 100])('capacity %i: the same answers as the model over 3,000 adds', (capacity) => {
    const next = numbers(capacity);
    const recent = new RecentIds(capacity, next);
    const plain = model(capacity);
    // Ids drawn from a pool a few times the capacity: many come back, inside the window and after it.
    const pool = Array.from({ length: capacity * 3 + 2 }, (_, i) => `sli-${i}`);
    for (let step = 0; step < 3_000; step++) {
      const id = pool[Math.floor(next() * pool.length)]!;
      recent.add(id);
      plain.add(id);
      // Every id of the pool asked now and then, the one just added and a few others at every step.
      const probes =
        step % 50 === 0 ? pool : [id, ...Array.from({ length: 4 }, () => pool[Math.floor(next() * pool.length)]!)];
      const wrong = probes.filter((probe) => recent.has(probe) !== plain.has(probe));
      if (wrong.length > 0) expect(wrong, `after step ${step}`).toEqual([]);
    }
  });

  it('ids that share a hash are told apart by their text', () => {
    // Every seed the same: the ids' hashes depend only on their text; a table of 4 places for 1 id.
    const recent = new RecentIds(1, () => 0);
    recent.add('a');
    expect(recent.has('a')).toBe(true);
    for (const other of ['b', 'c', 'd', 'e', 'aa']) expect(recent.has(other)).toBe(false);
    recent.add('b');
    expect([recent.has('a'), recent.has('b')]).toEqual([false, true]);
  });
});
