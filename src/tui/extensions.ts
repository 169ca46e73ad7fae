/**
 * What one resource does on the dashboard that the others do not, in one map
 * beside the registry (as k9s's registrar sits beside its registry): the
 * generic screens and controllers ask `extensionOf` and never name a
 * resource (a lint rule refuses resource names in generic code). Only SLOs
 * have anything here: their budget card, burn calculator and summary come
 * from the SLO math (docs/slo-math.md).
 */
import type { ApiRecord } from '../api/record.js';
import type { ResourceName } from '../api/resources.js';
import { sloSummaryItems, type SummaryItem } from '../domain/summary.js';
import type { DetailLine } from './screens/detailLines.js';
import { sloCardLines } from './screens/sloCard.js';

export interface DashboardExtension {
  /** Lines above the record's fields in its details; `burnQuestion` is what the burn calculator was given ('' for none). */
  detailCard?(record: ApiRecord, now: Date, width: number, burnQuestion: string): DetailLine[];
  /** The burn calculator (`b`) opens over these details (it needs the card's budget). */
  burnCalculator?: boolean;
  /** The items of the Markdown summary `Y` copies (without: one item a field); `nameOf` gives a referenced record's name beside its id. */
  summaryItems?(record: ApiRecord, nameOf: (to: ResourceName, id: string) => string, now: Date): SummaryItem[];
}

const EXTENSIONS: Partial<Record<ResourceName, DashboardExtension>> = {
  slos: {
    detailCard: sloCardLines,
    burnCalculator: true,
    summaryItems(record, nameOf, now) {
      const sliId = record.service_level_indicator_id;
      return sloSummaryItems(record, typeof sliId === 'string' && sliId !== '' ? nameOf('slis', sliId) : '', now);
    },
  },
};

const NONE: DashboardExtension = {};

/** What the resource does beyond the generic screens (nothing for most). */
export function extensionOf(resource: ResourceName): DashboardExtension {
  return EXTENSIONS[resource] ?? NONE;
}
