/**
 * `:profile` in the dashboard over a fake client and a fake list of stored
 * profiles: Tab completes names, an unknown name gets "did you mean", and
 * `:profile` alone opens the list (keys pressed by binding id).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import { createDashboard, type Dashboard } from '../../src/tui/dashboard.js';
import type { ActionId } from '../../src/tui/keys.js';
import type { Session } from '../../src/tui/session.js';
import type { ProfileEntry } from '../../src/tui/types.js';
import { completeCommand } from '../../src/tui/commands.js';
import { keyWith } from '../../src/tui/input/router.js';
import { profileRows } from '../../src/tui/profiles.js';
import { fakeClient } from './fakeClient.js';
import { testSettings } from './testing.js';

/** vi.waitFor on real timers, looking every millisecond (not every 50): the fake answers come within a few turns. */
const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 1 });

const STORED: ProfileEntry[] = [
  { name: 'staging', baseUrl: 'https://staging.example.com' },
  { name: 'default', baseUrl: 'https://slo.example.com' },
  { name: 'prod-eu', baseUrl: 'https://eu.example.com' },
  { name: 'prod-us' },
];

describe('completing profile names', () => {
  const names = () => STORED.map((p) => p.name);

  test('a unique prefix completes the name; several show as candidates after their common prefix', () => {
    expect(completeCommand('profile st', undefined, names)).toEqual({
      value: 'profile staging',
      candidates: ['staging'],
    });
    expect(completeCommand('profile p', undefined, names)).toEqual({
      value: 'profile prod-',
      candidates: ['prod-eu', 'prod-us'],
    });
    expect(completeCommand('profile ', undefined, names).candidates).toEqual([
      'default',
      'prod-eu',
      'prod-us',
      'staging',
    ]);
    expect(completeCommand('profile PROD-E', undefined, names).value).toBe('profile prod-eu');
    expect(completeCommand('profile zz', undefined, names)).toEqual({ value: 'profile zz', candidates: [] });
  });

  test('the names are read only when a profile name is completed', () => {
    let reads = 0;
    const counted = () => {
      reads++;
      return names();
    };
    completeCommand('sl', undefined, counted);
    completeCommand('pro', undefined, counted);
    expect(reads).toBe(0);
    completeCommand('profile d', undefined, counted);
    expect(reads).toBe(1);
  });
});

interface Harness {
  dashboard: Dashboard;
  opened: string[];
  lists: () => number;
  press(id: ActionId): void;
  command(text: string): void;
  message(): string | undefined;
}

const dashboards: Dashboard[] = [];
afterEach(() => {
  for (const d of dashboards.splice(0)) d.dispose();
});

function harness(list: () => readonly ProfileEntry[] = () => STORED): Harness {
  const opened: string[] = [];
  let lists = 0;
  const dashboard = createDashboard({
    client: fakeClient({ slis: [{ id: 'sli-1', name: 'one' }] }),
    settings: testSettings({ profileName: 'default' }),
    size: { columns: 80, rows: 24 },
    quit: () => undefined,
    listProfiles: () => {
      lists++;
      return list();
    },
    openProfile: async (name): Promise<Session> => {
      opened.push(name);
      return { client: fakeClient(), settings: testSettings({ profileName: name }) };
    },
  });
  dashboards.push(dashboard);
  const press = (id: ActionId) => {
    const layer = dashboard.layers().find((l) => l.handlers[id]);
    if (!layer) throw new Error(`${id} is not bound now`);
    layer.handlers[id]!('');
  };
  return {
    dashboard,
    opened,
    lists: () => lists,
    press,
    command: (text) => {
      press('command');
      dashboard.nav.dispatch({ type: 'edit-command', editor: { value: text, cursor: text.length } });
      press('command-run');
    },
    message: () => dashboard.nav.getSnapshot().message?.text,
  };
}

describe(':profile in the dashboard', () => {
  test('a switch overtaken by a later one neither changes the session nor says its error under the other profile', async () => {
    const pending = new Map<string, { resolve(s: Session): void; reject(e: Error): void }>();
    const dashboard = createDashboard({
      client: fakeClient({ slis: [{ id: 'sli-1', name: 'one' }] }),
      settings: testSettings({ profileName: 'default' }),
      size: { columns: 80, rows: 24 },
      quit: () => undefined,
      openProfile: (name) => new Promise<Session>((resolve, reject) => pending.set(name, { resolve, reject })),
    });
    dashboards.push(dashboard);
    const run = (text: string) => {
      const press = (id: ActionId) => dashboard.layers().find((l) => l.handlers[id])!.handlers[id]!('');
      press('command');
      dashboard.nav.dispatch({ type: 'edit-command', editor: { value: text, cursor: text.length } });
      press('command-run');
    };
    run('profile slow');
    run('profile quick');
    pending.get('quick')!.resolve({ client: fakeClient(), settings: testSettings({ profileName: 'quick' }) });
    await waitFor(() => expect(dashboard.nav.getSnapshot().message?.text).toBe('Profile quick.'));
    pending.get('slow')!.reject(new SlotuiError('tls', 'The certificate of slow is not trusted.'));
    const late = { client: fakeClient(), settings: testSettings({ profileName: 'slow' }) };
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dashboard.nav.getSnapshot().message?.text).toBe('Profile quick.');
    expect(dashboard.session.getSnapshot().settings.profileName).toBe('quick');
    // Nor does a late success of an overtaken switch take the session over.
    run('profile other');
    run('profile quick');
    pending.get('quick')!.resolve({ client: fakeClient(), settings: testSettings({ profileName: 'quick' }) });
    pending.get('other')!.resolve(late);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dashboard.session.getSnapshot().settings.profileName).toBe('quick');
  });

  test("a page kept for the opened profile that cannot be used is said with the switch, and only that profile's", async () => {
    const damaged = 'The cached page was damaged and is dropped; the service is read as usual.';
    const dashboard = createDashboard({
      client: fakeClient({ slis: [{ id: 'sli-1', name: 'one' }] }),
      settings: testSettings({ profileName: 'default' }),
      size: { columns: 80, rows: 24 },
      quit: () => undefined,
      listProfiles: () => STORED,
      openProfile: async (name) => ({ client: fakeClient(), settings: testSettings({ profileName: name }) }),
      // The start's profile keeps nothing; staging's kept pages were damaged.
      keptPages: (settings) => ({
        load: () => (settings.profileName === 'staging' ? { problem: damaged } : {}),
        save: () => undefined,
      }),
    });
    dashboards.push(dashboard);
    const message = () => dashboard.nav.getSnapshot().message;
    expect(message()).toBeNull();
    const press = (id: ActionId) => dashboard.layers().find((l) => l.handlers[id])!.handlers[id]!('');
    const run = (text: string) => {
      press('command');
      dashboard.nav.dispatch({ type: 'edit-command', editor: { value: text, cursor: text.length } });
      press('command-run');
    };
    run('profile staging');
    await vi.waitFor(() => expect(dashboard.session.getSnapshot().settings.profileName).toBe('staging'));
    // Said once, though every tab's kept page was read and found damaged.
    expect(message()).toEqual({ text: `Profile staging. ${damaged}`, tone: 'error' });
    run('profile default');
    await vi.waitFor(() => expect(dashboard.session.getSnapshot().settings.profileName).toBe('default'));
    expect(message()).toEqual({ text: 'Profile default.', tone: 'info' });
  });

  test('the stored profiles are not read at start-up', () => {
    const h = harness();
    expect(h.lists()).toBe(0);
  });

  test('Tab after :profile completes from the stored names and shows the candidates', () => {
    const h = harness();
    h.press('command');
    h.dashboard.nav.dispatch({ type: 'edit-command', editor: { value: 'profile pr', cursor: 10 } });
    h.press('command-complete');
    expect(h.dashboard.nav.getSnapshot().command).toMatchObject({
      value: 'profile prod-',
      candidates: ['prod-eu', 'prod-us'],
    });
    h.dashboard.nav.dispatch({ type: 'edit-command', editor: { value: 'profile prod-e', cursor: 14 } });
    h.press('command-complete');
    expect(h.dashboard.nav.getSnapshot().command).toMatchObject({ value: 'profile prod-eu', candidates: [] });
  });

  test('a config file that cannot be read says why on Tab', () => {
    const h = harness(() => {
      throw new SlotuiError('config', 'The config file /x/config.json is not valid JSON.');
    });
    h.press('command');
    h.dashboard.nav.dispatch({ type: 'edit-command', editor: { value: 'profile p', cursor: 9 } });
    h.press('command-complete');
    expect(h.message()).toBe('The config file /x/config.json is not valid JSON.');
  });

  test('an unknown name is not opened: did you mean the closest stored one', () => {
    const h = harness();
    h.command('profile stagin');
    expect(h.message()).toBe('There is no profile named "stagin". Did you mean :profile staging?');
    h.command('profile zzzzzz');
    expect(h.message()).toBe('There is no profile named "zzzzzz". :profile alone lists them.');
    expect(h.opened).toEqual([]);
    h.command('profile staging');
    expect(h.opened).toEqual(['staging']);
  });

  test(':profile alone lists the profiles, the one in use selected; Enter switches, Esc goes back', () => {
    const h = harness();
    h.command('profile');
    expect(h.dashboard.screen().kind).toBe('profiles');
    const view = h.dashboard.profiles!.picker.getSnapshot()!;
    expect(view.entries.map((e) => e.name)).toEqual(['default', 'prod-eu', 'prod-us', 'staging']);
    expect(view.current).toBe('default');
    expect(view.selected).toBe(0);
    expect(h.dashboard.layers()[0]!.context).toBe('profiles');
    h.press('back');
    expect(h.dashboard.screen().kind).toBe('list');
    expect(h.opened).toEqual([]);

    h.command('profile');
    for (let i = 0; i < 5; i++) h.press('down'); // stops on the last
    h.press('up');
    expect(h.dashboard.profiles!.picker.getSnapshot()!.selected).toBe(2);
    h.press('profiles-choose');
    expect(h.dashboard.screen().kind).toBe('list');
    expect(h.opened).toEqual(['prod-us']);
  });

  test('typing narrows the list by name, any case; Enter takes the first match', () => {
    const h = harness();
    h.command('profile');
    const layer = h.dashboard.layers()[0]!;
    for (const ch of 'PROD') layer.text!(ch, keyWith());
    const view = h.dashboard.profiles!.picker.getSnapshot()!;
    expect(profileRows(view).map((e) => e.name)).toEqual(['prod-eu', 'prod-us']);
    h.press('down');
    h.press('profiles-choose');
    expect(h.opened).toEqual(['prod-us']);

    h.command('profile');
    for (const ch of 'nothing') h.dashboard.layers()[0]!.text!(ch, keyWith());
    h.press('profiles-choose');
    expect(h.message()).toBe('No profile matches “nothing”: Backspace widens the search, Esc goes back.');
    expect(h.dashboard.screen().kind).toBe('profiles');
  });

  test('Enter on the profile in use keeps it; no stored profile says how to store one', () => {
    const h = harness();
    h.command('profile');
    h.press('up'); // stays on the first: the one in use
    h.press('profiles-choose');
    expect(h.opened).toEqual([]);
    expect(h.message()).toBe('Profile default is the one in use.');
    const empty = harness(() => []);
    empty.command('profile');
    expect(empty.dashboard.screen().kind).toBe('list');
    expect(empty.message()).toMatch(/^No profile is stored yet/);
  });
});
