/**
 * Reading a file slotui keeps for itself: only a regular file, never past its bound, only a
 * file this user owns that others cannot change (when asked), a link refused when asked, and
 * each refusal said by its reason.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPrivateFile } from '../../src/config/privateFile.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slotui-private-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});
const file = (name: string, text: string, mode = 0o600) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
};
const uid = process.getuid?.();

describe('reading a private file', () => {
  it('gives the text of a regular file, up to and at its bound', () => {
    expect(readPrivateFile(file('a', 'héllo'), { maxBytes: 100 })).toEqual({ text: 'héllo' });
    expect(readPrivateFile(file('b', '12345'), { maxBytes: 5 })).toEqual({ text: '12345' });
    expect(readPrivateFile(file('c', ''), { maxBytes: 5 })).toEqual({ text: '' });
  });

  it('refuses a file past its bound', () => {
    expect(readPrivateFile(file('big', '123456'), { maxBytes: 5 })).toEqual({ problem: 'too-large' });
  });

  it('says a file that is not there is absent', () => {
    expect(readPrivateFile(join(dir, 'none'), { maxBytes: 5 })).toEqual({ problem: 'absent' });
  });

  it('refuses a folder and a FIFO as not a file, without waiting on the FIFO', () => {
    mkdirSync(join(dir, 'folder'));
    expect(readPrivateFile(join(dir, 'folder'), { maxBytes: 5 })).toEqual({ problem: 'not-a-file' });
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expect(readPrivateFile(join(dir, 'fifo'), { maxBytes: 5 })).toEqual({ problem: 'not-a-file' });
  });

  it('follows a link unless told not to', () => {
    const target = file('target', 'through the link');
    symlinkSync(target, join(dir, 'link'));
    expect(readPrivateFile(join(dir, 'link'), { maxBytes: 100 })).toEqual({ text: 'through the link' });
    expect(readPrivateFile(join(dir, 'link'), { maxBytes: 100, noFollow: true })).toEqual({ problem: 'not-a-file' });
    expect(readPrivateFile(target, { maxBytes: 100, noFollow: true })).toEqual({ text: 'through the link' });
  });

  it.runIf(uid !== undefined)("refuses another user's file, and one the group or others can change", () => {
    const mine = file('mine', 'ok');
    expect(readPrivateFile(mine, { maxBytes: 10, ownerUid: uid! })).toEqual({ text: 'ok' });
    expect(readPrivateFile(mine, { maxBytes: 10, ownerUid: uid! + 1 })).toEqual({ problem: 'not-ours' });
    expect(readPrivateFile(file('g', 'x', 0o620), { maxBytes: 10, ownerUid: uid! })).toEqual({ problem: 'not-ours' });
    expect(readPrivateFile(file('o', 'x', 0o602), { maxBytes: 10, ownerUid: uid! })).toEqual({ problem: 'not-ours' });
    // Readable by others is not the question here (the config store checks that): only changing.
    expect(readPrivateFile(file('r', 'x', 0o644), { maxBytes: 10, ownerUid: uid! })).toEqual({ text: 'x' });
    // Without an owner to check, anyone's file is read.
    expect(readPrivateFile(file('w', 'x', 0o666), { maxBytes: 10 })).toEqual({ text: 'x' });
  });

  it('checks in order: a file at all, then its owner, then its size', () => {
    mkdirSync(join(dir, 'folder2'));
    expect(readPrivateFile(join(dir, 'folder2'), { maxBytes: 0, ownerUid: (uid ?? 0) + 1 })).toEqual({
      problem: 'not-a-file',
    });
    expect(readPrivateFile(file('big2', '123456', 0o666), { maxBytes: 1, ownerUid: uid ?? 0 })).toEqual({
      problem: 'not-ours',
    });
  });
});

describe('reading a private file, more', () => {
  it('a socket in its place is not a file; another failure to open is thrown', async () => {
    const path = join(dir, 'sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path, resolve));
    try {
      expect(readPrivateFile(path, { maxBytes: 5 })).toEqual({ problem: 'not-a-file' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const plain = file('plain', 'x');
    expect(() => readPrivateFile(join(plain, 'under'), { maxBytes: 5 })).toThrow(
      expect.objectContaining({ code: 'ENOTDIR' }),
    );
  });

  it.runIf(existsSync('/proc/self/status'))('a file holding more than its size says is still bounded', () => {
    // The kernel's files say 0 bytes and hold more.
    expect(readPrivateFile('/proc/self/status', { maxBytes: 0 })).toEqual({ problem: 'too-large' });
  });

  it.runIf(existsSync('/proc/self/fd'))('leaves no file open, whatever it found', () => {
    const text = file('t', 'x');
    const big = file('big', '123456');
    mkdirSync(join(dir, 'd'));
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let i = 0; i < 20; i++) {
      readPrivateFile(text, { maxBytes: 5 });
      readPrivateFile(big, { maxBytes: 2 });
      readPrivateFile(join(dir, 'd'), { maxBytes: 5 });
    }
    expect(open()).toBe(before);
  });
});
