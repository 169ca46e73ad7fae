/**
 * List pages (docs/service-api.md, Lists): validating the envelope and each record, and walking
 * the pages by following `next` exactly as the server gives it.
 *
 * Deliberate choices for hostile or odd envelopes:
 * - `results` not an array: refused (a protocol error).
 * - a record that fails its schema: kept as sent and marked (Page.odd), so
 *   one odd record never hides the others.
 * - a page larger than asked: tolerated (every record is kept).
 * - numeric ids: normalised to strings by the record schemas.
 * - `previous` (or `next`) absent or "": read as null.
 * - `total` changing between pages: tolerated; each page reports its own.
 * - a `next` already visited: refused (a loop would never end).
 * - a `next` that is new each time but brings back records already read
 *   (every id of a page seen before), or more records than the total by a
 *   margin: stopped, since the walk would never end either.
 * - a `next` on another origin or on http: refused before any request.
 */
import { SlotuiError } from './errors.js';
import { MAX_NESTING, clipNesting, nestsDeeperThan } from './nesting.js';
import { ODD_RECORD, type ApiRecord } from './record.js';
import { checkEnvelope, checkRecord, markKnownOnly, type FieldsSeen, type Issue } from './validate.js';
import type { ResourceDef } from './resources.js';
import { sanitizeServerText } from './text.js';
import type { OddRecord, Page } from './types.js';

export const DEFAULT_LIMIT = 10;
export const DEFAULT_OFFSET = 0;
/** Consecutive empty pages that still link onwards before the walk is called a loop. */
const MAX_EMPTY_PAGES_IN_A_ROW = 3;
/** Ids remembered to spot a page that repeats earlier ones (the most recent; memory stays bounded). */
const REMEMBERED_IDS = 10_000;
/**
 * Records beyond the reported total that are tolerated (records created while
 * the walk runs shift pages on an offset-paged server): the larger of this
 * and a tenth of the total.
 */
const MIN_EXTRA_RECORDS = 100;

/** A short description of the first problem zod found, for messages. */
function describeIssue(issue: Issue): string {
  const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return sanitizeServerText(`${where}${issue.message}`, 120);
}

function notAList(def: ResourceDef, url: URL, reason: string): SlotuiError {
  return new SlotuiError(
    'protocol',
    `The server's answer to ${sanitizeServerText(url.pathname, 120)} is not a list of ${def.title} (${reason}). Check the base URL and the profile's path for ${def.name}.`,
  );
}

/** A non-negative integer query parameter, or the default when absent or unreadable. */
function intParam(url: URL, name: string, fallback: number): number {
  const value = url.searchParams.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : fallback;
}

/** Levels a list's record may nest: the answer's own two (the envelope, `results`) count towards MAX_NESTING. */
const RECORD_NESTING = MAX_NESTING - 2;

/**
 * Validates a list answer and builds the Page; limit and offset come from the
 * URL asked. A record that does not fit its schema (or was nested too deep:
 * `tooDeep`, by index, or found so here) never hides the others: it is kept
 * as sent (cut at the limit), marked, and listed in `odd`; one without a
 * usable id is left out (and listed). Only a record with a field the
 * definitions do not list, or one that does not fit, can nest deeper than
 * three levels: only those are measured.
 */
export function parsePage(
  def: ResourceDef,
  url: URL,
  json: unknown,
  {
    tooDeep = [],
    scrub = (text: string) => text,
  }: { tooDeep?: readonly number[]; scrub?: (text: string) => string } = {},
): Page {
  if (json === undefined) throw notAList(def, url, 'the answer is empty');
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw notAList(
      def,
      url,
      Array.isArray(json) ? 'it is a bare array, not a page with total, results and next' : 'it is not a JSON object',
    );
  }
  const envelope = checkEnvelope(json);
  if (!envelope.success) throw notAList(def, url, describeIssue(envelope.issue));
  const fields = def.recordFields;
  const results: ApiRecord[] = [];
  const odd: OddRecord[] = [];
  const seen: FieldsSeen = { unknown: false };
  let unknownOnPage = false;
  envelope.data.results.forEach((item, index) => {
    seen.unknown = false;
    const record = checkRecord(fields, item, seen);
    unknownOnPage ||= seen.unknown;
    const deep =
      tooDeep.includes(index) || ((seen.unknown || !record.success) && nestsDeeperThan(item, RECORD_NESTING));
    const reason = deep
      ? `it nests more than ${MAX_NESTING} levels deep (shown cut there)`
      : record.success
        ? undefined
        : scrub(describeIssue(record.issue)); // a field's name is the server's: it may echo the token
    if (record.success && reason === undefined) {
      results.push(record.data);
      return;
    }
    const kept = keptAsSent(deep ? clipNesting(item, RECORD_NESTING) : item, reason!);
    odd.push({ index, reason: reason!, ...(kept ? { id: kept.id } : {}) });
    if (kept) results.push(kept);
  });
  // Printing such a page need not measure how deep each record nests (output.ts).
  if (odd.length === 0 && !unknownOnPage) markKnownOnly(results);
  return {
    ...(odd.length > 0 ? { odd } : {}),
    total: envelope.data.total,
    results,
    // An empty link is no link (a loose server may send "" for none).
    next: envelope.data.next || null,
    previous: envelope.data.previous || null,
    url: url.href,
    limit: intParam(url, 'limit', DEFAULT_LIMIT),
    offset: intParam(url, 'offset', DEFAULT_OFFSET),
  };
}

/**
 * A record that does not fit, as the service sent it (own keys copied as own
 * keys), marked with why; undefined when it has no id to show it by (not an
 * object, or an id that is neither text nor a whole number).
 */
function keptAsSent(item: unknown, reason: string): ApiRecord | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const fields = item as Record<string, unknown>;
  const id = Object.hasOwn(fields, 'id') ? fields.id : undefined;
  const idText =
    typeof id === 'string' && id.length > 0 ? id : typeof id === 'number' && Number.isInteger(id) ? String(id) : '';
  if (idText === '') return undefined;
  const kept: Record<string | symbol, unknown> = {};
  for (const key of Object.keys(fields))
    Object.defineProperty(kept, key, { value: fields[key], enumerable: true, writable: true, configurable: true });
  kept.id = idText;
  kept[ODD_RECORD] = reason;
  return kept as ApiRecord;
}

/** A key for "already visited": the URL with its query parameters in a stable order. */
export function visitKey(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  copy.searchParams.sort();
  return copy.href;
}

/**
 * Sees the text of a page's answer before it is parsed, with the URL it
 * answers; what it returns is awaited before the parsing.
 */
export type PeekText = (text: string, url: URL) => Promise<void> | undefined;

export interface PageSource {
  first(signal?: AbortSignal, peek?: PeekText): Promise<Page>;
  follow(link: string, relativeTo: string, signal?: AbortSignal, peek?: PeekText): Promise<Page>;
  /** Resolves and origin-checks a link without sending anything. */
  resolve(link: string, relativeTo: string): URL;
}

/** How far from either end of an answer the envelope's fields beside `results` are looked for. */
const NEXT_AHEAD_MAX_CHARS = 4096;

/**
 * A page's next link read from its text before the text is parsed, when the
 * envelope's fields after `results` (the order of docs/service-api.md) or
 * before it hold it; undefined when it cannot be told that cheaply. Only the
 * envelope's own fields parse as an object once the text is cut there and
 * closed: cut inside a record, a string or a value, the text does not parse,
 * so a record cannot pass its own `next` off as the page's. Only a hint: the
 * parsed page decides which link is followed.
 */
export function nextLinkAhead(text: string): string | undefined {
  return linkIn(fieldsAfterResults(text)) ?? linkIn(fieldsBeforeResults(text));
}

/** `{` and the text from the last `"next"` on, when that is near the end ('' when it cannot be). */
function fieldsAfterResults(text: string): string {
  const at = text.lastIndexOf('"next"');
  if (at < 0 || text.length - at > NEXT_AHEAD_MAX_CHARS || text[at - 1] === '\\') return '';
  return `{${text.slice(at)}`;
}

/** The text up to the first `"results"`, closed, when that is near the start ('' when it cannot be). */
function fieldsBeforeResults(text: string): string {
  const at = text.indexOf('"results"');
  if (at < 0 || at > NEXT_AHEAD_MAX_CHARS) return '';
  const head = text.slice(0, at).trimEnd();
  return `${head.endsWith(',') ? head.slice(0, -1) : head}}`;
}

/** The link in `next` of the fields given, which parse as an object or not at all. */
function linkIn(fields: string): string | undefined {
  let next: unknown;
  try {
    next = (JSON.parse(fields) as { next?: unknown }).next;
  } catch {
    return undefined;
  }
  return typeof next === 'string' && next !== '' ? next : undefined;
}

/**
 * Every page from the first, following `next`. Holds only the current page
 * (and, to spot loops, the visited URLs and the most recent ids), so it can
 * stream any length.
 *
 * With `readAhead`, the next page is asked for while the caller still works
 * on the current one, so the wire and the caller overlap: as soon as the text
 * of the page being waited for names its next link (nextLinkAhead), or else
 * once that page is read and its link has passed the checks. At most one page
 * is asked for ahead: a page's link is followed early only while the caller
 * waits for that page, so a caller held up (a pipe that is not read) holds
 * the walk after the one ahead. Either way a link refused is refused only once
 * the current page has been handed over. Without it nothing is asked for that
 * the caller may not want (the dashboard's index stops at its maximum).
 */
export async function* walkPages(
  def: ResourceDef,
  source: PageSource,
  signal?: AbortSignal,
  { readAhead = false }: { readAhead?: boolean } = {},
): AsyncGenerator<Page, void, undefined> {
  const throwIfCancelled = () => {
    if (signal?.aborted) throw new SlotuiError('cancelled', 'The request was cancelled.');
  };
  throwIfCancelled();
  // Ends the page asked for ahead when the caller stops early (or is cancelled).
  const ahead = new AbortController();
  const stopAhead = () => ahead.abort();
  signal?.addEventListener('abort', stopAhead, { once: true });
  const walk = new WalkChecks(def);
  // The peek of the page the walk waits for, and the page a text asked for early.
  let waitingOn: PeekText | undefined;
  let early: EarlyPage | undefined;
  const peeker = (): PeekText => {
    const peek: PeekText = (text, url) => {
      if (waitingOn !== peek || ahead.signal.aborted || !walk.mayFollowEarly()) return undefined;
      const link = nextLinkAhead(text);
      if (link === undefined) return undefined;
      let nextUrl: URL;
      try {
        nextUrl = source.resolve(link, url.href);
      } catch {
        // Refused once the page is read, as any link.
        return undefined;
      }
      const key = visitKey(nextUrl);
      // The first page is marked visited only once read: a link back to the page itself is refused then.
      if (walk.visitedAlready(key) || key === visitKey(url)) return undefined;
      const nextPeek = peeker();
      const asked = source.follow(nextUrl.href, url.href, ahead.signal, nextPeek);
      // Nobody awaits it when the caller stops first: its failure is then nobody's.
      asked.catch(() => undefined);
      early = { key, peek: nextPeek, take: () => asked };
      return transportTurns();
    };
    return peek;
  };
  const arrive = (pending: Pending): Promise<Page> => {
    // A peek is shown its answer once: the one of a page already in is never called again.
    waitingOn = pending.peek;
    return pending.take();
  };
  try {
    const firstPeek = readAhead ? peeker() : undefined;
    let page = await arrive({ peek: firstPeek, take: () => source.first(ahead.signal, firstPeek) });
    walk.visit(new URL(page.url));
    for (;;) {
      walk.check(page);
      if (page.next === null) {
        yield page;
        return;
      }
      const link = page.next;
      const current = page;
      let pending: Pending | undefined;
      if (readAhead) {
        const taken = early;
        early = undefined;
        pending = taken && followEarly(walk, source, current, link, taken);
        if (!pending) {
          const peek = peeker();
          pending = { peek, take: askAhead(walk, source, current, link, ahead.signal, peek) };
          await transportTurns();
        }
      }
      yield page;
      throwIfCancelled();
      page = await arrive(pending ?? { take: askAhead(walk, source, current, link, ahead.signal) });
    }
  } finally {
    signal?.removeEventListener('abort', stopAhead);
    stopAhead();
  }
}

/** A page on its way, and the peek its answer's text goes through. */
interface Pending {
  peek?: PeekText | undefined;
  take: () => Promise<Page>;
}

/** A page asked for from the text of the one before it, by its link's visit key. */
interface EarlyPage extends Pending {
  key: string;
}

/**
 * Two turns of the event loop. undici writes a request on a kept-alive
 * connection only a turn after it was handed over (it first reads what the
 * idle connection may hold), and the request reaches it only after the
 * transport's own awaits: without the turns a page asked for ahead would go
 * out only once the caller had done with the current one. With them it leaves
 * first, and the server works while the caller does.
 */
const transportTurns = (): Promise<void> => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * The page asked for early, once the page before it is read: when its link is
 * the one that was read early and passes the checks, or the link's refusal.
 * Undefined when the page names another link (the early page is left unread).
 */
function followEarly(
  walk: WalkChecks,
  source: PageSource,
  page: Page,
  link: string,
  early: EarlyPage,
): Pending | undefined {
  let nextUrl: URL;
  try {
    nextUrl = source.resolve(link, page.url);
    if (visitKey(nextUrl) !== early.key) return undefined;
    walk.follow(page, nextUrl);
  } catch (error) {
    return { take: () => Promise.reject(error) };
  }
  return early;
}

/**
 * Checks the next link and, when it passes, sends for its page at once.
 * Gives what to await once the current page is done with: that page, or the
 * link's refusal.
 */
function askAhead(
  walk: WalkChecks,
  source: PageSource,
  page: Page,
  link: string,
  signal: AbortSignal,
  peek?: PeekText,
): () => Promise<Page> {
  let nextUrl: URL;
  try {
    nextUrl = walk.follow(page, source.resolve(link, page.url));
  } catch (error) {
    return () => Promise.reject(error);
  }
  if (signal.aborted) return () => Promise.reject(new SlotuiError('cancelled', 'The request was cancelled.'));
  const asked = source.follow(nextUrl.href, page.url, signal, peek);
  // Nobody awaits it when the caller stops at this page: its failure is then nobody's.
  asked.catch(() => undefined);
  return () => asked;
}

/** The walk's rules against loops and runaway lists, page by page. */
class WalkChecks {
  private readonly visited = new Set<string>();
  private readonly seen = new RecentIds(REMEMBERED_IDS);
  private emptyInARow = 0;
  private records = 0;

  constructor(private readonly def: ResourceDef) {}

  visit(url: URL): void {
    this.visited.add(visitKey(url));
  }

  /** A page about to be handed over: not only records already read, not far past the total. */
  check(page: Page): void {
    const { title } = this.def;
    if (this.visited.size > 1 && page.results.length > 0 && page.results.every((r) => this.seen.has(r.id))) {
      throw new SlotuiError(
        'protocol',
        `The server's next page of ${title} holds only records already read (its next links change, the records do not). Stopped after ${this.records} records to avoid reading forever; report this to the service's operators.`,
      );
    }
    this.records += page.results.length;
    const allowed = page.total + Math.max(MIN_EXTRA_RECORDS, Math.ceil(page.total / 10));
    if (this.records > allowed) {
      throw new SlotuiError(
        'protocol',
        `The server's pages of ${title} go on past ${this.records} records although it reports a total of ${page.total}. Stopped to avoid reading forever; report this to the service's operators.`,
      );
    }
    for (const record of page.results) this.seen.add(record.id);
  }

  /** Whether a page's link may be followed from its text, before the page is read: the page before had records. */
  mayFollowEarly(): boolean {
    return this.emptyInARow === 0;
  }

  visitedAlready(key: string): boolean {
    return this.visited.has(key);
  }

  /** The next link of a page, checked: not one page too many without records, not one already read. */
  follow(page: Page, nextUrl: URL): URL {
    this.emptyInARow = page.results.length === 0 ? this.emptyInARow + 1 : 0;
    const key = visitKey(nextUrl);
    if (this.emptyInARow >= MAX_EMPTY_PAGES_IN_A_ROW) {
      throw new SlotuiError(
        'protocol',
        `The server's pages of ${this.def.title} keep linking to a next page but hold no records. Stopped to avoid reading forever; report this to the service's operators.`,
      );
    }
    if (this.visited.has(key)) {
      throw new SlotuiError(
        'protocol',
        `The server's pages of ${this.def.title} loop: the next link ${sanitizeServerText(nextUrl.pathname + nextUrl.search, 120)} leads back to a page already read. Stopped to avoid reading forever; report this to the service's operators.`,
      );
    }
    this.visited.add(key);
    return nextUrl;
  }
}

/**
 * The most recently added ids, at most `capacity` of them (the oldest go
 * first), in a ring. An id added again keeps its first place. Which ids are
 * in the ring is kept in a table of ring positions by the ids' hashes (open
 * addressing in typed arrays), not in a Set: a Set that drops an id for every
 * id added fills with deleted entries, and is copied into a larger table again
 * and again, which took a large part of `list --all`'s time
 * (docs/performance.md). An id is in the ring only if the id there is the
 * same text, so a hash met twice is never taken for the same id.
 */
export class RecentIds {
  private readonly ring: (string | undefined)[];
  private readonly hashes: Int32Array;
  /** Ring positions + 1 (0: empty), at the place of their hash, or after it. */
  private readonly table: Int32Array;
  private readonly mask: number;
  /** Different in each walk: ids made to share a hash cannot be made in advance. */
  private readonly seed: number;
  private next = 0;

  constructor(
    private readonly capacity: number,
    random: () => number = Math.random,
  ) {
    this.ring = new Array<string | undefined>(capacity).fill(undefined);
    this.hashes = new Int32Array(capacity);
    // At most a third full: lookups end after a step or two.
    let size = 4;
    while (size < capacity * 3) size *= 2;
    this.table = new Int32Array(size);
    this.mask = size - 1;
    this.seed = Math.floor(random() * 0x7fffffff) | 1;
  }

  has(id: string): boolean {
    return this.find(id, this.hash(id)) >= 0;
  }

  add(id: string): void {
    const hash = this.hash(id);
    if (this.find(id, hash) >= 0) return;
    const slot = this.next;
    if (this.ring[slot] !== undefined) this.remove(slot);
    this.ring[slot] = id;
    this.hashes[slot] = hash;
    let at = hash & this.mask;
    while (this.table[at] !== 0) at = (at + 1) & this.mask;
    this.table[at] = slot + 1;
    this.next = slot + 1 === this.capacity ? 0 : slot + 1;
  }

  /** FNV-1a over the id's UTF-16 code units, from this walk's seed. */
  private hash(id: string): number {
    let hash = this.seed;
    for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
    return hash;
  }

  /** Where in the table the id's ring position is, or -1. */
  private find(id: string, hash: number): number {
    for (let at = hash & this.mask; this.table[at] !== 0; at = (at + 1) & this.mask) {
      const slot = this.table[at]! - 1;
      if (this.hashes[slot] === hash && this.ring[slot] === id) return at;
    }
    return -1;
  }

  /** Takes a ring position out of the table; the entries after it move back so none is cut off from its place. */
  private remove(slot: number): void {
    let gap = this.hashes[slot]! & this.mask;
    while (this.table[gap] !== slot + 1) gap = (gap + 1) & this.mask;
    for (let at = (gap + 1) & this.mask; this.table[at] !== 0; at = (at + 1) & this.mask) {
      const home = this.hashes[this.table[at]! - 1]! & this.mask;
      // An entry stays when its place lies after the gap, up to where it is (going round the table).
      const stays = gap <= at ? gap < home && home <= at : gap < home || home <= at;
      if (stays) continue;
      this.table[gap] = this.table[at]!;
      gap = at;
    }
    this.table[gap] = 0;
  }
}
