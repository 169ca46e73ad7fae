/**
 * What the record picker says (PickerScreen.tsx draws it): its status line
 * and the text of a search that found nothing. Plain TypeScript, so the
 * picker's controllers and their tests read it without React or Ink.
 */
import { describeIndexStatus } from '../../api/recordIndex.js';
import type { ResourceView } from '../../presentation/resources.js';
import { matchText } from '../../domain/listQuery.js';
import type { PickerState } from './formsStore.js';

/** The picker's status: what the search found (or the pages loaded), and how the gathering goes. */
export function pickerStatus(picker: PickerState): string {
  const index = picker.index;
  const gathered = index !== null && (index.state === 'complete' || index.state === 'capped');
  const parts: string[] = [];
  if (picker.matches !== null) parts.push(matchText(picker.matches.length, picker.searched, gathered));
  else if (picker.total !== null)
    parts.push(`loaded ${picker.records.length} of ${picker.total}${picker.next ? ' · PgDn loads more' : ''}`);
  if (index && index.state !== 'complete') {
    const progress = describeIndexStatus(index);
    if (progress) parts.push(progress);
  }
  return parts.join(' · ');
}

/** What the list says when the search finds nothing: never "still gathering" once the gathering has stopped. */
export function pickerEmptyText(def: ResourceView, picker: PickerState): string {
  if (picker.matches === null) return '';
  switch (picker.index?.state) {
    case 'complete':
    case 'capped':
      return `No ${def.title} match; type the id in the field, or search for other words.`;
    case 'failed':
    case 'stopped':
      return `No ${def.title} gathered match: the gathering stopped. Esc and Ctrl+P try again.`;
    default:
      return `No ${def.title} gathered so far match; still gathering…`;
  }
}
