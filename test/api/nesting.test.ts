import { describe, expect, it } from 'vitest';
import { clipNesting, MAX_NESTING, nestsDeeperThan, TOO_DEEP } from '../../src/api/nesting.js';

// What JSON.parse makes of `[[…[]…]]` and `{"a":{"a":…1…}}`, built by a loop: JSON.parse takes
// ten times as long at these depths (half a second for 200,000 arrays).
const deepArrays = (levels: number): unknown => {
  let value: unknown = [];
  for (let level = 1; level < levels; level++) value = [value];
  return value;
};
const deepObjects = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
};

describe('nesting depth', () => {
  it('measures any depth without running out of stack', () => {
    expect(nestsDeeperThan(deepArrays(200_000))).toBe(true);
    expect(nestsDeeperThan(deepObjects(50_000))).toBe(true);
  });

  it('counts levels: MAX_NESTING levels fit, one more does not', () => {
    expect(nestsDeeperThan(deepObjects(MAX_NESTING))).toBe(false);
    expect(nestsDeeperThan(deepObjects(MAX_NESTING + 1))).toBe(true);
    expect(nestsDeeperThan('text')).toBe(false);
    expect(nestsDeeperThan({ id: 'x', queries: { p95: { select: 's', limit: 1 } }, tags: [['a']] })).toBe(false);
  });

  it('clips below the limit, keeping what fits and own __proto__ keys', () => {
    const record = JSON.parse(`{"id":"x","__proto__":"own","deep":${'['.repeat(5000)}${']'.repeat(5000)}}`) as Record<
      string,
      unknown
    >;
    expect(() => JSON.stringify(record)).toThrow(RangeError);
    const clipped = clipNesting(record, 3) as Record<string, unknown>;
    expect(JSON.stringify(clipped)).toBe(`{"id":"x","__proto__":"own","deep":[[${JSON.stringify(TOO_DEEP)}]]}`);
    const shallow = { a: [1] };
    expect(clipNesting(shallow)).toBe(shallow);
  });
});
