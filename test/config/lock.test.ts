import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tryFileLock, withFileLock } from '../../src/config/lock.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const fileInTemp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'slotui-lock-'));
  dirs.push(dir);
  return join(dir, 'config.json');
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
    expect(() => withFileLock(file, () => 'never', 100)).toThrow(
      /^Another slotui is still updating .*config\.json after 0\.1 s\. Try again; if no other slotui is running, remove .*config\.json\.lock\.$/,
    );
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

  it('waits while a live holder finishes, then runs', async () => {
    const file = fileInTemp();
    mkdirSync(`${file}.lock`);
    // Another process lets go of the lock a moment later (this one waits synchronously).
    const holder = spawn('sh', ['-c', `sleep 0.05; rmdir '${file}.lock'`]);
    const exited = new Promise((resolve) => holder.on('exit', resolve));
    expect(withFileLock(file, () => 'ran', 10_000)).toBe('ran');
    await exited;
  });

  it('giving up is a config error', () => {
    const file = fileInTemp();
    mkdirSync(`${file}.lock`);
    expect(() => withFileLock(file, () => 'never', 50)).toThrow(expect.objectContaining({ kind: 'config' }));
  });

  it('the wait is said in seconds to a tenth', () => {
    const file = fileInTemp();
    mkdirSync(`${file}.lock`);
    expect(() => withFileLock(file, () => 'never', 150)).toThrow(/ after 0\.2 s\./);
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
