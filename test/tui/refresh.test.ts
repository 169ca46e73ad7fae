/**
 * Records that are never stale: the dashboard reads again what it shows every
 * `refresh`, marks what changed, says how old what it shows is, and when
 * reads fail keeps the last page marked STALE. Over the driver, with a clock
 * that follows the fake timers.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import type { ApiRecord } from '../../src/api/record.js';
import type { Page } from '../../src/api/types.js';
import { pageSizeFor } from '../../src/tui/layout.js';
import type { SettingsProblem, UserSettings } from '../../src/config/userSettings.js';
import { UserSettingsStore } from '../../src/tui/state/userSettings.js';
import { disposeDrivers, drive, sampleRecords, type Driver } from './driver.js';

afterEach(disposeDrivers);

function live(refreshMs = 10_000): Driver {
  const h = drive({ settings: { refreshMs }, services: { clock: () => new Date(Date.now()) } });
  return h;
}
const follows = (h: Driver) => h.client.calls.filter((c) => c.startsWith('follow') || c.startsWith('list')).length;
const rowOf = (h: Driver, id: string) => h.rows().find((row) => row.includes(id));
const changedRows = (h: Driver) => {
  const body = h.view().body;
  return body.kind === 'list' ? body.rows.filter((row) => row.changed).map((row) => row.text) : [];
};

describe('the page on screen is read again every refresh', () => {
  test('changed rows are marked ~, new ones +, deleted ones leave; the selection stays on its record', async () => {
    const h = live();
    await h.settle();
    h.key('j', 'j', 'j', 'j', 'j'); // sli-000006
    expect(h.view().selected?.record.id).toBe('sli-000006');
    const slis = h.client.records.slis!;
    const fresh: ApiRecord = { ...slis[0]!, id: 'sli-000900', name: 'brand new' };
    h.client.records.slis = [
      fresh,
      ...slis
        .map((r) => (r.id === 'sli-000002' ? { ...r, name: 'renamed elsewhere' } : r))
        .filter((r) => r.id !== 'sli-000012'),
    ];
    await vi.advanceTimersByTimeAsync(11_000);
    await h.settle();
    expect(rowOf(h, 'sli-000900')).toMatch(/^\+ brand new/);
    expect(rowOf(h, 'sli-000002')).toMatch(/^~ renamed elsewhere/);
    expect(rowOf(h, 'sli-000003')).not.toMatch(/^[~+] /);
    expect(rowOf(h, 'sli-000012')).toBeUndefined();
    // Drawn in the `changed` colour: the rows the marks are on, and only those.
    expect(changedRows(h)).toEqual([expect.stringMatching(/^\+ brand new/), expect.stringMatching(/^~ renamed/)]);
    expect(h.view().selected?.record.id).toBe('sli-000006');
    // Nothing changed since: the next refresh takes the marks away.
    await vi.advanceTimersByTimeAsync(11_000);
    await h.settle();
    expect(h.rows().some((row) => /^[~+] /.test(row))).toBe(false);
    expect(changedRows(h)).toEqual([]);
  });

  test('the status line says how old what is shown is', async () => {
    const h = live(60_000);
    await h.settle();
    expect(h.status()).toMatch(/ · read [01]s ago$/);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(h.status()).toMatch(/ · read 1[23]s ago$/);
  });

  test('a tick that changes nothing drawn keeps the view as it was (nothing is drawn again)', async () => {
    const h = live(0);
    await h.settle();
    // Past ten minutes an age is in whole minutes.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const shown = h.view();
    expect(h.status()).toMatch(/ · read 10m ago$/);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(h.view()).toBe(shown);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.view()).not.toBe(shown);
    expect(h.status()).toMatch(/ · read 11m ago$/);
  });

  test('when reads fail, the last page stays marked STALE, the next tries wait longer, and a success ends it', async () => {
    const h = live();
    await h.settle();
    const before = h.rows();
    const follow = h.client.followPage;
    let tries = 0;
    h.client.followPage = async () => {
      tries++;
      throw new SlotuiError('network', 'The service did not answer.');
    };
    await vi.advanceTimersByTimeAsync(11_000);
    await h.settle();
    expect(h.status()).toMatch(/ · STALE · read 1\ds ago$/);
    expect(h.view().status.stale).toBe(true);
    expect(h.rows()).toEqual(before);
    expect(tries).toBe(1);
    // Backoff: the second try comes 20 s after the first, not 10.
    await vi.advanceTimersByTimeAsync(12_000);
    expect(tries).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tries).toBe(2);
    h.client.followPage = follow;
    await vi.advanceTimersByTimeAsync(41_000);
    await h.settle();
    expect(h.status()).toMatch(/ · read [0-9]s ago$/);
    expect(h.status()).not.toContain('STALE');
    expect(h.view().status.stale).toBe(false);
  });

  test('never while a form is open; r and Ctrl+R read now', async () => {
    const h = live();
    await h.settle();
    h.press('create');
    await h.settle();
    const reads = follows(h);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(follows(h)).toBe(reads);
    h.press('form-cancel');
    await h.settle();
    await vi.advanceTimersByTimeAsync(11_000);
    expect(follows(h)).toBeGreaterThan(reads);
    const now = follows(h);
    h.key('Ctrl+R');
    await h.settle();
    expect(follows(h)).toBeGreaterThan(now);
  });

  test('open details of a record deleted elsewhere say so', async () => {
    const h = live();
    await h.settle();
    h.key('j', 'Enter');
    await h.until((v) => v.screen.kind === 'detail', 'the details');
    h.client.records.slis = h.client.records.slis!.filter((r) => r.id !== 'sli-000002');
    await vi.advanceTimersByTimeAsync(11_000);
    await h.settle();
    expect(h.text()).toContain('deleted elsewhere');
    expect(h.text()).toMatch(/Deleted elsewhere: SLI sli-000002 is no longer on the service/);
  });

  test('a refresh of 0 reads nothing on its own', async () => {
    const h = live(0);
    await h.settle();
    const reads = follows(h);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(follows(h)).toBe(reads);
    expect(sampleRecords().slis!.length).toBeGreaterThan(0);
  });
});

describe('a first frame without the network', () => {
  test('the page kept from the last run is drawn at once, marked cached with its age, then replaced by the service', async () => {
    const records = sampleRecords();
    const limit = pageSizeFor(24);
    const old = records.slis!.slice(0, limit).map((r) => ({ ...r, name: `old ${String(r.name)}` }));
    const kept = {
      page: {
        total: 30,
        limit,
        offset: 0,
        results: old,
        url: 'https://fake.test/v1/slis/?limit=1&offset=0',
        next: null,
        previous: null,
      },
      readAt: Date.now() - 2 * 3600_000,
    };
    const saved: string[] = [];
    const h = drive({
      records,
      settings: { refreshMs: 10_000 },
      services: {
        clock: () => new Date(Date.now()),
        keptPages: () => ({
          load: (resource) => (resource === 'slis' ? { kept } : {}),
          save: (resource, page) => saved.push(`${resource}:${page.offset}`),
        }),
      },
    });
    expect(h.status()).toMatch(/ · cached · read 1[12]\dm ago$/);
    expect(h.rows()[0]).toContain('old checkout-api availability');
    await h.settle();
    expect(h.status()).toMatch(/ · read \ds ago$/);
    expect(h.rows()[0]).not.toContain('old ');
    expect(saved).toContain('slis:0');
  });

  test('while the first page asked for before the code loaded is still on its way, the kept page is drawn', async () => {
    const records = sampleRecords();
    const limit = pageSizeFor(24);
    const kept = {
      page: {
        total: 30,
        limit,
        offset: 0,
        results: records.slis!.slice(0, limit).map((r) => ({ ...r, name: `old ${String(r.name)}` })),
        url: 'https://fake.test/v1/slis/?limit=1&offset=0',
        next: null,
        previous: null,
      },
      readAt: Date.now() - 60_000,
    };
    let answer!: (page: Page) => void;
    const promise = new Promise<Page>((resolve) => (answer = resolve));
    const h = drive({
      records,
      services: {
        clock: () => new Date(Date.now()),
        firstPage: { resource: 'slis', limit, promise },
        keptPages: () => ({ load: (resource) => (resource === 'slis' ? { kept } : {}), save: () => undefined }),
      },
    });
    expect(h.status()).toMatch(/ · cached · read 60s ago$/);
    await h.settle();
    // Nothing else asked for the page: the request under way is the one awaited.
    expect(h.client.calls.filter((call) => call.startsWith('list slis'))).toEqual([]);
    expect(h.rows()[0]).toContain('old checkout-api availability');
    answer({ ...kept.page, results: records.slis!.slice(0, limit) });
    await h.until((view) => !view.status.text.includes('cached'), "the service's page");
    expect(h.rows()[0]).not.toContain('old ');
  });

  test('a page kept at another terminal height is drawn at this one, then replaced by the service', async () => {
    const records = sampleRecords();
    const limit = pageSizeFor(24);
    const taller = records.slis!.map((r) => ({ ...r, name: `old ${String(r.name)}` }));
    const h = drive({
      records,
      settings: { refreshMs: 10_000 },
      services: {
        clock: () => new Date(Date.now()),
        keptPages: () => ({
          load: (resource) =>
            resource === 'slis'
              ? {
                  kept: {
                    page: {
                      total: 30,
                      limit: 30,
                      offset: 0,
                      results: taller,
                      url: 'https://fake.test/v1/slis/?limit=30&offset=0',
                      next: null,
                      previous: null,
                    },
                    readAt: Date.now() - 3600_000,
                  },
                }
              : {},
          save: () => undefined,
        }),
      },
    });
    expect(h.status()).toMatch(/^slis · page 1 of \d+ .* · cached · read 60m ago$/);
    expect(h.rows()).toHaveLength(limit);
    expect(h.rows()[0]).toContain('old checkout-api availability');
    await h.settle();
    expect(h.rows()[0]).not.toContain('old ');
    expect(h.rows()).toHaveLength(limit);
  });

  test('a kept page that cannot be used is said in one line, and the service is read as usual', async () => {
    const h = drive({
      services: {
        keptPages: () => ({
          load: () => ({ problem: 'The cached page was damaged and is dropped; the service is read as usual.' }),
          save: () => undefined,
        }),
      },
    });
    expect(h.message()).toContain('The cached page was damaged and is dropped');
    await h.settle();
    expect(h.rows().length).toBeGreaterThan(0);
  });
});

describe('a filtered or sorted list (the whole list) is read again every refresh', () => {
  test('only what changed changes: ~ and + marks, a deleted record leaves, the selection stays on its record', async () => {
    const h = live();
    await h.settle();
    h.press('filter');
    h.type('latency');
    h.press('filter-keep');
    await h.until((v) => /\d+ of 30 match/.test(v.status.text), 'the matches');
    h.key('j');
    const selected = h.view().selected!.record.id;
    const slis = h.client.records.slis!;
    const [first, second] = slis.filter((r) => String(r.name).includes('latency') && r.id !== selected);
    h.client.records.slis = [
      { ...slis[0]!, id: 'sli-000900', name: 'checkout latency, new' },
      ...slis
        .map((r) => (r.id === first!.id ? { ...r, description: 'changed elsewhere' } : r))
        .filter((r) => r.id !== second!.id),
    ];
    const before = h.client.calls.length;
    await vi.advanceTimersByTimeAsync(11_000);
    await h.settle();
    // The whole list's pages were read again, not the server page under it.
    expect(h.client.calls.slice(before).every((c) => c === 'list slis' || c === 'follow slis')).toBe(true);
    expect(rowOf(h, 'sli-000900')).toMatch(/^\+ checkout latency, new/);
    expect(rowOf(h, first!.id)).toMatch(/^~ /);
    expect(rowOf(h, second!.id)).toBeUndefined();
    expect(h.view().selected?.record.id).toBe(selected);
    expect(h.status()).toMatch(/\d+ of 30 match/);
    expect(h.status()).not.toContain('gathering');
  });
});

describe('settings.yaml', () => {
  test('a problem in it is said in the message line at start; its refresh holds as any refresh', async () => {
    const h = drive({
      settings: {
        refreshMs: 30_000,
        settingsProblems: ['settings.yaml:3:14: profiles.prod.refresh: must be a duration', 'another'],
      },
      services: { clock: () => new Date(Date.now()) },
    });
    expect(h.message()).toBe(
      'settings.yaml:3:14: profiles.prod.refresh: must be a duration (and 1 more): the rest of the settings hold (slotui config check lists them).',
    );
    await h.settle();
    const reads = follows(h);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(follows(h)).toBe(reads);
    await vi.advanceTimersByTimeAsync(11_000);
    await h.settle();
    expect(follows(h)).toBeGreaterThan(reads);
  });

  const reloaded = (store: UserSettingsStore, settings: UserSettings, problems: SettingsProblem[] = []) =>
    store.reload({ loaded: { file: 'settings.yaml', exists: true, settings, problems } });

  test("saved while it runs: said once, and the profile's read-only and refresh follow at once", async () => {
    const userSettings = new UserSettingsStore();
    const h = drive({ settings: { refreshMs: 10_000 }, services: { clock: () => new Date(Date.now()), userSettings } });
    await h.settle();
    const profile = h.dashboard.session.getSnapshot().settings.profileName;
    reloaded(userSettings, { profiles: { [profile]: { readOnly: true, refresh: '1m' } } });
    expect(h.message()).toBe('settings reloaded');
    expect(h.dashboard.session.getSnapshot().readOnly).toBe(true);
    h.key('d');
    expect(h.message()).toMatch(/read-only/i);
    const reads = follows(h);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(follows(h)).toBe(reads);
    await vi.advanceTimersByTimeAsync(31_000);
    await h.settle();
    expect(follows(h)).toBeGreaterThan(reads);
  });

  test('a reload with problems says the first; one refused keeps the settings before it', async () => {
    const userSettings = new UserSettingsStore();
    const h = drive({ services: { userSettings } });
    const profile = h.dashboard.session.getSnapshot().settings.profileName;
    reloaded(userSettings, { profiles: { [profile]: { readOnly: true } } }, [
      { line: 2, column: 3, path: 'profiles.x.refesh', message: 'unknown name "refesh" (did you mean "refresh"?)' },
    ]);
    expect(h.message()).toBe(
      'settings.yaml:2:3: profiles.x.refesh: unknown name "refesh" (did you mean "refresh"?): the rest of the settings hold (slotui config check lists them).',
    );
    userSettings.reload({
      refused:
        'The settings file /c/settings.yaml can be changed by other users. Run `chmod 600 /c/settings.yaml` and try again.',
    });
    expect(h.message()).toMatch(/chmod 600 .* The settings as they were still hold\.$/);
    expect(userSettings.getSnapshot().settings).toEqual({ profiles: { [profile]: { readOnly: true } } });
    expect(h.dashboard.session.getSnapshot().readOnly).toBe(true);
  });

  test('the read as the watcher starts says nothing when the file is as it was, and applies a save made meanwhile', () => {
    const start = { profiles: { prod: { refresh: '30s' } } };
    const userSettings = new UserSettingsStore(start);
    const h = drive({ services: { userSettings } });
    const before = h.message();
    userSettings.reload({
      loaded: { file: 'settings.yaml', exists: true, settings: start, problems: [] },
      catchUp: true,
    });
    expect(userSettings.getSnapshot().generation).toBe(0);
    expect(h.message()).toBe(before);
    const saved = { profiles: { prod: { refresh: '1m' } } };
    userSettings.reload({
      loaded: { file: 'settings.yaml', exists: true, settings: saved, problems: [] },
      catchUp: true,
    });
    expect(userSettings.getSnapshot()).toMatchObject({ settings: saved, generation: 1 });
    expect(h.message()).toBe('settings reloaded');
  });

  test('what the command line pinned (--refresh, --read-only) a reload leaves be', async () => {
    const userSettings = new UserSettingsStore();
    const h = drive({
      settings: { refreshMs: 5_000, readOnly: true, pinned: { refreshMs: 5_000, readOnly: true } },
      services: { userSettings },
    });
    const profile = h.dashboard.session.getSnapshot().settings.profileName;
    reloaded(userSettings, { profiles: { [profile]: { readOnly: false, refresh: '1m' } } });
    expect(h.dashboard.session.getSnapshot().settings).toMatchObject({ refreshMs: 5_000, readOnly: true });
  });
});
