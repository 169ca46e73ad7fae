/**
 * Reading a file slotui keeps for itself (the config, a draft) the way it
 * reads nothing else: only a regular file, never more than a bound, and
 * without waiting. A FIFO or a device put in a file's place would otherwise
 * hang the read for good or feed it without end; opening with O_NONBLOCK
 * returns at once for a FIFO, and the open file itself is checked before a
 * byte is read, so nothing swapped in between a check and the read is read.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

export type PrivateRead =
  | { text: string; problem?: undefined }
  /** absent; not a regular file; bigger than the bound; another user's, or others can change it. */
  | { text?: undefined; problem: 'absent' | 'not-a-file' | 'too-large' | 'not-ours' };

export interface PrivateReadOptions {
  maxBytes: number;
  /** A link in the file's place is refused (a draft); the config may be a link a dotfiles tool made. */
  noFollow?: boolean;
  /**
   * Only a file this user owns and no one else can change is read (a cache in a
   * folder others could write to); undefined where users have no ids (Windows).
   */
  ownerUid?: number;
}

const OTHERS_CAN_WRITE = 0o022;

/** The file's text (UTF-8), or why it was not read. Other failures (EACCES…) are thrown. */
export function readPrivateFile(file: string, options: PrivateReadOptions): PrivateRead {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | O_NONBLOCK | (options.noFollow ? O_NOFOLLOW : 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { problem: 'absent' };
    if (code === 'ELOOP' || code === 'ENXIO') return { problem: 'not-a-file' }; // a link refused; a socket
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { problem: 'not-a-file' };
    if (options.ownerUid !== undefined && (stat.uid !== options.ownerUid || stat.mode & OTHERS_CAN_WRITE))
      return { problem: 'not-ours' };
    if (stat.size > options.maxBytes) return { problem: 'too-large' };
    // Read to the bound and one byte past it: a file that grew since fstat is still bounded.
    const buffer = Buffer.alloc(Math.min(stat.size, options.maxBytes) + 1);
    let read = 0;
    while (read < buffer.length) {
      const got = readSync(fd, buffer, read, buffer.length - read, null);
      if (got === 0) break;
      read += got;
    }
    if (read > options.maxBytes) return { problem: 'too-large' };
    return { text: buffer.subarray(0, read).toString('utf8') };
  } finally {
    closeSync(fd);
  }
}
