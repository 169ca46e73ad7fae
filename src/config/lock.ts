/**
 * One writer of the config file at a time, across processes: four
 * `auth login`s run in parallel each read the file, add their profile and
 * write it back, and without a lock the last write wins and the other
 * profiles are lost. The lock is proper-lockfile's (a lock folder next to the
 * file, made atomically by mkdir; one whose holder died goes stale after
 * STALE_MS and is taken over). Its sync API does not wait, so waiting is a
 * bounded loop here: the store's updates are synchronous and take
 * milliseconds.
 */
import { createRequire } from 'node:module';
import type * as Lockfile from 'proper-lockfile';
import { SlotuiError } from '../api/errors.js';

/** A lock older than this (its holder updates it while alive) is stale: the holder died. */
const STALE_MS = 10_000;
/** How long to wait for another slotui's update before giving up. */
const LOCK_WAIT_MS = 15_000;
const RETRY_MS = 15;

const pause = new Int32Array(new SharedArrayBuffer(4));

/** The clock and the sleep of the wait for another holder: the real ones, or a test's (that waits for nothing). */
export interface LockWait {
  now(): number;
  /** A short synchronous sleep (the update around the lock is synchronous). */
  sleep(ms: number): void;
}
const realWait: LockWait = { now: () => Date.now(), sleep: (ms) => void Atomics.wait(pause, 0, 0, ms) };

/** Runs `action` holding the lock of `file` (the file need not exist); waits for another holder, at most `waitMs`. */
export function withFileLock<T>(file: string, action: () => T, waitMs = LOCK_WAIT_MS, wait: LockWait = realWait): T {
  const { lockSync } = loadLockfile();
  const deadline = wait.now() + waitMs;
  let release: (() => void) | undefined;
  for (;;) {
    try {
      release = lockSync(file, { realpath: false, stale: STALE_MS, onCompromised: () => undefined });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (wait.now() >= deadline) {
        throw new SlotuiError(
          'config',
          `Another slotui is still updating ${file} after ${Math.round(waitMs / 100) / 10} s. Try again; if no other slotui is running, remove ${file}.lock.`,
        );
      }
      wait.sleep(RETRY_MS + Math.floor(Math.random() * RETRY_MS));
    }
  }
  try {
    return action();
  } finally {
    release();
  }
}

/**
 * Takes the lock of `file` now, without waiting: its release, or undefined
 * when another process holds it. Held for as long as an async job runs (its
 * holder keeps it fresh while alive; a dead holder's goes stale).
 */
export function tryFileLock(file: string): (() => void) | undefined {
  const { lockSync } = loadLockfile();
  try {
    return lockSync(file, { realpath: false, stale: STALE_MS, onCompromised: () => undefined });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return undefined;
    throw error;
  }
}

function loadLockfile(): typeof Lockfile {
  // Loaded on the first write only, like conf: reading the config never pays for it.
  return (
    typeof require === 'function'
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports
        require('proper-lockfile')
      : createRequire(import.meta.url)('proper-lockfile')
  ) as typeof Lockfile;
}
