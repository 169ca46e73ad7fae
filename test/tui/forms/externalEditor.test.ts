import { describe, expect, test } from 'vitest';
import { RESOURCES } from '../../../src/api/resources.js';
import { changesFrom } from '../../../src/tui/forms/externalEditor.js';

const slo = {
  id: 'slo-000001',
  name: 'checkout',
  service_level_indicator_id: 'sli-000001',
  time_window_type: 'rolling',
  time_window_value: '28',
  time_window_unit: 'day',
  target_value: '99.9',
  interval: 300,
};
// The file holds the editable fields: not the id.
const { id: _id, ...fields } = slo;
const edited = (changes: Record<string, unknown>) => JSON.stringify({ ...fields, ...changes });

describe('the JSON saved from $EDITOR', () => {
  test('a number in the wrong form is said in our words: which form the field needs', () => {
    expect(changesFrom(RESOURCES.slos, slo, edited({ time_window_value: 30, interval: '60' }))).toEqual({
      error:
        'time_window_value must be a number in quotes: "30", not 30; interval must be a whole number without quotes: 60, not "60". Fix it and save again.',
    });
  });

  test('a misspelled field names the field meant', () => {
    const result = changesFrom(RESOURCES.slos, slo, edited({ targt_value: '99' }));
    expect(result).toEqual({
      error: expect.stringMatching(
        /^Unknown field targt_value \(did you mean target_value\?\); the editable fields are /,
      ),
    });
  });

  test('only what changed is sent', () => {
    expect(changesFrom(RESOURCES.slos, slo, edited({ target_value: '99.5' }))).toEqual({
      patch: { target_value: '99.5' },
    });
  });
});
