/**
 * A test driver for the dashboard without Ink or a network: createDashboard
 * over the fake client, fake timers, keys pressed by action id (the key the
 * keymap gives that action on the screen shown, through the one way keys come
 * in), and what is drawn read from the view model. Behaviour tests of the
 * dashboard run here in milliseconds; the Ink files keep one smoke test a
 * screen, the sandbox and pseudo-terminal tiers what only they can show.
 */
import { EventEmitter } from 'node:events';
import type { Key } from 'ink';
import { vi } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import type { ApiClient } from '../../src/api/types.js';
import type { ViewRegistry } from '../../src/presentation/resources.js';
import type { Settings } from '../../src/config/types.js';
import { emptyData, addSampleData, addSeededSlis } from '../../src/sandbox/sample.js';
import { SwappableClient } from '../../src/tui/auth/swappableClient.js';
import { createDashboard, type Dashboard, type DashboardServices } from '../../src/tui/dashboard.js';
import { Shell, type StartView } from '../../src/tui/shell.js';
import { isEnabled } from '../../src/tui/input/keymap.js';
import { keyWith, reachable } from '../../src/tui/input/router.js';
import type { ActionId } from '../../src/tui/keys.js';
import type { DashboardViewModel } from '../../src/tui/view/viewModel.js';
import { fakeClient, type FakeClient } from './fakeClient.js';
import { FIXED_NOW, testSettings } from './testing.js';

export interface DriverOptions {
  /** Records by resource (default: the sandbox's sample data). */
  records?: Record<string, ApiRecord[]>;
  client?: FakeClient;
  settings?: Partial<Settings>;
  columns?: number;
  rows?: number;
  registry?: ViewRegistry;
  /** The client as the program gives it: swappable, so a token set up after a 401 replaces it underneath. */
  swappable?: boolean;
  services?: Partial<Omit<DashboardServices, 'client' | 'settings' | 'size' | 'quit'>>;
  /**
   * The dashboard inside the program's shell (shell.ts), keys going through the shell: for what
   * the shell runs over the dashboard (the re-login after a 401). Only `auth` and `registry` of
   * the services are passed; the client is made swappable, as the program makes it.
   */
  shell?: boolean;
  /** With `shell: true`: the shell's typeahead window after a 401 opens the token setup (timed by the fake clock). */
  typeaheadMs?: number;
  /**
   * Real timers instead of fake ones: for the dashboard over the sandbox over TLS (the integration
   * tier), where answers take real time on a socket. `until` polls in real time; `settle` is not used.
   */
  realTimers?: boolean;
}

export interface Driver {
  dashboard: Dashboard;
  /** With `shell: true`: the start screen the shell draws over the dashboard (the token setup), or null while the dashboard shows. */
  shellScreen(): StartView | null;
  client: FakeClient;
  /** Quits asked for: exit code and the note said after. */
  quits: { code: number; note?: string }[];
  view(): DashboardViewModel;
  /** Presses the key the keymap gives this action on the screen shown (fails when nothing takes it there). */
  press(...actions: ActionId[]): void;
  /** Presses keys as the help writes them: 'j', 'G', 'PgDn', 'Enter', 'Esc', 'Ctrl+C'. */
  key(...keys: string[]): void;
  /** Types text, a key a character. */
  type(text: string): void;
  /** One read of several keys: what a terminal delivers for a paste, or keys batched over SSH. */
  paste(text: string): void;
  /** A bracketed paste: the terminal marks it, Ink hands it over as one text (never keys). */
  bracketedPaste(text: string): void;
  /** Lets the fake client answer and the timers due run (fake time, bounded). */
  settle(): Promise<void>;
  /** Settles until the condition holds (bounded). */
  until(condition: (view: DashboardViewModel) => boolean, what: string): Promise<void>;
  /** The rows of the list shown, as drawn. */
  rows(): string[];
  status(): string;
  /** The message line(s), as one line. */
  message(): string;
  /** Everything drawn, as text: header, body, status, message, hints. */
  text(): string;
  resize(columns: number, rows: number): void;
  dispose(): void;
}

/** The sandbox's sample records (30 SLIs, 20 SLOs, 4 organizations, agreements), plus `seed` generated SLIs. */
export function sampleRecords(seed = 0): Record<string, ApiRecord[]> {
  const data = emptyData();
  addSampleData(data);
  if (seed) addSeededSlis(data, seed);
  return Object.fromEntries(Object.entries(data).map(([name, c]) => [name, [...(c?.records ?? [])] as ApiRecord[]]));
}

/** The Ink key event of a key written as the help writes it. */
export function keyEvent(display: string): { input: string; key: Key } {
  const named: Record<string, Partial<Key>> = {
    '↑': { upArrow: true },
    '↓': { downArrow: true },
    '←': { leftArrow: true },
    '→': { rightArrow: true },
    PgUp: { pageUp: true },
    PgDn: { pageDown: true },
    Esc: { escape: true },
    Tab: { tab: true },
    'Shift+Tab': { tab: true, shift: true },
    // DEL, as Ink reports what most terminals send for Backspace.
    Backspace: { delete: true },
    Home: { home: true },
    End: { end: true },
  };
  if (display === 'Enter') return { input: '\r', key: keyWith({ return: true }) };
  if (display === 'Space') return { input: ' ', key: keyWith() };
  if (named[display]) return { input: '', key: keyWith(named[display]) };
  if (/^Ctrl\+[A-Z]$/.test(display)) return { input: display.slice(5).toLowerCase(), key: keyWith({ ctrl: true }) };
  if (/^Alt\+.$/.test(display)) return { input: display.slice(4), key: keyWith({ meta: true }) };
  // What App.tsx hands the shell for a function key (Ink alone gives an empty key).
  if (/^F\d+$/.test(display)) return { input: '', key: { ...keyWith(), functionKey: Number(display.slice(1)) } as Key };
  return { input: display, key: keyWith({ shift: /^[A-Z]$/.test(display) }) };
}

const open: Driver[] = [];

/** Disposes of the drivers the test made and gives the timers back (call it in afterEach). */
export function disposeDrivers(): void {
  for (const d of open.splice(0)) d.dispose();
  vi.useRealTimers();
}

/** The real setImmediate, taken before any test fakes it: real I/O (a file the editor wrote) needs real turns. */
const realTurn = (() => {
  const immediate = globalThis.setImmediate;
  return () => new Promise<void>((resolve) => immediate(resolve));
})();

/** The real clock, taken before any test fakes it: how long `until` may wait on real I/O. */
const realNow = performance.now.bind(performance);

const SETTLE_STEPS = 40;
const STEP_MS = 25;
/** Fake time `until` lets pass at most, and real time it waits at most (a loaded machine is slow). */
const UNTIL_FAKE_MS = 5_000;
const UNTIL_REAL_MS = 10_000;

/** A terminal's stdout of that size that keeps nothing written (the shell's own sequences: alternate screen, cursor). */
export function silentTerminal(columns: number, rows: number): NodeJS.WritableStream {
  return Object.assign(new EventEmitter(), {
    columns,
    rows,
    isTTY: true,
    write: () => true,
  }) as unknown as NodeJS.WritableStream;
}

export function drive(options: DriverOptions = {}): Driver {
  if (!options.realTimers) vi.useFakeTimers();
  const client = options.client ?? fakeClient(options.records ?? sampleRecords());
  const quits: Driver['quits'] = [];
  const size = { columns: options.columns ?? 100, rows: options.rows ?? 24 };
  const quit = (code: number, note?: string) => quits.push({ code, note });
  const shell = options.shell
    ? new Shell({
        client,
        settings: testSettings(options.settings),
        stdout: silentTerminal(size.columns, size.rows),
        now: () => FIXED_NOW,
        onQuit: quit,
        stopProcess: () => undefined,
        ...(options.typeaheadMs !== undefined ? { typeaheadMs: options.typeaheadMs, monotonic: () => Date.now() } : {}),
        ...(options.services?.auth ? { auth: options.services.auth } : {}),
        ...(options.registry ? { registry: options.registry } : {}),
      })
    : undefined;
  const shown = shell?.getSnapshot();
  const dashboard =
    shown?.kind === 'dashboard'
      ? shown.dashboard
      : createDashboard({
          client: options.swappable ? new SwappableClient(client) : client,
          settings: testSettings(options.settings),
          size,
          clock: () => FIXED_NOW,
          quit,
          ...(options.registry ? { registry: options.registry } : {}),
          ...options.services,
        });
  const view = () => dashboard.view.getSnapshot();
  /** Where keys go: the shell when there is one (it hands them to the dashboard while that shows). */
  const input = shell ?? dashboard;
  const sendKey = (display: string) => {
    const { input: text, key } = keyEvent(display);
    input.handleInput(text, key);
  };

  const pressOne = (action: ActionId) => {
    const env = dashboard.env();
    const { keymap } = dashboard;
    const layers = dashboard.layers();
    // As the dispatcher: 'always' keys (Ctrl+C) in any layer, then each reachable layer's own.
    const candidates = [
      ...layers.map((layer) => ({ layer, rows: keymap.inContext('always') })),
      ...reachable(layers).map((layer) => ({ layer, rows: keymap.inContext(layer.context) })),
    ];
    for (const { layer, rows } of candidates) {
      const binding = rows.find((b) => b.id === action);
      if (!binding) continue;
      // A binding the session turned off is pressed too: the dashboard says why.
      if (!layer.handlers[action] && isEnabled(binding, env)) continue;
      const key = keymap.keysOf(binding, env)[0];
      if (key === undefined) continue;
      sendKey(key);
      return;
    }
    throw new Error(`Nothing takes ${action} on the ${view().screen.kind} screen.`);
  };

  const settle = async () => {
    if (options.realTimers) throw new Error('With real timers, wait with until (a condition), not settle.');
    for (let i = 0; i < SETTLE_STEPS; i++) await vi.advanceTimersByTimeAsync(STEP_MS);
  };

  const driver: Driver = {
    dashboard,
    shellScreen: () => {
      const now = shell?.getSnapshot();
      return now && now.kind !== 'dashboard' ? now : null;
    },
    client,
    quits,
    view,
    press: (...actions) => actions.forEach(pressOne),
    key: (...keys) => keys.forEach(sendKey),
    type: (text) => {
      for (const ch of text) input.handleInput(ch, keyWith({ shift: /^[A-Z]$/.test(ch) }));
    },
    paste: (text) => input.handleInput(text, keyWith()),
    bracketedPaste: (text) => input.handlePaste(text),
    settle,
    until: async (condition, what) => {
      if (options.realTimers) {
        const end = realNow() + UNTIL_REAL_MS;
        while (!condition(view())) {
          if (realNow() > end) throw new Error(`Never got ${what}. Drawn:\n${driver.text()}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return;
      }
      const deadline = realNow() + UNTIL_REAL_MS;
      for (let waited = 0; !condition(view()); waited += STEP_MS) {
        if (waited >= UNTIL_FAKE_MS && realNow() > deadline)
          throw new Error(`Never got ${what}. Drawn:\n${driver.text()}`);
        // Fake time moves only so far; after that only real turns pass (a file the editor wrote).
        if (waited < UNTIL_FAKE_MS) await vi.advanceTimersByTimeAsync(STEP_MS);
        await realTurn();
      }
    },
    rows: () => {
      const body = view().body;
      return body.kind === 'list' ? body.rows.map((r) => r.text) : [];
    },
    status: () => view().status.text,
    message: () => {
      const bottom = view().bottom;
      return bottom.kind === 'message' ? bottom.lines.join(' ').trim() : '';
    },
    text: () => {
      const v = view();
      const body = v.body;
      const bodyText =
        body.kind === 'list'
          ? [body.header, ...body.rows.map((r) => r.text), body.rows.length === 0 ? body.empty : '']
          : body.kind === 'detail'
            ? [body.title, ...body.errorLines, ...body.lines.map((l) => `${l.label ?? ''}${l.text}`)]
            : body.kind === 'help'
              ? [body.title, ...body.columns.flat().map((l) => l.text)]
              : body.kind === 'relations'
                ? [body.view.title, ...body.view.progress, ...body.view.lines.map((l) => l.text)]
                : [JSON.stringify(body)];
      const bottom =
        v.bottom.kind === 'message' ? v.bottom.lines.join(' ') : `${v.bottom.prompt}${v.bottom.editor.value}`;
      return [
        v.header.who,
        v.header.tabs.map((t) => t.label).join(''),
        ...bodyText,
        v.status.text,
        bottom,
        v.hints.map((h) => `${h.keys[0] ?? ''} ${h.hint ?? ''}`).join(' · '),
      ].join('\n');
    },
    resize: (columns, rows) => dashboard.resize({ columns, rows }),
    dispose: () => (shell ?? dashboard).dispose(),
  };
  open.push(driver);
  return driver;
}

/**
 * The driver over a real client: the sandbox over TLS (with `realTimers`), or the fake service in
 * memory (test/fakeApi.ts), so the service's own checks and answers are met. Its `client` keeps no
 * call log: read what was sent from the sandbox's requests.
 */
export function driveClient(client: ApiClient, options: Omit<DriverOptions, 'client'> = {}): Driver {
  return drive({ ...options, client: client as FakeClient });
}
