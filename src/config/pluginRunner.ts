/**
 * Running a plugin's invocation (src/domain/plugins.ts) as a child process:
 * never through a shell, in an environment without the token, with its
 * output either captured (bounded; the dashboard shows it) or on the
 * terminal (`slotui plugin run`, interactive plugins).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { SlotuiError } from '../api/errors.js';
import { WITHHELD_VARIABLES, type PluginInvocation } from '../domain/plugins.js';
import { sanitizeLine } from '../text/sanitize.js';

/** The most output a captured plugin may write (stdout and stderr together). */
export const MAX_PLUGIN_OUTPUT = 1024 * 1024;
/** After Ctrl+C (SIGTERM to its process group), how long a plugin has before SIGKILL. */
const STOP_GRACE_MS = 2000;
/** How often a running plugin's output is handed on at most. */
const OUTPUT_INTERVAL_MS = 100;

type PluginEnd =
  /** It exited (code) or was ended by a signal. */
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null }
  /** It wrote more than the bound and was stopped. */
  | { kind: 'flooded' }
  /** Stopped on request (Ctrl+C in the dashboard). */
  | { kind: 'stopped' };

export interface CapturedRun {
  /** Everything it wrote so far, stdout and stderr interleaved as they came (raw: sanitise before showing). */
  output: string;
  end: PluginEnd;
}

/** The environment a plugin gets: ours without the token, and what slotui sets. */
export function pluginEnvironment(
  inherited: Readonly<Record<string, string | undefined>>,
  invocation: PluginInvocation,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(inherited))
    if (value !== undefined && !WITHHELD_VARIABLES.includes(name)) env[name] = value;
  return { ...env, ...invocation.env };
}

/** A spawn that failed before the program ran, as one sentence. */
function notRun(name: string, program: string, error: NodeJS.ErrnoException): SlotuiError {
  const what = `“${sanitizeLine(program).slice(0, 80)}”`;
  const why =
    error.code === 'ENOENT'
      ? `${what} was not found (give its full path, or put it on PATH)`
      : error.code === 'EACCES'
        ? `${what} cannot be run (permission denied)`
        : `${what} could not be run (${error.code ?? sanitizeLine(error.message).slice(0, 80)})`;
  return new SlotuiError('config', `Plugin ${sanitizeLine(name)}: ${why}.`);
}

export interface CaptureOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** Aborting stops the plugin (and whatever it started in its process group). */
  signal?: AbortSignal;
  /** Hears the output as it comes (the overlay grows while it runs). */
  onOutput?: (output: string) => void;
  maxOutput?: number;
}

/** Runs it with its output captured; rejects (a SlotuiError) only when it could not be started. */
export function runCaptured(name: string, invocation: PluginInvocation, options: CaptureOptions): Promise<CapturedRun> {
  const max = options.maxOutput ?? MAX_PLUGIN_OUTPUT;
  const [program, ...args] = invocation.argv;
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(program!, args, {
        env: pluginEnvironment(options.env, invocation),
        stdio: [invocation.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
        // Its own process group: Ctrl+C stops what it started too, and the terminal's keys never reach it.
        detached: true,
        shell: false,
      });
    } catch (error) {
      reject(notRun(name, program!, error as NodeJS.ErrnoException));
      return;
    }
    let output = '';
    let size = 0;
    let telling: ReturnType<typeof setTimeout> | undefined;
    let toldAt = -Infinity;
    const tell = () => {
      telling = undefined;
      toldAt = performance.now();
      options.onOutput?.(output);
    };
    let ended: PluginEnd | undefined;
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = (why: PluginEnd) => {
      ended ??= why;
      signalGroup(child, 'SIGTERM');
      killTimer ??= setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_GRACE_MS);
      killTimer.unref?.();
    };
    const onAbort = () => stop({ kind: 'stopped' });
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const take = (text: string) => {
      if (ended?.kind === 'flooded') return;
      const bytes = Buffer.byteLength(text);
      if (size + bytes > max) {
        output += Buffer.from(text)
          .subarray(0, max - size)
          .toString('utf8');
        size = max;
        stop({ kind: 'flooded' });
      } else {
        output += text;
        size += bytes;
      }
      // Told at once, then at most every OUTPUT_INTERVAL_MS: many small writes cost one redraw a tenth of a second.
      const wait = toldAt + OUTPUT_INTERVAL_MS - performance.now();
      if (wait <= 0 && !telling) tell();
      else telling ??= setTimeout(tell, Math.max(0, wait));
    };
    // Decoded as text as it comes, so a character split between two reads stays whole.
    child.stdout!.setEncoding('utf8').on('data', take);
    child.stderr!.setEncoding('utf8').on('data', take);
    child.stdin?.on('error', () => undefined); // a plugin that does not read its input closes it early
    child.stdin?.end(invocation.stdin);
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      if (telling) clearTimeout(telling);
      reject(notRun(name, program!, error as NodeJS.ErrnoException));
    });
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      if (telling) clearTimeout(telling);
      resolve({ output, end: ended ?? { kind: 'exited', code, signal } });
    });
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * An interactive plugin while the dashboard has lent it the terminal: stdout
 * and stderr inherited, stdin too unless it takes the records; waits until
 * it exits (as the editor does: nothing of ours reads the terminal
 * meanwhile). Returns its exit status (128 + the signal's number when a
 * signal ended it).
 */
export function runOnTerminal(
  name: string,
  invocation: PluginInvocation,
  env: Readonly<Record<string, string | undefined>>,
): number {
  const [program, ...args] = invocation.argv;
  const result = spawnSync(program!, args, {
    env: pluginEnvironment(env, invocation),
    stdio: [invocation.stdin === undefined ? 'inherit' : 'pipe', 'inherit', 'inherit'],
    ...(invocation.stdin === undefined ? {} : { input: invocation.stdin }),
    shell: false,
  });
  if (result.error) throw notRun(name, program!, result.error as NodeJS.ErrnoException);
  return statusOf(result.status, result.signal);
}

/** A shell's exit status for an end by signal: 128 + its number. */
const statusOf = (code: number | null, signal: NodeJS.Signals | null): number =>
  signal ? 128 + (constants.signals[signal] ?? 1) : (code ?? 1);

export interface AttachedOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** Where its output goes; absent: the terminal's (inherited). */
  out?: NodeJS.WritableStream;
  err?: NodeJS.WritableStream;
  /** Its input when it takes no records: ours (a terminal), or nothing. */
  input: 'inherit' | 'none';
}

/**
 * `slotui plugin run`: runs it with its output on ours (as if run directly)
 * and resolves with its exit status.
 */
export function runAttached(name: string, invocation: PluginInvocation, options: AttachedOptions): Promise<number> {
  const [program, ...args] = invocation.argv;
  const input = invocation.stdin !== undefined ? 'pipe' : options.input === 'inherit' ? 'inherit' : 'ignore';
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(program!, args, {
        env: pluginEnvironment(options.env, invocation),
        stdio: [input, options.out ? 'pipe' : 'inherit', options.err ? 'pipe' : 'inherit'],
        shell: false,
      });
    } catch (error) {
      reject(notRun(name, program!, error as NodeJS.ErrnoException));
      return;
    }
    if (options.out) child.stdout!.pipe(options.out, { end: false });
    if (options.err) child.stderr!.pipe(options.err, { end: false });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(invocation.stdin);
    child.on('error', (error) => reject(notRun(name, program!, error as NodeJS.ErrnoException)));
    child.on('close', (code, signal) => resolve(statusOf(code, signal)));
  });
}
