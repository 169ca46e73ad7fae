/**
 * The last page of each list the dashboard showed, kept so the next start can
 * draw it at once (marked as cached, with its age) while the service is read,
 * and so `slotui list <resource> --offline` can print it.
 *
 * Kept under the cache folder's rules (as the code cache): folders of mode
 * 0700, files of mode 0600 written whole (a temporary file renamed over), and
 * at every read the folders and the open file must be this user's and not
 * writable by others. One folder per profile and base URL, so a page is never
 * shown for another service. It holds records only, never the token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ApiRecord } from '../api/record.js';
import { readPrivateFile } from './privateFile.js';

/** A page the dashboard shows is at most a few hundred records; a file far bigger is not ours. */
const MAX_PAGE_FILE_BYTES = 16 * 1024 * 1024;
const OTHERS_CAN_WRITE = 0o022;

export interface CachedPage {
  resource: string;
  /** ISO time the page was read from the service. */
  readAt: string;
  total: number;
  limit: number;
  offset: number;
  results: ApiRecord[];
  /** The page's own links, as the service gave them (absent in pages kept by older versions). */
  url?: string;
  next?: string | null;
  previous?: string | null;
}

export interface PageCacheScope {
  profile: string;
  baseUrl: string;
}

/** What a read found: the page, nothing, or why the cache was passed over (one sentence). */
export type CacheRead = { page: CachedPage; problem?: undefined } | { page?: undefined; problem?: string };

export class PageCache {
  readonly dir: string;
  private readonly root: string;

  /** `uid`: this user's id (undefined where there are none: Windows), checked at every read. */
  constructor(
    cacheRoot: string,
    scope: PageCacheScope,
    private readonly uid: number | undefined = process.getuid?.(),
  ) {
    this.root = join(resolve(cacheRoot), 'pages');
    const key = createHash('sha256').update(`${scope.profile}\0${scope.baseUrl}`).digest('hex').slice(0, 24);
    this.dir = join(this.root, key);
  }

  /** The last page kept of that list. A damaged or untrusted file is dropped and said in one sentence. */
  load(resource: string): CacheRead {
    const file = this.fileOf(resource);
    const distrusted = this.distrust(dirname(this.root)) ?? this.distrust(this.root) ?? this.distrust(this.dir);
    if (distrusted) return { problem: `Not using the cached page: ${distrusted}.` };
    let read;
    try {
      read = readPrivateFile(file, { maxBytes: MAX_PAGE_FILE_BYTES, noFollow: true, ownerUid: this.uid });
    } catch {
      return {};
    }
    if (read.problem === 'absent') return {};
    if (read.problem === 'not-ours')
      return { problem: `Not using the cached page: ${file} belongs to another user or others can change it.` };
    const page = read.text === undefined ? undefined : parsePage(read.text, resource);
    if (page) return { page };
    rmSync(file, { force: true });
    return { problem: 'The cached page was damaged and is dropped; the service is read as usual.' };
  }

  /** Keeps the page (replacing the older one of that list). Never throws: a cache that cannot be written costs only speed. */
  save(page: CachedPage): void {
    const file = this.fileOf(page.resource);
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      for (const dir of [dirname(this.root), this.root, this.dir]) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        if (this.distrust(dir)) return;
      }
      const text = JSON.stringify(page);
      if (Buffer.byteLength(text) > MAX_PAGE_FILE_BYTES) return;
      writeFileSync(temp, text, { mode: 0o600, flag: 'wx' });
      renameSync(temp, file);
    } catch {
      rmSync(temp, { force: true });
    }
  }

  private fileOf(resource: string): string {
    // A resource name is a registry name, but the file name must stay inside the folder whatever it is.
    return join(this.dir, `${resource.replace(/[^a-z0-9_-]/gi, '_')}.json`);
  }

  /** Why a folder (when it exists) must not be trusted, or undefined when it can be. */
  private distrust(dir: string): string | undefined {
    if (this.uid === undefined) return undefined;
    let stat: Stats;
    try {
      stat = lstatSync(dir);
    } catch {
      return undefined;
    }
    if (!stat.isDirectory()) return `${dir} is not a folder`;
    if (stat.uid !== this.uid) return `${dir} belongs to another user`;
    if (stat.mode & OTHERS_CAN_WRITE) return `${dir} can be changed by other users (run \`chmod 700 ${dir}\`)`;
    return undefined;
  }
}

const isRecord = (value: unknown): value is ApiRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as ApiRecord).id === 'string';

function parsePage(text: string, resource: string): CachedPage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const page = value as Partial<CachedPage>;
  const numbers = [page.total, page.limit, page.offset].every((n) => Number.isSafeInteger(n) && (n as number) >= 0);
  if (page.resource !== resource || typeof page.readAt !== 'string' || Number.isNaN(Date.parse(page.readAt)))
    return undefined;
  if (!numbers || !Array.isArray(page.results) || !page.results.every(isRecord)) return undefined;
  return page as CachedPage;
}
