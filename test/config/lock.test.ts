import { mkdirSync, mkdtempSync, rmdirSync, rmSync, utimesSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tryFileLock, withFileLock, type LockWait } from '../../src/config/lock.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const fileInTemp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'slotui-lock-'));
  dirs.push(dir);
  return join(dir, 'config.json');
};

/**
 * A clock that moves only when the wait sleeps, and the sleeps asked for: the waits are tested
 * without spending them (one test below waits in real time). `onSleep` plays the other holder.
 */
function fakeWait(onSleep: (sleeps: number) => void = () => undefined): LockWait & { sleeps: number[] } {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      onSleep(sleeps.length);
    },
  };
}
/** Each retry sleeps 15 ms and up to 15 more (apart, two waiting processes do not retry in step). */
const expectRetrySleeps = (sleeps: number[]) => {
  for (const ms of sleeps) {
    expect(Number.isInteger(ms)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(15);
    expect(ms).toBeLessThan(30);
  }
};

describe('withFileLock', () => {
  it('runs the action holding the lock, and releases it after, even when the action throws', () => {
    const file = fileInTemp();
    expect(withFileLock(file, () => existsSync(`${file}.lock`))).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(() =>
      withFileLock(file, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('waits for a live holder, then gives up with a sentence naming the lock', () => {
    const file = fileInTemp();
    mkdirSync(`${file}.lock`);
    const wait = fakeWait();
    expect(() => withFileLock(file, () => 'never', 100, wait)).toThrow(
      /^Another slotui is still updating .*config\.json after 0\.1 s\. Try again; if no other slotui is running, remove .*config\.json\.lock\.$/,
    );
    // It tried again until the 100 ms were up, then no more.
    expectRetrySleeps(wait.sleeps);
    const slept = wait.sleeps.reduce((a, b) => a + b, 0);
    expect(slept).toBeGreaterThanOrEqual(100);
    expect(slept - wait.sleeps.at(-1)!).toBeLessThan(100);
  });

  it('takes over a stale lock (its holder died)', () => {
    const file = fileInTemp();
    mkdirSync(`${file}.lock`);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    expect(withFileLock(file, () => 'done', 200)).toBe('done');
  });
});

describe('the lock at its edges', () => {
  it('a lock that cannot be made for another reason than a holder is that failure, at once', () => {
    const file = join(fileInTemp(), 'no-such-folder', 'config.json');
    expect(() => withFileLock(file, () => 'never', 60_000)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect(() => tryFileLock(file)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it('waits while a live holder finishes, then runs', () => {
    const file = fileInTemp();
    mkdirSync(`${file}.lock`);
    // The other holder lets go of the lock while this one sleeps its third retry.
    const wait = fakeWait((sleeps) => sleeps === 3 && rmdirSync(`${file}.lock`));
    expect(withFileLock(file, () => existsSync(`${file}.lock`), 10_000, wait)).toBe(true);
    expect(wait.sleeps).toHaveLength(3);
    expectRetrySleeps(wait.sleeps);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('giving up is a config error (the real clock and sleep)', () => {
    const file = fileInTemp();
    mkdirSync(`${file}.lock`);
    expect(() => withFileLock(file, () => 'never', 20)).toThrow(expect.objectContaining({ kind: 'config' }));
  });

  it('the wait is said in seconds to a tenth', () => {
    const file = fileInTemp();
    mkdirSync(`${file}.lock`);
    expect(() => withFileLock(file, () => 'never', 150, fakeWait())).toThrow(/ after 0\.2 s\./);
  });

  it('tryFileLock takes a free lock and gives its release; a held one gives nothing', () => {
    const file = fileInTemp();
    const release = tryFileLock(file);
    expect(typeof release).toBe('function');
    expect(existsSync(`${file}.lock`)).toBe(true);
    expect(tryFileLock(file)).toBeUndefined();
    release!();
    expect(existsSync(`${file}.lock`)).toBe(false);
    const again = tryFileLock(file);
    expect(typeof again).toBe('function');
    again!();
  });

  it('a stale lock is taken over by tryFileLock too', () => {
    const file = fileInTemp();
    mkdirSync(`${file}.lock`);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    const release = tryFileLock(file);
    expect(typeof release).toBe('function');
    release!();
  });
});
