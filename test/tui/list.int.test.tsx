/**
 * The list screen against a real sandbox: rows, paging with every key of the
 * interface, the last and first page, the background prefetch and the page
 * cache, and fast paging over a slow server.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import {
  KEYS,
  listRequests,
  renderDashboard,
  sandboxClient,
  shownPage,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  waitForWords,
  waitUntil,
  type Dashboard,
} from './helpers.js';

let sandbox: SandboxHandle;
let dashboard: Dashboard | undefined;

beforeAll(async () => {
  // 30 sample SLIs plus 200 generated ones: 230 SLIs, 13 pages of 18 rows at 24 terminal rows.
  sandbox = await startSandbox({ seed: 200 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  // Each test reads only its own requests.
  sandbox.requests.splice(0);
});
afterEach(() => {
  dashboard?.unmount();
  dashboard = undefined;
  sandbox.setFaults({});
});

function open(rows = 24): Dashboard {
  dashboard = renderDashboard({ client: sandboxClient(sandbox), rows });
  return dashboard;
}

/** The first data row's name (the row under the header line). */
function firstRowName(frame: string): string {
  const lines = frame.split('\n');
  const header = lines.findIndex((l) => l.startsWith('NAME'));
  return (lines[header + 1] ?? '').split(/\s{2,}/)[0] ?? '';
}

describe('names beside ids', () => {
  test("an SLO's SLI and an agreement's organization show their names (few referenced records are gathered); never a request a name", async () => {
    dashboard = renderDashboard({ client: sandboxClient(sandbox), rows: 24, columns: 140 });
    const d = dashboard;
    await waitForPage(d, 1);
    d.press('2');
    // The SLIs' first page is read once the SLOs show (the other tabs' counts): its names fill in.
    let frame = await waitForFrame(
      d,
      (f) => /slo-000001/.test(f) && f.includes('sli-000001 check'),
      "the SLO's SLI with its name",
    );
    expect(frame.split('\n').find((l) => l.startsWith('NAME'))).toMatch(/\bSLI\b/);
    d.press('n');
    await waitForPage(d, 2);
    d.press('p');
    frame = await waitForPage(d, 1);
    expect(frame).toContain('sli-000001 check');
    // 230 SLIs are few enough to gather in the background: names beyond the SLIs' first page show too.
    await waitForFrame(d, (f) => /sli-000022 \S/.test(f), 'the name of an SLI on no page read');
    // Never one request a name: no SLI is read by id.
    expect(sandbox.requests.filter((r) => r.path.startsWith('/v1/slis/sli-'))).toEqual([]);
    d.press('4');
    await waitForWords(d, 'org-000001 Acme Retail');
  });

  test('at 80 columns the ids stay whole beside the names', async () => {
    dashboard = renderDashboard({ client: sandboxClient(sandbox), rows: 24, columns: 80 });
    const d = dashboard;
    const slis = await waitForPage(d, 1);
    // The sample records are two years old: kubectl's "2y200d" is whole, not "2y2…".
    expect(slis).toMatch(/sli-000001\s+\d+y\d+d$/m);
    d.press('4');
    const frame = await waitForWords(d, 'org-000001 Acme');
    expect(frame.split('\n').find((l) => l.startsWith('NAME'))).toMatch(/ORGANIZATION\s+SLOS\s+ID\s+AGE/);
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(frame).toMatch(/org-\d{6} \S.*agr-\d{6}/);
  });
});

describe('a window that grows', () => {
  test('gets pages that fill it, from the same first record', async () => {
    const d = open(24);
    const small = await waitForPage(d, 1, 13);
    expect(statusLineOf(small)).toBe('slis · page 1 of 13 · total 230 · profile default');
    d.resize(100, 48);
    await waitForFrame(d, (f) => /^slis · page 1 of 6 · /.test(statusLineOf(f)), 'pages of the new size');
  });
});

describe('rows', () => {
  test('shows the first page of SLIs with the header, the columns, the status line and the hints', async () => {
    const d = open();
    const frame = await waitForText(d, 'checkout-api availability');
    expect(frame).toContain('profile default');
    expect(frame).toMatch(/1 SLIs \(230\)/);
    expect(frame).toMatch(/NAME\s+TYPE\s+UNIT\s+QUERIES\s+ID\s+AGE/);
    expect(statusLineOf(frame)).toBe('slis · page 1 of 13 · total 230 · profile default');
    expect(frame).toContain('n next');
    expect(frame).toContain('? help');
    // 24 rows: header (2), table header, 18 records, status, message, hints.
    expect(frame.split('\n')).toHaveLength(24);
    expect(frame).toContain('sli-000018');
    expect(frame).not.toContain('sli-000019');
  });

  test('a first page asked for before the dashboard loaded is in its first frame, and not asked for again', async () => {
    const client = sandboxClient(sandbox);
    const page = await client.listPage('slis', { limit: 18, offset: 0 });
    sandbox.requests.splice(0);
    dashboard = renderDashboard({
      client,
      rows: 24,
      firstPage: { resource: 'slis', limit: 18, promise: Promise.resolve(page), page },
    });
    await waitForFrame(dashboard, (f) => f.trim() !== '', 'the first frame');
    const first = dashboard.frames().find((f) => f.trim() !== '') ?? '';
    expect(first).toContain('checkout-api availability');
    expect(statusLineOf(first)).toContain('page 1 of 13');
    await waitUntil(() => listRequests(sandbox).includes('18:18'), 'the prefetch of page 2');
    expect(listRequests(sandbox)).not.toContain('0:18');
  });

  test('the page size follows the terminal height', async () => {
    const d = open(30);
    const frame = await waitForPage(d, 1, 10);
    expect(frame).toContain('sli-000024');
    expect(frame).not.toContain('sli-000025');
    expect(listRequests(sandbox)[0]).toBe('0:24');
  });

  test('an empty list says so', async () => {
    const empty = await startSandbox({ sample: false });
    try {
      const d = (dashboard = renderDashboard({ client: sandboxClient(empty) }));
      const frame = await waitForText(d, 'No SLIs here: the list is empty.');
      expect(statusLineOf(frame)).toBe('slis · page 1 of 1 · total 0 · profile default');
    } finally {
      dashboard?.unmount();
      dashboard = undefined;
      await empty.close();
    }
  });
});

describe('paging', () => {
  test('n, →, PgDn go forward and p, ←, PgUp go back', async () => {
    const d = open();
    await waitForPage(d, 1, 13);
    d.press('n');
    expect(firstRowName(await waitForPage(d, 2))).not.toBe('checkout-api availability');
    d.press(KEYS.right);
    await waitForPage(d, 3);
    d.press(KEYS.pageDown);
    await waitForPage(d, 4);
    d.press('p');
    await waitForPage(d, 3);
    d.press(KEYS.left);
    await waitForPage(d, 2);
    d.press(KEYS.pageUp);
    const frame = await waitForPage(d, 1);
    expect(firstRowName(frame)).toBe('checkout-api availability');
  });

  test('next and previous follow the links the server gave (offsets come from the server)', async () => {
    const d = open();
    await waitForPage(d, 1, 13);
    d.press('n');
    await waitForPage(d, 2);
    d.press('n');
    await waitForPage(d, 3);
    const seen = listRequests(sandbox);
    expect(seen).toContain('18:18');
    expect(seen).toContain('36:18');
  });

  test('G shows the last page (offset from total and limit) and g the first', async () => {
    const d = open();
    await waitForPage(d, 1, 13);
    d.press('G');
    const last = await waitForPage(d, 13, 13);
    // 230 records, 18 a page: the last page starts at 216 and holds 14.
    expect(listRequests(sandbox)).toContain('216:18');
    expect(last).toContain('sli-000230');
    d.press('g');
    const first = await waitForPage(d, 1, 13);
    expect(firstRowName(first)).toBe('checkout-api availability');
  });

  test('on the last page, n says so and stays; on the first, p says so', async () => {
    const d = open();
    await waitForPage(d, 1, 13);
    d.press('p');
    await waitForText(d, 'This is the first page.');
    d.press('G');
    await waitForPage(d, 13, 13);
    d.press('n');
    const frame = await waitForText(d, 'This is the last page.');
    expect(shownPage(frame)).toBe(13);
  });

  test('the next page is fetched in the background, and pages seen come from the cache', async () => {
    const d = open();
    await waitForPage(d, 1, 13);
    // The prefetch of page 2 happens without a key.
    await waitUntil(() => listRequests(sandbox).includes('18:18'), 'the prefetch of page 2');
    const before = listRequests(sandbox).length;
    d.press('n');
    await waitForPage(d, 2);
    // Background requests take turns on the one connection (the other resources' counts may go first).
    await waitUntil(() => listRequests(sandbox).includes('36:18'), 'the prefetch of page 3');
    d.press('p');
    await waitForPage(d, 1);
    // Page 2 came from the prefetch, page 1 from the cache; only page 3's prefetch went out.
    expect(listRequests(sandbox).slice(before)).toEqual(['36:18']);
  });

  test('r reloads the page shown, from the server', async () => {
    const d = open();
    await waitForPage(d, 1, 13);
    d.press('n');
    await waitForPage(d, 2);
    const before = listRequests(sandbox).length;
    d.press('r');
    await waitUntil(() => listRequests(sandbox).slice(before).includes('18:18'), 'the reload of page 2');
    await waitForPage(d, 2);
  });

  test('while a page loads, the old rows stay on screen and a spinner names what loads', async () => {
    const d = open();
    await waitForPage(d, 1, 13);
    sandbox.setFaults({ latencyMs: 400 });
    d.press('G');
    const loading = await waitForText(d, 'Loading the last page of SLIs');
    expect(loading).toContain('checkout-api availability');
    expect(shownPage(loading)).toBe(1);
    await waitForPage(d, 13, 13);
  });

  test('paging faster than a slow server shows only the page asked for last', async () => {
    // Slow from the start, so the prefetch of page 2 is still on its way when the keys come.
    sandbox.setFaults({ latencyMs: 150 });
    const d = open();
    await waitForPage(d, 1, 13);
    await waitUntil(() => listRequests(sandbox).includes('18:18'), 'the prefetch of page 2 to be sent');
    const framesBefore = d.frames().length;
    d.press('n', 'n', 'n', 'n');
    const frame = await waitForPage(d, 5, 13);
    expect(frame).toContain('sli-000073');
    const shown = d.frames().slice(framesBefore).map(shownPage);
    // Pages 2, 3 and 4 were walked through (and cached) but never shown.
    expect(shown.filter((n) => n !== 1 && n !== 5)).toEqual([]);
    // And g then n while loading: the first page, then one on.
    d.press('g', 'n');
    await waitForPage(d, 2, 13);
  });

  test('a newer request wins over a late answer: paging back while a page loads cancels it', async () => {
    const d = open();
    await waitForPage(d, 1, 13);
    await waitUntil(() => listRequests(sandbox).includes('18:18'), 'the prefetch of page 2');
    sandbox.setFaults({ latencyMs: 300 });
    d.press('G');
    await waitForText(d, 'Loading the last page');
    // The last page's request has reached the server (on the one connection it may wait its turn first).
    await waitUntil(() => listRequests(sandbox).includes('216:18'), 'the request for the last page to be sent');
    d.press('g');
    // Page 1 is cached: it is shown at once, and the last page is no longer wanted.
    await waitForFrame(d, (f) => !/loading/i.test(statusLineOf(f)), 'loading to stop');
    const framesAfter = d.frames().length;
    // A reload sent after the last page's request, just as slow: once it is back, the late answer would be too.
    d.press('r');
    await waitForText(d, 'Reloading SLIs');
    await waitForPage(d, 1, 13);
    expect(listRequests(sandbox)).toContain('216:18');
    expect(
      d
        .frames()
        .slice(framesAfter)
        .map(shownPage)
        .filter((n) => n !== undefined && n !== 1),
    ).toEqual([]);
  });
});

describe('selection and resources', () => {
  test('j/k and ↓/↑ move the selection; Enter opens the selected record', async () => {
    const d = open();
    await waitForPage(d, 1, 13);
    d.press('j', 'j', KEYS.down, 'k', KEYS.up, 'j');
    // Down 3, up 2, down 1: the third row.
    d.press(KEYS.enter);
    const frame = await waitForText(d, 'SLI checkout-api error rate');
    expect(frame).toContain('sli-000003');
  });

  test('1-4 switch resource, each keeping its page; the header shows the totals', async () => {
    const d = open();
    await waitForPage(d, 1, 13);
    d.press('n');
    await waitForPage(d, 2, 13);
    d.press('2');
    let frame = await waitForFrame(d, (f) => statusLineOf(f).startsWith('slos · page 1'), 'the SLO list');
    expect(frame).toMatch(/NAME\s+TARGET\s+BUDGET\s+WINDOW/);
    d.press('3');
    frame = await waitForFrame(d, (f) => statusLineOf(f).startsWith('organizations · page 1'), 'the organizations');
    expect(frame).toContain('Acme Retail');
    d.press('4');
    frame = await waitForFrame(d, (f) => statusLineOf(f).startsWith('agreements · page 1'), 'the agreements');
    expect(frame).toMatch(/2 SLOs \(\d+\)/);
    expect(frame).toMatch(/3 Orgs \(4\)/);
    d.press('1');
    frame = await waitForFrame(d, (f) => statusLineOf(f).startsWith('slis · page 2'), 'the SLIs where they were');
    expect(frame).toContain('sli-000019');
  });
});
