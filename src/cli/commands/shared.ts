/** Helpers several commands share: the resource argument, read-only refusal, record output. */
import { checkRecordId } from '../../api/origin.js';
import { SlotuiError } from '../../api/errors.js';
import { resourceList, type ResourceName } from '../../api/resources.js';
import { type ViewRegistry, type ResourceView } from '../../presentation/resources.js';
import type { Settings } from '../../config/types.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { closestWord } from '../../text/suggest.js';
import type { ApiRecord } from '../../api/record.js';
import { usageError } from '../args.js';
import { truncate } from '../format.js';

export function resourceArg(word: string, command: string, registry: ViewRegistry): ResourceView {
  const def = registry.resolve(word);
  if (!def) {
    const shown = word.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
    const meant = closestWord(
      word,
      registry.defs.flatMap((d) => d.aliases),
      (alias) => registry.resolve(alias)?.name ?? alias,
    );
    const resource = meant ? registry.resolve(meant)?.name : undefined;
    throw usageError(
      `Unknown resource "${shown}"; ${resource ? `did you mean "${resource}"? Use` : 'use'} one of ${resourceList(registry)}.`,
      command,
    );
  }
  return def;
}

/** The <id> argument, refused as a usage error when it cannot name one record (".", "..", a slash). */
export function idArg(def: ResourceView, id: string, command: string): string {
  try {
    checkRecordId(def, id);
  } catch (error) {
    if (error instanceof SlotuiError) throw usageError(error.message, command);
    throw error;
  }
  return id;
}

/** --read-only refuses changes before anything is read or sent. */
export function refuseIfReadOnly(readOnly: boolean, what: string): void {
  if (readOnly) {
    throw new SlotuiError(
      'read-only',
      `Read-only mode (--read-only) is on, so nothing was ${what}. Run the command without --read-only to make changes.`,
    );
  }
}

/** "sli Checkout latency (sli_42)": for confirmations and notes; sanitised, one line. */
export function describeRecord(def: ResourceView, record: ApiRecord): string {
  const clean = (text: string) => truncate(sanitizeLine(text), 120);
  const label = clean(def.label(record) || record.id);
  const id = clean(record.id);
  return label === id ? `${def.singular} ${id}` : `${def.singular} ${label} (${id})`;
}

/** The service's own names of fields the profile renames: known fields too when a payload is checked. */
export function serviceFieldNames(settings: Settings, resource: ResourceName): string[] {
  return Object.values(settings.fields?.[resource] ?? {});
}
