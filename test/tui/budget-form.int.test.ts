/**
 * An SLO's budget in the SLO form, over the dashboard driver
 * (test/tui/driver.ts) and the sandbox's sample data: the what-if line under
 * the target follows what is typed (read from the frame drawn, where the form
 * writes it). The BUDGET column, the budget card and the burn calculator are
 * budget.test.ts's; the what-if sums whatIf.test.ts's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { drawn } from './drawn.js';
import { disposeDrivers, drive } from './driver.js';

afterEach(disposeDrivers);

describe('SLO budget in the dashboard', () => {
  test('the SLO form shows a what-if line under the target that follows what is typed', async () => {
    const d = drive({ rows: 30, columns: 110 });
    await d.until((v) => v.status.text.startsWith('slis · page 1') && v.status.loading === null, 'the SLIs');
    d.key('2');
    await d.until(
      (v) => v.status.text.startsWith('slos · page 1') && d.rows().some((r) => r.includes('40m 19s')),
      'the SLOs with their budget',
    );
    d.press('edit');
    expect(drawn(d)).toContain('budget 40m 19s');
    // name, description, SLI, window type, value, unit, then the target.
    for (let i = 0; i < 6; i++) d.press('form-next');
    for (let i = 0; i < 4; i++) d.key('Backspace');
    d.type('99.95');
    expect(drawn(d)).toContain('budget 40m 19s → 20m 9s');
    d.type('x');
    expect(drawn(d).replace(/\s+/g, ' ')).toContain('budget 40m 19s → — (target "99.95x" is not a number');
  });
});
