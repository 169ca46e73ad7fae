import { describe, expect, test } from 'vitest';
import { closestWord, didYouMean } from '../../src/text/suggest.js';

describe('closest word', () => {
  test.each([
    ['lst', ['list', 'get', 'create'], 'list'],
    ['targt_value', ['target_value', 'target_unit', 'time_window_value'], 'target_value'],
    ['upd', ['update', 'list'], 'update'],
    ['SLO', ['slos', 'slis'], 'slos'],
    ['--limt', ['--limit', '--offset'], '--limit'],
    // Two letters swapped is one slip, nearer than two letters changed (lint).
    ['lsit', ['list', 'lint', 'get'], 'list'],
    ['dleete', ['delete', 'create'], 'delete'],
  ])('%s → %s', (word, candidates, expected) => {
    expect(closestWord(word, candidates)).toBe(expected);
  });

  test('nothing close, nothing suggested', () => {
    expect(closestWord('banana', ['list', 'get'])).toBeUndefined();
    expect(closestWord('', ['list'])).toBeUndefined();
    expect(didYouMean('xyzzy', ['list'])).toBe('');
    expect(didYouMean('gte', ['get'])).toBe(' Did you mean "get"?');
  });

  test('two candidates equally close: no guess', () => {
    expect(closestWord('sl', ['slis', 'slos'])).toBeUndefined();
    expect(closestWord('sli', ['slis', 'slos'])).toBe('slis');
  });
});
