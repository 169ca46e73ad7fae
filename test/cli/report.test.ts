import { describe, expect, it } from 'vitest';
import { csvField, csvReport, markdownCell, markdownReport, reportRow } from '../../src/cli/commands/report.js';
import { budgetOf } from '../../src/domain/sloMath.js';

const NOW = new Date('2026-02-10T12:00:00Z');
const slo = {
  id: 'slo-1',
  name: 'Checkout | *fast* <b>',
  service_level_indicator_id: 'sli-1',
  target_value: '99.9',
  target_unit: '%',
  time_window_type: 'rolling',
  time_window_value: '30',
  time_window_unit: 'day',
  interval: 60,
};

describe('report rows and formats', () => {
  it('a Markdown cell escapes table syntax, markup and HTML, on one line', () => {
    expect(markdownCell('a|b *c* _d_ `e` [f](g) <h> # ~ \\')).toBe(
      'a\\|b \\*c\\* \\_d\\_ \\`e\\` \\[f\\](g) \\<h\\> \\# \\~ \\\\',
    );
    expect(markdownCell('two\nlines\u001b[31m')).toBe('two lines');
  });

  it('a CSV field is quoted when it must be, and never starts a formula', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-1', false)).toBe('-1');
    expect(csvField('@sum')).toBe("'@sum");
    // Spreadsheets skip leading blanks before a formula; a semicolon separates cells in comma-decimal locales.
    expect(csvField(' =1+1')).toBe("' =1+1");
    expect(csvField('\t=1+1')).toBe("' =1+1");
    expect(csvField('name;=HYPERLINK("x")')).toBe('"name;=HYPERLINK(""x"")"');
    expect(csvField('a; b')).toBe('"a; b"');
  });

  it('a row from the SLO math; the SLI by name, or marked when gone', () => {
    const row = reportRow(slo, budgetOf(slo, NOW), new Map([['sli-1', 'checkout availability']]));
    expect(row).toMatchObject({
      target: '99.9 %',
      window: 'rolling 30 days',
      budget: '43m 12s',
      budgetSeconds: 2592,
      sli: 'checkout availability',
      pageTier: '1h/5m: burn 14.4× (1.44 % errors)',
    });
    expect(markdownReport([row]).split('\n')[2]).toBe(
      '| Checkout \\| \\*fast\\* \\<b\\> | 99.9 % | rolling 30 days | 43m 12s | checkout availability | 1h/5m: burn 14.4× (1.44 % errors) |',
    );
    expect(csvReport([row]).split('\n')[1]).toBe(
      'Checkout | *fast* <b>,99.9,rolling 30 days,2592,checkout availability,1h/5m: burn 14.4× (1.44 % errors)',
    );
    expect(reportRow(slo, budgetOf(slo, NOW), new Map([['sli-1', undefined]])).sli).toBe('sli-1 (not found)');
  });

  it('a tier that can never fire says so', () => {
    const loose = { ...slo, target_value: '50', time_window_value: '365' };
    expect(reportRow(loose, budgetOf(loose, NOW), new Map()).pageTier).toMatch(
      /^1h\/5m: never fires \(burn .+×, at most 2×\)$/,
    );
  });
});
