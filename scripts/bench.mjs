#!/usr/bin/env node
// `npm run bench`: slotui's performance against references measured in the
// same run. Starts the sandbox seeded with 100,000 SLIs in a child
// process, then measures the built CLI (dist/slotui.js) in pipes and in a
// pseudo-terminal, and prints a table of medians with ratios and targets.
//
//   node scripts/bench.mjs [--runs N] [--markdown FILE] [--bin FILE] [--quick]
//                          [--startup-only] [--only TEXT] [--baseline FILE]
//
// Start-up figures (first frame, `list --limit 25`) come from interleaved
// rounds with their references and the stack's floors (scripts/bench/startup.mjs),
// with a warm code cache and a cold one; --baseline measures another build
// (say main's dist/slotui.js) in the same rounds, for before/after figures.
//
// Every wait is bounded; only processes started here are ever killed (by PID).
import console from 'node:console';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CURL, curlAllPages, curlOnePage, curlSetup, listAll, listOnePage, undiciWalker } from './bench/cli.mjs';
import {
  bareNode,
  indexedDashboardMemory,
  learnPageSize,
  measuredSession,
  pagingMemory,
  sloListSession,
} from './bench/dashboard.mjs';
import { createApi } from './bench/http.mjs';
import { canMeasurePeak, runProcess } from './bench/proc.mjs';
import { COLS, ROWS } from './bench/pty.mjs';
import { describeMachine, machine, markdownTable, met, mib, ms, rate, ratio, textTable } from './bench/report.mjs';
import { indexMemory } from './bench/recordIndex.mjs';
import { longFieldTimes } from './bench/longField.mjs';
import { pageRefresh } from './bench/refresh.mjs';
import { requestRate, startBareServer } from './bench/serve.mjs';
import { wholeListRunner } from './bench/wholeList.mjs';
import { bundleSandbox, startSandboxChild } from './bench/sandbox.mjs';
import { startupRounds } from './bench/startup.mjs';
import { median } from './bench/util.mjs';

/** SLIs in the sandbox of the main measurements (`--seed N`: 1,000,000 for the issue's larger figures). */
const DEFAULT_SEED = 100_000;
const SMALL_SEED = 10_000;
/** SLOs in the sandbox of the BUDGET column's page flips (beside the 20 of the sample data). */
const SLO_SEED = 1_000;
const HEAP_CAP_MIB = 32;

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    markdown: { type: 'string' },
    bin: { type: 'string', default: 'dist/slotui.js' },
    quick: { type: 'boolean', default: false },
    'startup-only': { type: 'boolean', default: false },
    baseline: { type: 'string' },
    only: { type: 'string' },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (flags.help) {
  console.log(
    'Usage: node scripts/bench.mjs [--runs N] [--markdown FILE] [--bin FILE] [--quick] [--startup-only] [--only TEXT] [--baseline FILE] [--seed N]',
  );
  process.exit(0);
}
const runs = Math.max(1, Math.min(50, Number.parseInt(flags.runs, 10) || 7));
const SEED = Math.max(1_000, Math.min(2_000_000, Number.parseInt(flags.seed ?? '', 10) || DEFAULT_SEED));
const settings = {
  runs,
  allRuns: flags.quick ? 1 : Math.min(3, runs),
  /**
   * Rounds of the whole list's three gatherings (nothing, `/`, an order). Each gathering at 100k takes
   * seconds and its pace drifts with the machine's from one round to the next: five rounds, and the
   * ratio of each round's pair, give a steadier answer than three.
   */
  wholeListRuns: flags.quick ? 1 : Math.min(5, runs),
  flips: flags.quick ? 5 : 20,
  backSteps: 3,
  memoryPages: flags.quick ? 100 : 1000,
  memoryBudgetMs: 90_000,
  /** Reads again of the whole index, as the dashboard's refresh of a filtered list (issue: no growth over 100). */
  rereads: flags.quick ? 5 : 100,
};
const bin = resolve(flags.bin);
const baseline = flags.baseline ? resolve(flags.baseline) : undefined;
if (baseline && !existsSync(baseline)) {
  console.error(`${flags.baseline} does not exist.`);
  process.exit(1);
}
if (!existsSync(bin)) {
  console.error(`${flags.bin} does not exist. Build it first with \`npm run build\`.`);
  process.exit(1);
}
const stale = await newerSource('src', (await stat(bin)).mtimeMs);
if (stale)
  console.warn(
    `Warning: ${stale} is newer than ${flags.bin}; run \`npm run build\` first to measure the current code.`,
  );
if (!existsSync(CURL)) {
  console.error(`The reference needs curl at ${CURL}; install curl and run the bench again.`);
  process.exit(1);
}

const started = performance.now();
const host = machine();
console.log(`slotui bench: ${describeMachine(host)}`);
console.log(
  `${runs} runs per figure (medians); sandbox seeded with ${SEED.toLocaleString('en-US')} SLIs; pty ${COLS}x${ROWS}.\n`,
);

const tempDir = await mkdtemp(join(tmpdir(), 'slotui-bench-run-'));
const live = new Set();
const sandboxes = [];
const apis = [];
let sandboxBundle;

async function cleanup() {
  for (const session of live) session.dispose();
  live.clear();
  for (const api of apis) api.close();
  await Promise.allSettled(sandboxes.map((s) => s.close()));
  await sandboxBundle?.cleanup();
  await rm(tempDir, { recursive: true, force: true });
}
process.once('SIGINT', () => {
  console.error('\nInterrupted; stopping what the bench started.');
  void cleanup().finally(() => process.exit(130));
});

/** The environment of every slotui run: the sandbox, a fresh config folder, no CI markers (Ink renders differently in CI). */
function slotuiEnv(sandbox) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    // NODE_EXTRA_CA_CERTS would make every Node start read more certificates than curl reads.
    if (
      key.startsWith('SLOTUI_') ||
      key === 'NODE_EXTRA_CA_CERTS' ||
      key === 'CI' ||
      key.startsWith('CI_') ||
      key === 'CONTINUOUS_INTEGRATION'
    )
      continue;
    env[key] = value;
  }
  return {
    ...env,
    SLOTUI_BASE_URL: sandbox.baseUrl,
    SLOTUI_CA_FILE: sandbox.caFile,
    SLOTUI_TOKEN: sandbox.token,
    SLOTUI_CONFIG_DIR: join(tempDir, 'config'),
    // The code cache of this run's builds, not the user's (warm after the first run of each).
    XDG_CACHE_HOME: join(tempDir, 'cache'),
    TERM: 'xterm-256color',
  };
}

async function startContext(seed, { seedSlos = 0 } = {}) {
  const sandbox = await startSandboxChild(sandboxBundle.file, seed, { seedSlos });
  sandboxes.push(sandbox);
  const api = createApi(sandbox);
  apis.push(api);
  const total = (await api.getJson('/v1/slis/?limit=1&offset=0')).total;
  return { bin, cwd: process.cwd(), env: slotuiEnv(sandbox), sandbox, api, tempDir, live, total };
}

const rows = [];
const notes = [];
const failures = [];

/** Runs one measurement; a failure becomes a row that says so, and the bench goes on. */
async function measure(name, fn) {
  if (flags['startup-only'] && !name.startsWith('start')) return;
  if (flags.only !== undefined && !name.includes(flags.only)) return;
  const t0 = performance.now();
  process.stdout.write(`- ${name} ... `);
  try {
    await fn();
    console.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } catch (err) {
    console.log('FAILED');
    console.error(`  ${err instanceof Error ? err.message : String(err)}`);
    failures.push(name);
    rows.push({ measurement: name, slotui: 'failed', reference: '', ratio: '', target: '', met: 'NO' });
  }
}

try {
  sandboxBundle = await bundleSandbox();
  const ctx = await startContext(SEED);
  const curlArgs = await curlSetup(ctx);
  console.log(`Sandbox ready with ${ctx.total.toLocaleString('en-US')} SLIs at ${ctx.sandbox.baseUrl}.`);

  // Diagnostics first: what loading the bundle costs before any work.
  await measure('startup diagnostics', async () => {
    const files = [{ name: 'dist/slotui.js', size: (await stat(bin)).size }];
    const partsDir = join(bin, '..', 'parts');
    if (existsSync(partsDir)) {
      for (const f of (await readdir(partsDir)).filter((f) => f.endsWith('.js')))
        files.push({ name: `parts/${f}`, size: (await stat(join(partsDir, f))).size });
    }
    const big = files.filter((f) => f.size >= 100 * 1024);
    const small = files.filter((f) => f.size < 100 * 1024);
    notes.push(
      `Bundle: ${big.map((f) => `${f.name} ${(f.size / 1024).toFixed(0)} KiB`).join(', ')}, and ${small.length} more files of ${(small.reduce((n, f) => n + f.size, 0) / 1024).toFixed(0)} KiB in all.`,
    );
    const version = [];
    const bare = [];
    for (let i = 0; i <= runs; i++) {
      const v = await runProcess(process.execPath, [bin, '--version'], { env: ctx.env });
      const b = await runProcess(process.execPath, ['-e', '0'], { env: ctx.env });
      if (i > 0) {
        version.push(v.ms);
        bare.push(b.ms);
      } // the first pair warms the file cache
    }
    const peak = canMeasurePeak
      ? (await runProcess(process.execPath, [bin, '--version'], { env: ctx.env, peak: true })).peakKiB
      : NaN;
    notes.push(
      `\`slotui --version\` (loads the entry bundle, no work): ${ms(median(version))} vs \`node -e 0\` ${ms(median(bare))} in a pipe; its peak RSS ${mib(peak)}.`,
    );
  });

  await measure(
    'start-up: first frame and list --limit 25, warm and cold cache, with references and floors',
    async () => {
      const firstName = await ctx.api.nameAt(0);
      const r = await startupRounds(ctx, {
        rounds: flags.quick ? 3 : Math.max(runs, 15),
        curlArgs,
        firstName,
        baseline,
      });
      const m = (name) => median(r[name]);
      const bareMs = m('bare node');
      const curlMs = m('curl');
      const vsBare = (name, target, ok) => ({
        slotui: ms(m(name)),
        reference: `${ms(bareMs)} (\`node -e 0\`)`,
        ratio: ratio(m(name) / bareMs),
        target,
        met: ok === undefined ? 'n/a' : met(ok),
      });
      const vsCurl = (name, target, ok) => ({
        slotui: ms(m(name)),
        reference: `${ms(curlMs)} (curl)`,
        ratio: ratio(m(name) / curlMs),
        target,
        met: ok === undefined ? 'n/a' : met(ok),
      });
      const beforeWarm = (what) => (baseline ? m(`baseline: ${what}, warm`) : undefined);
      const coldTarget = (what) =>
        baseline
          ? [`≤ ${ms(beforeWarm(what))} (baseline warm)`, m(`slotui: ${what}, cold`) <= beforeWarm(what)]
          : ['≤ baseline warm', undefined];
      rows.push({
        measurement: 'start-up: first frame with data (pty), warm cache',
        ...vsBare('slotui: first frame, warm', '≤ 4.5x', m('slotui: first frame, warm') / bareMs <= 4.5),
      });
      rows.push({
        measurement: 'start-up: first frame from the page kept by the last run, the service silent (pty)',
        ...vsBare(
          'slotui: first frame from the kept page, service silent',
          '≤ 3.5x',
          m('slotui: first frame from the kept page, service silent') / bareMs <= 3.5,
        ),
      });
      rows.push({
        measurement: 'start-up: first frame with data (pty), cold cache',
        ...vsBare('slotui: first frame, cold', '≤ 5.5x', m('slotui: first frame, cold') / bareMs <= 5.5),
      });
      rows.push({
        measurement: 'start-up: floor, one Ink frame of 29 lines (pty, cached code)',
        ...vsBare('floor: Ink frame', '—'),
      });
      rows.push({
        measurement: 'start-up: `slotui list slis --limit 25 --json`, warm cache',
        ...vsCurl('slotui: list, warm', '≤ 5.5x', m('slotui: list, warm') / curlMs <= 5.5),
      });
      rows.push({
        measurement: 'start-up: `slotui list slis --limit 25 --json`, cold cache',
        ...vsCurl('slotui: list, cold', ...coldTarget('list')),
      });
      rows.push({
        measurement: 'start-up: floor, one undici GET printed (cached code)',
        ...vsCurl('floor: undici GET', '—'),
      });
      if (baseline) {
        for (const [what, label, vs] of [
          ['first frame', 'first frame with data (pty)', vsBare],
          ['first frame from the kept page', 'first frame from the kept page, service silent (pty)', vsBare],
          ['list', '`list slis --limit 25 --json`', vsCurl],
        ]) {
          // The kept page is in the warm cache only.
          for (const cache of what.includes('kept') ? [''] : ['warm', 'cold']) {
            const name = cache ? `${what}, ${cache}` : `${what}, service silent`;
            rows.push({
              measurement: `start-up: baseline ${label}${cache ? `, ${cache}` : ''}`,
              ...vs(`baseline: ${name}`, '—'),
            });
          }
        }
        notes.push(
          `Baseline: ${flags.baseline}, measured in the same rounds (its compile cache in a TMPDIR of its own, fresh for each cold run).`,
        );
      }
      notes.push(
        `Start-up rounds: ${r['bare node'].length}, interleaved (each round runs every figure, alternating order); warm = the cache of earlier runs, cold = a fresh cache folder for each run.`,
      );
    },
  );

  await measure('list --limit 100 --json vs curl', async () => {
    await listOnePage(ctx, { keep: true });
    await curlOnePage(ctx, curlArgs);
    const mine = [];
    const ref = [];
    for (let i = 0; i < runs; i++) {
      mine.push(await listOnePage(ctx));
      ref.push(await curlOnePage(ctx, curlArgs));
    }
    const r = median(mine) / median(ref);
    rows.push({
      measurement: '`slotui list slis --limit 100 --json` (wall)',
      slotui: ms(median(mine)),
      reference: `${ms(median(ref))} (curl)`,
      ratio: ratio(r),
      target: '≤ 4x',
      met: met(r <= 4),
    });
  });

  await measure('dashboard sessions (first frame, page flips, TLS connections)', async () => {
    const firstName = await ctx.api.nameAt(0);
    const pageSize = await learnPageSize(ctx, firstName);
    const lastOffset = ctx.total > 0 ? Math.floor((ctx.total - 1) / pageSize) * pageSize : 0;
    notes.push(`The dashboard asks for ${pageSize} SLIs a page in a ${COLS}x${ROWS} terminal.`);
    // Names are learned before the sessions so the bench opens no connection while one runs.
    const names = await pageNames(ctx, pageSize, [
      ...Array.from({ length: Math.max(settings.flips + 1, settings.memoryPages) }, (_, i) => i * pageSize),
      ...Array.from({ length: settings.backSteps + 1 }, (_, i) => lastOffset - i * pageSize),
    ]);
    ctx.pageSize = pageSize;
    ctx.pageName = (offset) => names.get(offset);

    const first = [];
    const firstOutput = [];
    const badExits = [];
    const bare = [];
    const prefetched = [];
    const unfetched = [];
    const connections = [];
    const before = { first: [], prefetched: [], unfetched: [] };
    for (let i = 0; i < runs; i++) {
      bare.push(await bareNode(ctx));
      const s = await measuredSession(ctx, {
        firstName,
        pageSize,
        lastOffset,
        flips: settings.flips,
        backSteps: settings.backSteps,
        pageName: ctx.pageName,
      });
      first.push(s.firstFrameMs);
      firstOutput.push(s.firstOutputMs);
      prefetched.push(...s.prefetched);
      unfetched.push(...s.unfetched);
      connections.push(s.connections);
      if (s.exitCode !== 0) badExits.push(s.exitCode);
      if (baseline) {
        const b = await measuredSession(
          { ...ctx, bin: baseline },
          {
            firstName,
            pageSize,
            lastOffset,
            flips: settings.flips,
            backSteps: settings.backSteps,
            pageName: ctx.pageName,
          },
        );
        before.first.push(b.firstFrameMs);
        before.prefetched.push(...b.prefetched);
        before.unfetched.push(...b.unfetched);
      }
    }
    if (baseline) {
      notes.push(
        `Baseline in the same sessions, alternating: first frame ${ms(median(before.first))}; page flips prefetched ${ms(median(before.prefetched))}, not fetched ${ms(median(before.unfetched))} (slotui: ${ms(median(first))}, ${ms(median(prefetched))}, ${ms(median(unfetched))}).`,
      );
    }
    // The server's own time for pages like the unfetched ones, on a warm kept-alive connection.
    const serverTimes = [];
    await ctx.api.get(ctx.api.slisPath(pageSize, lastOffset));
    for (let i = 0; i < runs; i++) {
      for (let step = 0; step <= settings.backSteps; step++)
        serverTimes.push((await ctx.api.get(ctx.api.slisPath(pageSize, lastOffset - step * pageSize))).ms);
    }
    const server = median(serverTimes);

    const r1 = median(first) / median(bare);
    rows.unshift({
      measurement: 'time to first frame with data (pty)',
      slotui: ms(median(first)),
      reference: `${ms(median(bare))} (\`node -e 0\`)`,
      ratio: ratio(r1),
      target: '≤ 3x',
      met: met(r1 <= 3),
    });
    const pre = median(prefetched);
    rows.push({
      measurement: `page flip, prefetched page (\`n\`, ${prefetched.length} flips)`,
      slotui: ms(pre),
      reference: '16 ms (one frame)',
      ratio: ratio(pre / 16),
      target: '≤ 16 ms',
      met: met(prefetched.length ? pre <= 16 : undefined),
    });
    const un = median(unfetched);
    rows.push({
      measurement: `page flip, page not fetched (\`G\`, \`p\`; ${unfetched.length} flips)`,
      slotui: ms(un),
      reference: `${ms(server)} (server, warm)`,
      ratio: ratio(un / server),
      target: '≤ server + 10 ms',
      met: met(unfetched.length ? un <= server + 10 : undefined),
    });
    ctx.connections = connections;
    if (badExits.length)
      notes.push(
        `${badExits.length} of ${runs} dashboard sessions exited with a code other than 0 after \`q\` (${badExits.join(', ')}).`,
      );
    notes.push(
      `First output of any kind from the dashboard (before data): ${ms(median(firstOutput))} after the spawn.`,
    );
    notes.push(
      `Page flips, prefetched: min ${ms(Math.min(...prefetched))}, max ${ms(Math.max(...prefetched))}; not fetched: min ${ms(Math.min(...unfetched))}, max ${ms(Math.max(...unfetched))}.`,
    );
  });

  await measure(`dashboard memory over ${settings.memoryPages.toLocaleString('en-US')} pages`, async () => {
    if (!ctx.pageName) throw new Error('The dashboard sessions failed, so the page names are unknown.');
    const m = await pagingMemory(ctx, {
      firstName: ctx.pageName(0),
      pageSize: ctx.pageSize,
      pages: settings.memoryPages,
      pageName: ctx.pageName,
      budgetMs: settings.memoryBudgetMs,
    });
    const r = m.afterAllKiB / m.after10KiB;
    const label =
      m.pagesReached < settings.memoryPages
        ? `${m.pagesReached} pages (time budget)`
        : `${m.pagesReached.toLocaleString('en-US')} pages`;
    rows.push({
      measurement: `dashboard RSS after ${label} vs after 10`,
      slotui: mib(m.afterAllKiB),
      reference: `${mib(m.after10KiB)} (10 pages)`,
      ratio: ratio(r),
      target: '≤ 1.2x',
      met: met(r <= 1.2),
    });
    ctx.pagingRssKiB = m.afterAllKiB;
    notes.push(`Paging through ${m.pagesReached} pages as fast as they drew: median ${ms(median(m.flipMs))} a page.`);
  });

  await measure(`record index of ${ctx.total.toLocaleString('en-US')} SLIs (memory, time)`, async () => {
    const m = await indexMemory(ctx, { rereads: settings.rereads });
    if (m.state !== 'complete' || m.records !== ctx.total)
      throw new Error(`The index ended ${m.state} with ${m.records} of ${ctx.total} records.`);
    const heldKiB = m.heapAfterKiB - m.heapBeforeKiB;
    const paging = ctx.pagingRssKiB;
    rows.push({
      measurement: `record index: ${m.records.toLocaleString('en-US')} SLIs held (JS heap and buffers)`,
      slotui: mib(heldKiB),
      reference: paging ? `${mib(paging)} (dashboard RSS, a page at a time)` : '—',
      ratio: paging ? ratio(heldKiB / paging) : '—',
      target: '< 200 MB',
      met: met(heldKiB * 1024 < 200e6),
    });
    if (m.rereads > 0) {
      const growth = m.heapAfterRereadsKiB - m.heapAfterFirstRereadKiB;
      rows.push({
        measurement: `record index: ${m.records.toLocaleString('en-US')} SLIs read again ${m.rereads} times (JS heap and buffers, growth after the first)`,
        slotui: mib(growth),
        reference: `${mib(heldKiB)} (the index held)`,
        ratio: ratio(growth / heldKiB),
        target: 'no growth (< 2 % of the index)',
        met: met(growth < heldKiB * 0.02),
      });
      const reread = median(m.rereadMs);
      rows.push({
        measurement: `record index: one read again of ${m.records.toLocaleString('en-US')} SLIs (a refresh of a filtered list)`,
        slotui: ms(reread),
        reference: `${ms(m.ms)} (gathering them)`,
        ratio: ratio(reread / m.ms),
        target: '≤ 1.2× gathering',
        met: met(reread <= m.ms * 1.2),
      });
    }
    notes.push(
      `Gathering ${m.records.toLocaleString('en-US')} SLIs into the record index over one connection took ${ms(m.ms)} (${rate(m.records / (m.ms / 1000))}); the process's RSS went from ${mib(m.rssBeforeKiB)} to ${mib(m.rssAfterKiB)}.`,
    );
  });

  await measure(
    `dashboard with a full record index of ${ctx.total.toLocaleString('en-US')} SLIs (memory)`,
    async () => {
      if (!ctx.pageName) throw new Error('The dashboard sessions failed, so the page names are unknown.');
      const m = await indexedDashboardMemory(ctx, { firstName: ctx.pageName(0), total: ctx.total });
      const paging = ctx.pagingRssKiB;
      const reference = paging
        ? `${mib(paging)} (dashboard RSS, a page at a time)`
        : `${mib(m.beforeKiB)} (first page)`;
      const held = ctx.total.toLocaleString('en-US');
      for (const [when, kib] of [
        ['just gathered', m.afterKiB],
        ['after 30 s at rest', m.restKiB],
      ])
        rows.push({
          measurement: `dashboard RSS with the whole index (${held} SLIs), ${when}`,
          slotui: mib(kib),
          reference,
          ratio: ratio(kib / (paging || m.beforeKiB)),
          target: 'well under 200 MB',
          met: met(kib * 1024 < 200e6),
        });
      notes.push(
        `The dashboard (pty) gathered ${held} SLIs for a filter (\`/\`) in ${ms(m.ms)}; its RSS went from ${mib(m.beforeKiB)} at the first page to ${mib(m.afterKiB)} with the whole index held, ${mib(m.restKiB)} after 30 s without a key (peak ${mib(m.peakKiB)}).`,
      );
    },
  );

  await measure('refresh of the page on screen (requests, time)', async () => {
    const m = await pageRefresh(ctx, { refreshes: flags.quick ? 5 : 20 });
    // The floor: the same page over a warm keep-alive connection of bare node:https.
    await ctx.api.get(ctx.api.slisPath(20, 0));
    const bare = [];
    for (let i = 0; i < m.refreshes; i++) bare.push((await ctx.api.get(ctx.api.slisPath(20, 0))).ms);
    const each = median(m.ms);
    rows.push({
      measurement: `refresh of the page on screen: requests a refresh (${m.refreshes} refreshes)`,
      slotui: String(m.requests / m.refreshes),
      reference: '1 (the page)',
      ratio: ratio(m.requests / m.refreshes),
      target: '1',
      met: met(m.requests === m.refreshes),
    });
    rows.push({
      measurement: 'refresh of the page on screen: time (kept-alive connection)',
      slotui: ms(each),
      reference: `${ms(median(bare))} (bare node:https, the same page, warm connection)`,
      ratio: ratio(each / median(bare)),
      target: '≤ 16 ms (a frame)',
      met: met(each <= 16),
    });
  });

  await measure('edit form on a 1 MiB value (open, keys)', async () => {
    const m = await longFieldTimes();
    const key = median(m.keyMs);
    rows.push({
      measurement: 'edit form: open on a 1 MiB value',
      slotui: ms(m.openMs),
      reference: '1000 ms',
      ratio: ratio(m.openMs / 1000),
      target: '< 1 s',
      met: met(m.openMs < 1000),
    });
    rows.push({
      measurement: `edit form: a key in a 1 MiB value (${m.keyMs.length} keys)`,
      slotui: ms(key),
      reference: '16 ms (one frame)',
      ratio: ratio(key / 16),
      target: '≤ 16 ms',
      met: met(key <= 16),
    });
  });

  await measure('TLS connections per session', async () => {
    if (!ctx.connections) throw new Error('The dashboard sessions failed.');
    const most = Math.max(...ctx.connections);
    rows.push({
      measurement: `TLS connections per dashboard session (open, ${settings.flips} + ${settings.backSteps + 1} flips, quit)`,
      slotui: `${median(ctx.connections)} (max ${most})`,
      reference: '—',
      ratio: '—',
      // One for what the user waits for, one for background work (prefetch, counts, the record index).
      target: '≤ 2',
      met: met(most <= 2),
    });
  });

  await measure(`SLO list with its BUDGET column (${SLO_SEED.toLocaleString('en-US')} generated SLOs)`, async () => {
    const slos = await startContext(0, { seedSlos: SLO_SEED });
    try {
      const total = (await slos.api.getJson('/v1/slos/?limit=1&offset=0')).total;
      const names = new Map();
      const nameAt = async (offset) => {
        if (!names.has(offset)) names.set(offset, await slos.api.nameAt(offset, 'slos'));
        return names.get(offset);
      };
      const firstSliName = await slos.api.nameAt(0);
      const firstName = await nameAt(0);
      const flips = [];
      const late = [];
      for (let i = 0; i < runs; i++) {
        const s = await sloListSession(slos, {
          firstSliName,
          firstName,
          flips: settings.flips,
          pageName: (offset) => nameAt(offset),
        });
        flips.push(...s.prefetched);
        late.push(...s.unfetched);
      }
      const m = median(flips);
      rows.push({
        measurement: `page flip, SLO list with BUDGET (\`n\`, ${total.toLocaleString('en-US')} SLOs, ${flips.length} flips)`,
        slotui: ms(m),
        reference: '16 ms (one frame)',
        ratio: ratio(m / 16),
        target: '≤ 16 ms',
        met: met(flips.length ? m <= 16 : undefined),
      });
      notes.push(
        `SLO page flips with the BUDGET column: min ${ms(Math.min(...flips))}, max ${ms(Math.max(...flips))}${late.length ? `; ${late.length} flips found their page not yet fetched (median ${ms(median(late))})` : ''}.`,
      );
    } finally {
      await slos.sandbox.close();
    }
  });

  await measure(
    `whole list of ${ctx.total.toLocaleString('en-US')} SLIs: gathering with / and an order, keys, sort, memory`,
    async () => {
      const runner = await wholeListRunner();
      const byMode = { none: [], filter: [], sort: [] };
      try {
        for (let i = 0; i < settings.wholeListRuns; i++)
          for (const mode of i % 2 === 0 ? ['none', 'filter', 'sort'] : ['sort', 'filter', 'none'])
            byMode[mode].push(await runner.run(ctx, mode));
      } finally {
        await runner.cleanup();
      }
      const n = ctx.total.toLocaleString('en-US');
      const large = ctx.total >= 1_000_000;
      const med = (mode, key) => median(byMode[mode].map((r) => r[key]));
      const plain = med('none', 'gatherMs');
      // Each round's gathering against the one without anything active in the same round (they run
      // side by side), the median of those ratios: a round the machine was slower for counts for both.
      const paired = (mode) => median(byMode[mode].map((r, i) => r.gatherMs / byMode.none[i].gatherMs));
      rows.push({
        measurement: `whole list: gathering ${n} SLIs with \`/\` active`,
        slotui: ms(med('filter', 'gatherMs')),
        reference: `${ms(plain)} (gathering, nothing active)`,
        ratio: ratio(paired('filter')),
        target: '≤ 1.3x',
        met: met(paired('filter') <= 1.3),
      });
      rows.push({
        measurement: `whole list: gathering ${n} SLIs with an order active`,
        slotui: ms(med('sort', 'gatherMs')),
        reference: `${ms(plain)} (gathering, nothing active)`,
        ratio: ratio(paired('sort')),
        target: '—',
        met: 'n/a',
      });
      const keys = byMode.filter.flatMap((r) => r.keyMs);
      const keyTarget = large ? 60 : 16;
      rows.push({
        measurement: `whole list: \`/\` a key over ${n} held (${keys.length} keys, each extending the text)`,
        slotui: ms(median(keys)),
        reference: `${ms(keyTarget)} (${large ? 'target at 1M' : 'one frame'})`,
        ratio: ratio(median(keys) / keyTarget),
        target: `≤ ${keyTarget} ms`,
        met: met(median(keys) <= keyTarget),
      });
      rows.push({
        measurement: `whole list: \`/\` a text that does not extend the last, over ${n} held`,
        slotui: ms(med('filter', 'otherTextMs')),
        reference: `${ms(keyTarget)} (${large ? 'target at 1M' : 'one frame'})`,
        ratio: ratio(med('filter', 'otherTextMs') / keyTarget),
        target: `≤ ${keyTarget} ms`,
        met: met(med('filter', 'otherTextMs') <= keyTarget),
      });
      rows.push({
        measurement: `whole list: \`o\` (sort by NAME) over ${n} held`,
        slotui: ms(med('filter', 'sortMs')),
        reference: '300 ms (target at 1M)',
        ratio: ratio(med('filter', 'sortMs') / 300),
        target: large ? '≤ 300 ms' : '— (at 1M: ≤ 300 ms)',
        met: large ? met(med('filter', 'sortMs') <= 300) : 'n/a',
      });
      rows.push({
        measurement: `whole list: \`o\` again (sort by TYPE, four kinds) over ${n} held`,
        slotui: ms(med('filter', 'sortAgainMs')),
        reference: '300 ms (target at 1M)',
        ratio: ratio(med('filter', 'sortAgainMs') / 300),
        target: large ? '≤ 300 ms' : '— (at 1M: ≤ 300 ms)',
        met: large ? met(med('filter', 'sortAgainMs') <= 300) : 'n/a',
      });
      const gathered = med('filter', 'rssGatheredKiB');
      rows.push({
        measurement: `whole list: RSS with ${n} SLIs held (gathered with \`/\` active)`,
        slotui: mib(gathered),
        reference: '500.0 MiB (target at 1M)',
        ratio: ratio(gathered / 1024 / 500),
        target: large ? '≤ 500 MiB' : '— (at 1M: ≤ 500 MiB)',
        met: large ? met(gathered / 1024 <= 500) : 'n/a',
      });
      rows.push({
        measurement: 'whole list: RSS after a filter and a sort, the view let go, vs just gathered',
        slotui: mib(med('filter', 'rssAtRestKiB')),
        reference: `${mib(gathered)} (just gathered)`,
        ratio: ratio(med('filter', 'rssAtRestKiB') / gathered),
        target: '≤ 1.05x (no growth)',
        met: met(med('filter', 'rssAtRestKiB') / gathered <= 1.05),
      });
      notes.push(
        `Whole list (the dashboard's WholeList over a RecordIndex in a process of its own, no terminal; ${settings.wholeListRuns} round(s) of the three gatherings; a gathering's ratio is the median of each round's against the one with nothing active; each round's: ${byMode.filter.map((r, i) => ratio(r.gatherMs / byMode.none[i].gatherMs)).join(', ')}): ${byMode.filter[0]?.matches.toLocaleString('en-US')} SLIs match \`latency\`; RSS with the filter and the sort held ${mib(med('filter', 'rssAfterKiB'))}.`,
      );
    },
  );

  await measure('sandbox vs a bare node:https server, a list page of 100 SLIs', async () => {
    const page = await ctx.api.get('/v1/slis/?limit=100&offset=0');
    const bare = await startBareServer(tempDir, page.body);
    try {
      const path = '/v1/slis/?limit=100&offset=0';
      for (const [connections, requests] of [
        [1, flags.quick ? 500 : 2000],
        [50, flags.quick ? 1000 : 5000],
      ]) {
        const mine = [];
        const ref = [];
        // Each round in the other order than the last, so neither side always meets the load the other left.
        for (let i = 0; i < (flags.quick ? 2 : 4); i++) {
          const sandboxRun = () => requestRate(ctx.sandbox, path, { connections, requests });
          const bareRun = () => requestRate({ ...bare, token: ctx.sandbox.token }, path, { connections, requests });
          if (i % 2 === 0) {
            mine.push(await sandboxRun());
            ref.push(await bareRun());
          } else {
            ref.push(await bareRun());
            mine.push(await sandboxRun());
          }
        }
        const rps = median(mine.map((m) => m.rps));
        const refRps = median(ref.map((m) => m.rps));
        const p99 = median(mine.map((m) => m.p99Ms));
        const refP99 = median(ref.map((m) => m.p99Ms));
        const perSecond = (v) => `${Math.round(v).toLocaleString('en-US')} req/s`;
        rows.push({
          measurement: `sandbox: list page of 100, ${connections} connection${connections > 1 ? 's' : ''} (requests/s)`,
          slotui: perSecond(rps),
          reference: `${perSecond(refRps)} (bare node:https)`,
          ratio: ratio(rps / refRps),
          target: '≥ 0.85x',
          met: met(rps / refRps >= 0.85),
        });
        rows.push({
          measurement: `sandbox: list page of 100, ${connections} connection${connections > 1 ? 's' : ''} (p99)`,
          slotui: ms(p99),
          reference: `${ms(refP99)} (bare node:https)`,
          ratio: ratio(p99 / refP99),
          target: '≤ 1.5x',
          met: met(p99 / refP99 <= 1.5),
        });
      }
    } finally {
      await bare.close();
    }
  });

  await measure(`list --all --json over ${ctx.total.toLocaleString('en-US')} vs curl, and peak memory`, async () => {
    const small = await startContext(SMALL_SEED);
    const walker = await undiciWalker(ctx, ctx.total);
    const mine = [];
    const ref = [];
    const floor = [];
    const smallPeaks = [];
    const before = [];
    const beforeSmallPeaks = [];
    try {
      for (let i = 0; i < settings.allRuns; i++) {
        mine.push(await listAll(ctx, i === 0 ? { expectTotal: ctx.total } : {}));
        ref.push(await curlAllPages(ctx, curlArgs, ctx.total));
        floor.push(await walker.run());
        smallPeaks.push((await listAll(small, i === 0 ? { expectTotal: small.total } : {})).peakKiB);
        if (baseline) {
          before.push(await listAll({ ...ctx, bin: baseline }));
          beforeSmallPeaks.push((await listAll({ ...small, bin: baseline })).peakKiB);
        }
      }
    } finally {
      await walker.cleanup();
    }
    if (baseline) {
      const beforeRate = ctx.total / (median(before.map((m) => m.ms)) / 1000);
      const curlRate = ctx.total / (median(ref.map((m) => m.ms)) / 1000);
      notes.push(
        `Baseline \`--all\` in the same rounds: ${rate(beforeRate)}, ${ratio(curlRate / beforeRate)} curl; peak RSS ${mib(median(before.map((m) => m.peakKiB)))} vs ${mib(median(beforeSmallPeaks))} at ${small.total.toLocaleString('en-US')}.`,
      );
    }
    await small.sandbox.close();
    const mineRate = ctx.total / (median(mine.map((m) => m.ms)) / 1000);
    const refRate = ctx.total / (median(ref.map((m) => m.ms)) / 1000);
    rows.push({
      measurement: `\`slotui list slis --all --json\` (${ctx.total.toLocaleString('en-US')} records)`,
      slotui: rate(mineRate),
      reference: `${rate(refRate)} (curl, one connection)`,
      ratio: ratio(refRate / mineRate),
      target: '≤ 2.5x',
      met: met(refRate / mineRate <= 2.5),
    });
    const floorRate = ctx.total / (median(floor) / 1000);
    rows.push({
      measurement: `floor of --all: undici alone, the same pages parsed and printed (${ctx.total.toLocaleString('en-US')} records)`,
      slotui: rate(floorRate),
      reference: `${rate(refRate)} (curl, one connection)`,
      ratio: ratio(refRate / floorRate),
      target: '—',
      met: 'n/a',
    });
    // Evidence that --all streams: with the JS heap capped far below 100,000 records' size it still completes.
    const capped = await runProcess(
      process.execPath,
      [`--max-old-space-size=${HEAP_CAP_MIB}`, bin, 'list', 'slis', '--all', '--json'],
      { env: ctx.env, peak: true, timeoutMs: 300_000 },
    );
    notes.push(
      capped.code === 0
        ? `\`--all --json\` over ${ctx.total.toLocaleString('en-US')} records (${mib(capped.stdoutBytes / 1024)} of JSON) also completes with the JS heap capped at ${HEAP_CAP_MIB} MiB (\`--max-old-space-size\`), peak RSS ${mib(capped.peakKiB)}: the records are not accumulated; the default peak is V8 letting its heap grow.`
        : `\`--all --json\` failed with the JS heap capped at ${HEAP_CAP_MIB} MiB (exit ${capped.code}): the records may be accumulated.`,
    );
    // The same records as YAML (`-o yaml`, as `slotui export` writes them too), once, against the JSON runs above.
    const yaml = await runProcess(process.execPath, [bin, 'list', 'slis', '--all', '-o', 'yaml'], {
      env: ctx.env,
      timeoutMs: 600_000,
    });
    if (yaml.code !== 0) throw new Error(`slotui list slis --all -o yaml exited ${yaml.code}.`);
    const yamlRate = ctx.total / (yaml.ms / 1000);
    rows.push({
      measurement: `\`slotui list slis --all -o yaml\` (${ctx.total.toLocaleString('en-US')} records, one run)`,
      slotui: rate(yamlRate),
      reference: `${rate(mineRate)} (the same, --json)`,
      ratio: ratio(mineRate / yamlRate),
      target: '—',
      met: 'n/a',
    });
    if (canMeasurePeak) {
      const big = median(mine.map((m) => m.peakKiB));
      const little = median(smallPeaks);
      rows.push({
        measurement: `peak RSS of --all: ${ctx.total.toLocaleString('en-US')} vs ${small.total.toLocaleString('en-US')} records`,
        slotui: mib(big),
        reference: `${mib(little)} (${small.total.toLocaleString('en-US')})`,
        ratio: ratio(big / little),
        target: '≤ 1.2x (flat)',
        met: met(big / little <= 1.2),
      });
      notes.push(`curl's peak RSS over the same pages: ${mib(median(ref.map((m) => m.peakKiB)))}.`);
    } else {
      notes.push('Peak memory of --all not measured: /usr/bin/time is missing.');
    }
  });
} finally {
  await cleanup();
}

const order = [
  'start-up: first frame',
  'start-up: floor, one Ink',
  'start-up: `slotui list',
  'start-up: floor, one undici',
  'start-up: baseline',
  'time to first frame',
  '`slotui list slis --limit',
  'page flip, prefetched',
  'page flip, page not',
  'page flip, SLO list',
  '`slotui list slis --all',
  'floor of --all',
  'peak RSS',
  'dashboard RSS',
  'record index',
  'whole list',
  'sandbox:',
  'TLS connections',
];
const rank = (row) => {
  const i = order.findIndex((prefix) => row.measurement.startsWith(prefix));
  return i < 0 ? order.length : i;
};
rows.sort((a, b) => rank(a) - rank(b));

console.log(`\n${textTable(rows)}\n`);
for (const note of notes) console.log(`* ${note}`);
console.log(`\nMachine: ${describeMachine(host)}. Bench took ${((performance.now() - started) / 1000).toFixed(0)} s.`);

if (flags.markdown) {
  const md = [
    `Measured on ${describeMachine(host)}; ${runs} runs per figure, medians.`,
    '',
    markdownTable(rows),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  await writeFile(flags.markdown, md);
  console.log(`Markdown table written to ${flags.markdown}.`);
}

/** The first file under `dir` changed after `since` (ms), if any. */
async function newerSource(dir, since) {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).mtimeMs > since) return path;
  }
  return undefined;
}

/** The first SLI name of each page offset, read over the bench's own kept-alive connection. */
async function pageNames(ctx, pageSize, offsets) {
  const names = new Map();
  for (const offset of new Set(offsets.filter((o) => o >= 0 && o < ctx.total)))
    names.set(offset, await ctx.api.nameAt(offset));
  return names;
}

process.exitCode = failures.length ? 1 : 0;
