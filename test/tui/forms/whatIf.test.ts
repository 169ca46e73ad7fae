import { describe, expect, it } from 'vitest';
import { VIEWS } from '../../../src/presentation/resources.js';
import { openForm, setValue } from '../../../src/tui/forms/formModel.js';
import { formWhatIf } from '../../../src/tui/forms/whatIf.js';

const NOW = new Date(Date.UTC(2026, 1, 14));
const SLO = {
  id: 'slo-000001',
  name: 'Checkout',
  service_level_indicator_id: 'sli-000001',
  time_window_type: 'rolling',
  time_window_value: '30',
  time_window_unit: 'day',
  target_value: '99.9',
  target_unit: '%',
  interval: 60,
};

describe('formWhatIf', () => {
  it('follows what is typed: the stored budget → the typed one', () => {
    let form = openForm(VIEWS.slos, SLO);
    expect(formWhatIf(form, NOW)).toEqual({ text: 'budget 43m 12s', valid: true });
    form = setValue(form, 'target_value', '99.95');
    expect(formWhatIf(form, NOW)).toEqual({ text: 'budget 43m 12s → 21m 36s', valid: true });
    form = setValue(form, 'time_window_value', '7');
    expect(formWhatIf(form, NOW)?.text).toBe('budget 43m 12s → 5m 2s');
  });

  it('is marked invalid (dimmed) while the target is not a number', () => {
    const form = setValue(openForm(VIEWS.slos, SLO), 'target_value', '99.9x');
    expect(formWhatIf(form, NOW)).toMatchObject({
      valid: false,
      text: expect.stringMatching(/^budget 43m 12s → — \(target "99\.9x" is not a number/),
    });
  });

  it('a new SLO shows the typed budget alone; other resources have no line', () => {
    let form = openForm(VIEWS.slos);
    expect(formWhatIf(form, NOW)?.valid).toBe(false);
    for (const [key, value] of [
      ['time_window_type', 'rolling'],
      ['time_window_value', '28'],
      ['time_window_unit', 'days'],
      ['target_value', '99.9'],
    ])
      form = setValue(form, key!, value!);
    expect(formWhatIf(form, NOW)).toEqual({ text: 'budget 40m 19s', valid: true });
    expect(formWhatIf(openForm(VIEWS.slis), NOW)).toBeNull();
  });
});
