/**
 * What changed between two reads of the same list: records added, changed
 * (with each field's old and new value) and deleted. `slotui watch` prints
 * these; a refreshed list marks its rows with them.
 */
import type { ApiRecord } from '../api/record.js';

export type RecordChange =
  | { type: 'added'; id: string; record: ApiRecord }
  | { type: 'changed'; id: string; record: ApiRecord; changes: FieldChanges }
  | { type: 'deleted'; id: string; record: ApiRecord };

/** Each changed field: [old, new] (undefined where the field is absent). */
export type FieldChanges = Record<string, [unknown, unknown]>;

/**
 * Fields that change with every write and say nothing of their own: a record
 * whose only difference is one of these has not changed for a reader.
 */
const BOOKKEEPING_FIELDS: readonly string[] = ['updated_at'];

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** The fields whose values differ, in the newer record's order, then those it no longer has. */
export function fieldChanges(before: ApiRecord, after: ApiRecord): FieldChanges {
  const changes: FieldChanges = {};
  const fields = new Set([...Object.keys(after), ...Object.keys(before)]);
  for (const field of fields) {
    if (BOOKKEEPING_FIELDS.includes(field)) continue;
    const old = Object.hasOwn(before, field) ? before[field] : undefined;
    const now = Object.hasOwn(after, field) ? after[field] : undefined;
    if (!sameValue(old, now)) changes[field] = [old, now];
  }
  return changes;
}

/** Added and changed records in the newer read's order, then the deleted ones in the older read's. */
export function diffRecords(
  before: ReadonlyMap<string, ApiRecord>,
  after: ReadonlyMap<string, ApiRecord>,
): RecordChange[] {
  const out: RecordChange[] = [];
  for (const [id, record] of after) {
    const old = before.get(id);
    if (old === undefined) {
      out.push({ type: 'added', id, record });
      continue;
    }
    const changes = fieldChanges(old, record);
    if (Object.keys(changes).length > 0) out.push({ type: 'changed', id, record, changes });
  }
  for (const [id, record] of before) if (!after.has(id)) out.push({ type: 'deleted', id, record });
  return out;
}
