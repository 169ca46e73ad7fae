import { mkdirSync, mkdtempSync, rmSync, utimesSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/config/lock.js';

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
    expect(() => withFileLock(file, () => 'never', 200)).toThrow(
      /^Another slotui is still updating .*config\.json after 0\.2 s\. Try again; if no other slotui is running, remove .*config\.json\.lock\.$/,
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
