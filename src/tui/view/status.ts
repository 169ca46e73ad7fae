/** The status line's words: `<resource> · page X of Y · total Z · profile P`, and how old the page is. */
import type { ListSnapshot } from '../state/listStore.js';
import type { WholeListSnapshot } from '../state/wholeList.js';
import { pagePosition } from '../state/listStore.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { humanAge } from '../../text/age.js';
import { grouped } from '../../text/count.js';

/** How old the page shown is: `read 12s ago`, `STALE · read 3m ago` (reads fail), `cached · read 2h ago` (the last run's). */
function freshnessText(snap: ListSnapshot, now: number): string | undefined {
  if (snap.readAt === null) return undefined;
  const age = `read ${humanAge(now - snap.readAt)} ago`;
  return snap.cached ? `cached · ${age}` : snap.stale ? `STALE · ${age}` : age;
}

export function statusText(
  snap: ListSnapshot,
  profile: string,
  whole?: WholeListSnapshot | null,
  now?: number,
  marked = 0,
): string {
  const parts: string[] = [snap.resource];
  if (whole?.active) {
    // The whole list, filtered or sorted: its own pages, what matches, the order, and what is still gathering.
    parts.push(`page ${whole.page + 1} of ${whole.pages}`);
  } else if (snap.page) {
    const { number, count } = pagePosition(snap.page);
    parts.push(`page ${number} of ${count}`, `total ${snap.page.total}`);
  } else {
    parts.push('page – of –', 'total –');
  }
  if (whole) parts.push(...whole.summary);
  if (marked > 0) parts.push(`${grouped(marked)} marked`);
  parts.push(`profile ${sanitizeLine(profile)}`);
  const freshness = now === undefined || whole?.active ? undefined : freshnessText(snap, now);
  if (freshness) parts.push(freshness);
  return parts.join(' · ');
}

export interface StatusModel {
  text: string;
  /** The token's expiry within 30 days, after the profile. */
  warning?: string;
  /** What is loading (with a spinner), if anything. */
  loading: string | null;
  failed: boolean;
  /** Reads of the page shown fail (`STALE`): the text in the `stale` colour. */
  stale?: boolean;
}
