/** The SLI form refuses a formula naming a query it does not have, as `slotui lint` would find it. */
import { describe, expect, test } from 'vitest';
import { VIEWS } from '../../../src/presentation/resources.js';
import { openForm, setValue } from '../../../src/tui/forms/formModel.js';
import { buildPayload } from '../../../src/tui/forms/payload.js';

const sli = {
  id: 'sli-000001',
  name: 'checkout availability',
  type: 'availability',
  unit_of_measure: '%',
  queries: {
    good: { select: 'count(*)', from: 'http_requests', where: 'status < 500', limit: 1 },
    total: { select: 'count(*)', from: 'http_requests', where: '', limit: 1 },
  },
  formula: 'good / total',
};

describe('a formula naming a missing query', () => {
  test('is refused on the formula field, naming it and the queries there are', () => {
    const form = setValue(openForm(VIEWS.slis, sli), 'formula', 'good / totl');
    expect(buildPayload(form).errors.formula).toBe(
      'totl is not among the queries (good, total): add it with Ctrl+N, or fix the name.',
    );
  });

  test('a formula that names its queries is sent', () => {
    const form = setValue(openForm(VIEWS.slis, sli), 'formula', 'total - good');
    const built = buildPayload(form);
    expect(built.errors).toEqual({});
    expect(built.payload).toEqual({ formula: 'total - good' });
  });

  test('an edit of another field is not held up by an old mistake', () => {
    const form = setValue(openForm(VIEWS.slis, { ...sli, formula: 'good / totl' }), 'name', 'renamed');
    expect(buildPayload(form)).toMatchObject({ errors: {}, payload: { name: 'renamed' } });
  });
});
