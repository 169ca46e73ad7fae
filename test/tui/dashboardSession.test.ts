/**
 * A session's stores, made in one place: a list store and a whole list for
 * each resource of the registry, read-only when the profile or the client
 * says so, a kept page's problem handed on to be said, the first page
 * requested early used only when it has the page size, and disposing of a
 * session ends its lists' reads.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { REGISTRY } from '../../src/presentation/resources.js';
import { sessionFactory, type SessionDeps } from '../../src/tui/dashboardSession.js';
import { RecordStore } from '../../src/tui/state/recordStore.js';
import { ViewportStore } from '../../src/tui/state/viewport.js';
import { fakeClient } from './fakeClient.js';
import { sampleRecords } from './driver.js';
import { testSettings } from './testing.js';

const made: { dispose(): void }[] = [];
afterEach(() => {
  for (const m of made.splice(0)) m.dispose();
});

function factory(overrides: Partial<SessionDeps> = {}) {
  const client = fakeClient(sampleRecords());
  const viewport = new ViewportStore({ columns: 100, rows: 30 });
  const deps: SessionDeps = {
    registry: REGISTRY,
    viewed: () => REGISTRY,
    viewport,
    clock: () => new Date('2026-11-28T12:00:00Z'),
    records: new RecordStore(() => client),
    problem: () => undefined,
    ...overrides,
  };
  const sessions = sessionFactory(deps);
  const make = (...args: Parameters<typeof sessions.make>) => {
    const s = sessions.make(...args);
    made.push({ dispose: () => sessions.dispose(s) });
    return s;
  };
  return { client, viewport, make };
}

describe('sessionFactory', () => {
  test('a list store and a whole list for every resource of the registry, no marks, owned as asked', () => {
    const { client, make } = factory();
    const s = make(client, testSettings(), true);
    expect(Object.keys(s.stores)).toEqual([...REGISTRY.names]);
    expect(Object.keys(s.wholes)).toEqual([...REGISTRY.names]);
    expect(s.owned).toBe(true);
    expect(s.client).toBe(client);
    for (const name of REGISTRY.names) expect(s.marks.count(name)).toBe(0);
  });

  test('read-only when the profile says so or the client is', () => {
    const { make } = factory();
    expect(make(fakeClient({}), testSettings(), false).readOnly).toBe(false);
    expect(make(fakeClient({}), testSettings({ readOnly: true }), false).readOnly).toBe(true);
    expect(make(fakeClient({}, { readOnly: true }), testSettings(), false).readOnly).toBe(true);
  });

  test('a kept page that cannot be used is handed on as a sentence, once a resource that has one', () => {
    const said: string[] = [];
    const { client, make } = factory({
      problem: (sentence) => said.push(sentence),
      keptPages: () => ({
        load: (resource) => (resource === 'slos' ? { problem: 'The SLOs kept could not be read.' } : {}),
        save: () => undefined,
      }),
    });
    make(client, testSettings(), false);
    expect(said).toEqual(['The SLOs kept could not be read.']);
  });

  test('a sentence every resource gives (a kept-pages folder not trusted) is handed on once', () => {
    const said: string[] = [];
    const { client, make } = factory({
      problem: (sentence) => said.push(sentence),
      keptPages: () => ({
        load: () => ({ problem: 'Not using the cached page: the folder is not ours.' }),
        save: () => undefined,
      }),
    });
    make(client, testSettings(), false);
    expect(said).toEqual(['Not using the cached page: the folder is not ours.']);
  });

  test('the first page asked for early is shown at once only when it has the page size', async () => {
    const { client, viewport, make } = factory();
    const early = async (limit: number) => {
      const page = await client.listPage('slis', { limit });
      return { resource: 'slis' as const, limit, promise: Promise.resolve(page), page };
    };
    const fits = make(client, testSettings(), false, await early(viewport.pageSize));
    fits.stores.slis.ensureLoaded();
    expect(fits.stores.slis.getSnapshot().page?.results).toHaveLength(viewport.pageSize);
    const other = make(client, testSettings(), false, await early(viewport.pageSize + 1));
    other.stores.slis.ensureLoaded();
    expect(other.stores.slis.getSnapshot().page).toBeNull();
  });

  test('disposing of a session ends its reads: a list store disposed asks for nothing', () => {
    const { client, make } = factory();
    const s = make(client, testSettings(), false);
    made.pop()!.dispose();
    const calls = client.calls.length;
    s.stores.slis.ensureLoaded();
    expect(client.calls.slice(calls)).toEqual([]);
  });
});
