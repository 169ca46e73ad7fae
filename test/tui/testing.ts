/**
 * What the dashboard's tests share that needs no terminal: settings, a fixed
 * clock, a client as the dashboard makes it, and reading frames as text.
 * Plain TypeScript (no React, no Ink, no sandbox server), so the unit tier's
 * driver tests load none of them (helpers.tsx, which renders with Ink,
 * re-exports these).
 */
import { createClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/types.js';
import type { Settings } from '../../src/config/types.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import type { FakeSandbox } from '../fakeApi.js';

export function testSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    profileName: 'default',
    baseUrlSource: 'env',
    tokenSource: 'env',
    paths: {},
    readOnly: false,
    // No refresh unless a test asks for one: what a test counts is what its keys asked for.
    refreshMs: 0,
    noColor: true,
    configDir: '/nonexistent/slotui-test-config',
    ...overrides,
  };
}

/** A client on the sandbox as the dashboard makes it: one kept-alive connection (src/cli/commands/dashboard.ts). */
export function sandboxClient(sandbox: SandboxHandle | FakeSandbox, options: Partial<ClientOptions> = {}): ApiClient {
  return createClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    // The sandbox over TLS (its CA), or the fake one in memory (its dispatcher).
    ...('api' in sandbox ? { dispatcher: sandbox.api.dispatcher } : { ca: sandbox.caPem }),
    retry: { tries: 1 },
    connections: 1,
    ...options,
  });
}

/** A fixed clock: relative times in frames don't depend on when the test runs. */
export const FIXED_NOW = new Date('2025-06-01T12:00:00Z');

/** The frame as one line of words: messages wrap, and this reads them whole. */
export const flat = (frame: string): string => frame.replace(/\s+/g, ' ');

/** Polls any condition (bounded). */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The frame's lines, as a person reads them. */
export const linesOf = (frame: string): string[] => frame.split('\n');

/** The line holding the status (resource · page X of Y · …). */
export const statusLineOf = (frame: string): string => linesOf(frame).find((l) => /^\w+ · page .+ of /.test(l)) ?? '';
