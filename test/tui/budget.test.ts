/**
 * An SLO's budget in the dashboard over the sandbox's sample data and the
 * fake client (test/tui/driver.ts): the BUDGET column, the budget card,
 * tiers and ladder the details open with, and the burn calculator following
 * what is typed. budget-form.int.test.ts keeps the SLO form's what-if line.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { disposeDrivers, drive, type Driver } from './driver.js';

afterEach(disposeDrivers);

async function openSlos(rows: number, columns: number): Promise<Driver> {
  const d = drive({ rows, columns });
  await d.until((v) => v.status.text.startsWith('slis · page 1'), 'the SLIs');
  d.key('2');
  await d.until((v) => v.status.text.startsWith('slos · page 1'), 'the SLOs');
  return d;
}

/** The sample's first SLO: 99.9 % over a rolling 28 days, 300 s intervals. */
async function openFirstSlo(rows = 40, columns = 110): Promise<Driver> {
  const d = await openSlos(rows, columns);
  d.press('details');
  await d.settle();
  return d;
}

const detail = (d: Driver): string => {
  const body = d.view().body;
  if (body.kind !== 'detail') throw new Error(`not details but ${body.kind}`);
  return [body.title, ...body.lines.map((l) => `${l.label ?? ''}${l.text}`)].join('\n');
};

describe('SLO budget in the dashboard', () => {
  test('the list has a BUDGET column right after TARGET, kept at a narrow width', async () => {
    // 60 columns: NAME, TARGET, BUDGET and the whole ID; WINDOW is the first to go.
    const d = await openSlos(20, 60);
    const body = d.view().body;
    expect(body.kind === 'list' && body.header).toMatch(/NAME\s+TARGET\s+BUDGET\s+ID/);
    expect(body.kind === 'list' && body.header).not.toContain('WINDOW');
    expect(d.rows()[0]).toMatch(/99\.9 %\s+40m 19s/);
  });

  test('details open with the budget card, the alert tiers and the ladder', async () => {
    const d = await openFirstSlo();
    const frame = detail(d);
    expect(frame).toContain('Error budget');
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

  test('burn asks for an error rate or a spent time; the answer follows what is typed and stays after Enter', async () => {
    const d = await openFirstSlo();
    d.press('burn');
    expect(d.view().bottom).toMatchObject({ kind: 'input', prompt: 'burn: ' });
    d.type('2%');
    expect(detail(d)).toContain('Burn calculator: 2%');
    expect(detail(d)).toContain('At 2 % errors: burn 20×, the budget is gone in 1d 9h');
    expect(detail(d)).toMatch(/page\s+1h\/5m\s+at 13\.44×\s+fires/);
    d.key('Backspace', 'Backspace');
    d.type('12m');
    expect(detail(d)).toContain('12m spent: 29.8 % of the budget (40m 19s), 28m 19s left');
    d.press('burn-keep');
    expect(d.view().bottom.kind).toBe('message');
    expect(detail(d)).toContain('Burn calculator: 12m');
    // Esc in the calculator clears the answer.
    d.press('burn');
    d.type('abc');
    expect(detail(d)).toContain('is not a percent');
    d.press('burn-cancel');
    expect(d.view().bottom.kind).toBe('message');
    expect(detail(d)).toContain('Error budget');
    expect(detail(d)).not.toContain('Burn calculator');
  });

  test('the answer comes into view when the details are scrolled past it, and the scroll is free again after Enter', async () => {
    const d = await openFirstSlo(20, 110);
    for (let i = 0; i < 60; i++) d.press('down');
    expect(detail(d)).not.toContain('Error budget');
    d.press('burn');
    d.type('2%');
    expect(detail(d)).toContain('Burn calculator: 2%');
    expect(detail(d)).toContain('At 2 % errors: burn 20×, the budget is gone in 1d 9h');
    d.press('burn-keep');
    for (let i = 0; i < 60; i++) d.press('down');
    expect(detail(d)).not.toContain('Burn calculator: 2%');
  });

  test('burn is an SLO key: other details do not take it', async () => {
    const d = drive();
    await d.until((v) => v.status.text.startsWith('slis · page 1'), 'the SLIs');
    d.press('details');
    expect(() => d.press('burn')).toThrow(/Nothing takes burn on the detail screen/);
  });
});
