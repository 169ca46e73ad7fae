/**
 * The depth check of an answer (src/api/http.ts): a list's records, measured
 * and clipped one by one before it, are not walked again; everything else is.
 */
import { describe, expect, it } from 'vitest';
import { answerDeeperThanAllowed } from '../../src/api/http.js';

const nested = (levels: number): unknown => (levels <= 0 ? 1 : [nested(levels - 1)]);

describe('answerDeeperThanAllowed', () => {
  it('reads nothing inside a list answer’s records', () => {
    let reads = 0;
    const record = {
      id: 'a',
      get description() {
        reads++;
        return nested(100);
      },
    };
    expect(answerDeeperThanAllowed({ total: 1, results: [record], next: null })).toBe(false);
    expect(reads).toBe(0);
  });

  it('measures the other fields of a list answer from where they stand (level 2)', () => {
    expect(answerDeeperThanAllowed({ total: 0, results: [], meta: nested(63) })).toBe(false);
    expect(answerDeeperThanAllowed({ total: 0, results: [], meta: nested(64) })).toBe(true);
  });

  it('walks the whole of anything that is not a list answer', () => {
    expect(answerDeeperThanAllowed(null)).toBe(false);
    expect(answerDeeperThanAllowed(7)).toBe(false);
    expect(answerDeeperThanAllowed({ id: 'a', nested: nested(63) })).toBe(false);
    expect(answerDeeperThanAllowed({ id: 'a', nested: nested(64) })).toBe(true);
    expect(answerDeeperThanAllowed(nested(64))).toBe(false);
    expect(answerDeeperThanAllowed(nested(65))).toBe(true);
    // results that are not an array are walked as any field (not skipped as records)
    expect(answerDeeperThanAllowed({ results: { deep: nested(63) } })).toBe(true);
  });
});
