// Dashboard measurements in a pseudo-terminal: time to the first frame with
// data, page flips (prefetched and not yet fetched), memory after many pages,
// and TLS connections per session (counted by the sandbox).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { URL } from 'node:url';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { PtySession } from './pty.mjs';
import { processMemory, sleep, waitFor } from './util.mjs';

const FIRST_FRAME_TIMEOUT_MS = 20_000;
const FLIP_TIMEOUT_MS = 10_000;
const QUIET_MS = 100;
const INDEX_TIMEOUT_MS = 180_000;
const REST_MS = 30_000;

/** The text that proves a record's row is drawn: its name (the NAME column is 32 wide). */
const rowText = (name) => name.slice(0, 30);
/** The SLO list's NAME column is narrower (the BUDGET column sits beside it): generated names start with their number. */
const sloText = (name) => name.slice(0, 16);

/** Offsets and limits the sandbox was asked for, for one resource (SLIs unless told). */
class RequestLog {
  constructor(sandbox, resource = 'slis') {
    this.sandbox = sandbox;
    this.path = `/v1/${resource}/`;
    this.seen = [];
  }

  async refresh() {
    for (const line of await this.sandbox.takeRequests()) {
      const [method, path] = line.split(' ');
      const url = new URL(path, 'https://x');
      if (method !== 'GET' || url.pathname !== this.path) continue;
      this.seen.push({
        limit: Number(url.searchParams.get('limit') ?? NaN),
        offset: Number(url.searchParams.get('offset') ?? 0),
      });
    }
    return this.seen;
  }

  async has(offset) {
    return (await this.refresh()).some((r) => r.offset === offset);
  }

  clear() {
    this.seen = [];
  }
}

/**
 * Opens the dashboard on the first page of its first list: the pages kept by
 * earlier sessions are removed first (the dashboard opens on the last page it
 * showed, and a session that pressed `G` would start the next one there). The
 * code cache beside them stays warm.
 */
export function openDashboard(ctx) {
  rmSync(join(ctx.env.XDG_CACHE_HOME, 'slotui', 'pages'), { recursive: true, force: true });
  const session = new PtySession(process.execPath, [ctx.bin], { env: ctx.env, cwd: ctx.cwd });
  ctx.live.add(session);
  return session;
}

async function closeDashboard(ctx, session) {
  try {
    await session.quit('q');
  } finally {
    session.dispose();
    ctx.live.delete(session);
  }
}

/**
 * A warm-up session (not counted): opens the dashboard, waits for the first row
 * and learns the page size the dashboard asks for from the sandbox's log.
 */
export async function learnPageSize(ctx, firstName) {
  const log = new RequestLog(ctx.sandbox);
  await log.refresh();
  log.clear();
  const session = openDashboard(ctx);
  try {
    await session.waitForScreen(
      (s) => s.includes(rowText(firstName)),
      FIRST_FRAME_TIMEOUT_MS,
      `the first SLI row ("${firstName}")`,
    );
    const first = (await log.refresh()).find((r) => r.offset === 0);
    if (!first || !Number.isFinite(first.limit))
      throw new Error('The sandbox saw no first-page request with a limit from the dashboard.');
    return first.limit;
  } finally {
    await closeDashboard(ctx, session);
  }
}

/**
 * One measured session: first frame, `flips` presses of `n` each after the
 * next page was prefetched, then `G` and `p` presses to pages not fetched yet,
 * then `q`. `pageName(offset)` gives the first name of the page at an offset.
 */
export async function measuredSession(ctx, { firstName, pageSize, lastOffset, flips, backSteps, pageName }) {
  const log = new RequestLog(ctx.sandbox);
  await log.refresh();
  log.clear();
  const before = await ctx.sandbox.stats();
  const session = openDashboard(ctx);
  const result = {
    firstFrameMs: NaN,
    firstOutputMs: NaN,
    prefetched: [],
    unfetched: [],
    connections: NaN,
    exitCode: undefined,
  };
  try {
    const drawn = await session.waitForScreen(
      (s) => s.includes(rowText(firstName)),
      FIRST_FRAME_TIMEOUT_MS,
      `the first SLI row ("${firstName}")`,
    );
    result.firstFrameMs = drawn - session.spawnedAt;
    result.firstOutputMs = session.firstDataAt - session.spawnedAt;

    for (let page = 2; page <= flips + 1; page++) {
      const offset = (page - 1) * pageSize;
      // Prefetched means the sandbox has seen the request before the key is pressed.
      const seen = await waitFor(() => log.has(offset), {
        timeoutMs: 3_000,
        everyMs: 20,
        what: `the prefetch of page ${page}`,
      }).catch(() => false);
      await session.waitQuiet(QUIET_MS, 1_000);
      const ms = await flip(session, 'n', await pageName(offset), `page ${page}`);
      (seen ? result.prefetched : result.unfetched).push(ms);
    }

    // Pages not fetched yet: the last one, then back from it.
    const jumps = [{ key: 'G', offset: lastOffset }];
    for (let i = 1; i <= backSteps; i++) jumps.push({ key: 'p', offset: lastOffset - i * pageSize });
    for (const { key, offset } of jumps) {
      await session.waitQuiet(QUIET_MS * 2, 1_500);
      const seen = await log.has(offset);
      const ms = await flip(session, key, await pageName(offset), `the page at offset ${offset}`);
      (seen ? result.prefetched : result.unfetched).push(ms);
    }
    await session.waitQuiet(QUIET_MS, 1_000);
    result.exitCode = (await session.quit('q')).exitCode;
  } finally {
    await closeDashboard(ctx, session);
  }
  const after = await ctx.sandbox.stats();
  result.connections = after.connections - before.connections;
  return result;
}

/** Presses `key` and resolves the ms until the row `name` is on the screen. */
async function flip(session, key, name, what) {
  const pressedAt = session.press(key);
  const drawnAt = await session.waitForScreen(
    (s) => s.includes(rowText(name)),
    FLIP_TIMEOUT_MS,
    `${what} ("${name}") after "${key}"`,
  );
  return drawnAt - pressedAt;
}

/**
 * Pages with `n` through `pages` pages (each drawn before the next key), and
 * reads the resident memory after 10 pages and after all of them, each after
 * the output has settled. Bounded by `budgetMs`: stops early and says so.
 */
export async function pagingMemory(ctx, { firstName, pageSize, pages, pageName, budgetMs }) {
  const session = openDashboard(ctx);
  const result = { after10KiB: NaN, afterAllKiB: NaN, pagesReached: 1, flipMs: [] };
  const started = performance.now();
  try {
    await session.waitForScreen((s) => s.includes(rowText(firstName)), FIRST_FRAME_TIMEOUT_MS, 'the first SLI row');
    for (let page = 2; page <= pages; page++) {
      if (performance.now() - started > budgetMs) break;
      result.flipMs.push(await flip(session, 'n', await pageName((page - 1) * pageSize), `page ${page}`));
      result.pagesReached = page;
      if (page === 10) result.after10KiB = await settledRss(session);
    }
    result.afterAllKiB = await settledRss(session);
  } finally {
    await closeDashboard(ctx, session);
  }
  return result;
}

/**
 * The dashboard with its record index full: opens it, reads its resident memory once the first
 * page is drawn, then filters (`/` and a word no SLI has) so the index gathers every SLI, waits for
 * "0 of <total> match" (said only once every record is held), and reads the memory again: the
 * process as the user runs it, index, pages and renderer together; then again after
 * REST_MS without a key (V8 gives back heap it grew while the pages were read only after a few
 * idle seconds). Its peak (VmHWM) too.
 */
export async function indexedDashboardMemory(ctx, { firstName, total }) {
  const session = openDashboard(ctx);
  const all = total.toLocaleString('en-US');
  try {
    await session.waitForScreen((s) => s.includes(rowText(firstName)), FIRST_FRAME_TIMEOUT_MS, 'the first SLI row');
    const beforeKiB = await settledRss(session);
    const started = performance.now();
    session.press('/');
    session.press('no-sli-is-called-this');
    await session.waitForScreen(
      (s) => s.includes(`0 of ${all} match`),
      INDEX_TIMEOUT_MS,
      `"0 of ${all} match" (every SLI gathered)`,
    );
    const ms = performance.now() - started;
    const afterKiB = await settledRss(session);
    await sleep(REST_MS);
    const memory = await processMemory(session.pid);
    if (!memory) throw new Error('The dashboard process is gone; its memory cannot be read.');
    // Enter keeps the filter and leaves the filter line, so the `q` that closes the session quits.
    session.press('\r');
    await session.waitQuiet(QUIET_MS, 1_000);
    return { beforeKiB, afterKiB, restKiB: memory.rssKiB, peakKiB: memory.hwmKiB, ms };
  } finally {
    await closeDashboard(ctx, session);
  }
}

async function settledRss(session) {
  await session.waitQuiet(300, 3_000);
  const memory = await processMemory(session.pid);
  if (!memory) throw new Error('The dashboard process is gone; its memory cannot be read.');
  return memory.rssKiB;
}

/** Spawn-to-exit of `node -e 0` in the same kind of pty (the reference of the first frame). */
export async function bareNode(ctx) {
  const session = new PtySession(process.execPath, ['-e', '0'], { env: ctx.env, cwd: ctx.cwd });
  ctx.live.add(session);
  try {
    const exit = await session.quit(undefined, 10_000);
    return exit.at - session.spawnedAt;
  } finally {
    session.dispose();
    ctx.live.delete(session);
  }
}

/**
 * The SLO list, whose BUDGET column computes each row's error budget as it draws: opens the
 * dashboard, switches to SLOs (`2`), checks the column is on screen, then presses `n` `flips`
 * times, each after the next page was prefetched (as the SLI page flips). `pageName(offset)`
 * gives the first SLO name of the page at an offset.
 */
export async function sloListSession(ctx, { firstSliName, firstName, flips, pageName }) {
  const log = new RequestLog(ctx.sandbox, 'slos');
  await log.refresh();
  log.clear();
  const session = openDashboard(ctx);
  const result = { pageSize: NaN, prefetched: [], unfetched: [] };
  try {
    await session.waitForScreen(
      (s) => s.includes(rowText(firstSliName)),
      FIRST_FRAME_TIMEOUT_MS,
      `the first SLI row ("${firstSliName}")`,
    );
    await session.waitQuiet(QUIET_MS, 1_000);
    session.press('2');
    await session.waitForScreen(
      (s) => s.includes('BUDGET') && s.includes(sloText(firstName)),
      FLIP_TIMEOUT_MS,
      `the SLO list with its BUDGET column ("${firstName}")`,
    );
    const first = (await log.refresh()).find((r) => r.offset === 0);
    if (!first || !Number.isFinite(first.limit))
      throw new Error('The sandbox saw no first SLO page request with a limit.');
    result.pageSize = first.limit;
    for (let page = 2; page <= flips + 1; page++) {
      const offset = (page - 1) * result.pageSize;
      const seen = await waitFor(() => log.has(offset), {
        timeoutMs: 3_000,
        everyMs: 20,
        what: `the prefetch of SLO page ${page}`,
      }).catch(() => false);
      await session.waitQuiet(QUIET_MS, 1_000);
      const ms = await flip(session, 'n', sloText(await pageName(offset)), `SLO page ${page}`);
      (seen ? result.prefetched : result.unfetched).push(ms);
    }
  } finally {
    await closeDashboard(ctx, session);
  }
  return result;
}
