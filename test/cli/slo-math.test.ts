import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createContext } from '../../src/cli/context.js';
import { runBudget } from '../../src/cli/commands/budget.js';
import { run, startFakeHarness, removeTempDirs, tempDir, type FakeHarness } from './helpers.js';

let h: FakeHarness;
const ids: Record<string, string> = {};

const base = {
  service_level_indicator_id: 'sli-000001',
  time_window_type: 'rolling',
  time_window_unit: 'day',
  target_unit: '%',
};

/** SLOs with the worked figures of the interface (and a few that give no budget). */
const SLOS: Record<string, Record<string, unknown>> = {
  thirty: { ...base, name: 'math 99.9 over 30 days', time_window_value: '30', target_value: '99.9', interval: 60 },
  twentyEight: {
    ...base,
    name: 'math 99.9 over 28 days',
    time_window_value: '28',
    target_value: '99.9',
    interval: 300,
  },
  week: { ...base, name: 'math 99 over 7 days', time_window_value: '7', target_value: '99' },
  ninetyFive: { ...base, name: 'math 95 over 30 days', time_window_value: '30', target_value: '95' },
  steep: { ...base, name: 'math 93.05 over 30 days', time_window_value: '30', target_value: '93.05' },
  calendar: {
    ...base,
    name: 'math 99.9 calendar month',
    time_window_type: 'calendar',
    time_window_value: '1',
    time_window_unit: 'month',
    target_value: '99.9',
  },
  hundred: { ...base, name: 'math 100', time_window_value: '30', target_value: '100' },
  fortnight: {
    ...base,
    name: 'math fortnight',
    time_window_value: '2',
    time_window_unit: 'fortnight',
    target_value: '99.9',
  },
};

beforeAll(async () => {
  h = await startFakeHarness();
  const files = await tempDir('slotui-cli-math-');
  for (const [key, slo] of Object.entries(SLOS)) {
    const path = join(files, `${key}.json`);
    await writeFile(path, JSON.stringify(slo));
    const r = await run(['create', 'slo', '-f', path, '--json'], { api: h.api, env: h.env() });
    expect(r.code, r.stderr).toBe(0);
    ids[key] = (JSON.parse(r.stdout) as { id: string }).id;
  }
});
afterAll(async () => {
  await h?.close();
  await removeTempDirs();
});

async function json(argv: string[]): Promise<Record<string, unknown>> {
  const r = await run([...argv, '--json'], { api: h.api, env: h.env() });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('budget', () => {
  test('--json: 99.9 % over 30 rolling days is 2592 s and 43 bad 60 s intervals, numbers as numbers', async () => {
    expect(await json(['budget', ids.thirty!])).toEqual({
      id: ids.thirty,
      name: 'math 99.9 over 30 days',
      target_percent: 99.9,
      budget_fraction: 0.001,
      window: { type: 'rolling', value: 30, unit: 'day', seconds: 2_592_000 },
      budget_seconds: 2592,
      interval_seconds: 60,
      budget_intervals: 43,
      assumptions: [],
    });
  });

  test.each([
    ['twentyEight', 2419.2, 8],
    ['week', 6048, null],
    ['ninetyFive', 129_600, null],
  ])('--json: %s has budget_seconds %s and budget_intervals %s', async (key, seconds, intervals) => {
    const out = await json(['budget', ids[key]!]);
    expect(out.budget_seconds).toBe(seconds);
    expect(out.budget_intervals).toBe(intervals);
  });

  test('text: the budget in words and seconds, the intervals, 1 % of it, the equivalent-outage note', async () => {
    const r = await run(['budget', ids.thirty!], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`math 99.9 over 30 days (${ids.thirty})`);
    expect(r.stdout).toMatch(/^budget\s+43m 12s \(2592 s\) of bad time$/m);
    expect(r.stdout).toMatch(/^window\s+rolling 30 days \(2592000 s\)$/m);
    expect(r.stdout).toMatch(/^intervals\s+43 bad 1m intervals \(43m in whole intervals\)$/m);
    expect(r.stdout).toMatch(/^1 % of it\s+25s$/m);
    expect(r.stdout).toContain('equivalent full-outage time');
  });

  test.each([
    ['99 % over 7 days', 'week', '1h 40m'],
    ['95 % over 30 days', 'ninetyFive', '1d 12h'],
    ['99.9 % over 28 days', 'twentyEight', '40m 19s'],
  ])('text: %s is %s', async (_name, key, shown) => {
    const r = await run(['budget', ids[key]!], { api: h.api, env: h.env() });
    expect(r.stdout).toMatch(new RegExp(`^budget\\s+${shown} \\(`, 'm'));
  });

  test('a calendar month is the current month in UTC (the run step with a fixed clock: February 2026)', async () => {
    const stdout = new PassThrough();
    let out = '';
    stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const io = {
      argv: [],
      env: h.env(),
      createClient: h.createClient,
      stdin: new PassThrough(),
      stdout,
      stderr: new PassThrough(),
    };
    const ctx = createContext(io, {}, () => new Date(Date.UTC(2026, 1, 10)));
    try {
      expect(await runBudget(ctx, { id: ids.calendar!, json: true })).toBe(0);
    } finally {
      await ctx.close();
    }
    await new Promise((resolve) => setImmediate(resolve));
    const parsed = JSON.parse(out) as { window: { seconds: number }; budget_seconds: number };
    expect(parsed.window.seconds).toBe(28 * 86_400);
    expect(parsed.budget_seconds).toBe(2419.2);
  });

  test.each([
    ['hundred', 'target_value'],
    ['fortnight', 'time_window_unit'],
  ])('no budget (%s): exit 1, one line naming %s, nothing on stdout', async (key, field) => {
    for (const command of ['budget', 'alerts']) {
      const r = await run([command, ids[key]!, '--json'], { api: h.api, env: h.env() });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`has no error budget: ${field}:`);
      expect(r.stderr).toContain(`Fix ${field} with \`slotui update slos ${ids[key]} --set ${field}=VALUE\`.`);
    }
  });

  test('an unknown SLO: exit 1 from the service, not a crash', async () => {
    const r = await run(['budget', 'slo-999999'], { api: h.api, env: h.env() });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/unexpected error/);
  });
});

describe('alerts', () => {
  test('--json: the workbook tiers at 30 days, shares and rates as fractions', async () => {
    expect(await json(['alerts', ids.thirty!])).toEqual({
      id: ids.thirty,
      tiers: [
        {
          severity: 'page',
          long_seconds: 3600,
          short_seconds: 300,
          budget_share: 0.02,
          burn_rate: 14.4,
          error_rate: 0.0144,
          reachable: true,
        },
        {
          severity: 'page',
          long_seconds: 21_600,
          short_seconds: 1800,
          budget_share: 0.05,
          burn_rate: 6,
          error_rate: 0.006,
          reachable: true,
        },
        {
          severity: 'ticket',
          long_seconds: 259_200,
          short_seconds: 21_600,
          budget_share: 0.1,
          burn_rate: 1,
          error_rate: 0.001,
          reachable: true,
        },
      ],
    });
  });

  test('--json at 28 days: 13.44 / 5.6 / 0.933', async () => {
    const out = (await json(['alerts', ids.twentyEight!])) as { tiers: { burn_rate: number }[] };
    expect(out.tiers.map((t) => Number(t.burn_rate.toFixed(3)))).toEqual([13.44, 5.6, 0.933]);
  });

  test('text: a tier table, and a tier that can never fire says so', async () => {
    const r = await run(['alerts', ids.steep!], { api: h.api, env: h.env() });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toMatch(/^SEVERITY\s+WINDOWS\s+BUDGET\s+BURN\s+FIRES AT$/);
    expect(lines[2]).toMatch(/^page\s+1h\/5m\s+2 %\s+14\.4×\s+never: even 100 % errors burn only 14\.39×$/);
    expect(lines[3]).toMatch(/^page\s+6h\/30m\s+5 %\s+6×\s+41\.7 % errors$/);
    expect((await json(['alerts', ids.steep!])).tiers).toMatchObject([
      { reachable: false },
      { reachable: true },
      { reachable: true },
    ]);
  });
});

describe('burn', () => {
  test('--error-rate 2% --json: burn 20, gone in 129600 s, all tiers fire', async () => {
    expect(await json(['burn', ids.thirty!, '--error-rate', '2%'])).toEqual({
      id: ids.thirty,
      burn_rate: 20,
      exhausts_in_seconds: 129_600,
      tiers: [
        { severity: 'page', fires: true },
        { severity: 'page', fires: true },
        { severity: 'ticket', fires: true },
      ],
    });
  });

  test('--error-rate 0.5 (a bare number is a percent): only the ticket fires', async () => {
    const out = await json(['burn', ids.thirty!, '--error-rate', '0.5']);
    expect(out.burn_rate).toBe(5);
    expect(out.tiers).toEqual([
      { severity: 'page', fires: false },
      { severity: 'page', fires: false },
      { severity: 'ticket', fires: true },
    ]);
  });

  test('--error-rate 0: exhausts_in_seconds is null', async () => {
    expect(await json(['burn', ids.thirty!, '--error-rate', '0'])).toMatchObject({
      burn_rate: 0,
      exhausts_in_seconds: null,
    });
  });

  test('--spent 12m --json: 27.8 % spent, 1872 s left', async () => {
    const out = await json(['burn', ids.thirty!, '--spent', '12m']);
    expect(out).toMatchObject({ id: ids.thirty, spent_seconds: 720, left_seconds: 1872 });
    expect(out.spent_fraction).toBeCloseTo(0.2778, 4);
  });

  test('text: burn, exhaustion and the tiers; spent and what is left', async () => {
    const rate = await run(['burn', ids.thirty!, '--error-rate', '2%'], { api: h.api, env: h.env() });
    expect(rate.stdout).toContain(
      'At 2 % errors the budget burns at 20×: the whole budget (43m 12s) is gone in 1d 12h.',
    );
    expect(rate.stdout).toMatch(/^ {2}page\s+1h\/5m\s+at 14\.4×\s+fires$/m);
    const spent = await run(['burn', ids.thirty!, '--spent', '1h 30m'], { api: h.api, env: h.env() });
    expect(spent.stdout).toContain('1h 30m spent of 43m 12s: 208.3 % of the budget, overspent by 46m 48s.');
  });

  test.each([
    [['--error-rate', '2%', '--spent', '12m'], /not both/],
    [[], /needs --error-rate RATE/],
    [['--error-rate', 'lots'], /--error-rate: "lots" is not a percent/],
    [['--error-rate', '120%'], /above 100 %/],
    [['--spent', '12'], /--spent: "12" needs a unit/],
  ])('usage error %o: exit 2 before anything is sent', async (flags, message) => {
    const r = await run(['burn', ids.thirty!, ...flags], { api: h.api, env: h.env() });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  test('a parse error is said whole, its advice at the end included (not cut at 40 characters)', async () => {
    const r = await run(['burn', ids.thirty!, '--spent', 'about twelve minutes'], { api: h.api, env: h.env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '--spent: "about twelve minutes" is not a duration: use d, h, m and s, such as 12m, 1h30m or 90s.',
    );
  });

  test('--error-rate is not an option of budget', async () => {
    const r = await run(['budget', ids.thirty!, '--error-rate', '2'], { api: h.api, env: h.env() });
    expect(r.code).toBe(2);
  });
});

describe('list slos', () => {
  test('the table has a BUDGET column after TARGET, kept at a narrow width; JSON has no budget', async () => {
    const narrow = await run(['list', 'slos', '--limit', '5'], {
      api: h.api,
      env: h.env(),
      stdoutIsTTY: true,
      columns: 60,
    });
    expect(narrow.code).toBe(0);
    expect(narrow.stdout.split('\n')[0]).toMatch(/^NAME\s+TARGET\s+BUDGET/);
    expect(narrow.stdout).not.toContain('WINDOW');
    const json = await run(['list', 'slos', '--limit', '5', '--json'], { api: h.api, env: h.env() });
    expect(json.stdout).not.toMatch(/budget/i);
  });
});
