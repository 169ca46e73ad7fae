/**
 * What the form screen draws from a form's state, through Ink: the name of
 * the record a reference field holds beside its id, a kept draft's offer
 * above the fields, and the values other records use right under the
 * focused field. How the dashboard fills those in is the unit tier's
 * (referenceNames.test.ts, drafts-store.test.ts, create-flow.test.ts).
 */
import React from 'react';
import { render } from 'ink-testing-library';
import { describe, expect, test } from 'vitest';
import { VIEWS } from '../../../src/presentation/resources.js';
import { FormScreen } from '../../../src/tui/forms/FormScreen.js';
import { formRows, openForm, type FormState } from '../../../src/tui/forms/formModel.js';

const slo = {
  id: 'slo-000001',
  name: 'checkout availability',
  service_level_indicator_id: 'sli-000001',
  target_value: '99.9',
  target_unit: '%',
  time_window_type: 'rolling',
  time_window_value: '28',
  time_window_unit: 'day',
};

/** The frame FormScreen draws for the form, 160x30, with the names it is given. */
function frameOf(form: FormState, names: (resource: string, id: string) => string | undefined = () => undefined) {
  const { lastFrame, unmount } = render(<FormScreen form={form} names={names} width={160} height={30} />);
  const frame = lastFrame() ?? '';
  unmount();
  return frame.split('\n');
}

describe('reference fields show the name beside the id', () => {
  test('the SLO form names its SLI', () => {
    const names = (resource: string, id: string) =>
      resource === 'slis' && id === 'sli-000001' ? 'checkout-api availability' : undefined;
    const sliLine = frameOf(openForm(VIEWS.slos, slo), names).find((line) => line.includes('sli-000001'))!;
    expect(sliLine).toContain('“checkout-api availability”');
  });

  test('without a name known, the id alone', () => {
    const sliLine = frameOf(openForm(VIEWS.slos, slo)).find((line) => line.includes('sli-000001'))!;
    expect(sliLine).toContain('Ctrl+P picks from a list');
    expect(sliLine).not.toContain('“');
  });
});

test('a kept draft is offered above the fields, with the keys that restore it, start fresh or keep it', () => {
  const form = { ...openForm(VIEWS.slos), draftOffer: { when: '2 minutes ago', values: { name: 'typed at 3am' } } };
  const frame = frameOf(form).join(' ').replace(/\s+/g, ' ');
  expect(frame).toContain(
    'A draft from 2 minutes ago is kept (1 field): r or Enter restores it · n starts fresh and removes it · Esc closes, keeping it',
  );
  expect(frame).not.toContain('typed at 3am');
});

test('the values other records use stand right under the focused field they are for', () => {
  const form = openForm(VIEWS.slos);
  const focus = formRows(form).findIndex((row) => row.id === 'time_window_type');
  const lines = frameOf({ ...form, focus, suggestions: { time_window_type: ['rolling', 'calendar'] } });
  const field = lines.findIndex((line) => line.includes('Time window type *'));
  expect(field).toBeGreaterThan(-1);
  expect(lines[field + 1]).toContain('used: rolling · calendar  (→ at the end takes “rolling”)');
});
