/**
 * Which OpenSLO documents an export writes, from every SLI and SLO of the
 * service: `slotui export` and the dashboard's `:export` both come here, so
 * the same records give the same documents. Names are assigned over whole
 * collections (a record's name never depends on what else is exported), so
 * both callers read every SLI and SLO first.
 */
import type { ApiRecord } from '../api/record.js';
import type { GitopsResource } from './gitopsPlan.js';
import { assignNames, sliDocument, sloDocument, toV2alpha, type OpenSloDocument } from './openslo.js';

export type OpenSloVersion = 'v1' | 'v2alpha';

/** The resources that have an OpenSLO kind, SLIs first (the order documents are written in). */
export const OPENSLO_RESOURCES: readonly GitopsResource[] = ['slis', 'slos'];

export function hasOpenSloKind(resource: string): resource is GitopsResource {
  return (OPENSLO_RESOURCES as readonly string[]).includes(resource);
}

export interface ExportChoice {
  /** Only this resource; undefined: both. */
  resource?: GitopsResource;
  /** Only these records (of either resource when no resource is given); empty: all of them. */
  ids: readonly string[];
  version?: OpenSloVersion;
}

export interface ExportSelection {
  slis: readonly ApiRecord[];
  slos: readonly ApiRecord[];
  /** Ids asked for that no record chosen from has. */
  missing: string[];
  /** The documents, SLIs first, made one at a time as they are taken. */
  documents(): Generator<OpenSloDocument | Record<string, unknown>>;
}

export function exportSelection(
  all: { slis: readonly ApiRecord[]; slos: readonly ApiRecord[] },
  choice: ExportChoice,
): ExportSelection {
  const sliNames = assignNames(all.slis);
  const sloNames = assignNames(all.slos);
  let slis = choice.resource === 'slos' ? [] : all.slis;
  let slos = choice.resource === 'slis' ? [] : all.slos;
  let missing: string[] = [];
  if (choice.ids.length > 0) {
    const wanted = new Set(choice.ids);
    slis = slis.filter((r) => wanted.has(r.id));
    slos = slos.filter((r) => wanted.has(r.id));
    const found = new Set([...slis, ...slos].map((r) => r.id));
    missing = choice.ids.filter((id) => !found.has(id));
  }
  const as = (doc: OpenSloDocument) => (choice.version === 'v2alpha' ? toV2alpha(doc) : doc);
  const indicatorName = (slo: ApiRecord): string | undefined => {
    const id = slo.service_level_indicator_id;
    return typeof id === 'string' || typeof id === 'number' ? sliNames.get(String(id)) : undefined;
  };
  return {
    slis,
    slos,
    missing,
    *documents() {
      for (const sli of slis) yield as(sliDocument(sli, sliNames.get(sli.id)!));
      for (const slo of slos) yield as(sloDocument(slo, sloNames.get(slo.id)!, indicatorName(slo)));
    },
  };
}
