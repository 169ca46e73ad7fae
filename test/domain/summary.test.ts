import { describe, expect, it } from 'vitest';
import { firstPageTier, markdownSummary, sloSummaryItems } from '../../src/domain/summary.js';
import { budgetOf } from '../../src/domain/sloMath.js';

const NOW = new Date('2026-02-10T12:00:00Z');
const slo = {
  target_value: '99.9',
  target_unit: '%',
  time_window_type: 'rolling',
  time_window_value: '30',
  time_window_unit: 'day',
  interval: 60,
};

describe('record summary', () => {
  it('an SLO: name, target, window, budget, SLI and first page tier, from the SLO math', () => {
    const text = markdownSummary(
      'Checkout 99.9% (slo-000001)',
      sloSummaryItems(slo, 'checkout availability (sli-000001)', NOW),
    );
    expect(text).toBe(
      [
        '### Checkout 99.9% (slo-000001)',
        '',
        '- Target: 99.9 %',
        '- Window: rolling 30 days',
        '- Budget: 43m 12s of bad time (2592 s); 43 bad 1m intervals',
        '- SLI: checkout availability (sli-000001)',
        '- First page tier: 1h/5m: burn 14.4× (1.44 % errors)',
        '',
      ].join('\n'),
    );
  });

  it('an SLO without a budget says why; server text is escaped and kept on one line', () => {
    const items = sloSummaryItems({ ...slo, target_value: '100' }, 'x', NOW);
    expect(items.find((i) => i.label === 'Budget')?.value).toMatch(/^none: target 100 % allows no bad time/);
    expect(
      markdownSummary('a *b*\n<c>', [
        { label: 'Name', value: 'x|y' },
        { label: 'Empty', value: ' ' },
      ]),
    ).toBe('### a \\*b\\* \\<c\\>\n\n- Name: x\\|y\n');
  });
});

describe('the items of an SLO', () => {
  it('without a budget: its fields as given, numbers as text, what is not text left out', () => {
    const items = sloSummaryItems(
      {
        target_value: 100,
        time_window_type: 'rolling',
        time_window_value: 30,
        time_window_unit: { unit: 'day' },
      },
      'sli',
      NOW,
    );
    expect(items).toStrictEqual([
      { label: 'Target', value: '100' },
      { label: 'Window', value: 'rolling 30' },
      { label: 'Budget', value: expect.stringMatching(/^none: /) },
      { label: 'SLI', value: 'sli' },
    ]);
  });

  it('without a budget: the target with its unit', () => {
    const items = sloSummaryItems({ ...slo, target_value: '100' }, 'sli', NOW);
    expect(items[0]).toStrictEqual({ label: 'Target', value: '100 %' });
  });

  it('without an interval: the budget has no bad intervals', () => {
    const items = sloSummaryItems({ ...slo, interval: undefined }, 'sli', NOW);
    expect(items.find((i) => i.label === 'Budget')?.value).toBe('43m 12s of bad time (2592 s)');
  });

  it('a page tier that cannot fire at this target says so', () => {
    const result = budgetOf({ ...slo, target_value: '50' }, NOW);
    if (!result.ok) throw new Error(result.reason);
    expect(firstPageTier(result.budget)).toMatch(/^1h\/5m: never fires \(burn 14\.4×, at most 2×\)$/);
  });
});
