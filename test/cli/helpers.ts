/**
 * Runs the CLI's main() in-process with in-memory streams, against a real
 * sandbox over TLS (its CA given through SLOTUI_CA_FILE, verification on).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { ViewRegistry } from '../../src/presentation/resources.js';
import { main, type CliIo } from '../../src/cli/main.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';

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
  });
  options.feed?.(stdin, { stderr: () => err });
  const code = await running;
  // Let the PassThroughs deliver what was written.
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: out, stderr: err };
}

export interface CliHarness {
  sandbox: SandboxHandle;
  configDir: string;
  /** The environment that points the CLI at the sandbox, with a fresh config folder. */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function startCliHarness(options: SandboxOptions = {}): Promise<CliHarness> {
  const sandbox = await startSandbox(options);
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
