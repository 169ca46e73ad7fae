/**
 * Runs the CLI's main() in-process with in-memory streams, against a real
 * sandbox over TLS (its CA given through SLOTUI_CA_FILE, verification on).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { ViewRegistry } from '../../src/presentation/resources.js';
import { createClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/types.js';
import { main, type CliIo } from '../../src/cli/main.js';
import { loadDataFile } from '../../src/sandbox/persist.js';
import type { Store } from '../../src/sandbox/store.js';
import { fakeApi, type FakeApi, type ReceivedRequest, type ServeOptions } from '../fakeApi.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { sharedCertificate } from '../api/helpers.js';
import type { Faults, SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** Text on stdin (then it ends); undefined: stdin stays open and empty unless `feed` writes to it. */
  stdin?: string;
  stdinIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  columns?: number;
  /** stderr is a terminal (progress lines are drawn there). */
  stderrIsTTY?: boolean;
  /** The progress line's timing (e.g. { delayMs: 0, intervalMs: 0 } to see every update). */
  progress?: CliIo['progress'];
  /** The resources the CLI knows (default: the service's). */
  registry?: ViewRegistry;
  /** Called with stdin once main() runs (answers to prompts). */
  feed?: (stdin: PassThrough, output: { stderr: () => string }) => void;
  /** The fake API (test/fakeApi.ts) the CLI's clients send to instead of the network. */
  api?: FakeApi;
  /** What the program hands the CLI to keep its heap small for a whole list. */
  onWholeList?: () => void;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

type TtyIn = PassThrough & { isTTY?: boolean };
type TtyOut = PassThrough & { isTTY?: boolean; columns?: number };

export async function run(argv: string[], options: RunOptions = {}): Promise<RunResult> {
  const stdin: TtyIn = new PassThrough();
  const stdout: TtyOut = new PassThrough();
  const stderr: TtyOut = new PassThrough();
  if (options.stderrIsTTY) {
    stderr.isTTY = true;
    stderr.columns = options.columns ?? 120;
  }
  if (options.stdinIsTTY) stdin.isTTY = true;
  if (options.stdoutIsTTY) {
    stdout.isTTY = true;
    stdout.columns = options.columns ?? 120;
  }
  let out = '';
  let err = '';
  stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  if (options.stdin !== undefined) stdin.end(options.stdin);
  const running = main({
    argv,
    env: options.env ?? {},
    stdin,
    stdout,
    stderr,
    registry: options.registry,
    ...(options.progress ? { progress: options.progress } : {}),
    ...(options.onWholeList ? { onWholeList: options.onWholeList } : {}),
    createClient: options.api ? clientOn(options.api) : routedClient,
  });
  options.feed?.(stdin, { stderr: () => err });
  const code = await running;
  // Let the PassThroughs deliver what was written.
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: out, stderr: err };
}

/** Builds the CLI's clients as the program does, sending to the fake API. */
const clientOn =
  (api: FakeApi) =>
  (options: ClientOptions): ApiClient =>
    createClient({ ...options, dispatcher: api.dispatcher });

/** The CLI over the fake API serving the sandbox's API from memory: as startCliHarness, without sockets. */
export interface FakeHarness {
  api: FakeApi;
  /** Builds a client as the CLI does, on the fake API (for tests that make a context themselves). */
  createClient(options: ClientOptions): ApiClient;
  store: Store;
  /** What tests of the sandbox harness read: the requests received and their count, and faults. */
  sandbox: {
    /** The token the fake service accepts. */
    token: string;
    requests: ReceivedRequest[];
    stats(): { requests: number };
    setFaults(faults: Faults): void;
  };
  configDir: string;
  /** The environment that points the CLI at the fake API, with a fresh config folder. */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** The fake APIs of the harnesses open, by origin: run() sends to the one its SLOTUI_BASE_URL names. */
const openFakes = new Map<string, FakeApi>();
let fakes = 0;

export async function startFakeHarness(options: ServeOptions & { dataFile?: string } = {}): Promise<FakeHarness> {
  // An origin of its own (never resolved: the fake answers it), so several harnesses can be open at once.
  const api = fakeApi(`https://api-${++fakes}.test`);
  const { dataFile, ...serve } = options;
  const data = dataFile ? await loadDataFile(dataFile) : undefined;
  const store = api.serve({ ...serve, ...(data ? { data } : {}) });
  const configDir = await mkdtemp(join(tmpdir(), 'slotui-cli-config-'));
  openFakes.set(api.origin, api);
  return {
    api,
    createClient: clientOn(api),
    store,
    sandbox: {
      token: api.token,
      requests: api.requests,
      stats: () => ({ requests: api.requests.length }),
      setFaults: api.setFaults,
    },
    configDir,
    env: (extra = {}) => ({
      SLOTUI_CONFIG_DIR: configDir,
      SLOTUI_BASE_URL: api.origin,
      SLOTUI_TOKEN: api.token,
      ...extra,
    }),
    close: async () => {
      openFakes.delete(api.origin);
      try {
        // Every request went to the service served from memory: nothing else was asked for.
        api.verify();
      } finally {
        await api.close();
        await rm(configDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A client on the fake API its base URL names (from the environment or a profile), if that is
 * one of ours; a real one otherwise. A `.test` origin never goes to the network.
 */
function routedClient(options: ClientOptions): ApiClient {
  const url = URL.parse(options.baseUrl);
  // Not one of ours (or not a URL at all: the real client says what is wrong with it).
  if (!url?.hostname.endsWith('.test')) return createClient(options);
  const api = openFakes.get(url.origin);
  if (!api) throw new Error(`No fake API is open at ${url.origin}: was its harness closed?`);
  return clientOn(api)(options);
}

export interface CliHarness {
  sandbox: SandboxHandle;
  configDir: string;
  /** The environment that points the CLI at the sandbox, with a fresh config folder. */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function startCliHarness(options: SandboxOptions = {}): Promise<CliHarness> {
  const sandbox = await startSandbox(await sharedCertificate(options));
  const configDir = await mkdtemp(join(tmpdir(), 'slotui-cli-config-'));
  return {
    sandbox,
    configDir,
    env: (extra = {}) => ({
      SLOTUI_CONFIG_DIR: configDir,
      SLOTUI_BASE_URL: sandbox.baseUrl,
      SLOTUI_CA_FILE: sandbox.caFile,
      SLOTUI_TOKEN: sandbox.token,
      ...extra,
    }),
    close: async () => {
      await sandbox.close();
      await rm(configDir, { recursive: true, force: true });
    },
  };
}

const madeDirs: string[] = [];

/** A fresh folder (mode 0700, as mkdtemp makes them); removeTempDirs() deletes them all. */
export async function tempDir(prefix = 'slotui-cli-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  madeDirs.push(dir);
  return dir;
}

/**
 * Adds a profile to `dir`'s config.json (made if missing, 0600 in the 0700 folder tempDir makes),
 * as the store keeps it, for tests whose subject is not the store: the store's own writes load
 * conf and its validator (a quarter of a second a worker) that nothing else in the unit tier
 * needs. Its writes are tested in test/config/store.int.test.ts.
 */
export function addProfile(dir: string, name: string, profile: Record<string, unknown>, current = false): void {
  const file = join(dir, 'config.json');
  const config = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { profiles: {} }) as {
    currentProfile?: string;
    profiles: Record<string, unknown>;
  };
  config.profiles[name] = profile;
  if (current) config.currentProfile = name;
  writeFileSync(file, JSON.stringify(config), { mode: 0o600 });
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(madeDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Polls until the condition holds (bounded). */
export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition.');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
