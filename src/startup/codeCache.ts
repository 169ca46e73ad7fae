/**
 * V8's code cache for the bundle's parts, kept in `$XDG_CACHE_HOME/slotui`
 * (default ~/.cache/slotui): one file per part, in a folder named after the
 * Node version, the architecture and the build, so a cache only ever meets the
 * code and the V8 it was made for (V8 rejects any other: it checks a header).
 *
 * V8 checks only a cache's header: a cache damaged further in (a disk's bit
 * rot) would make it crash, so each file carries a checksum of its content (the
 * first 32 bits of its SHA-1: node:crypto is loaded with Node itself, where
 * zlib's CRC-32 cost every start node:zlib's load, about 4 ms) and one that
 * does not match counts as absent (and is rewritten after the run).
 *
 * For the same reason a cache someone else can
 * write is code they can run as you: a cache folder that other users can change
 * (or that is not yours) is not used, and the reason is given in one line.
 * Files are written whole (a temporary file renamed over), mode 0600 in a
 * folder of mode 0700; a write that fails costs only speed and says nothing.
 */
import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';
import { hash } from 'node:crypto';

const CACHE_FOLDER_MODE = 0o700;
const CACHE_FILE_MODE = 0o600;
const OTHERS_CAN_WRITE = 0o022;
const KEY_PREFIX = 'v8-';
const CACHE_SUFFIX = '.cache';
/** A cache file: this magic, the checksum of the data (little-endian), the data. (SLC1 files had a CRC-32.) */
const MAGIC = Buffer.from('SLC2');
const HEADER_BYTES = MAGIC.length + 4;

/** The data of a cache file, or undefined when the file is not one or is damaged. */
export function unwrapCacheFile(file: Buffer): Buffer | undefined {
  if (file.length <= HEADER_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const data = file.subarray(HEADER_BYTES);
  return checksum(data) === file.readUInt32LE(MAGIC.length) ? data : undefined;
}

/** The first 32 bits of the data's SHA-1, as a number. */
function checksum(data: Buffer): number {
  return Number.parseInt(hash('sha1', data, 'hex').slice(0, 8), 16);
}

export function wrapCacheFile(data: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header);
  header.writeUInt32LE(checksum(data), MAGIC.length);
  return Buffer.concat([header, data]);
}

export interface PlatformInfo {
  platform: NodeJS.Platform;
  homedir: string;
  /** The user's id; undefined where there are none (Windows). */
  uid: number | undefined;
  /** This process (a test stands for another run with another pid). */
  pid?: number;
  /** Tests only: writes a cache file (a test stands in for a full disk). */
  writeFile?: typeof writeFileSync;
}

const here = (): PlatformInfo => ({
  platform: process.platform,
  homedir: homedir(),
  uid: process.getuid?.(),
  pid: process.pid,
});

/** The OS's cache folder for slotui: XDG on Linux, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows. */
export function cacheRootFrom(
  env: NodeJS.ProcessEnv,
  info: Pick<PlatformInfo, 'platform' | 'homedir'> = here(),
): string {
  if (info.platform === 'darwin') return join(info.homedir, 'Library', 'Caches', 'slotui');
  if (info.platform === 'win32')
    return join(env.LOCALAPPDATA || join(info.homedir, 'AppData', 'Local'), 'slotui', 'Cache');
  const xdg = env.XDG_CACHE_HOME;
  // XDG says a relative value is invalid and must be ignored.
  return join(xdg && isAbsolute(xdg) ? xdg : join(info.homedir, '.cache'), 'slotui');
}

/** The folder name of one build's caches on this Node and architecture. */
export function cacheKey(buildId: string, nodeVersion = process.version, arch = process.arch): string {
  return `${KEY_PREFIX}${nodeVersion}-${arch}-${buildId}`.replace(/[^A-Za-z0-9._-]/g, '_');
}

export interface CodeCache {
  /** The cache of a part, if there is one. */
  read(part: string): Buffer | undefined;
  /** Stores a part's cache; also removes the caches of other builds. Never throws. */
  write(part: string, data: Buffer): void;
  /** The run reached its end: the caches this run used on trial become proven. Never throws. */
  confirm(): void;
}

export type OpenedCache = { cache: CodeCache; refused?: undefined } | { cache?: undefined; refused: string };

/** A cache file bigger than this is not one of ours (the largest part's is a few MiB). */
const MAX_CACHE_FILE_BYTES = 64 * 1024 * 1024;
/** A cache written by the last run, not yet used by a run that reached its end. */
const NEW_SUFFIX = '.new';
/** Beside a new cache while a run uses it: that run's pid. */
const TRIAL_SUFFIX = '.trial';

/** Why `dir` (when it exists) must not be trusted, or undefined when it can be. */
function distrust(dir: string, info: PlatformInfo): string | undefined {
  if (info.platform === 'win32' || info.uid === undefined) return undefined;
  let stat: Stats;
  try {
    stat = lstatSync(dir);
  } catch {
    return undefined; // absent: made private when first written
  }
  if (!stat.isDirectory()) return `${dir} is not a folder`;
  if (stat.uid !== info.uid && stat.uid !== 0) return `${dir} belongs to another user`;
  if (stat.mode & OTHERS_CAN_WRITE) return `${dir} can be changed by other users (run \`chmod 700 ${dir}\`)`;
  return undefined;
}

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/**
 * A cache file's bytes, read only when the open file is ours: opened without
 * following a link (nor waiting on a FIFO), then the open file itself checked
 * (a regular file of ours that no one else can change, of a sane size), so
 * nothing swapped in between the check and the read is ever run.
 */
function readOwnFile(file: string, info: PlatformInfo): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_CACHE_FILE_BYTES) return undefined;
    if (info.platform !== 'win32' && info.uid !== undefined) {
      if (stat.uid !== info.uid || stat.mode & OTHERS_CAN_WRITE) return undefined;
    }
    const data = Buffer.alloc(stat.size);
    let read = 0;
    while (read < data.length) {
      const got = readSync(fd, data, read, data.length - read, read);
      if (got === 0) break;
      read += got;
    }
    return data.subarray(0, read);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Whether the process that left a trial mark still runs (then it is using that cache now). */
function stillRuns(pid: number, info: PlatformInfo): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === info.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The code cache of build `buildId` under `root`, or why it is refused. Nothing
 * is created until the first write.
 *
 * The folders are checked again at every read (the cache folder may be made by
 * someone else while a dashboard runs, before a part loads on demand), and
 * each file is read through `readOwnFile`.
 *
 * A cache V8 made can still be one it crashes on, and its checksum is then
 * right: a cache is written as `<part>.cache.new`, a run that uses it marks it
 * with its pid, and only a run that reaches its end (`confirm`) makes it
 * `<part>.cache`. A mark whose process is gone is a run that crashed: that new
 * cache is removed, so a bad cache costs one start, never every start.
 */
export function openCodeCache(root: string, buildId: string, info: PlatformInfo = here()): OpenedCache {
  const folder = join(root, cacheKey(buildId));
  const reason = distrust(root, info) ?? distrust(folder, info);
  if (reason) return { refused: `not using the code cache: ${reason}; starts are slower until then.` };
  const fileOf = (part: string) => join(folder, part + CACHE_SUFFIX);
  const trusted = () => distrust(root, info) === undefined && distrust(folder, info) === undefined;
  const onTrial: string[] = [];
  let pruned = false;

  /** The part's new cache, marked as on trial by this run; undefined when there is none to try. */
  const tryNew = (part: string): Buffer | undefined => {
    const fresh = fileOf(part) + NEW_SUFFIX;
    const trial = fresh + TRIAL_SUFFIX;
    if (!existsSync(fresh)) return undefined;
    const mark = readOwnFile(trial, info);
    if (mark !== undefined || existsSync(trial)) {
      if (mark && stillRuns(Number(mark.toString()), info)) return undefined; // another run is trying it
      rmSync(fresh, { force: true });
      rmSync(trial, { force: true });
      return undefined;
    }
    const data = readOwnFile(fresh, info);
    const unwrapped = data && unwrapCacheFile(data);
    if (!unwrapped) return undefined;
    writeFileSync(trial, String(info.pid ?? process.pid), { flag: 'wx', mode: CACHE_FILE_MODE });
    onTrial.push(part);
    return unwrapped;
  };

  return {
    cache: {
      read(part) {
        try {
          if (!trusted()) return undefined;
          const fresh = tryNew(part);
          if (fresh) return fresh;
          const data = readOwnFile(fileOf(part), info);
          return data && unwrapCacheFile(data);
        } catch {
          return undefined;
        }
      },
      write(part, data) {
        const fresh = fileOf(part) + NEW_SUFFIX;
        const temporary = `${fresh}.${process.pid}.tmp`;
        try {
          makePrivateFolder(root, info);
          makePrivateFolder(folder, info);
          if (!trusted()) return;
          rmSync(temporary, { force: true });
          (info.writeFile ?? writeFileSync)(temporary, wrapCacheFile(data), { mode: CACHE_FILE_MODE, flag: 'wx' });
          renameSync(temporary, fresh);
          rmSync(fresh + TRIAL_SUFFIX, { force: true });
          rmSync(fileOf(part), { force: true }); // the one V8 refused, or damaged
          if (!pruned) {
            pruned = true;
            pruneOtherBuilds(root, basename(folder));
          }
        } catch {
          // A cache is only a speed-up: a full disk or a read-only home costs that and nothing else
          // (and leaves no partial file behind).
          removeQuietly(temporary);
        }
      },
      confirm() {
        for (const part of onTrial.splice(0)) {
          const fresh = fileOf(part) + NEW_SUFFIX;
          try {
            renameSync(fresh, fileOf(part));
          } catch {
            // Another run replaced or removed it: nothing of ours to prove.
          }
          removeQuietly(fresh + TRIAL_SUFFIX);
        }
      },
    },
  };
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Left for the next write, which replaces it.
  }
}

function makePrivateFolder(dir: string, info: PlatformInfo): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true, mode: CACHE_FOLDER_MODE });
  if (info.platform !== 'win32') chmodSync(dir, CACHE_FOLDER_MODE); // the umask may have narrowed it
}

/** Caches of other builds, Node versions or architectures are of no more use. */
function pruneOtherBuilds(root: string, keep: string): void {
  for (const entry of readdirSync(root)) {
    if (entry.startsWith(KEY_PREFIX) && entry !== keep) rmSync(join(root, entry), { recursive: true, force: true });
  }
}
