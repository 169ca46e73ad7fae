/** Helpers several commands share: the resource argument, read-only refusal, record output. */
import { checkRecordId } from '../../api/origin.js';
import { SlotuiError } from '../../api/errors.js';
import { RESOURCES, resolveResource, type ResourceDef, type ResourceName } from '../../api/resources.js';
import type { Settings } from '../../config/types.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { closestWord } from '../../text/suggest.js';
import type { ApiRecord } from '../../api/schemas.js';
import { usageError } from '../args.js';
import { truncate } from '../format.js';

const VALID_RESOURCES = Object.values(RESOURCES)
  .map((d) => (d.aliases.includes('orgs') ? `${d.name} (orgs)` : d.name))
  .join(', ');

export function resourceArg(word: string, command: string): ResourceDef {
  const def = resolveResource(word);
  if (!def) {
    const shown = word.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
    const meant = closestWord(word, Object.values(RESOURCES).flatMap((d) => d.aliases), (alias) => resolveResource(alias)?.name ?? alias);
    const resource = meant ? resolveResource(meant)?.name : undefined;
    throw usageError(`Unknown resource "${shown}"; ${resource ? `did you mean "${resource}"? Use` : 'use'} one of ${VALID_RESOURCES}.`, command);
  }
  return def;
}

/** The <id> argument, refused as a usage error when it cannot name one record (".", "..", a slash). */
export function idArg(def: ResourceDef, id: string, command: string): string {
  try {
    checkRecordId(def.name, id);
  } catch (error) {
    if (error instanceof SlotuiError) throw usageError(error.message, command);
    throw error;
  }
  return id;
}

/** --read-only refuses changes before anything is read or sent. */
export function refuseIfReadOnly(readOnly: boolean, what: string): void {
  if (readOnly) {
    throw new SlotuiError('read-only', `Read-only mode (--read-only) is on, so nothing was ${what}. Run the command without --read-only to make changes.`);
  }
}

/** "sli Checkout latency (sli_42)": for confirmations and notes; sanitised, one line. */
export function describeRecord(def: ResourceDef, record: ApiRecord): string {
  const clean = (text: string) => truncate(sanitizeLine(text), 120);
  const label = clean(def.label(record) || record.id);
  const id = clean(record.id);
  return label === id ? `${def.singular} ${id}` : `${def.singular} ${label} (${id})`;
}

/** The service's own names of fields the profile renames: known fields too when a payload is checked. */
export function serviceFieldNames(settings: Settings, resource: ResourceName): string[] {
  return Object.values(settings.fields?.[resource] ?? {});
}
