import { describe, expect, test } from 'vitest';
import { ageOf, humanAge } from '../../src/text/age.js';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('AGE as kubectl says it', () => {
  test.each([
    [0, '0s'],
    [59 * s, '59s'],
    [119 * s, '119s'],
    [2 * m, '2m'],
    [3 * m + 10 * s, '3m10s'],
    [10 * m + 30 * s, '10m'],
    [179 * m, '179m'],
    [3 * h, '3h'],
    [7 * h + 59 * m, '7h59m'],
    [8 * h, '8h'],
    [47 * h, '47h'],
    [2 * d, '2d'],
    [3 * d + 4 * h, '3d4h'],
    [8 * d, '8d'],
    [729 * d, '729d'],
    [730 * d, '2y'],
    [800 * d, '2y70d'],
    [3000 * d, '8y'],
  ])('%d ms → %s', (ms, text) => {
    expect(humanAge(ms)).toBe(text);
  });

  test('from an ISO time; nothing for a missing or unreadable one; never negative', () => {
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    expect(ageOf('2026-11-20T12:00:00.000Z', now)).toBe('3d');
    expect(ageOf(undefined, now)).toBe('');
    expect(ageOf('yesterday', now)).toBe('');
    expect(ageOf('2026-11-24T12:00:00.000Z', now)).toBe('0s');
  });
});
