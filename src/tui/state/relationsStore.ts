/**
 * `u` (used by) and `x` (relations tree) of a record: lines worked out from
 * the session's record index, gathering the resources they need in the
 * background; the lines grow as records arrive. Enter opens the record of the
 * selected line, Esc closes. No React here.
 */
import type { RecordIndex } from '../../api/recordIndex.js';
import { describeIndexStatus } from '../../api/recordIndex.js';
import type { ResourceName } from '../../api/resources.js';
import {
  nameBesideId,
  TREE_LEVELS,
  type RecordLookup,
  type Relations,
  type Resolution,
} from '../../domain/relations.js';
import { Store } from './store.js';

export type RelationsMode = 'used-by' | 'tree';

export interface RelationLine {
  depth: number;
  text: string;
  resource: ResourceName;
  id: string;
  resolution: Resolution;
  selected: boolean;
}

export interface RelationsView {
  mode: RelationsMode;
  resource: ResourceName;
  id: string;
  title: string;
  lines: RelationLine[];
  /** Index into lines. */
  cursor: number;
  /** What is still being gathered ("gathering 1,200 of 5,030 SLOs"), or why it stopped. */
  progress: string[];
  complete: boolean;
  /** A gathering it needs failed or was stopped: waiting shows nothing more until it is asked again. */
  stopped: boolean;
}

export type RelationsState = RelationsView | null;

/** The index as the relations read it. */
function indexLookup(index: RecordIndex): RecordLookup {
  return {
    records: (resource) => index.records(resource),
    get: (resource, id) => index.get(resource, id),
    isComplete: (resource) => index.isComplete(resource),
  };
}

export class RelationsStore extends Store<RelationsState> {
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly index: () => RecordIndex,
    private readonly relations: Relations,
  ) {
    super(null);
  }

  open(mode: RelationsMode, resource: ResourceName, id: string, name: string): void {
    this.close();
    const needed = mode === 'used-by' ? this.relations.referrerResources(resource) : [...TREE_LEVELS];
    const index = this.index();
    for (const r of needed) void index.ensure(r);
    const compute = (cursor: number) => this.set(this.view(mode, resource, id, name, needed, cursor));
    compute(0);
    this.unsubscribe = index.subscribe((status) => {
      const current = this.getSnapshot();
      if (current && needed.includes(status.resource)) compute(current.cursor);
    });
  }

  move(delta: number): void {
    const s = this.getSnapshot();
    if (!s || s.lines.length === 0) return;
    const cursor = Math.max(0, Math.min(s.lines.length - 1, s.cursor + delta));
    if (cursor !== s.cursor)
      this.set({ ...s, cursor, lines: s.lines.map((l, i) => ({ ...l, selected: i === cursor })) });
  }

  selectedLine(): RelationLine | undefined {
    const s = this.getSnapshot();
    return s?.lines[s.cursor];
  }

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.getSnapshot() !== null) this.set(null);
  }

  private view(
    mode: RelationsMode,
    resource: ResourceName,
    id: string,
    name: string,
    needed: readonly ResourceName[],
    cursor: number,
  ): RelationsView {
    const index = this.index();
    const lookup = indexLookup(index);
    const noun = this.relations.model.noun(resource, false);
    let lines: Omit<RelationLine, 'selected'>[];
    if (mode === 'used-by') {
      lines = this.relations.usedBy(resource, id, lookup).map((ref) => ({
        depth: 0,
        resource: ref.resource,
        id: ref.id,
        resolution: 'found' as const,
        text: `${this.relations.model.noun(ref.resource, false)} ${nameBesideId({ ...ref, resolution: 'found' })}`,
      }));
    } else {
      lines = this.relations.treeLines(this.relations.relationTree(resource, id, lookup)).map((line) => ({
        depth: line.depth,
        resource: line.node.resource,
        id: line.node.id,
        resolution: line.node.resolution,
        text: line.text,
      }));
    }
    const statuses = needed.map((r) => index.status(r));
    const complete = statuses.every((s) => s.state === 'complete');
    const stopped = statuses.some((s) => s.state === 'failed' || s.state === 'stopped');
    const progress = statuses
      .map((s) => (s.state === 'complete' ? undefined : describeIndexStatus(s)))
      .filter((t): t is string => Boolean(t));
    const phrase =
      mode === 'used-by'
        ? (this.relations.usedByPhrase(this.relations.usedBy(resource, id, lookup)) ??
          (complete ? 'used by nothing' : stopped ? 'used by nothing found' : 'used by nothing found yet'))
        : 'relations: organization → agreements → SLOs → SLI';
    const at = Math.max(0, Math.min(cursor, lines.length - 1));
    return {
      mode,
      resource,
      id,
      title: `${noun} ${name === id ? id : `${name} (${id})`}: ${phrase}`,
      lines: lines.map((l, i) => ({ ...l, selected: i === at })),
      cursor: at,
      progress,
      complete,
      stopped,
    };
  }
}

/** What a delete's confirmation says about the records that refer to the one asked about. */
export interface UsedByNote {
  /** "This SLI is used by 3 SLOs.", "Checking what uses it… (gathering 1,200 of 5,030 SLOs)". */
  text: string;
  /** found: something refers to it; none: nothing does; checking: not every referrer is held yet; unknown: the check stopped. */
  state: 'found' | 'none' | 'checking' | 'unknown';
}

/**
 * The used-by sentence of a record (or of several: `ids`) from what the index
 * holds now, or undefined when no resource can refer to it (nothing to check).
 */
function usedByNote(
  index: RecordIndex,
  relations: Relations,
  resource: ResourceName,
  ids: string | readonly string[],
): UsedByNote | undefined {
  const referrers = relations.referrerResources(resource);
  if (referrers.length === 0) return undefined;
  const many = typeof ids !== 'string';
  const lookup = indexLookup(index);
  const seen = new Set<string>();
  const refs = (many ? ids : [ids])
    .flatMap((id) => relations.usedBy(resource, id, lookup))
    .filter((ref) => !seen.has(`${ref.resource}/${ref.id}`) && seen.add(`${ref.resource}/${ref.id}`));
  const phrase = relations.usedByPhrase(refs);
  const statuses = referrers.map((r) => index.status(r));
  const noun = relations.model.noun(resource, false);
  // "This SLI is used by 3 SLOs" for one; "They are used by 1 agreement" for several.
  const subject = many ? 'They are' : `This ${noun} is`;
  const it = many ? 'them' : 'it';
  const stopped = statuses.find((s) => s.state === 'failed' || s.state === 'stopped');
  if (stopped) {
    const why = stopped.message ?? describeIndexStatus(stopped) ?? 'the records could not all be read';
    return {
      state: phrase ? 'found' : 'unknown',
      text: `${phrase ? `${subject} ${phrase} at least. ` : ''}Could not check everything that uses ${it}: ${why}`,
    };
  }
  const pending = statuses.filter((s) => s.state === 'idle' || s.state === 'gathering');
  if (pending.length > 0) {
    const progress = pending.map(
      (s) => describeIndexStatus(s) ?? `gathering ${relations.model.noun(s.resource, true)}`,
    );
    return {
      state: 'checking',
      text: `Checking what uses ${it}… ${phrase ? `${phrase} so far ` : ''}(${progress.join(', ')})`,
    };
  }
  const partial = statuses.some((s) => s.state === 'capped');
  const among = partial ? ' among the records held (indexMaxRecords)' : '';
  return phrase
    ? { state: 'found', text: `${subject} ${phrase}${among}.` }
    : { state: 'none', text: partial ? `Nothing refers to ${it}${among}.` : `Nothing refers to ${it}.` };
}

/**
 * Gathers what can refer to a record and tells `onChange` the sentence each
 * time it changes (at once with what is held now). Returns the unsubscribe;
 * undefined when no resource can refer to the record.
 */
export function watchUsedBy(
  index: RecordIndex,
  relations: Relations,
  resource: ResourceName,
  id: string | readonly string[],
  onChange: (note: UsedByNote) => void,
): (() => void) | undefined {
  const referrers = relations.referrerResources(resource);
  if (referrers.length === 0) return undefined;
  let last = '';
  const tell = () => {
    const note = usedByNote(index, relations, resource, id);
    if (!note || note.text === last) return;
    last = note.text;
    onChange(note);
  };
  const unsubscribe = index.subscribe((status) => {
    if (referrers.includes(status.resource)) tell();
  });
  for (const r of referrers) void index.ensure(r);
  tell();
  return unsubscribe;
}
