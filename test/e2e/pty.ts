/**
 * The built program in a real pseudo-terminal (node-pty), its output fed to
 * a headless xterm so tests read the screen as a person would, and the raw
 * bytes kept so tests can check what reached the terminal. Every wait is
 * bounded; the child is killed by its PID only if a test leaves it running.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  readdirSync,
} from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pty from 'node-pty';
import xterm from '@xterm/headless';
import { expect, inject, test } from 'vitest';

/** What the program writes to take the terminal and give it back. */
export const ENTER_ALT = '\u001b[?1049h';
export const LEAVE_ALT = '\u001b[?1049l';
export const HIDE_CURSOR = '\u001b[?25l';
export const SHOW_CURSOR = '\u001b[?25h';
/**
 * Bracketed paste on: Ink writes it in the same effects, just after, that put the terminal in raw
 * mode (src/tui/App.tsx: useInput, then usePaste), so keys sent after it are read as keys.
 */
export const PASTE_ON = '\u001b[?2004h';
export const PASTE_OFF = '\u001b[?2004l';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'dist/slotui.js');
export const NODE = join(ROOT, 'node_modules/.bin/node');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when it is missing or older than src/ (npm test builds first, so this is usually a no-op). */
export function ensureBuilt(): void {
  let built: number;
  try {
    built = statSync(BIN).mtimeMs;
  } catch {
    built = 0;
  }
  if (built > newestMtime(join(ROOT, 'src'))) return;
  const result = spawnSync(NODE, ['scripts/build.mjs'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`The build failed:\n${result.stderr}`);
}

/**
 * V8's code cache of the built program (`<cache>/slotui/v8-*`), shared by the sessions of this
 * run (test/e2e/codeCache.setup.ts): each session keeps its own cache folder (pages kept by another
 * session must not be drawn in it), but starts from the caches the sessions before it left, as a
 * person's later runs do. Without it every run compiled the program anew and wrote its caches at
 * exit, a fifth of a second of CPU a run. The cold start, the making of the caches and their trial
 * are tested on their own (test/cli/bundle.int.test.ts).
 */
const sharedCodeCache = inject('e2eCodeCache');

/** The code cache's files under a `slotui` cache folder, as paths relative to it. */
function codeCacheFiles(slotuiCache: string): string[] {
  if (!existsSync(slotuiCache)) return [];
  return readdirSync(slotuiCache)
    .filter((name) => name.startsWith('v8-'))
    .flatMap((folder) => readdirSync(join(slotuiCache, folder)).map((file) => join(folder, file)));
}

/**
 * A file of the code cache in another folder, as a hard link: the program never writes a cache
 * file in place (it writes a new one and renames it over, and removes what it rejects), so a link
 * is as good as a copy here, and copying the hundred files of the cache for every session, then
 * removing them, was a fifth of the test workers' time. A copy where links cannot be made.
 */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    cpSync(from, to);
  }
}

/** Puts the code cache of one `slotui` cache folder into another. */
function copyCodeCache(from: string, to: string): void {
  const made = new Set<string>();
  for (const file of codeCacheFiles(from)) {
    if (file.endsWith('.copy')) continue; // another session's, still being put in
    const folder = dirname(join(to, file));
    if (!made.has(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
    made.add(folder);
    linkOrCopy(join(from, file), join(to, file));
  }
}

/**
 * Adds a session's caches the shared folder lacks, after a run that ended well: a new cache
 * (`.new`) as a proven one, as a person's third run finds it, so no later session tries it again
 * nor compiles a part an earlier session already did. Each file lands whole (linked, then
 * renamed): a session copying the folder at the same time never reads half of one.
 */
function shareCodeCache(from: string, to: string): void {
  for (const file of codeCacheFiles(from)) {
    if (file.endsWith('.trial')) continue;
    const target = join(to, file.replace(/\.new$/, ''));
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    const partial = `${target}.${process.pid}.copy`;
    linkOrCopy(join(from, file), partial);
    renameSync(partial, target);
  }
}

export interface PtyOptions {
  args?: string[];
  /** Another program than slotui (a shell that runs it, for job control); `args` are then its own. */
  file?: string;
  cols?: number;
  rows?: number;
  env?: Record<string, string>;
}

export class PtySession {
  readonly term: InstanceType<typeof xterm.Terminal>;
  raw = '';
  exit: { exitCode: number; signal?: number } | undefined;
  private readonly child: pty.IPty;
  readonly configDir: string;
  /** Chunks handed to xterm and chunks it has parsed: the screen is current when they are equal. */
  private written = 0;
  private parsed = 0;
  /** Checks of the waits under way, run when the screen has caught up with the output or the program ended. */
  private readonly watchers = new Set<() => void>();
  /**
   * Keys pressed before slotui first listens for keys, sent once it does. The first frame can come
   * before the terminal is in raw mode (on a busy machine the first page is there before Ink's
   * effects run): a key sent then is read by the terminal's line discipline, echoed (which
   * scrolls the frame) and, for Enter, turned into a line feed the program does not take as Enter.
   */
  private held: string[] | undefined;

  constructor(options: PtyOptions = {}) {
    const cols = options.cols ?? 100;
    const rows = options.rows ?? 30;
    this.configDir = mkdtempSync(join(tmpdir(), 'slotui-e2e-'));
    this.term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
    copyCodeCache(sharedCodeCache, this.slotuiCache);
    // Only what the program needs: no SLOTUI_* of the person running the tests.
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? this.configDir,
      TERM: 'xterm-256color',
      SLOTUI_CONFIG_DIR: this.configDir,
      // Its own cache: pages kept by another session whose sandbox had this port must not be drawn here.
      XDG_CACHE_HOME: join(this.configDir, 'cache'),
      ...options.env,
    };
    const [file, args] = options.file
      ? [options.file, options.args ?? []]
      : [NODE, [BIN, ...(options.args ?? ['--demo'])]];
    this.child = pty.spawn(file, args, {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: ROOT,
      env,
    });
    // Another program (a shell) reads its keys in its own time; a slotui command that is not the
    // dashboard reads none.
    if (!options.file) this.held = [];
    this.child.onData((data) => {
      this.raw += data;
      if (this.held && this.raw.includes(PASTE_ON)) {
        for (const keys of this.held) this.child.write(keys);
        this.held = undefined;
      }
      // xterm parses asynchronously and in order; the screen is read only once it has all of it.
      this.written++;
      this.term.write(data, () => {
        this.parsed++;
        if (this.parsed === this.written) this.notify();
      });
    });
    this.child.onExit((e) => {
      this.exit = e;
      this.notify();
    });
    this.readToTheEnd();
  }

  /** Set while this session itself closes the terminal's socket (hangUp). */
  private hangingUp = false;

  /**
   * node-pty destroys its socket 200 ms after the child exits if the socket has not closed by then
   * (a workaround for macOS), and output not yet read is lost with it. Under load the test's process
   * can be that late to read, and the program's last bytes (leaving the alternate screen, showing
   * the cursor) went missing. On Linux the socket closes by itself once the output is read (EIO
   * when the child's side is gone): such a destroy waits for the end of the output, at most 5 s.
   */
  private readToTheEnd(): void {
    const socket = (this.child as unknown as { _socket: Socket })._socket;
    const destroy = socket.destroy.bind(socket);
    socket.destroy = ((error?: Error) => {
      // A read that failed (EIO: the child's side is gone, all output read) or ended destroys it at once.
      if (error || this.hangingUp || socket.readableEnded || socket.destroyed) return destroy(error);
      const timer = setTimeout(() => destroy(error), 5_000);
      socket.once('end', () => {
        clearTimeout(timer);
        destroy(error);
      });
      socket.once('close', () => clearTimeout(timer));
      return socket;
    }) as Socket['destroy'];
  }

  private notify(): void {
    for (const check of [...this.watchers]) check();
  }

  /** Resolves once xterm has parsed all the output received so far. */
  private settled(): Promise<void> {
    if (this.parsed === this.written) return Promise.resolve();
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.parsed !== this.written) return;
        this.watchers.delete(check);
        resolve();
      };
      this.watchers.add(check);
    });
  }

  private get slotuiCache(): string {
    return join(this.configDir, 'cache', 'slotui');
  }

  get pid(): number {
    return this.child.pid;
  }

  /** The visible screen, one string per row (trailing blanks trimmed). */
  lines(): string[] {
    const buffer = this.term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < this.term.rows; i++)
      out.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
    return out;
  }

  screen(): string {
    return this.lines().join('\n');
  }

  /**
   * Waits until the predicate holds, checked on the screen as xterm has it once all output so far is
   * parsed: after each burst of output and when the program ends, not on a timer (reading the
   * whole screen every few milliseconds was much of the test process's time). A slow timer checks
   * too, for a predicate on something else than the output.
   */
  waitFor(predicate: (screen: string) => boolean, what: string, timeoutMs = 15_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const done = (): void => {
        this.watchers.delete(check);
        clearTimeout(deadline);
        clearInterval(fallback);
      };
      const check = (): void => {
        if (this.parsed !== this.written) return;
        let screen: string;
        try {
          screen = this.screen();
          if (!predicate(screen)) return;
        } catch (error) {
          done();
          reject(error as Error);
          return;
        }
        done();
        resolve(screen);
      };
      const deadline = setTimeout(() => {
        done();
        reject(new Error(`Timed out waiting for ${what}. Screen:\n${this.screen()}`));
      }, timeoutMs);
      const fallback = setInterval(check, 250);
      this.watchers.add(check);
      check();
    });
  }

  waitForText(text: string, timeoutMs?: number): Promise<string> {
    return this.waitFor((s) => s.includes(text), JSON.stringify(text), timeoutMs);
  }

  press(keys: string): void {
    if (this.held) this.held.push(keys);
    else this.child.write(keys);
  }

  resize(cols: number, rows: number): void {
    this.child.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  /**
   * The terminal goes away as when an SSH connection drops: the master side is closed, so the
   * program's writes and reads fail (EIO) and the kernel sends it SIGHUP, in that order or the other.
   */
  hangUp(): void {
    this.hangingUp = true;
    (this.child as unknown as { _socket: Socket })._socket.destroy();
  }

  kill(signal: string): void {
    this.child.kill(signal);
  }

  async waitForExit(timeoutMs = 15_000): Promise<{ exitCode: number; signal?: number }> {
    await this.waitFor(() => this.exit !== undefined, 'the exit', timeoutMs).catch(() => {
      throw new Error(`The program did not exit within ${timeoutMs} ms. Screen:\n${this.screen()}`);
    });
    await this.settled();
    return this.exit!;
  }

  dispose(): void {
    if (this.exit === undefined) {
      try {
        process.kill(this.child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    this.term.dispose();
    if (this.exit?.exitCode === 0) shareCodeCache(this.slotuiCache, sharedCodeCache);
    rmSync(this.configDir, { recursive: true, force: true });
  }
}

/** The terminal as the program found it: out of the alternate screen, the cursor shown last. */
export function expectRestored(s: PtySession): void {
  expect(s.raw).toContain(ENTER_ALT);
  expect(s.raw.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(s.raw.lastIndexOf(ENTER_ALT));
  expect(s.raw.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(s.raw.lastIndexOf(HIDE_CURSOR));
  expect(s.raw.trimEnd().endsWith(SHOW_CURSOR)).toBe(true);
  expect(s.term.buffer.active.type).toBe('normal');
}

/**
 * Checks made one after the other on one run of the program (a start costs about half a second of
 * CPU, the most of this tier's time): each is a test of its own, so a failure names its check; the
 * checks after a failed one are skipped, as they would start from a screen other than theirs.
 */
export function inOrder(): (name: string, check: () => Promise<void>, timeoutMs?: number) => void {
  let failed: string | undefined;
  return (name, check, timeoutMs) =>
    test(
      name,
      async ({ skip }) => {
        if (failed !== undefined) skip(`after the failed check "${failed}"`);
        try {
          await check();
        } catch (error) {
          failed = name;
          throw error;
        }
      },
      timeoutMs,
    );
}
