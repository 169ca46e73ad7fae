/**
 * `apply` and `diff` against the sandbox: what is sent (counted at the
 * sandbox), the plan lines, confirmation, refusals and failures part-way.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tryFileLock } from '../../../src/config/lock.js';
import { FaultInjector } from '../../../src/sandbox/faults.js';
import { removeTempDirs, run, startFakeHarness, tempDir, type FakeHarness } from '../helpers.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/checkout-slo.yaml', import.meta.url));

let h: FakeHarness;
let files: string;
beforeAll(async () => {
  h = await startFakeHarness();
  files = await tempDir('slotui-apply-');
});
afterAll(async () => {
  await h?.close();
  await removeTempDirs();
});
afterEach(() => h.sandbox.setFaults({}));

let fileCount = 0;
async function file(text: string): Promise<string> {
  const path = join(files, `doc-${++fileCount}.yaml`);
  await writeFile(path, text);
  return path;
}

/** The POSTs, PATCHes and DELETEs the sandbox received while `action` ran. */
async function changesDuring<T>(
  action: () => Promise<T>,
): Promise<{ result: T; sent: { method: string; path: string; body?: unknown }[] }> {
  const before = h.sandbox.requests.length;
  const result = await action();
  const sent = h.sandbox.requests
    .slice(before)
    .filter((r) => r.method !== 'GET')
    .map(({ method, path, body }) => ({ method, path, body }));
  return { result, sent };
}

const exportOf = async (...args: string[]): Promise<string> => {
  const r = await run(['export', ...args], { api: h.api, env: h.env() });
  expect(r.code).toBe(0);
  return r.stdout;
};

const newSli = (name: string, extra = '') => `---
apiVersion: openslo/v1
kind: SLI
metadata:
  name: ${name}
  displayName: ${name} indicator
  annotations:
    slotui/type: latency
${extra}spec:
  thresholdMetric:
    metricSource:
      type: slotui
      spec:
        queries:
          p99: {select: "percentile(duration_ms, 99)", from: spans, where: "service = '${name}'", limit: 1}
        formula: p99
`;

const newSlo = (name: string, indicatorRef: string) => `---
apiVersion: openslo/v1
kind: SLO
metadata:
  name: ${name}
spec:
  indicatorRef: ${indicatorRef}
  timeWindow: [{duration: 4w, isRolling: true}]
  budgetingMethod: Timeslices
  objectives: [{op: lte, value: 300, target: 0.95, timeSliceTarget: 1, timeSliceWindow: 5m}]
`;

describe('apply', () => {
  test('a changed target is one PATCH of that field alone', async () => {
    const text = (await exportOf('slos', 'slo-000003')).replace('target: 0.999\n', 'target: 0.9995\n');
    const path = await file(text);
    const { result, sent } = await changesDuring(() =>
      run(['apply', '-f', path, '--yes'], { api: h.api, env: h.env() }),
    );
    expect(result.stdout).toMatch(
      /^~ slo payments-gateway-availability-99-9 \(slo-000003\): target_value "99\.9" → "99\.95"$/m,
    );
    expect(result.stdout).toContain('Plan: 0 to create, 1 to change, 0 unchanged, 0 refused.');
    expect(result.stdout).toContain('updated slo payments-gateway-availability-99-9 (slo-000003)');
    expect(result.stdout).toContain('Applied 1 of 1 change.');
    expect(result.code).toBe(0);
    expect(sent).toEqual([{ method: 'PATCH', path: '/v1/slos/slo-000003/', body: { target_value: '99.95' } }]);
    // Applied twice: nothing more to do, nothing sent.
    const again = await changesDuring(() => run(['apply', '-f', path, '--yes'], { api: h.api, env: h.env() }));
    expect(again.result.code).toBe(0);
    expect(again.sent).toEqual([]);
    expect(again.result.stderr).toContain('Nothing to apply');
  });

  test('a new document is one POST with the whole record; numbers compare by value', async () => {
    const path = await file(newSlo('fresh-objective', 'checkout-api-latency-p95'));
    const { result, sent } = await changesDuring(() =>
      run(['apply', '-f', path, '--yes'], { api: h.api, env: h.env() }),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\+ slo fresh-objective$/m);
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/v1/slos/',
        body: {
          name: 'fresh-objective',
          service_level_indicator_id: 'sli-000002',
          time_window_type: 'rolling',
          time_window_value: '4',
          time_window_unit: 'week',
          target_value: '95',
          target_unit: '%',
          benchmark_operator: '<=',
          benchmark_value: '300',
          interval: 300,
        },
      },
    ]);
    // "95.0" is 95: unchanged, listed only with -v (as kubectl diff, only changes by default).
    const same = await changesDuring(() => run(['diff', '-f', path], { api: h.api, env: h.env() }));
    expect(same.result.stdout).toBe('Plan: 0 to create, 0 to change, 1 unchanged, 0 refused.\n');
    expect(same.result.code).toBe(0);
    const verbose = await run(['diff', '-f', path, '-v'], { api: h.api, env: h.env() });
    expect(verbose.stdout).toMatch(/^= slo fresh-objective \(slo-\d+\)$/m);
  });

  test('the example file: diff shows two creations (exit 3); apply makes the SLI, then the SLO on it', async () => {
    const diff = await run(['diff', '-f', EXAMPLE], { api: h.api, env: h.env() });
    expect(diff.code).toBe(3);
    expect(diff.stdout).toBe(
      '+ sli checkout-success\n+ slo checkout-success-99-9\nPlan: 2 to create, 0 to change, 0 unchanged, 0 refused.\n',
    );
    const { result, sent } = await changesDuring(() =>
      run(['apply', '-f', EXAMPLE, '--yes'], { api: h.api, env: h.env() }),
    );
    expect(result.code).toBe(0);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/slis/', 'POST /v1/slos/']);
    const sliId = /^created sli checkout-success \((sli-\d+)\)$/m.exec(result.stdout)?.[1];
    expect(sent[1]?.body).toMatchObject({
      service_level_indicator_id: sliId,
      name: 'Checkout success 99.9%',
      target_value: '99.9',
      interval: 60,
    });
    expect((await run(['diff', '-f', EXAMPLE], { api: h.api, env: h.env() })).code).toBe(0);
  });

  test('off a terminal, changes need --yes (exit 2, nothing sent); --dry-run sends nothing', async () => {
    const path = await file(newSli('needs-yes'));
    const refused = await changesDuring(() => run(['apply', '-f', path], { api: h.api, env: h.env() }));
    expect(refused.result.code).toBe(2);
    expect(refused.result.stdout).toContain('+ sli needs-yes');
    expect(refused.result.stderr).toMatch(/needs --yes .*nothing was applied/);
    expect(refused.sent).toEqual([]);
    const dry = await changesDuring(() =>
      run(['apply', '-f', path, '--dry-run', '--yes'], { api: h.api, env: h.env() }),
    );
    expect(dry.result.code).toBe(0);
    expect(dry.result.stdout).toContain('Plan: 1 to create');
    expect(dry.result.stderr).toBe('Dry run: nothing was sent.\n');
    expect(dry.sent).toEqual([]);
  });

  test('two applies at once: the second is refused before it plans (no duplicates); --dry-run is not held up', async () => {
    const path = await file(newSli('once-only'));
    const held = tryFileLock(join(h.configDir, 'apply'));
    expect(held).toBeDefined();
    try {
      const second = await changesDuring(() => run(['apply', '-f', path, '--yes'], { api: h.api, env: h.env() }));
      expect(second.result.code).toBe(1);
      expect(second.result.stdout).toBe('');
      expect(second.result.stderr).toBe(
        `slotui: Another slotui apply is running on this machine (it holds ${join(h.configDir, 'apply')}.lock): two at once would both create what the file adds. Wait for it to end and run this one again; nothing was applied. If none is running, remove ${join(h.configDir, 'apply')}.lock.\n`,
      );
      expect(second.sent).toEqual([]);
      expect((await run(['apply', '-f', path, '--dry-run'], { api: h.api, env: h.env() })).code).toBe(0);
    } finally {
      held!();
    }
    const after = await changesDuring(() => run(['apply', '-f', path, '--yes'], { api: h.api, env: h.env() }));
    expect(after.result.code).toBe(0);
    expect(after.sent.map((x) => `${x.method} ${x.path}`)).toEqual(['POST /v1/slis/']);
    expect(tryFileLock(join(h.configDir, 'apply'))?.()).toBeUndefined(); // released at the end: free again
  });

  test('the plan is coloured by its signs on a terminal only, never with NO_COLOR', async () => {
    const path = await file(newSli('coloured'));
    const onTerminal = await run(['diff', '-f', path], { api: h.api, env: h.env(), stdoutIsTTY: true });
    expect(onTerminal.stdout.split('\n')).toContain('\x1b[32m+\x1b[0m sli coloured');
    const piped = await run(['diff', '-f', path], { api: h.api, env: h.env() });
    expect(piped.stdout).toMatch(/^\+ sli coloured$/m);
    const noColor = await run(['diff', '-f', path], { env: { ...h.env(), NO_COLOR: '1' }, stdoutIsTTY: true });
    expect(noColor.stdout).not.toContain('\x1b[');
  });

  test('on a terminal it asks [y/N]: no applies nothing, y applies', async () => {
    const path = await file(newSli('asked'));
    const tty = { api: h.api, env: h.env(), stdinIsTTY: true, stdoutIsTTY: true };
    const no = await changesDuring(() => run(['apply', '-f', path], { ...tty, feed: (stdin) => stdin.write('\n') }));
    expect(no.result.stderr).toContain('Apply 1 change? [y/N] ');
    expect(no.result.code).toBe(1);
    expect(no.sent).toEqual([]);
    const yes = await changesDuring(() => run(['apply', '-f', path], { ...tty, feed: (stdin) => stdin.write('y\n') }));
    expect(yes.result.code).toBe(0);
    expect(yes.sent.map((s) => s.method)).toEqual(['POST']);
  });

  test('-f - reads stdin', async () => {
    const { result, sent } = await changesDuring(() =>
      run(['apply', '-f', '-', '--yes'], { api: h.api, env: h.env(), stdin: newSli('from-stdin') }),
    );
    expect(result.code).toBe(0);
    expect(sent).toHaveLength(1);
  });

  test('--read-only allows only the dry run', async () => {
    const path = await file(newSli('read-only'));
    const blocked = await changesDuring(() =>
      run(['apply', '-f', path, '--yes', '--read-only'], { api: h.api, env: h.env() }),
    );
    expect(blocked.result.code).toBe(1);
    expect(blocked.result.stderr).toMatch(/Read-only mode .* nothing was applied\. Add --dry-run/);
    expect(blocked.sent).toEqual([]);
    const dry = await run(['apply', '-f', path, '--dry-run', '--read-only'], { api: h.api, env: h.env() });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('+ sli read-only');
  });

  test('a request failing part-way: the rest is applied, and the output says what was and what was not', async () => {
    // A fault seed under which the two reads pass, the first POST fails and the second passes.
    const faults = (seed: number) => ({ errorRate: 0.5, errorStatuses: [500], seed });
    const seed = Array.from({ length: 500 }, (_, i) => i + 1).find((s) => {
      const dice = new FaultInjector(faults(s));
      return ['none', 'none', 'error', 'none'].every((kind) => dice.decide().kind === kind);
    })!;
    const path = await file(
      `${newSli('fails-first')}${newSli('passes-second')}${newSlo('on-the-failed-sli', 'fails-first')}`,
    );
    h.sandbox.setFaults(faults(seed));
    const { result, sent } = await changesDuring(() =>
      run(['apply', '-f', path, '--yes'], { api: h.api, env: h.env() }),
    );
    h.sandbox.setFaults({});
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/slis/', 'POST /v1/slis/']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^created sli passes-second \(sli-\d+\)$/m);
    expect(result.stdout).toContain('Applied 1 of 3 changes.');
    expect(result.stderr).toMatch(/^slotui: creating sli fails-first failed: /m);
    expect(result.stderr).toContain(
      'slotui: not applied: sli fails-first, slo on-the-failed-sli (its SLI fails-first was not created).',
    );
  });
});

test('an export applied to an empty service recreates it: SLIs first, each SLO on its new SLI; then diff finds nothing', async () => {
  const empty = await startFakeHarness({ sample: false });
  try {
    const exported = await exportOf();
    const { result, sent } = await (async () => {
      const before = empty.sandbox.requests.length;
      const r = await run(['apply', '-f', '-', '--yes'], { api: empty.api, env: empty.env(), stdin: exported });
      return { result: r, sent: empty.sandbox.requests.slice(before).filter((q) => q.method !== 'GET') };
    })();
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Plan: \d+ to create, 0 to change, 0 unchanged, 0 refused\.$/m);
    expect(sent.every((q) => q.method === 'POST')).toBe(true);
    const firstSlo = sent.findIndex((q) => q.path === '/v1/slos/');
    expect(sent.slice(firstSlo).every((q) => q.path === '/v1/slos/')).toBe(true);
    const again = await run(['diff', '-f', '-'], { api: empty.api, env: empty.env(), stdin: exported });
    expect(again.stdout).toMatch(/^Plan: 0 to create, 0 to change, \d+ unchanged, 0 refused\.$/m);
    expect(again.code).toBe(0);
  } finally {
    await empty.close();
  }
});

describe('refused documents', () => {
  test('each is refused with its reason, one line a document; the others are still planned', async () => {
    const path = await file(`${newSli('kept-in-plan')}
---
apiVersion: openslo/v1
kind: Service
metadata: {name: checkout}
spec: {description: a service}
---
apiVersion: openslo/v1
kind: SLO
metadata: {name: ratio-slices}
spec:
  indicatorRef: kept-in-plan
  timeWindow: [{duration: 30d, isRolling: true}]
  budgetingMethod: RatioTimeslices
  objectives: [{target: 0.99, timeSliceTarget: 0.9, timeSliceWindow: 1m}]
---
apiVersion: openslo/v1
kind: SLO
metadata: {name: counting-events}
spec:
  indicatorRef: kept-in-plan
  timeWindow: [{duration: 30d, isRolling: true}]
  budgetingMethod: Occurrences
  objectives: [{target: 0.99}]
---
apiVersion: openslo/v1
kind: SLO
metadata: {name: two-objectives}
spec:
  indicatorRef: kept-in-plan
  timeWindow: [{duration: 30d, isRolling: true}]
  budgetingMethod: Timeslices
  objectives: [{target: 0.99, timeSliceWindow: 1m}, {target: 0.9, timeSliceWindow: 1m}]
---
apiVersion: openslo/v1
kind: SLO
metadata: {name: inline-indicator}
spec:
  indicator: {metadata: {name: q}, spec: {thresholdMetric: {metricSource: {type: Prometheus, spec: {query: up}}}}}
  timeWindow: [{duration: 30d, isRolling: true}]
  budgetingMethod: Timeslices
  objectives: [{target: 0.99, timeSliceWindow: 1m}]
---
apiVersion: openslo/v1
kind: SLO
metadata: {name: new-york-month}
spec:
  indicatorRef: kept-in-plan
  timeWindow: [{duration: 1M, calendar: {startTime: "2024-01-01 00:00:00", timeZone: America/New_York}}]
  budgetingMethod: Timeslices
  objectives: [{target: 0.99, timeSliceWindow: 1m}]
---
apiVersion: openslo/v1
kind: SLO
metadata: {name: no-such-sli}
spec:
  indicatorRef: nowhere
  timeWindow: [{duration: 30d, isRolling: true}]
  budgetingMethod: Timeslices
  objectives: [{target: 0.99, timeSliceWindow: 1m}]
---
apiVersion: openslo/v1
kind: SLI
metadata: {name: prometheus-ratio}
spec:
  ratioMetric: {counter: true, good: {metricSource: {type: Prometheus, spec: {query: ok}}}, total: {metricSource: {type: Prometheus, spec: {query: all}}}}
---
apiVersion: openslo/v1
kind: SLI
metadata: {name: no-type}
spec:
  thresholdMetric: {metricSource: {type: slotui, spec: {formula: x}}}
---
kind: SLO
metadata: {name: [unclosed
`);
    const { result, sent } = await changesDuring(() =>
      run(['apply', '-f', path, '--yes', '--dry-run'], { api: h.api, env: h.env() }),
    );
    expect(sent).toEqual([]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      '+ sli kept-in-plan',
      '! sli prometheus-ratio: a ratioMetric SLI (good and total metrics) cannot be represented; slotui SLIs are a thresholdMetric with metricSource type slotui',
      '! sli no-type: it does not fit a slotui record (type (annotation slotui/type): missing)',
      expect.stringMatching(/^! slo ratio-slices: budgetingMethod RatioTimeslices cannot be represented/),
      expect.stringMatching(
        /^! slo counting-events: budgetingMethod Occurrences \(counting events\) cannot be represented/,
      ),
      '! slo two-objectives: spec.objectives has 2 objectives; slotui SLOs have exactly one',
      expect.stringMatching(/^! slo inline-indicator: an inline spec.indicator cannot be represented/),
      "! slo new-york-month: a calendar window in time zone America/New_York cannot be represented; slotui's calendar periods are UTC",
      '! slo no-such-sli: spec.indicatorRef nowhere names no SLI document in this file and no SLI of the service',
      '! Service checkout: kind Service has no slotui resource (only SLI and SLO have one)',
      expect.stringMatching(/^! document 11: it is not valid YAML at line \d+, column \d+: /),
      'Plan: 1 to create, 0 to change, 0 unchanged, 10 refused.',
    ]);
    const diff = await run(['diff', '-f', path], { api: h.api, env: h.env() });
    expect(diff.code).toBe(3);
  });

  test('refused documents alone: diff exits 3, apply exits 1 and sends nothing', async () => {
    const path = await file('apiVersion: openslo/v1\nkind: AlertPolicy\nmetadata: {name: page}\nspec: {}\n');
    expect((await run(['diff', '-f', path], { api: h.api, env: h.env() })).code).toBe(3);
    const { result, sent } = await changesDuring(() =>
      run(['apply', '-f', path, '--yes'], { api: h.api, env: h.env() }),
    );
    expect(result.code).toBe(1);
    expect(sent).toEqual([]);
  });

  test('a file with no documents, or that cannot be read: exit 1 with the reason', async () => {
    const empty = await run(['diff', '-f', await file('# nothing here\n')], { api: h.api, env: h.env() });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/holds no OpenSLO documents/);
    const missing = await run(['apply', '-f', join(files, 'absent.yaml')], { api: h.api, env: h.env() });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read .*absent\.yaml: no such file/);
    const noFile = await run(['diff'], { api: h.api, env: h.env() });
    expect(noFile.code).toBe(2);
  });
});

test('the example file stays in step with what export writes (it reads as an SLI and an SLO, nothing refused)', async () => {
  const text = await readFile(EXAMPLE, 'utf8');
  expect(text).toMatch(/^kind: SLI$/m);
  expect(text).toMatch(/^kind: SLO$/m);
});
