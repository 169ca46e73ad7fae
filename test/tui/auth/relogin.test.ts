/**
 * A 401 while working, over the fake client and the dashboard driver
 * (test/tui/driver.ts): the token setup opens on top of every screen (the
 * ladder's top rung), owns the keys, and once a new token is verified the
 * dashboard goes on where it was (resource, page, selection, details) on a
 * client with the new token; every tab's count comes back. The same over the
 * sandbox's real tokens is session.int.test.tsx's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { SlotuiError } from '../../../src/api/errors.js';
import { REGISTRY } from '../../../src/presentation/resources.js';
import type { AuthDeps, LoginRequest } from '../../../src/tui/auth/types.js';
import { disposeDrivers, drive, sampleRecords, type Driver } from '../driver.js';
import { fakeClient, type FakeClient } from '../fakeClient.js';
import { FIXED_NOW, testSettings } from '../helpers.js';

afterEach(disposeDrivers);

/** A fake client the service stops accepting (HTTP 401) once `refusing.on` is set. */
function expiringClient(): FakeClient & { refusing: { on: boolean } } {
  const client = fakeClient(sampleRecords());
  const refusing = { on: false };
  const refuse = () => {
    if (refusing.on) throw new SlotuiError('auth', 'The service refused the token (HTTP 401).', { status: 401 });
  };
  const { listPage, followPage, get } = client;
  return Object.assign(client, {
    refusing,
    listPage: async (...args: Parameters<FakeClient['listPage']>) => (refuse(), listPage(...args)),
    followPage: async (...args: Parameters<FakeClient['followPage']>) => (refuse(), followPage(...args)),
    get: async (...args: Parameters<FakeClient['get']>) => (refuse(), get(...args)),
  });
}

function auth(fresh: FakeClient): AuthDeps & { logins: LoginRequest[] } {
  const logins: LoginRequest[] = [];
  return {
    logins,
    login: async (request) => {
      logins.push(request);
      return {
        session: { client: fresh, settings: testSettings({ token: 'the.new.token' }) },
        profile: 'default',
        host: 'fake.test',
        checkedAt: FIXED_NOW,
      };
    },
  };
}

async function open(): Promise<{ d: Driver; old: ReturnType<typeof expiringClient>; fresh: FakeClient }> {
  const old = expiringClient();
  const fresh = fakeClient(sampleRecords());
  const d = drive({
    client: old,
    swappable: true,
    settings: { baseUrl: 'https://fake.test', token: 'the.old.token' },
    services: { auth: auth(fresh) },
  });
  await d.until((v) => v.status.text.startsWith('slis · page 1 of 2'), 'the first page');
  await d.settle();
  return { d, old, fresh };
}

/** Pastes a token into the open setup and confirms it. */
async function newToken(d: Driver): Promise<void> {
  d.paste('the.new.token');
  d.press('setup-submit');
  await d.settle();
}

describe('a 401 while working', () => {
  test('opens the setup above everything; afterwards the same resource, page and selection, on the new client', async () => {
    const { d, old, fresh } = await open();
    d.press('next-page');
    await d.settle();
    d.press('down', 'down', 'down');
    const selected = d.view().selected!.record.id;
    old.refusing.on = true;
    d.press('reload');
    await d.settle();
    expect(d.view().screen.kind).toBe('setup');
    const body = d.view().body;
    expect(body.kind === 'setup' && body.screen.state.reason).toContain('(HTTP 401)');
    // The setup owns the keyboard: q goes into its field, n does not page.
    d.key('q');
    expect(d.quits).toEqual([]);
    expect(d.status()).toContain('page 2 of 2');
    d.key('Backspace');
    const before = fresh.calls.length;
    await newToken(d);
    expect(d.view().screen.kind).toBe('list');
    expect(d.message()).toContain('Logged in to');
    expect(d.status()).toMatch(/^slis · page 2 of 2/);
    expect(d.view().selected?.record.id).toBe(selected);
    // What is read now goes to the client on the new token.
    expect(fresh.calls.length).toBeGreaterThan(before);
  });

  test('a 401 met on a detail screen opens the setup too, and comes back to that record', async () => {
    const { d, old } = await open();
    d.press('down', 'details');
    await d.settle();
    const shown = d.view().body;
    const title = shown.kind === 'detail' ? shown.title : '';
    expect(title).toMatch(/^SLI /);
    old.refusing.on = true;
    d.press('reload');
    await d.settle();
    expect(d.view().screen.kind).toBe('setup');
    await newToken(d);
    expect(d.view().screen.kind).toBe('detail');
    const body = d.view().body;
    expect(body.kind === 'detail' && body.title).toBe(title);
    expect(body.kind === 'detail' && body.errorLines).toEqual([]);
  });

  test('after a new token every tab has its count again, not only the one shown', async () => {
    const old = expiringClient();
    old.refusing.on = true;
    const d = drive({
      client: old,
      swappable: true,
      settings: { baseUrl: 'https://fake.test', token: 'the.old.token' },
      services: { auth: auth(fakeClient(sampleRecords())) },
    });
    await d.settle();
    expect(d.view().screen.kind).toBe('setup');
    await newToken(d);
    const records = sampleRecords();
    expect(d.view().header.tabs.map((t) => t.label.trim())).toEqual(
      REGISTRY.defs.map((def, i) => `${i + 1} ${def.title} (${records[def.name]!.length})`),
    );
    expect(d.view().header.tabs[0]!.label.trim()).toBe('1 SLIs (30)');
  });
});
