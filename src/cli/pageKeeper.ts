/**
 * The dashboard's page keeper on the private page cache (src/config/pageCache.ts):
 * the last page each list showed, per profile and base URL, read for the first
 * frame of the next start. Writes wait for the frame being drawn (a page flip
 * never waits on the disk) and only the last page of a list is written.
 */
import type { Page } from '../api/types.js';
import { PageCache, type CachedPage } from '../config/pageCache.js';
import type { Settings } from '../config/types.js';
import { cacheRootFrom } from '../startup/codeCache.js';
import type { PageKeeper } from '../tui/types.js';

export function pageKeeper(env: NodeJS.ProcessEnv, settings: Settings): PageKeeper | undefined {
  if (!settings.baseUrl) return undefined;
  const cache = new PageCache(cacheRootFrom(env), { profile: settings.profileName, baseUrl: settings.baseUrl });
  const pending = new Map<string, CachedPage>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    for (const page of pending.values()) cache.save(page);
    pending.clear();
  };
  return {
    load: (resource) => {
      const read = cache.load(resource);
      const kept = read.page && { page: asPage(read.page), readAt: Date.parse(read.page.readAt) };
      return { ...(kept ? { kept } : {}), ...(read.problem ? { problem: read.problem } : {}) };
    },
    save: (resource, page, readAt) => {
      pending.set(resource, {
        resource,
        readAt: new Date(readAt).toISOString(),
        total: page.total,
        limit: page.limit,
        offset: page.offset,
        results: page.results,
        url: page.url,
        next: page.next,
        previous: page.previous,
      });
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0).unref?.();
      }
    },
  };
}

function asPage(kept: CachedPage): Page {
  return {
    total: kept.total,
    limit: kept.limit,
    offset: kept.offset,
    results: kept.results,
    url: kept.url ?? '',
    next: kept.next ?? null,
    previous: kept.previous ?? null,
  };
}
