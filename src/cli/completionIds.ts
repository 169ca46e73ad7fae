/**
 * Record ids for Tab (`slotui get slo <Tab>`), as kubectl completes names from
 * the server: first the page the dashboard last showed of that list (its
 * private cache, so offline still completes), then one page read from the
 * service within a deadline, so a Tab never waits more than about a second.
 * Each candidate is `id<TAB>name`: zsh and fish show the name beside the id,
 * bash takes the id alone. Nothing here ever fails loudly: no answer is an
 * empty list.
 */
import type { ApiRecord } from '../api/record.js';
import type { ResourceView } from '../presentation/resources.js';
import { PageCache } from '../config/pageCache.js';
import { cacheRootFrom } from '../startup/codeCache.js';
import { sanitizeLine } from '../text/sanitize.js';
import { isShellSafe } from './completion.js';
import { truncate } from './format.js';
import type { Context } from './context.js';

/** The whole Tab: connecting, the TLS handshake and one page. */
const COMPLETION_DEADLINE_MS = 1000;
/** One page is enough to offer: more ids than a screen of candidates helps nobody. */
const PAGE_SIZE = 100;

export async function idCandidates(
  ctx: Context,
  defs: readonly ResourceView[],
  profile: string | undefined,
): Promise<string[]> {
  const settings = ctx.settings(profile);
  const lines = new Map<string, string>();
  const add = (records: readonly ApiRecord[]) => {
    for (const record of records) {
      // An id the shell would act on (an escape sequence) or split (a newline, a tab) is not offered.
      if (typeof record.id !== 'string' || !isShellSafe(record.id) || lines.has(record.id)) continue;
      const name = typeof record.name === 'string' ? truncate(sanitizeLine(record.name), 60) : '';
      lines.set(record.id, name ? `${record.id}\t${name}` : record.id);
    }
  };
  const deadline = AbortSignal.timeout(COMPLETION_DEADLINE_MS);
  const read = Promise.all(defs.map((def) => servicePage(ctx, def, profile, deadline)));
  const answered = await Promise.race([
    read,
    new Promise<undefined>((resolve) => deadline.addEventListener('abort', () => resolve(undefined), { once: true })),
  ]);
  for (const records of answered ?? []) add(records);
  if (settings.baseUrl) {
    const cache = new PageCache(cacheRootFrom(ctx.io.env), {
      profile: settings.profileName,
      baseUrl: settings.baseUrl,
    });
    for (const def of defs) add(cache.load(def.name).page?.results ?? []);
  }
  return [...lines.values()];
}

async function servicePage(
  ctx: Context,
  def: ResourceView,
  profile: string | undefined,
  signal: AbortSignal,
): Promise<readonly ApiRecord[]> {
  try {
    const client = await ctx.connect(ctx.settings(profile), { quiet: true });
    const page = await client.listPage(def.name, { limit: PAGE_SIZE, signal });
    return page.results;
  } catch {
    return [];
  }
}
