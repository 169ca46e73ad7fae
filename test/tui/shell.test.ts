/**
 * The program's shell (src/tui/shell.ts) without Ink: the start flow's
 * states (welcome, token setup, logged in, the dashboard), its keys, Ctrl+Z
 * from anywhere, the terminal's size followed, and what it disposes of.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { AuthDeps, LoginRequest } from '../../src/tui/auth/types.js';
import { Shell, type ShellOptions } from '../../src/tui/shell.js';
import type { SettingsReload } from '../../src/config/settingsWatcher.js';
import { keyEvent, sampleRecords } from './driver.js';
import { fakeClient } from './fakeClient.js';
import { FIXED_NOW, testSettings } from './testing.js';

/** vi.waitFor on real timers, looking every millisecond (not every 50): the fake answers come within a few turns. */
const waitFor = <T>(check: () => T) => vi.waitFor(check, { interval: 1 });

/** A terminal's stdout as the shell reads it: a size, 'resize', and what is written. */
function fakeStdout(columns = 100, rows = 24) {
  const out = Object.assign(new EventEmitter(), { columns, rows, isTTY: true, written: [] as string[] });
  return Object.assign(out, {
    write: (chunk: string) => {
      out.written.push(chunk);
      return true;
    },
  }) as unknown as NodeJS.WritableStream & {
    columns: number;
    rows: number;
    written: string[];
    emit(e: string): boolean;
  };
}

const shells: Shell[] = [];
afterEach(() => {
  for (const shell of shells.splice(0)) shell.dispose();
});

function makeShell(options: Partial<ShellOptions> = {}) {
  const stdout = fakeStdout();
  const quits: number[] = [];
  const shell = new Shell({
    settings: testSettings(),
    stdout,
    now: () => FIXED_NOW,
    onQuit: (code) => quits.push(code),
    stopProcess: () => undefined,
    ...options,
  });
  shells.push(shell);
  const press = (...keys: string[]) =>
    keys.forEach((k) => {
      const { input, key } = keyEvent(k);
      shell.handleInput(input, key);
    });
  const type = (text: string) => shell.handleInput(text, keyEvent('a').key);
  return { shell, stdout, quits, press, type };
}

function fakeAuth(overrides: Partial<AuthDeps> = {}): AuthDeps & { logins: LoginRequest[] } {
  const logins: LoginRequest[] = [];
  return {
    logins,
    start: { kind: 'welcome' },
    login: async (request) => {
      logins.push(request);
      return {
        session: { client: fakeClient(sampleRecords()), settings: testSettings({ profileName: 'default' }) },
        profile: 'default',
        host: 'slo.example.com',
        checkedAt: FIXED_NOW,
      };
    },
    ...overrides,
  };
}

const hints = (shell: Shell): string[] => {
  const view = shell.getSnapshot();
  return view.kind === 'dashboard' ? [] : view.hints.map((h) => h.hint ?? '');
};

describe('the shell', () => {
  test('with a client it opens the dashboard; the terminal size is followed; dispose disposes of the dashboard', () => {
    const keeper = vi.fn();
    const { shell, stdout } = makeShell({ client: fakeClient(sampleRecords()), onDraftKeeper: keeper });
    const view = shell.getSnapshot();
    if (view.kind !== 'dashboard') throw new Error(`not the dashboard but ${view.kind}`);
    expect(view.dashboard.view.getSnapshot().columns).toBe(100);
    stdout.columns = 80;
    stdout.rows = 30;
    stdout.emit('resize');
    expect(view.dashboard.view.getSnapshot()).toMatchObject({ columns: 80, rows: 30 });
    expect(keeper).toHaveBeenLastCalledWith(expect.any(Function));
    shell.dispose();
    // The draft keeper is let go with the dashboard, and the terminal's size no longer followed.
    expect(keeper).toHaveBeenLastCalledWith(null);
    expect(stdout.listenerCount('resize')).toBe(0);
  });

  test('first run: welcome, c opens the token setup, Esc on its first field comes back, q quits', () => {
    const { shell, press, quits } = makeShell({
      auth: fakeAuth({ startDemo: async () => Promise.reject(new Error('x')) }),
    });
    expect(shell.getSnapshot().kind).toBe('welcome');
    expect(hints(shell)).toEqual(['connect', 'demo', 'quit']);
    press('c');
    expect(shell.getSnapshot().kind).toBe('setup');
    // The setup owns the keyboard: q is typed into the field, not a quit.
    press('q');
    expect(quits).toEqual([]);
    press('Backspace', 'Esc');
    expect(shell.getSnapshot().kind).toBe('welcome');
    press('q');
    expect(quits).toEqual([0]);
  });

  test('the setup: URL, frontend, CA file, token; logged in, then Enter opens the dashboard on the new session', async () => {
    const auth = fakeAuth({ start: { kind: 'setup' } });
    const { shell, press, type } = makeShell({ auth });
    expect(shell.getSnapshot().kind).toBe('setup');
    type('https://slo.example.com');
    press('Enter', 'Enter', 'Enter');
    type('header.payload.signature');
    press('Enter');
    await waitFor(() => expect(shell.getSnapshot().kind).toBe('done'));
    expect(auth.logins).toEqual([
      expect.objectContaining({ baseUrl: 'https://slo.example.com', input: 'header.payload.signature' }),
    ]);
    expect(hints(shell)).toContain('next');
    press('Enter');
    expect(shell.getSnapshot().kind).toBe('dashboard');
  });

  test('auth login (exitAfterLogin) ends with 0 once the token is stored', async () => {
    const onLogin = vi.fn();
    const { shell, press, type, quits } = makeShell({
      auth: fakeAuth({ start: { kind: 'setup' }, exitAfterLogin: true, onLogin }),
    });
    type('https://slo.example.com');
    press('Enter', 'Enter', 'Enter');
    type('header.payload.signature');
    press('Enter');
    await waitFor(() => expect(quits).toEqual([0]));
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(shell.getSnapshot().kind).toBe('setup');
  });

  test('d on the welcome screen starts the demo: the dashboard says it is the demo sandbox', async () => {
    const { shell, press } = makeShell({
      auth: fakeAuth({
        startDemo: async () => ({ client: fakeClient(sampleRecords()), settings: testSettings() }),
      }),
    });
    press('d');
    const starting = shell.getSnapshot();
    expect(starting.kind === 'welcome' && starting.notice?.text).toBe('Starting the demo sandbox…');
    await waitFor(() => expect(shell.getSnapshot().kind).toBe('dashboard'));
    const view = shell.getSnapshot();
    expect(view.kind === 'dashboard' && view.dashboard.view.getSnapshot().header.who).toContain('demo sandbox');
  });

  test('a demo that cannot start says why on the welcome screen', async () => {
    const { shell, press } = makeShell({
      auth: fakeAuth({ startDemo: () => Promise.reject(new Error('no port')) }),
    });
    press('d');
    await waitFor(() => {
      const view = shell.getSnapshot();
      expect(view.kind === 'welcome' && view.notice?.tone).toBe('error');
    });
  });

  test('Ctrl+Z gives the terminal back and stops, wherever the program is: the welcome screen, a text field, the dashboard', async () => {
    const stops: string[] = [];
    const suspendTerminal = vi.fn(async () => ({ resume: async () => undefined }));
    const { shell, press, stdout } = makeShell({
      auth: fakeAuth(),
      stopProcess: () => stops.push(shell.getSnapshot().kind),
    });
    shell.attach({ suspendTerminal } as never);
    press('Ctrl+Z');
    await waitFor(() => expect(stops).toEqual(['welcome']));
    expect(stdout.written.join('')).toContain('\u001b[?1049l');
    // Back on SIGCONT.
    process.emit('SIGCONT');
    press('c');
    await waitFor(() => expect(shell.getSnapshot().kind).toBe('setup'));
    press('Ctrl+Z');
    await waitFor(() => expect(stops).toEqual(['welcome', 'setup']));
    process.emit('SIGCONT');
    expect(suspendTerminal).toHaveBeenCalledTimes(2);
  });

  test('the start screens follow the theme of settings.yaml, also when the file changes', () => {
    let reload: ((r: SettingsReload) => void) | undefined;
    const { shell } = makeShell({
      settings: testSettings({ noColor: false, userSettings: { theme: 'light' } }),
      auth: fakeAuth(),
      watchSettings: (onReload) => {
        reload = onReload;
        return { ready: Promise.resolve(), close: async () => undefined };
      },
    });
    const theme = () => {
      const view = shell.getSnapshot();
      return view.kind === 'dashboard' ? undefined : view.theme;
    };
    expect(theme()).toMatchObject({ accent: 'blue' });
    shell.attach({ suspendTerminal: async () => ({ resume: async () => undefined }) } as never);
    reload!({ loaded: { file: 'settings.yaml', exists: true, settings: { theme: 'none' }, problems: [] } });
    expect(theme()).toEqual({ mono: true });
  });

  test("settings.yaml's keys reach the dashboard and Ctrl+Z's own key, at start and when the file changes", async () => {
    let reload: ((r: SettingsReload) => void) | undefined;
    const stops: number[] = [];
    const { shell, press } = makeShell({
      client: fakeClient(sampleRecords()),
      settings: testSettings({ userSettings: { keys: { help: ['f2'] } } }),
      stopProcess: () => stops.push(1),
      watchSettings: (onReload) => {
        reload = onReload;
        return { ready: Promise.resolve(), close: async () => undefined };
      },
    });
    const view = shell.getSnapshot();
    if (view.kind !== 'dashboard') throw new Error(`not the dashboard but ${view.kind}`);
    const screen = () => view.dashboard.view.getSnapshot().screen.kind;
    press('?');
    expect(screen()).toBe('list');
    press('F2');
    expect(screen()).toBe('help');
    press('Esc');
    // Stopping starts by handing the terminal over, at once: that call says whether a key stopped.
    const suspendTerminal = vi.fn(async () => ({ resume: async () => undefined }));
    shell.attach({ suspendTerminal } as never);
    reload!({
      loaded: { file: 'settings.yaml', exists: true, settings: { keys: { suspend: 'ctrl+y' } }, problems: [] },
    });
    press('Ctrl+Z');
    expect(suspendTerminal).not.toHaveBeenCalled();
    press('?');
    expect(screen()).toBe('help');
    press('Esc', 'Ctrl+Y');
    expect(suspendTerminal).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(stops).toEqual([1]));
    process.emit('SIGCONT');
  });
});
