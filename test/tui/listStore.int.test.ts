/**
 * The list view-model on its own, against a real sandbox: the bounded page
 * cache, cancellation of requests nobody wants, and showing only the page
 * asked for last.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { ListStore, lastPageOffset, pagePosition } from '../../src/tui/state/listStore.js';
import { listRequests, sandboxClient, waitUntil } from './helpers.js';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 300 }); // 330 SLIs
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.setFaults({});
  sandbox.requests.splice(0);
});

function storeOf(pageSize = 10): ListStore {
  return new ListStore({ client: sandboxClient(sandbox), resource: 'slis', pageSize });
}

const shown = (store: ListStore) => store.getSnapshot().page;
const idle = (store: ListStore) => store.getSnapshot().loading === null && store.pendingRequests === 0;

test('the cache holds at most 20 pages however far one pages', async () => {
  const store = storeOf();
  store.ensureLoaded();
  await waitUntil(() => shown(store) !== null, 'the first page');
  for (let i = 2; i <= 30; i++) {
    store.next();
    await waitUntil(() => shown(store)?.offset === (i - 1) * 10, `page ${i}`);
  }
  await waitUntil(() => idle(store), 'quiet');
  expect(store.cachedPages).toBeLessThanOrEqual(20);
  expect(store.cachedPages).toBeGreaterThan(10);
  store.dispose();
});

test('leaving for a cached page aborts the request for the page no longer wanted', async () => {
  const store = storeOf();
  store.ensureLoaded();
  await waitUntil(() => shown(store) !== null && idle(store), 'page 1 and its prefetch');
  sandbox.setFaults({ latencyMs: 1000 });
  store.last();
  expect(store.getSnapshot().loading).toBe('Loading the last page of SLIs…');
  expect(store.pendingRequests).toBe(1);
  store.first();
  // Page 1 is in the cache: shown at once, and the last page's request is cancelled right away.
  expect(shown(store)?.offset).toBe(0);
  expect(store.pendingRequests).toBe(0);
  expect(store.getSnapshot().loading).toBeNull();
  expect(lastPageOffset(330, 10)).toBe(320);
  store.dispose();
});

test('steps taken while a page loads add up, and a request both walks need is sent once', async () => {
  const store = storeOf();
  store.ensureLoaded();
  await waitUntil(() => shown(store) !== null && idle(store), 'page 1 and its prefetch');
  sandbox.setFaults({ latencyMs: 100 });
  sandbox.requests.splice(0);
  store.next(); // page 2: prefetched
  store.next(); // page 3: a request
  store.next(); // page 4
  store.prev(); // back to 3
  await waitUntil(() => shown(store)?.offset === 20 && idle(store), 'page 3');
  const pages = listRequests(sandbox);
  expect(pages.filter((p) => p === '20:10')).toHaveLength(1);
  expect(pagePosition(shown(store)!)).toEqual({ number: 3, count: 33 });
  store.dispose();
});

test('a failure keeps the page shown and reload retries what failed', async () => {
  const store = storeOf();
  store.ensureLoaded();
  await waitUntil(() => shown(store) !== null && idle(store), 'page 1');
  sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
  store.last();
  await waitUntil(() => store.getSnapshot().error !== null, 'the failure');
  expect(shown(store)?.offset).toBe(0);
  sandbox.setFaults({});
  store.reload();
  await waitUntil(() => shown(store)?.offset === 320, 'the last page');
  expect(store.getSnapshot().error).toBeNull();
  store.dispose();
});

test('after a resize, reload reads the same records at the new page size', async () => {
  const store = storeOf(10);
  store.ensureLoaded();
  await waitUntil(() => shown(store) !== null && idle(store), 'page 1');
  store.next();
  await waitUntil(() => shown(store)?.offset === 10 && idle(store), 'page 2');
  store.setPageSize(25);
  sandbox.requests.splice(0);
  store.reload();
  await waitUntil(() => shown(store)?.limit === 25 && idle(store), 'the page at the new size');
  expect(shown(store)?.offset).toBe(10);
  expect(listRequests(sandbox)[0]).toBe('10:25');
  store.dispose();
});

test('a first page asked for early is shown without asking again, in or still coming', async () => {
  const client = sandboxClient(sandbox);
  const page = await client.listPage('slis', { limit: 10, offset: 0 });
  sandbox.requests.splice(0);
  const ready = new ListStore({
    client,
    resource: 'slis',
    pageSize: 10,
    firstPage: { promise: Promise.resolve(page), page },
  });
  ready.ensureLoaded();
  // In already: shown at once, before any request.
  expect(shown(ready)?.offset).toBe(0);
  expect(ready.getSnapshot().loading).toBeNull();
  await waitUntil(() => idle(ready), 'the prefetch of page 2');
  expect(listRequests(sandbox)).toEqual(['10:10']);
  ready.dispose();

  sandbox.requests.splice(0);
  const coming = client.listPage('slis', { limit: 10, offset: 0 });
  const pending = new ListStore({ client, resource: 'slis', pageSize: 10, firstPage: { promise: coming } });
  pending.ensureLoaded();
  await waitUntil(() => shown(pending) !== null && idle(pending), 'the early page');
  // The store waited for the request under way instead of sending its own.
  expect(listRequests(sandbox)).toEqual(['0:10', '10:10']);
  pending.dispose();
});

test('a page that comes quickly is drawn with no "Loading" frame before it; a slow one gets one', async () => {
  const store = storeOf();
  store.ensureLoaded();
  await waitUntil(() => shown(store) !== null && idle(store), 'page 1 and its prefetch');
  const told: (string | null)[] = [];
  store.subscribe(() => told.push(store.getSnapshot().loading));
  store.last();
  // Readers see the loading state at once (when listeners hear of it: test/tui/state/listStore.test.ts).
  expect(store.getSnapshot().loading).toBe('Loading the last page of SLIs…');
  await waitUntil(() => shown(store)?.offset === 320 && idle(store), 'the last page');
  sandbox.setFaults({ latencyMs: 400 });
  store.first();
  store.next(); // page 2: cached since page 1 first showed
  told.splice(0);
  store.next(); // page 3: asked of the slow server
  await waitUntil(() => told.length > 0, 'the loading notice');
  expect(told[0]).toBe('Loading page 3 of SLIs…');
  await waitUntil(() => shown(store)?.offset === 20, 'page 3');
  store.dispose();
});

test('steps added up past the last page while pages load stop there: n n n p comes back one from the last', async () => {
  const store = storeOf(); // 330 SLIs: 33 pages of 10
  store.ensureLoaded();
  await waitUntil(() => shown(store) !== null && idle(store), 'page 1');
  store.last();
  await waitUntil(() => shown(store)?.offset === 320 && idle(store), 'the last page');
  store.prev();
  await waitUntil(() => shown(store)?.offset === 310 && idle(store), 'page 32');
  // A reload drops the cache, so page 33 has to come from a slow server while the keys add up.
  sandbox.setFaults({ latencyMs: 150 });
  store.reload();
  await waitUntil(() => shown(store)?.offset === 310 && store.getSnapshot().loading === null, 'page 32 reloaded');
  store.next();
  store.next();
  store.next();
  store.prev();
  await waitUntil(() => idle(store), 'the walk to end');
  expect(shown(store)?.offset).toBe(310);
  // And from the first page backwards: the first page, said so, without a request.
  store.first();
  await waitUntil(() => shown(store)?.offset === 0 && idle(store), 'page 1 again');
  sandbox.requests.splice(0);
  store.prev();
  await waitUntil(() => store.getSnapshot().notice === 'This is the first page.', 'the notice');
  expect(shown(store)?.offset).toBe(0);
  store.dispose();
});
