/**
 * Rendering the dashboard with ink-testing-library against a real sandbox
 * (real TLS, the sandbox's CA given to the client), at a chosen terminal
 * size, and waiting for frames by bounded polling (no fixed sleeps).
 */
import React, { useState } from 'react';
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { sharedCertificate } from '../api/helpers.js';
import type { ApiClient } from '../../src/api/types.js';
import type { Settings } from '../../src/config/types.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';
import type { FakeSandbox } from '../fakeApi.js';
import { useStdout } from 'ink';
import { App } from '../../src/tui/App.js';
import { Shell, type ShellOptions } from '../../src/tui/shell.js';
import { FIXED_NOW, flat, sandboxClient, statusLineOf, testSettings } from './testing.js';

export { FIXED_NOW, flat, linesOf, sandboxClient, statusLineOf, testSettings, waitUntil } from './testing.js';

export const KEYS = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  pageUp: '\u001B[5~',
  pageDown: '\u001B[6~',
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  ctrlC: '\u0003',
  backspace: '\u007F',
} as const;

export interface Dashboard {
  lastFrame(): string;
  /** Every frame written so far, oldest first. */
  frames(): string[];
  press(...keys: string[]): void;
  type(text: string): void;
  /** One write: what a terminal delivers for a paste, or keys batched in one read. */
  paste(text: string): void;
  resize(columns: number, rows: number): void;
  quitCodes: number[];
  client: ApiClient;
  unmount(): void;
}

export interface DashboardOptions {
  client: ApiClient;
  settings?: Partial<Settings>;
  columns?: number;
  rows?: number;
  openProfile?: ShellOptions['openProfile'];
  listProfiles?: ShellOptions['listProfiles'];
  now?: () => Date;
  /** The first page as the CLI asks for it before the dashboard loads. */
  firstPage?: ShellOptions['firstPage'];
  registry?: ShellOptions['registry'];
}

/**
 * Renders the program's shell, but only after the fake stdout has its size
 * (the first page's size depends on the terminal's rows), with keys, paste
 * and resize.
 */
export function mountSized(
  options: Omit<ShellOptions, 'stdout' | 'onQuit'>,
  initial: { columns: number; rows: number },
): Omit<Dashboard, 'client'> {
  const size = { ...initial };
  const quitCodes: number[] = [];
  let start: (() => void) | undefined;
  function Harness(): React.JSX.Element | null {
    const { stdout } = useStdout();
    const [shell, setShell] = useState<Shell | null>(null);
    start = () => setShell(new Shell({ ...options, stdout, onQuit: (code) => quitCodes.push(code) }));
    return shell ? <App shell={shell} /> : null;
  }
  const instance = render(<Harness />);
  const stdout = instance.stdout as unknown as NodeJS.EventEmitter & { columns: number; rows: number };
  Object.defineProperty(stdout, 'columns', { configurable: true, get: () => size.columns });
  Object.defineProperty(stdout, 'rows', { configurable: true, get: () => size.rows });
  // A terminal keeps what is typed before the program reads it: keys written while Ink has
  // no stdin listener (before its first effects, or between screens) wait for one, in order.
  const stdin = instance.stdin as unknown as NodeJS.EventEmitter & { write(data: string): void };
  const waiting: string[] = [];
  const write = (data: string) => {
    if (stdin.listenerCount('readable') > 0 && waiting.length === 0) stdin.write(data);
    else waiting.push(data);
  };
  stdin.on('newListener', (event: string) => {
    if (event === 'readable')
      setImmediate(() => {
        while (waiting.length > 0 && stdin.listenerCount('readable') > 0) stdin.write(waiting.shift()!);
      });
  });
  start!();
  return {
    lastFrame: () => instance.lastFrame() ?? '',
    frames: () => [...instance.frames],
    press: (...keys) => {
      for (const key of keys) write(key);
    },
    type: (text) => {
      // One key at a time, as a person types (a multi-character write reads as a paste).
      for (const ch of text) write(ch);
    },
    paste: (text) => write(text),
    resize: (columns, rows) => {
      size.columns = columns;
      size.rows = rows;
      stdout.emit('resize');
    },
    quitCodes,
    unmount: () => instance.unmount(),
  };
}

export function renderDashboard(options: DashboardOptions): Dashboard {
  const view = mountSized(
    {
      client: options.client,
      settings: testSettings(options.settings),
      now: options.now ?? (() => FIXED_NOW),
      openProfile: options.openProfile,
      listProfiles: options.listProfiles,
      firstPage: options.firstPage,
      registry: options.registry,
    },
    { columns: options.columns ?? 100, rows: options.rows ?? 24 },
  );
  return { ...view, client: options.client };
}

/** Polls the last frame until `predicate` holds; fails with the frame after `timeoutMs`. */
export async function waitForFrame(
  dashboard: Pick<Dashboard, 'lastFrame'>,
  predicate: (frame: string) => boolean,
  what = 'the expected frame',
  timeoutMs = 5000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = dashboard.lastFrame();
    if (predicate(frame)) return frame;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Last frame:\n${frame}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until the frame contains every text given. */
export function waitForText(dashboard: Pick<Dashboard, 'lastFrame'>, ...texts: string[]): Promise<string> {
  return waitForFrame(
    dashboard,
    (f) => texts.every((t) => f.includes(t)),
    texts.map((t) => JSON.stringify(t)).join(' and '),
  );
}

/** Waits until the frame, read as words (wrapping ignored), contains every text given. */
export function waitForWords(dashboard: Pick<Dashboard, 'lastFrame'>, ...texts: string[]): Promise<string> {
  return waitForFrame(
    dashboard,
    (f) => texts.every((t) => flat(f).includes(flat(t))),
    texts.map((t) => JSON.stringify(t)).join(' and '),
  );
}

/** The page number the status line says is shown (not the one loading), or undefined. */
export function shownPage(frame: string): number | undefined {
  const match = /^\w+ · page (\d+) of/.exec(statusLineOf(frame));
  return match ? Number(match[1]) : undefined;
}

/** Waits until the status line says page `n` is shown and nothing is loading. */
export function waitForPage(dashboard: Pick<Dashboard, 'lastFrame'>, n: number, of?: number): Promise<string> {
  return waitForFrame(
    dashboard,
    (f) =>
      shownPage(f) === n &&
      (of === undefined || statusLineOf(f).includes(`page ${n} of ${of}`)) &&
      !/loading/i.test(statusLineOf(f)),
    `page ${n}${of === undefined ? '' : ` of ${of}`} shown`,
  );
}

/** Requests for a resource's list that the sandbox saw, as "offset:limit" (or the path) in order. */
export function listRequests(sandbox: Pick<SandboxHandle | FakeSandbox, 'requests'>, path = '/v1/slis/'): string[] {
  return sandbox.requests
    .filter((r) => r.method === 'GET' && r.path.startsWith(path) && r.path.slice(path.length).startsWith('?'))
    .map((r) => {
      const url = new URL(r.path, 'https://x');
      return `${url.searchParams.get('offset')}:${url.searchParams.get('limit')}`;
    });
}

/**
 * A test file's sandbox (started once, its faults cleared after each test) and
 * the dashboard each test opens with `open` (unmounted after the test).
 */
export function dashboardFixture<O extends { client: ApiClient }>(
  renderWith: (options: O) => Dashboard,
  sandboxOptions: SandboxOptions = {},
) {
  let current: Dashboard | undefined;
  const fixture = {
    sandbox: undefined as unknown as SandboxHandle,
    open: (options: Partial<O> = {}): Dashboard => {
      current = renderWith({ client: sandboxClient(fixture.sandbox), ...options } as O);
      return current;
    },
  };
  beforeAll(async () => {
    fixture.sandbox = await startSandbox(await sharedCertificate(sandboxOptions));
  });
  afterAll(async () => {
    await fixture.sandbox.close();
  });
  afterEach(() => {
    current?.unmount();
    current = undefined;
    fixture.sandbox.setFaults({});
  });
  return fixture;
}
