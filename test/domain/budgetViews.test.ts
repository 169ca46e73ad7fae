import { describe, expect, it } from 'vitest';
import {
  answerBurnQuestion,
  budgetCard,
  budgetCell,
  budgetLadder,
  tierRows,
  whatIfLine,
} from '../../src/domain/budgetViews.js';
import { budgetOf, type Budget, type SloDefinition } from '../../src/domain/sloMath.js';

const NOW = new Date(Date.UTC(2026, 1, 14));
const SLO: SloDefinition = {
  target_value: '99.9',
  target_unit: '%',
  time_window_type: 'rolling',
  time_window_value: '30',
  time_window_unit: 'day',
  interval: 60,
};

function budget(slo: SloDefinition = SLO): Budget {
  const result = budgetOf(slo, NOW);
  if (!result.ok) throw new Error(result.reason);
  return result.budget;
}

describe('budgetCell', () => {
  it('the allowed bad time, or — when there is none', () => {
    expect(budgetCell(SLO, NOW)).toBe('43m 12s');
    expect(budgetCell({ ...SLO, target_value: '100' }, NOW)).toBe('—');
    expect(budgetCell({}, NOW)).toBe('—');
  });
});

describe('budgetCard', () => {
  it('budget, bad intervals and 1 % of the budget on one line, with the full-outage wording', () => {
    const card = budgetCard(budget());
    expect(card.headline).toBe(
      '43m 12s of bad time per rolling 30 days · 43 bad 1m intervals · 1 % of the budget = 25s',
    );
    expect(card.note).toMatch(/equivalent full-outage time/);
    expect(card.assumptions).toEqual([]);
  });

  it('without an interval there is no interval part; a calendar month names itself', () => {
    const card = budgetCard(
      budget({
        ...SLO,
        interval: undefined,
        time_window_type: 'calendar',
        time_window_value: '1',
        time_window_unit: 'month',
      }),
    );
    expect(card.headline).toBe('40m 19s of bad time per calendar month (February 2026) · 1 % of the budget = 24s');
  });
});

describe('tierRows', () => {
  it('the workbook tiers as cells; an unreachable one says why', () => {
    expect(tierRows(budget())).toEqual([
      { severity: 'page', windows: '1h/5m', share: '2 %', burn: '14.4×', firesAt: '1.44 % errors', reachable: true },
      { severity: 'page', windows: '6h/30m', share: '5 %', burn: '6×', firesAt: '0.6 % errors', reachable: true },
      { severity: 'ticket', windows: '3d/6h', share: '10 %', burn: '1×', firesAt: '0.1 % errors', reachable: true },
    ]);
    expect(tierRows(budget({ ...SLO, target_value: '90' }))[0]).toMatchObject({
      firesAt: 'never (100 % errors burn 10×)',
      reachable: false,
    });
  });
});

describe('budgetLadder', () => {
  it('five targets over the SLO window, longest bar at 99 %, own target marked', () => {
    const rows = budgetLadder(SLO, NOW, 30)!;
    expect(rows.map((r) => [r.targetPercent, r.duration, r.own])).toEqual([
      [99, '7h 12m', false],
      [99.5, '3h 36m', false],
      [99.9, '43m 12s', true],
      [99.95, '21m 36s', false],
      [99.99, '4m 19s', false],
    ]);
    expect(rows[0]!.bar).toBe(30);
    // Log scale: a tenfold budget is the same step anywhere (99 → 99.9, 99.9 → 99.99).
    expect(rows[0]!.bar - rows[2]!.bar).toBe(rows[2]!.bar - rows[4]!.bar);
    expect(rows.every((r) => r.bar >= 1)).toBe(true);
  });

  it('a target outside the five is added in its place, marked', () => {
    const rows = budgetLadder({ ...SLO, target_value: '95' }, NOW, 20)!;
    expect(rows.map((r) => r.targetPercent)).toEqual([95, 99, 99.5, 99.9, 99.95, 99.99]);
    expect(rows[0]).toMatchObject({ own: true, duration: '1d 12h', bar: 20 });
  });

  it('a target with no budget: the ladder without a mark; a bad window: no ladder', () => {
    expect(budgetLadder({ ...SLO, target_value: 'abc' }, NOW, 20)!.some((r) => r.own)).toBe(false);
    expect(budgetLadder({ ...SLO, time_window_unit: 'fortnight' }, NOW, 20)).toBeNull();
  });
});

describe('answerBurnQuestion', () => {
  it('2%: burn 20×, gone in 1d 12h, every tier fires', () => {
    const answer = answerBurnQuestion(budget(), '2%');
    expect(answer).toMatchObject({ ok: true, kind: 'error-rate' });
    if (!answer.ok || answer.kind !== 'error-rate') return;
    expect(answer.lines).toEqual(['At 2 % errors: burn 20×, the budget is gone in 1d 12h', '3 of 3 alert tiers fire.']);
    expect(answer.tiers.map((t) => t.fires)).toEqual([true, true, true]);
  });

  it('0.5 (a bare number is a percent): only the ticket fires', () => {
    const answer = answerBurnQuestion(budget(), '0.5');
    if (!answer.ok || answer.kind !== 'error-rate') throw new Error('expected a rate');
    expect(answer.tiers.map((t) => [t.windows, t.fires])).toEqual([
      ['1h/5m', false],
      ['6h/30m', false],
      ['3d/6h', true],
    ]);
  });

  it('12m: 27.8 % spent, 31m 12s left; 1h: overspent', () => {
    expect(answerBurnQuestion(budget(), '12m')).toEqual({
      ok: true,
      kind: 'spent',
      overspent: false,
      lines: ['12m spent: 27.8 % of the budget (43m 12s), 31m 12s left'],
    });
    expect(answerBurnQuestion(budget(), '1h')).toMatchObject({
      overspent: true,
      lines: ['1h spent: 138.9 % of the budget (43m 12s), overspent by 16m 48s'],
    });
  });

  it('exactly the budget spent: nothing left, not overspent', () => {
    expect(answerBurnQuestion(budget(), '2592s')).toEqual({
      ok: true,
      kind: 'spent',
      overspent: false,
      lines: ['43m 12s spent: 100 % of the budget (43m 12s), 0s left'],
    });
  });

  it('0 %: the budget is never used up, and no tier fires; 0.5 %: one of three', () => {
    const none = answerBurnQuestion(budget(), '0%');
    expect(none.ok && none.lines).toEqual([
      'At 0 % errors: burn 0×, the budget is never used up',
      'No alert tier fires.',
    ]);
    const one = answerBurnQuestion(budget(), '0.5');
    expect(one.ok && one.lines[1]).toBe('1 of 3 alert tiers fire.');
  });

  it.each([[''], ['  ']])('%o: asked for a rate or a time', (text) => {
    const answer = answerBurnQuestion(budget(), text);
    expect(answer.ok ? '' : answer.reason).toMatch(/^Type an error rate/);
  });

  it.each([[''], ['lots'], ['12x'], ['150%'], ['5q m']])('%o: a reason, no answer', (text) => {
    const answer = answerBurnQuestion(budget(), text);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.reason).not.toBe('');
  });
});

describe('whatIfLine', () => {
  it('stored budget → what is typed', () => {
    expect(whatIfLine(SLO, { ...SLO, target_value: '99.95' }, NOW)).toEqual({
      text: 'budget 43m 12s → 21m 36s',
      valid: true,
    });
  });

  it('unchanged: one figure; a new SLO: only the typed one', () => {
    expect(whatIfLine(SLO, SLO, NOW)).toEqual({ text: 'budget 43m 12s', valid: true });
    expect(whatIfLine(undefined, { ...SLO, time_window_value: '7' }, NOW)).toEqual({
      text: 'budget 10m 4s',
      valid: true,
    });
  });

  it('while what is typed is not a number: invalid (dimmed), with the reason', () => {
    const line = whatIfLine(SLO, { ...SLO, target_value: '99.' + 'x' }, NOW);
    expect(line.valid).toBe(false);
    expect(line.text).toBe('budget 43m 12s → — (target "99.x" is not a number: no budget)');
    expect(whatIfLine(SLO, { ...SLO, target_value: '' }, NOW).valid).toBe(false);
  });
});
