/**
 * A bounded LRU of list pages. A page is reachable under several keys (the
 * request that fetched it, the URL it was read from, its offset and limit), so
 * a `previous` link finds the page that `next` brought; evicting a page drops
 * all its keys.
 */
import type { Page } from '../../api/types.js';

export const DEFAULT_CACHE_PAGES = 20;

interface Entry {
  page: Page;
  keys: Set<string>;
}

export class PageCache {
  /** Map order is recency: the first entry is the least recently used. */
  private entries = new Map<Entry, true>();
  private index = new Map<string, Entry>();

  constructor(readonly capacity = DEFAULT_CACHE_PAGES) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  get(key: string): Page | undefined {
    const entry = this.index.get(key);
    if (!entry) return undefined;
    this.entries.delete(entry);
    this.entries.set(entry, true);
    return entry.page;
  }

  put(keys: readonly string[], page: Page): void {
    for (const key of keys) this.drop(key);
    const entry: Entry = { page, keys: new Set(keys) };
    this.entries.set(entry, true);
    for (const key of keys) this.index.set(key, entry);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as Entry;
      this.evict(oldest);
    }
  }

  /** The pages held, least recently used first (reading them does not change the order). */
  pages(): Page[] {
    return [...this.entries.keys()].map((entry) => entry.page);
  }

  clear(): void {
    this.entries.clear();
    this.index.clear();
  }

  private drop(key: string): void {
    const entry = this.index.get(key);
    if (!entry) return;
    this.index.delete(key);
    entry.keys.delete(key);
    if (entry.keys.size === 0) this.entries.delete(entry);
  }

  private evict(entry: Entry): void {
    this.entries.delete(entry);
    for (const key of entry.keys) this.index.delete(key);
  }
}

/** Cache keys of a page: the URL it came from and its offset/limit. */
export function pageKeys(page: Page): string[] {
  return [urlKey(page.url), offsetKey(page.offset, page.limit)];
}

export const urlKey = (url: string): string => `u:${url}`;
export const offsetKey = (offset: number, limit: number): string => `o:${offset}:${limit}`;
