/**
 * Forms name the records their reference fields hold, as lists show names
 * beside ids: the SLO form's SLI field says which SLI it is.
 */
import React from 'react';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, test } from 'vitest';
import { VIEWS } from '../../../src/presentation/resources.js';
import { FormScreen } from '../../../src/tui/forms/FormScreen.js';
import { openForm } from '../../../src/tui/forms/formModel.js';
import { disposeDrivers, drive } from '../driver.js';

afterEach(disposeDrivers);

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

describe('reference fields show the name beside the id', () => {
  test('the SLO form names its SLI', () => {
    const form = openForm(VIEWS.slos, slo);
    const names = (resource: string, id: string) =>
      resource === 'slis' && id === 'sli-000001' ? 'checkout-api availability' : undefined;
    const { lastFrame, unmount } = render(<FormScreen form={form} names={names} width={160} height={30} />);
    const sliLine = lastFrame()!
      .split('\n')
      .find((line) => line.includes('sli-000001'))!;
    expect(sliLine).toContain('“checkout-api availability”');
    unmount();
  });

  test('without a name known, the id alone', () => {
    const form = openForm(VIEWS.slos, slo);
    const { lastFrame, unmount } = render(<FormScreen form={form} names={() => undefined} width={160} height={30} />);
    const sliLine = lastFrame()!
      .split('\n')
      .find((line) => line.includes('sli-000001'))!;
    expect(sliLine).toContain('Ctrl+P picks from a list');
    expect(sliLine).not.toContain('“');
    unmount();
  });

  test('the dashboard reads the names of the records a form refers to when it opens', async () => {
    const h = drive();
    await h.settle();
    h.key('2');
    await h.settle();
    h.press('edit');
    await h.settle();
    const body = h.view().body;
    if (body.kind !== 'forms') throw new Error(h.text());
    expect(body.names.name('slis', 'sli-000001')).toBe('checkout-api availability');
  });
});
