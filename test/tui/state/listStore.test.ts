/**
 * The list store over a fake client, with fake timers: when "Loading…"
 * reaches the screen.
 */
import { afterEach, expect, test, vi } from 'vitest';
import type { ApiRecord } from '../../../src/api/record.js';
import type { Page } from '../../../src/api/types.js';
import { LOADING_NOTICE_DELAY_MS, ListStore } from '../../../src/tui/state/listStore.js';
import { fakeClient } from '../fakeClient.js';

/** vi.waitFor on real timers, looking every millisecond (not every 50): the fake answers come within a few turns. */
const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 1 });

afterEach(() => {
  vi.useRealTimers();
});

const slis = Array.from({ length: 50 }, (_, i): ApiRecord => ({ id: `sli-${i + 1}`, name: `indicator ${i + 1}` }));

test('"Loading…" reaches listeners only once a page has taken LOADING_NOTICE_DELAY_MS; one that comes sooner is drawn with no loading frame', async () => {
  vi.useFakeTimers();
  const client = fakeClient({ slis });
  const answers: (() => void)[] = [];
  const list = client.listPage.bind(client);
  // Each page waits until the test lets it through.
  client.listPage = (resource, options) =>
    new Promise<Page>((resolve, reject) => {
      answers.push(() => list(resource, options).then(resolve, reject));
    });
  const store = new ListStore({ client, resource: 'slis', pageSize: 10 });
  const told: (string | null)[] = [];
  store.subscribe(() => told.push(store.getSnapshot().loading));

  store.ensureLoaded();
  // Readers see the loading state at once; listeners only once it has lasted.
  expect(store.getSnapshot().loading).toBe('Loading the first page of SLIs…');
  await vi.advanceTimersByTimeAsync(LOADING_NOTICE_DELAY_MS - 1);
  expect(told).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(told).toEqual(['Loading the first page of SLIs…']);
  answers.shift()!();
  await vi.advanceTimersByTimeAsync(0);
  expect(told.at(-1)).toBeNull();
  expect(store.getSnapshot().page?.offset).toBe(0);

  // The last page, answered before the delay: listeners hear only of the page.
  told.splice(0);
  store.last();
  await vi.advanceTimersByTimeAsync(LOADING_NOTICE_DELAY_MS / 2);
  answers.shift()!();
  await vi.advanceTimersByTimeAsync(LOADING_NOTICE_DELAY_MS);
  expect(told).toEqual([null]);
  expect(store.getSnapshot().page?.offset).toBe(40);
  store.dispose();
});

test('a page kept from the last run past the end of a list that shrank since: its last page, never "the list is empty"', async () => {
  const client = fakeClient({ slis: slis.slice(0, 12) });
  const kept: Page = {
    total: 50,
    limit: 10,
    offset: 40,
    results: slis.slice(40),
    url: 'https://127.0.0.1/v1/slis/?limit=10&offset=40',
    next: null,
    previous: 'https://127.0.0.1/v1/slis/?limit=10&offset=30',
  };
  const store = new ListStore({ client, resource: 'slis', pageSize: 10, kept: { page: kept, readAt: 0 } });
  expect(store.getSnapshot()).toMatchObject({ cached: true, page: { offset: 40 } });
  store.ensureLoaded();
  await waitFor(() => expect(store.getSnapshot().cached).toBe(false));
  const page = store.getSnapshot().page!;
  expect([page.offset, page.total, page.results.map((r) => r.id)]).toEqual([10, 12, ['sli-11', 'sli-12']]);
  store.dispose();
});

test('a refresh that finds the page shown emptied by deletes elsewhere moves to the last page', async () => {
  const client = fakeClient({ slis: [...slis] });
  const store = new ListStore({ client, resource: 'slis', pageSize: 10 });
  store.ensureLoaded();
  await waitFor(() => expect(store.getSnapshot().page).not.toBeNull());
  store.last();
  await waitFor(() => expect(store.getSnapshot().page?.offset).toBe(40));
  client.records.slis = slis.slice(0, 15);
  await store.refresh();
  await waitFor(() => expect(store.getSnapshot().page?.offset).toBe(10));
  expect(store.getSnapshot().page!.results.map((r) => r.id)).toEqual([
    'sli-11',
    'sli-12',
    'sli-13',
    'sli-14',
    'sli-15',
  ]);
  store.dispose();
});
