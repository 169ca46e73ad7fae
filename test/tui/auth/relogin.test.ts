/**
 * A 401 while working, over the fake client and the dashboard driver
 * (test/tui/driver.ts) inside the program's shell: the shell runs the token
 * setup over the dashboard, the setup owns the keys, and once a new token is
 * verified the dashboard goes on where it was (resource, page, selection,
 * details) on a client with the new token; every tab's count comes back.
 * The same over the sandbox's real tokens is session.int.test.tsx's.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { SlotuiError } from '../../../src/api/errors.js';
import { REGISTRY } from '../../../src/presentation/resources.js';
import type { AuthDeps, LoginRequest } from '../../../src/tui/auth/types.js';
import { disposeDrivers, drive, sampleRecords, type Driver } from '../driver.js';
import { fakeClient, type FakeClient } from '../fakeClient.js';
import { FIXED_NOW, testSettings } from '../testing.js';

afterEach(disposeDrivers);

/** A fake client the service stops accepting (HTTP 401) once `refusing.on` is set. */
function expiringClient(): FakeClient & { refusing: { on: boolean } } {
  const client = fakeClient(sampleRecords());
  const refusing = { on: false };
  const refuse = () => {
    if (refusing.on) throw new SlotuiError('auth', 'The service refused the token (HTTP 401).', { status: 401 });
  };
  const { listPage, followPage, get, create } = client;
  return Object.assign(client, {
    refusing,
    listPage: async (...args: Parameters<FakeClient['listPage']>) => (refuse(), listPage(...args)),
    followPage: async (...args: Parameters<FakeClient['followPage']>) => (refuse(), followPage(...args)),
    get: async (...args: Parameters<FakeClient['get']>) => (refuse(), get(...args)),
    create: async (...args: Parameters<FakeClient['create']>) => (refuse(), create(...args)),
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
    shell: true,
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
  d.key('Enter');
  await d.settle();
}

/** Why the setup the shell shows over the dashboard opened ('' when none shows). */
const setupReason = (d: Driver): string => d.shellScreen()?.setup?.state.reason ?? '';

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
    expect(setupReason(d)).toContain('(HTTP 401)');
    // The setup owns the keyboard: q goes into its field, n does not page.
    d.key('q');
    expect(d.quits).toEqual([]);
    expect(d.status()).toContain('page 2 of 2');
    d.key('Backspace');
    const before = fresh.calls.length;
    await newToken(d);
    expect(d.shellScreen()).toBeNull();
    expect(d.view().screen.kind).toBe('list');
    expect(d.message()).toContain('Logged in to');
    expect(d.status()).toMatch(/^slis · page 2 of 2/);
    expect(d.view().selected?.record.id).toBe(selected);
    // What is read now goes to the client on the new token.
    expect(fresh.calls.length).toBeGreaterThan(before);
  });

  test('keys typed for the dashboard as the setup opens are not taken as the token; after a moment they are', async () => {
    const old = expiringClient();
    const d = drive({
      client: old,
      shell: true,
      typeaheadMs: 400,
      settings: { baseUrl: 'https://fake.test', token: 'the.old.token' },
      services: { auth: auth(fakeClient(sampleRecords())) },
    });
    await d.until((v) => v.status.text.startsWith('slis · page 1 of 2'), 'the first page');
    old.refusing.on = true;
    d.press('reload');
    // The 401 comes back within a few milliseconds (no settling: the window is timed by this clock).
    for (let ms = 0; ms < 20 && !setupReason(d); ms++) await vi.advanceTimersByTimeAsync(1);
    expect(setupReason(d)).toContain('(HTTP 401)');
    // j j n: the user was still moving through the list.
    d.key('j', 'j', 'n');
    expect(d.shellScreen()?.setup?.state.token.value).toBe('');
    expect(d.shellScreen()?.notice?.text).toBe('Keys typed as this opened were not taken: type the token now.');
    await vi.advanceTimersByTimeAsync(400);
    d.type('abc');
    expect(d.shellScreen()?.setup?.state.token.value).toBe('abc');
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
    expect(setupReason(d)).toContain('(HTTP 401)');
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
      shell: true,
      settings: { baseUrl: 'https://fake.test', token: 'the.old.token' },
      services: { auth: auth(fakeClient(sampleRecords())) },
    });
    await d.settle();
    expect(setupReason(d)).toContain('(HTTP 401)');
    await newToken(d);
    const records = sampleRecords();
    expect(d.view().header.tabs.map((t) => t.label.trim())).toEqual(
      REGISTRY.defs.map((def, i) => `${i + 1} ${def.title} (${records[def.name]!.length})`),
    );
    expect(d.view().header.tabs[0]!.label.trim()).toBe('1 SLIs (30)');
  });

  test('a 401 on saving a form: the form and its text are still there after the new token, and go to the new client', async () => {
    const { d, old, fresh } = await open();
    d.key('3');
    await d.until((v) => v.status.text.startsWith('organizations · page 1'), 'the organizations');
    d.press('create');
    d.type('Payments');
    old.refusing.on = true;
    d.press('form-submit');
    await d.settle();
    expect(setupReason(d)).toContain('(HTTP 401)');
    await newToken(d);
    const screen = d.view().screen;
    expect(screen.kind === 'forms' && screen.state.kind === 'form' && screen.state.form.editors.name?.value).toBe(
      'Payments',
    );
    d.press('form-submit');
    await d.settle();
    expect(fresh.calls).toContain('create organizations');
    expect(fresh.records.organizations!.some((r) => r.name === 'Payments')).toBe(true);
  });
});
