/**
 * An SLO's budget in the SLO form through Ink against the sandbox's sample
 * data: the what-if line under the target. The BUDGET column, the budget
 * card and the burn calculator are budget.test.ts's.
 */
import { describe, test } from 'vitest';
import { KEYS, dashboardFixture, renderDashboard, waitForText } from './helpers.js';

const fixture = dashboardFixture(renderDashboard);

describe('SLO budget in the dashboard', () => {
  test('the SLO form shows a what-if line under the target that follows what is typed', async () => {
    const d = fixture.open({ rows: 30, columns: 110 });
    await waitForText(d, 'checkout-api availability');
    d.press('2');
    await waitForText(d, 'BUDGET', '40m 19s');
    d.press('e');
    await waitForText(d, 'Edit', 'budget 40m 19s');
    // name, description, SLI, window type, value, unit, then the target.
    d.press(...Array.from({ length: 6 }, () => KEYS.tab));
    d.press(KEYS.backspace, KEYS.backspace, KEYS.backspace, KEYS.backspace);
    d.type('99.95');
    await waitForText(d, 'budget 40m 19s → 20m 9s');
    d.type('x');
    await waitForText(d, 'budget 40m 19s → — (target "99.95x" is not a number');
  });
});
