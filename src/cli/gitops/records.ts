/**
 * Every SLI and SLO of the service, as export, apply, diff and lint need them:
 * names are unique over a whole collection, so all of it is read, page by page
 * (100 records a page), the two resources side by side.
 */
import type { ApiRecord } from '../../api/record.js';
import type { ApiClient } from '../../api/types.js';
import type { GitopsResource } from '../../domain/gitopsPlan.js';
import { countText, type ProgressReporter } from '../progress.js';

const PAGE_SIZE = 100;

async function readCollection(
  client: ApiClient,
  resource: GitopsResource,
  onPage: (read: number, total: number) => void,
): Promise<ApiRecord[]> {
  const records: ApiRecord[] = [];
  for await (const page of client.pages(resource, { limit: PAGE_SIZE })) {
    records.push(...page.results);
    onPage(records.length, page.total);
  }
  return records;
}

/** The SLIs and (when asked) SLOs; "Reading SLIs: 300 of 5030 (5%) · SLOs: …" on the progress line meanwhile. */
export async function readSlisAndSlos(
  client: ApiClient,
  which: { slis: boolean; slos: boolean },
  progress: ProgressReporter,
): Promise<{ slis: ApiRecord[]; slos: ApiRecord[] }> {
  const counts: Partial<Record<GitopsResource, string>> = {};
  const onPage = (resource: GitopsResource, title: string) => (read: number, total: number) => {
    counts[resource] = countText(title, read, total);
    progress.update(`Reading ${[counts.slis, counts.slos].filter(Boolean).join(' · ')}`);
  };
  try {
    const [slis, slos] = await Promise.all([
      which.slis ? readCollection(client, 'slis', onPage('slis', 'SLIs')) : Promise.resolve([]),
      which.slos ? readCollection(client, 'slos', onPage('slos', 'SLOs')) : Promise.resolve([]),
    ]);
    return { slis, slos };
  } finally {
    progress.clear();
  }
}
