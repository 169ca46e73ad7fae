/**
 * An SLO's budget in the dashboard against the sandbox's sample data: the
 * BUDGET column, the budget card, tiers and ladder the details open with,
 * and the burn calculator (`b`) following what is typed.
 */
import { describe, expect, test } from 'vitest';
import { KEYS, dashboardFixture, renderDashboard, waitForFrame, waitForText } from './helpers.js';

const fixture = dashboardFixture(renderDashboard);

/** The sample's first SLO: 99.9 % over a rolling 28 days, 300 s intervals. */
async function openFirstSlo(rows = 40, columns = 110) {
  const d = fixture.open({ rows, columns });
  await waitForText(d, 'checkout-api availability');
  d.press('2');
  await waitForText(d, 'BUDGET', '40m 19s');
  d.press(KEYS.enter);
  await waitForText(d, 'Error budget');
  return d;
}

describe('SLO budget in the dashboard', () => {
  test('the list has a BUDGET column right after TARGET, kept at a narrow width', async () => {
    // 60 columns: NAME, TARGET, BUDGET and the whole ID; WINDOW is the first to go.
    const d = fixture.open({ rows: 20, columns: 60 });
    await waitForText(d, 'sli-000001');
    d.press('2');
    const frame = await waitForText(d, 'BUDGET', '40m 19s');
    expect(frame).toMatch(/NAME\s+TARGET\s+BUDGET\s+ID/);
    expect(frame).not.toContain('WINDOW');
    expect(frame).toMatch(/99\.9 %\s+40m 19s/);
  });

  test('details open with the budget card, the alert tiers and the ladder', async () => {
    const d = await openFirstSlo();
    const frame = await waitForText(d, '◀ this SLO');
    expect(frame).toContain('40m 19s of bad time per rolling 28 days · 8 bad 5m intervals · 1 % of the budget = 24s');
    expect(frame).toContain('equivalent full-outage time');
    expect(frame).toMatch(/SEVERITY\s+WINDOWS\s+BUDGET\s+BURN\s+FIRES AT/);
    expect(frame).toMatch(/page\s+1h\/5m\s+2 %\s+13\.44×\s+1\.34 % errors/);
    expect(frame).toMatch(/ticket\s+3d\/6h\s+10 %\s+0\.933×/);
    // The ladder: 99 % has the longest bar, the SLO's own 99.9 % is marked.
    const bar = (target: string) =>
      new RegExp(`^\\W*${target.replace('.', '\\.')} %\\s+(█+)`, 'm').exec(frame)?.[1]?.length ?? 0;
    expect(bar('99')).toBeGreaterThan(bar('99.9'));
    expect(bar('99.9')).toBeGreaterThan(bar('99.99'));
    expect(frame).toMatch(/▶ 99\.9 %\s+█+\s+40m 19s\s+◀ this SLO/);
  });

  test('b asks for an error rate or a spent time; the answer follows what is typed and stays after Enter', async () => {
    const d = await openFirstSlo();
    d.press('b');
    await waitForText(d, 'burn:');
    d.type('2%');
    let frame = await waitForText(d, 'Burn calculator: 2%');
    expect(frame).toContain('At 2 % errors: burn 20×, the budget is gone in 1d 9h');
    expect(frame).toMatch(/page\s+1h\/5m\s+at 13\.44×\s+fires/);
    d.press(KEYS.backspace, KEYS.backspace);
    d.type('12m');
    await waitForText(d, '12m spent: 29.8 % of the budget (40m 19s), 28m 19s left');
    d.press(KEYS.enter);
    frame = await waitForFrame(d, (f) => !f.includes('burn:'), 'the calculator closed');
    expect(frame).toContain('Burn calculator: 12m');
    // Esc in the calculator clears the answer.
    d.press('b');
    await waitForText(d, 'burn:');
    d.type('abc');
    await waitForText(d, 'is not a percent');
    d.press(KEYS.escape);
    frame = await waitForFrame(d, (f) => !f.includes('burn:'), 'the calculator closed');
    expect(frame).toContain('Error budget');
    expect(frame).not.toContain('Burn calculator');
  });

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
