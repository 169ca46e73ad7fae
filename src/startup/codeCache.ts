/**
 * V8's code cache for the bundle's parts, kept in `$XDG_CACHE_HOME/slotui`
 * (default ~/.cache/slotui): one file per part, in a folder named after the
 * Node version, the architecture and the build, so a cache only ever meets the
 * code and the V8 it was made for (V8 rejects any other: it checks a header).
 *
 * V8 checks only a cache's header: a cache damaged further in (a disk's bit
 * rot) would make it crash, so each file carries a CRC-32 of its content and
 * one that does not match counts as absent (and is rewritten after the run).
 *
 * For the same reason a cache someone else can
 * write is code they can run as you: a cache folder that other users can change
 * (or that is not yours) is not used, and the reason is given in one line.
 * Files are written whole (a temporary file renamed over), mode 0600 in a
 * folder of mode 0700; a write that fails costs only speed and says nothing.
 */
import fs from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const CACHE_FOLDER_MODE = 0o700;
export const CACHE_FILE_MODE = 0o600;
const OTHERS_CAN_WRITE = 0o022;
const KEY_PREFIX = 'v8-';
const CACHE_SUFFIX = '.cache';
/** A cache file: this magic, the CRC-32 of the data (little-endian), the data. */
const MAGIC = Buffer.from('SLC1');
const HEADER_BYTES = MAGIC.length + 4;

/** The data of a cache file, or undefined when the file is not one or is damaged. */
export function unwrapCacheFile(file: Buffer): Buffer | undefined {
  if (file.length <= HEADER_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const data = file.subarray(HEADER_BYTES);
  return zlib.crc32(data) === file.readUInt32LE(MAGIC.length) ? data : undefined;
}

export function wrapCacheFile(data: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header);
  header.writeUInt32LE(zlib.crc32(data), MAGIC.length);
  return Buffer.concat([header, data]);
}

export interface PlatformInfo {
  platform: NodeJS.Platform;
  homedir: string;
  /** The user's id; undefined where there are none (Windows). */
  uid: number | undefined;
}

const here = (): PlatformInfo => ({ platform: process.platform, homedir: homedir(), uid: process.getuid?.() });

/** The OS's cache folder for slotui: XDG on Linux, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows. */
export function cacheRootFrom(
  env: NodeJS.ProcessEnv,
  info: Pick<PlatformInfo, 'platform' | 'homedir'> = here(),
): string {
  if (info.platform === 'darwin') return path.join(info.homedir, 'Library', 'Caches', 'slotui');
  if (info.platform === 'win32')
    return path.join(env.LOCALAPPDATA || path.join(info.homedir, 'AppData', 'Local'), 'slotui', 'Cache');
  const xdg = env.XDG_CACHE_HOME;
  // XDG says a relative value is invalid and must be ignored.
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(info.homedir, '.cache'), 'slotui');
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
}

export type OpenedCache = { cache: CodeCache; refused?: undefined } | { cache?: undefined; refused: string };

/** Why `dir` (when it exists) must not be trusted, or undefined when it can be. */
function distrust(dir: string, info: PlatformInfo): string | undefined {
  if (info.platform === 'win32' || info.uid === undefined) return undefined;
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(dir);
  } catch {
    return undefined; // absent: made private when first written
  }
  if (!stat.isDirectory()) return `${dir} is not a folder`;
  if (stat.uid !== info.uid && stat.uid !== 0) return `${dir} belongs to another user`;
  if (stat.mode & OTHERS_CAN_WRITE) return `${dir} can be changed by other users (run \`chmod 700 ${dir}\`)`;
  return undefined;
}

/**
 * The code cache of build `buildId` under `root`, or why it is refused. Nothing
 * is created until the first write.
 */
export function openCodeCache(root: string, buildId: string, info: PlatformInfo = here()): OpenedCache {
  const folder = path.join(root, cacheKey(buildId));
  const reason = distrust(root, info) ?? distrust(folder, info);
  if (reason) return { refused: `not using the code cache: ${reason}; starts are slower until then.` };
  let pruned = false;
  return {
    cache: {
      read(part) {
        try {
          return unwrapCacheFile(fs.readFileSync(path.join(folder, part + CACHE_SUFFIX)));
        } catch {
          return undefined;
        }
      },
      write(part, data) {
        try {
          makePrivateFolder(root, info);
          makePrivateFolder(folder, info);
          const file = path.join(folder, part + CACHE_SUFFIX);
          const temporary = `${file}.${process.pid}.tmp`;
          fs.writeFileSync(temporary, wrapCacheFile(data), { mode: CACHE_FILE_MODE });
          fs.renameSync(temporary, file);
          if (!pruned) {
            pruned = true;
            pruneOtherBuilds(root, path.basename(folder));
          }
        } catch {
          // A cache is only a speed-up: a full disk or a read-only home costs that and nothing else.
        }
      },
    },
  };
}

function makePrivateFolder(dir: string, info: PlatformInfo): void {
  if (fs.existsSync(dir)) return;
  fs.mkdirSync(dir, { recursive: true, mode: CACHE_FOLDER_MODE });
  if (info.platform !== 'win32') fs.chmodSync(dir, CACHE_FOLDER_MODE); // the umask may have narrowed it
}

/** Caches of other builds, Node versions or architectures are of no more use. */
function pruneOtherBuilds(root: string, keep: string): void {
  for (const entry of fs.readdirSync(root)) {
    if (entry.startsWith(KEY_PREFIX) && entry !== keep)
      fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  }
}
