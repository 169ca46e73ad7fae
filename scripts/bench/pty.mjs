// A program in a pseudo-terminal whose output is fed into a headless xterm,
// so the bench can ask "is this text on the screen now?" and learn when the
// output that drew it arrived.
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import xtermHeadless from '@xterm/headless';
import pty from 'node-pty';
import { sleep, withTimeout } from './util.mjs';

const { Terminal } = xtermHeadless;

export const COLS = 100;
export const ROWS = 30;

export class PtySession {
  /** Spawns `file args` in a COLS x ROWS pty; `spawnedAt` is taken just before the spawn. */
  constructor(file, args, { env, cwd }) {
    this.term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true, scrollback: 0 });
    this.waiters = new Set();
    this.lastDataAt = performance.now();
    this.exited = false;
    this.spawnedAt = performance.now();
    this.proc = pty.spawn(file, args, { name: 'xterm-256color', cols: COLS, rows: ROWS, cwd, env });
    this.pid = this.proc.pid;
    this.exitPromise = new Promise((resolve) => {
      this.proc.onExit(({ exitCode, signal }) => {
        this.exited = true;
        this.exitedAt = performance.now();
        resolve({ exitCode, signal, at: this.exitedAt });
      });
    });
    this.proc.onData((chunk) => {
      const arrivedAt = performance.now();
      this.firstDataAt ??= arrivedAt;
      this.lastDataAt = arrivedAt;
      // Parsed in order; each waiter learns the arrival time of the chunk that satisfied it.
      this.term.write(chunk, () => this.check(arrivedAt));
    });
  }

  /** The visible screen, one string per row. */
  screen() {
    const buffer = this.term.buffer.active;
    const rows = [];
    for (let y = 0; y < ROWS; y++) rows.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return rows;
  }

  check(arrivedAt) {
    if (this.waiters.size === 0) return;
    const text = this.screen().join('\n');
    for (const waiter of this.waiters) {
      if (waiter.predicate(text)) {
        this.waiters.delete(waiter);
        waiter.resolve(arrivedAt);
      }
    }
  }

  /** Resolves with the arrival time of the output after which `predicate(screenText)` holds. */
  waitForScreen(predicate, timeoutMs, what) {
    const now = this.screen().join('\n');
    if (predicate(now)) return Promise.resolve(this.lastDataAt);
    let waiter;
    const found = new Promise((resolve) => {
      waiter = { predicate, resolve };
      this.waiters.add(waiter);
    });
    return withTimeout(found, timeoutMs, what)
      .catch((err) => {
        // What was drawn says why: an error line, another screen, a list not yet read.
        const drawn = this.screen()
          .map((line) => line.trimEnd())
          .filter(Boolean)
          .join('\n    ');
        throw new Error(`${err.message} The screen was:\n    ${drawn || '(empty)'}`);
      })
      .finally(() => this.waiters.delete(waiter));
  }

  /** Waits until no output came for `quietMs` (bounded by `timeoutMs`). */
  async waitQuiet(quietMs, timeoutMs) {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() - this.lastDataAt < quietMs) {
      if (performance.now() > deadline) return false;
      await sleep(Math.max(5, quietMs / 5));
    }
    return true;
  }

  /** Sends keys; returns the time just before the write. */
  press(keys) {
    const at = performance.now();
    this.proc.write(keys);
    return at;
  }

  /** Asks the program to quit with `keys` (if any) and waits for it; kills it (by PID) if it does not go. */
  async quit(keys, timeoutMs = 5_000) {
    if (this.exited) return this.exitPromise;
    if (keys) this.proc.write(keys);
    try {
      return await withTimeout(this.exitPromise, timeoutMs, 'the program to exit');
    } catch (err) {
      this.kill();
      throw err;
    }
  }

  kill() {
    if (this.exited) return;
    try {
      process.kill(this.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  dispose() {
    this.kill();
    this.term.dispose();
  }
}
