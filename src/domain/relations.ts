/**
 * Relations between records, read from the registry's reference fields
 * (an SLO's SLI, an agreement's organization and SLOs): who refers to a
 * record ("used by"), the tree organization → agreements → SLOs → SLI with
 * the ids that point nowhere, and a record's name beside its id.
 *
 * Pure: what the resources are and how they refer to each other comes in as
 * a RelationModel (src/api/relations.ts builds it from the registry), and
 * the records from a RecordLookup (the dashboard's record index, or what a
 * command has read).
 */
import type { ResourceName } from '../api/resources.js';
import type { ApiRecord } from '../api/record.js';
import { grouped } from '../text/count.js';

/** A reference field: records of `from` name records of `to` in `field` (one id, or a list of ids). */
export interface Reference {
  from: ResourceName;
  field: string;
  to: ResourceName;
  many: boolean;
}

/** What the relations know of the resources. */
export interface RelationModel {
  /** Every resource, in the order they are listed. */
  resources: readonly ResourceName[];
  references: readonly Reference[];
  /** The name a record goes by (its id when it has none). */
  name(resource: ResourceName, record: ApiRecord): string;
  /** "SLO" / "SLOs", "organization" / "organizations". */
  noun(resource: ResourceName, plural: boolean): string;
}

/** The one JSON shape of a record named elsewhere (`used-by --json`). */
export interface RecordRef {
  resource: ResourceName;
  id: string;
  name: string;
}

/** What relations read: the records of each resource, and whether all of them are there. */
export interface RecordLookup {
  records(resource: ResourceName): Iterable<ApiRecord>;
  get(resource: ResourceName, id: string): ApiRecord | undefined;
  /** True when every record of the resource is held, so an id not found points nowhere. */
  isComplete(resource: ResourceName): boolean;
}

/** The ids a record's reference field holds (none when absent or malformed). */
export function idsIn(record: ApiRecord, reference: Reference): string[] {
  const value = record[reference.field];
  const one = (v: unknown) => (typeof v === 'string' && v !== '' ? [v] : typeof v === 'number' ? [String(v)] : []);
  if (Array.isArray(value)) return value.flatMap(one);
  return one(value);
}

/** Whether a reference resolves: found, pointing nowhere (every record known), or not known yet. */
export type Resolution = 'found' | 'dangling' | 'unknown';

export interface ResolvedRef {
  resource: ResourceName;
  id: string;
  /** The record's name when it was found. */
  name?: string;
  resolution: Resolution;
}

/** "Checkout availability (sli-000001)", "sli-000404 (not found)", or the id alone while unknown. */
export function nameBesideId(ref: ResolvedRef): string {
  if (ref.resolution === 'found') return ref.name && ref.name !== ref.id ? `${ref.name} (${ref.id})` : ref.id;
  return ref.resolution === 'dangling' ? `${ref.id} (not found)` : ref.id;
}

/** The levels of the relations tree, top down. */
export const TREE_LEVELS: readonly ResourceName[] = ['organizations', 'agreements', 'slos', 'slis'];

export interface TreeNode {
  resource: ResourceName;
  id: string;
  name?: string;
  resolution: Resolution;
  /** The record the tree was asked for. */
  selected: boolean;
  children: TreeNode[];
}

export interface TreeLine {
  depth: number;
  node: TreeNode;
  /** "agreement Gold support (agr-000002)", "SLO slo-000404: points nowhere". */
  text: string;
}

const unique = (ids: string[]): string[] => [...new Set(ids)];

export class Relations {
  constructor(readonly model: RelationModel) {}

  /** The reference fields that point at a resource. */
  referencesTo(resource: ResourceName): Reference[] {
    return this.model.references.filter((r) => r.to === resource);
  }

  /** The resources whose records can refer to one of `resource` (what must be read to answer "used by"). */
  referrerResources(resource: ResourceName): ResourceName[] {
    return unique(this.referencesTo(resource).map((r) => r.from)) as ResourceName[];
  }

  /** The records among `candidates` (of resource `from`) that refer to the record `id` of `to`. */
  referrersIn(to: ResourceName, id: string, from: ResourceName, candidates: Iterable<ApiRecord>): ApiRecord[] {
    const fields = this.referencesTo(to).filter((r) => r.from === from);
    const found: ApiRecord[] = [];
    for (const record of candidates) {
      if (fields.some((f) => idsIn(record, f).includes(id))) found.push(record);
    }
    return found;
  }

  refOf(resource: ResourceName, record: ApiRecord): RecordRef {
    return { resource, id: record.id, name: this.model.name(resource, record) };
  }

  /** Every record that refers to the record `id` of `resource`, by resource in the model's order. */
  usedBy(resource: ResourceName, id: string, lookup: RecordLookup): RecordRef[] {
    return this.referrerResources(resource).flatMap((from) =>
      this.referrersIn(resource, id, from, lookup.records(from)).map((record) => this.refOf(from, record)),
    );
  }

  /** "1 SLO", "3 SLOs", "1,200 agreements". */
  countOf(resource: ResourceName, n: number): string {
    return `${grouped(n)} ${this.model.noun(resource, n !== 1)}`;
  }

  /** "used by 3 SLOs", "used by 1 SLO and 2 agreements"; undefined when nothing refers to it. */
  usedByPhrase(refs: readonly RecordRef[]): string | undefined {
    if (refs.length === 0) return undefined;
    const counts = new Map<ResourceName, number>();
    for (const ref of refs) counts.set(ref.resource, (counts.get(ref.resource) ?? 0) + 1);
    const parts = this.model.resources.filter((r) => counts.has(r)).map((r) => this.countOf(r, counts.get(r) ?? 0));
    const last = parts.pop();
    return `used by ${parts.length ? `${parts.join(', ')} and ${last}` : last}`;
  }

  resolveRef(resource: ResourceName, id: string, lookup: RecordLookup): ResolvedRef {
    const record = lookup.get(resource, id);
    if (record) return { resource, id, name: this.model.name(resource, record), resolution: 'found' };
    return { resource, id, resolution: lookup.isComplete(resource) ? 'dangling' : 'unknown' };
  }

  /**
   * The tree around a record: above it, only the branches that lead to it;
   * below it, everything it holds. A record with no parent at the level above
   * is a root of its own (an SLO in no agreement). Ids that point nowhere are
   * marked `dangling`.
   */
  relationTree(resource: ResourceName, id: string, lookup: RecordLookup): TreeNode[] {
    const level = TREE_LEVELS.indexOf(resource);
    if (level < 0) return [];
    const linked = (from: number, nodeId: string, to: number) =>
      this.linkedIds(TREE_LEVELS[from]!, nodeId, TREE_LEVELS[to]!, lookup);
    // Above the record: for each level, the ids that lead down to it.
    const onPath: Set<string>[] = TREE_LEVELS.map(() => new Set<string>());
    onPath[level]!.add(id);
    for (let l = level; l > 0; l--) {
      for (const childId of onPath[l]!) for (const parentId of linked(l, childId, l - 1)) onPath[l - 1]!.add(parentId);
    }

    // Each step goes one level down, so a branch ends at the last level whatever the records say.
    const build = (l: number, nodeId: string): TreeNode => {
      const node: TreeNode = {
        ...this.resolveRef(TREE_LEVELS[l]!, nodeId, lookup),
        selected: l === level && nodeId === id,
        children: [],
      };
      if (l + 1 >= TREE_LEVELS.length) return node;
      const below = linked(l, nodeId, l + 1);
      const kept = l < level ? below.filter((c) => onPath[l + 1]!.has(c)) : below;
      node.children = kept.map((c) => build(l + 1, c));
      return node;
    };

    // Roots: the top-most records on the path, then any record on the path whose parents are all off it.
    const roots: TreeNode[] = [];
    for (let l = 0; l <= level; l++) {
      for (const nodeId of onPath[l]!) {
        const hasParent = l > 0 && linked(l, nodeId, l - 1).some((p) => onPath[l - 1]!.has(p));
        if (!hasParent) roots.push(build(l, nodeId));
      }
    }
    return roots;
  }

  /** The tree as indented lines, depth first. */
  treeLines(roots: readonly TreeNode[]): TreeLine[] {
    const lines: TreeLine[] = [];
    const walk = (node: TreeNode, depth: number) => {
      const label = nameBesideId(node);
      const noun = this.model.noun(node.resource, false);
      const text = node.resolution === 'dangling' ? `${noun} ${node.id}: points nowhere` : `${noun} ${label}`;
      lines.push({ depth, node, text });
      for (const child of node.children) walk(child, depth + 1);
    };
    for (const root of roots) walk(root, 0);
    return lines;
  }

  /** A link between two resources: a field of either naming the other. */
  private linkBetween(a: ResourceName, b: ResourceName): Reference | undefined {
    return this.model.references.find((r) => (r.from === a && r.to === b) || (r.from === b && r.to === a));
  }

  /** Ids of `other` records linked to the record `id` of `resource`, whichever of the two holds the reference. */
  private linkedIds(resource: ResourceName, id: string, other: ResourceName, lookup: RecordLookup): string[] {
    const link = this.linkBetween(resource, other);
    if (!link) return [];
    if (link.from === resource) {
      const record = lookup.get(resource, id);
      return record ? unique(idsIn(record, link)) : [];
    }
    return this.referrersIn(resource, id, other, lookup.records(other)).map((r) => r.id);
  }
}
