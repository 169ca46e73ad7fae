/**
 * The token setup through ink-testing-library: <Root> (what runDashboard
 * renders) with the CLI's real auth deps (verify with one GET, store in a
 * temporary config folder) against a real sandbox over TLS.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect } from 'vitest';
import { createAuthDeps, type AuthDepsOptions } from '../../../src/cli/commands/auth-setup.js';
import { createContext, type Context } from '../../../src/cli/context.js';
import type { ApiClient } from '../../../src/api/types.js';
import type { Settings } from '../../../src/config/types.js';
import type { SandboxHandle } from '../../../src/sandbox/types.js';
import type { AuthDeps, LoginResult } from '../../../src/tui/auth/types.js';
import { FIXED_NOW, mountSized, testSettings } from '../helpers.js';

// Kept apart from this file's Ink and CLI imports, for the pseudo-terminal tests that need only it.
export { tokenEndpointAnswer } from '../../sandbox/tokenEndpoint.js';

export interface AuthHarness {
  ctx: Context;
  configDir: string;
  /** What the flow wrote to the terminal itself (OSC 52). */
  written: string[];
  opened: string[];
  logins: LoginResult[];
  auth: AuthDeps;
  close(): Promise<void>;
}

/** A CLI context on a fresh config folder, trusting the sandbox's CA (SLOTUI_CA_FILE), and auth deps on it. */
export async function authHarness(
  sandbox: SandboxHandle,
  options: AuthDepsOptions & { env?: NodeJS.ProcessEnv; now?: () => Date } = {},
): Promise<AuthHarness> {
  const configDir = join(await mkdtemp(join(tmpdir(), 'slotui-setup-')), 'config');
  const io = {
    argv: [],
    env: { SLOTUI_CONFIG_DIR: configDir, SLOTUI_CA_FILE: sandbox.caFile, ...options.env },
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
  };
  const ctx = createContext(io, {}, options.now ?? (() => new Date()));
  const written: string[] = [];
  const opened: string[] = [];
  const logins: LoginResult[] = [];
  const auth = createAuthDeps(ctx, {
    ...options,
    openBrowser: options.openBrowser === undefined ? (url) => opened.push(url) : options.openBrowser,
    onLogin: (result) => {
      logins.push(result);
      options.onLogin?.(result);
    },
  });
  auth.writeTerminal = (sequence) => written.push(sequence);
  return {
    ctx,
    configDir,
    written,
    opened,
    logins,
    auth,
    close: async () => {
      await ctx.close();
      await rm(join(configDir, '..'), { recursive: true, force: true });
    },
  };
}

export interface RootView {
  lastFrame(): string;
  frames(): string[];
  press(...keys: string[]): void;
  type(text: string): void;
  /** One write: what a terminal delivers for a paste. */
  paste(text: string): void;
  quitCodes: number[];
  unmount(): void;
}

export function renderRoot(props: {
  client?: ApiClient;
  settings?: Partial<Settings>;
  auth?: AuthDeps;
  now?: () => Date;
  columns?: number;
  rows?: number;
}): RootView {
  return mountSized(
    {
      client: props.client,
      settings: testSettings(props.settings),
      now: props.now ?? (() => FIXED_NOW),
      auth: props.auth,
    },
    { columns: props.columns ?? 110, rows: props.rows ?? 28 },
  );
}

/**
 * Presses a key until the frame shows `text` (bounded): a key written before
 * Ink has subscribed to stdin (right after the first frame) is lost, as a
 * keystroke before a program starts reading would be.
 */
export async function pressUntil(view: RootView, key: string, text: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let tries = 0; !view.lastFrame().includes(text); tries++) {
    if (Date.now() > deadline)
      throw new Error(
        `Timed out waiting for ${JSON.stringify(text)} after pressing ${JSON.stringify(key)}. Last frame:\n${view.lastFrame()}`,
      );
    if (tries % 20 === 0) view.press(key);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The config file the harness's logins wrote, read back. */
export const storedConfig = (h: AuthHarness) =>
  JSON.parse(readFileSync(join(h.configDir, 'config.json'), 'utf8')) as {
    currentProfile?: string;
    profiles: Record<string, { token?: string; baseUrl?: string; frontendUrl?: string; caFile?: string }>;
  };

/** The tokens a file's tests use (`secret` notes one and returns it), so `neverIn` can check that no text written holds one. */
export function tokenWatch(): { secret<T extends string>(token: T): T; neverIn(texts: Iterable<string>): void } {
  const secrets: string[] = [];
  return {
    secret: (token) => {
      secrets.push(token);
      return token;
    },
    neverIn: (texts) => {
      for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
    },
  };
}
