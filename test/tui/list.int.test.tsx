/**
 * The list screen against a real sandbox: its frames through Ink, then what
 * the network does under the keys (the links followed, the background
 * prefetch and the page cache, a reload, fast paging over a slow server) over
 * the dashboard's view model without Ink, on the same sandbox. The list's
 * behaviour over a fake client is list.test.ts's.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import type { ApiClient } from '../../src/api/types.js';
import { disposeDrivers, driveClient, type Driver } from './driver.js';
import {
  listRequests,
  renderDashboard,
  sandboxClient,
  shownPage,
  statusLineOf,
  waitForFrame,
  waitForText,
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

describe('rows', () => {
  test('shows the first page of SLIs with the header, the columns, the status line and the hints', async () => {
    const d = open();
    const frame = await waitForText(d, 'checkout-api availability');
    expect(frame).toContain('profile default');
    expect(frame).toMatch(/1 SLIs \(230\)/);
    expect(frame).toMatch(/NAME\s+TYPE\s+UNIT\s+QUERIES\s+ID\s+AGE/);
    expect(statusLineOf(frame)).toBe('slis · page 1 of 13 · total 230 · profile default · read 0s ago');
    expect(frame).toContain('Enter details');
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
});

/** The dashboard over the sandbox without Ink (test/tui/driver.ts): what the network does under the keys. */
function drive(): Driver {
  const client = sandboxClient(sandbox);
  clients.push(client);
  return driveClient(client, { realTimers: true });
}
const clients: ApiClient[] = [];
afterEach(async () => {
  disposeDrivers();
  for (const client of clients.splice(0)) await client.close();
});

/** Until page `n` (of `of`) is shown and nothing loads. */
const page = (d: Driver, n: number, of?: number) =>
  d.until(
    (v) =>
      shownPage(v.status.text) === n &&
      (of === undefined || v.status.text.includes(`page ${n} of ${of}`)) &&
      v.status.loading === null,
    `page ${n} shown`,
  );

/** The page each view worked out from now on shows (every view, not only the frames Ink chose to draw). */
function pagesShown(d: Driver): (number | undefined)[] {
  const shown: (number | undefined)[] = [];
  d.dashboard.view.subscribe(() => shown.push(shownPage(d.status())));
  return shown;
}

describe('paging', () => {
  test('next and previous follow the links the server gave (offsets come from the server)', async () => {
    const d = drive();
    await page(d, 1, 13);
    d.key('n');
    await page(d, 2);
    d.key('n');
    await page(d, 3);
    const seen = listRequests(sandbox);
    expect(seen).toContain('18:18');
    expect(seen).toContain('36:18');
  });

  test('the next page is fetched in the background, and pages seen come from the cache', async () => {
    const d = drive();
    await page(d, 1, 13);
    // The prefetch of page 2 happens without a key.
    await waitUntil(() => listRequests(sandbox).includes('18:18'), 'the prefetch of page 2');
    const before = listRequests(sandbox).length;
    d.key('n');
    await page(d, 2);
    // Background requests take turns on the one connection (the other resources' counts may go first).
    await waitUntil(() => listRequests(sandbox).includes('36:18'), 'the prefetch of page 3');
    d.key('p');
    await page(d, 1);
    // Page 2 came from the prefetch, page 1 from the cache; only page 3's prefetch went out.
    expect(listRequests(sandbox).slice(before)).toEqual(['36:18']);
  });

  test('r reloads the page shown, from the server', async () => {
    const d = drive();
    await page(d, 1, 13);
    d.key('n');
    await page(d, 2);
    const before = listRequests(sandbox).length;
    d.key('r');
    await waitUntil(() => listRequests(sandbox).slice(before).includes('18:18'), 'the reload of page 2');
    await page(d, 2);
  });

  test('while a page loads, the old rows stay on screen and the status names what loads', async () => {
    const d = drive();
    await page(d, 1, 13);
    sandbox.setFaults({ latencyMs: 400 });
    d.key('G');
    await d.until(
      (v) => v.status.loading?.startsWith('Loading the last page of SLIs') === true,
      'the last page loading',
    );
    expect(d.rows()[0]).toContain('checkout-api availability');
    expect(shownPage(d.status())).toBe(1);
    await page(d, 13, 13);
  });

  test('paging faster than a slow server shows only the page asked for last', async () => {
    // Slow from the start, so the prefetch of page 2 is still on its way when the keys come.
    sandbox.setFaults({ latencyMs: 150 });
    const d = drive();
    await page(d, 1, 13);
    await waitUntil(() => listRequests(sandbox).includes('18:18'), 'the prefetch of page 2 to be sent');
    const shown = pagesShown(d);
    d.key('n', 'n', 'n', 'n');
    await page(d, 5, 13);
    expect(d.rows().join('\n')).toContain('sli-000073');
    // Pages 2, 3 and 4 were walked through (and cached) but never shown.
    expect(shown.filter((n) => n !== 1 && n !== 5)).toEqual([]);
    // And g then n while loading: the first page, then one on.
    d.key('g', 'n');
    await page(d, 2, 13);
  });

  test('a newer request wins over a late answer: paging back while a page loads cancels it', async () => {
    const d = drive();
    await page(d, 1, 13);
    await waitUntil(() => listRequests(sandbox).includes('18:18'), 'the prefetch of page 2');
    sandbox.setFaults({ latencyMs: 300 });
    d.key('G');
    await d.until(
      (v) => v.status.loading?.startsWith('Loading the last page of SLIs') === true,
      'the last page loading',
    );
    // The last page's request has reached the server (on the one connection it may wait its turn first).
    await waitUntil(() => listRequests(sandbox).includes('216:18'), 'the request for the last page to be sent');
    d.key('g');
    // Page 1 is cached: it is shown at once, and the last page is no longer wanted.
    await d.until((v) => v.status.loading === null, 'loading to stop');
    const shown = pagesShown(d);
    // A reload sent after the last page's request, just as slow: once it is back, the late answer would be too.
    d.key('r');
    await d.until((v) => v.status.loading?.startsWith('Reloading SLIs') === true, 'the reload under way');
    await page(d, 1, 13);
    expect(listRequests(sandbox)).toContain('216:18');
    expect(shown.filter((n) => n !== undefined && n !== 1)).toEqual([]);
  });
});
