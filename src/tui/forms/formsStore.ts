/**
 * What the forms layer shows, as a small synchronous store outside React (as
 * the UI store is): nothing, a form (with its record picker open or not),
 * the delete question, or an edit running in the user's editor.
 */
import type { IndexStatus } from '../../api/recordIndex.js';
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import type { EditorState } from '../text/lineEditor.js';
import type { UsedByNote } from '../state/relationsStore.js';
import type { FormState } from './formModel.js';
import { Store } from '../state/store.js';

export interface PickerState {
  /** The row the picked id goes to. */
  target: string;
  resource: ResourceName;
  /** A reference-list: the id is added to the list instead of replacing it. */
  append: boolean;
  records: ApiRecord[];
  next: string | null;
  total: number | null;
  loading: boolean;
  /** PgDn presses made while a page was loading: each loads one more page once it is in. */
  moreWanted: number;
  error: string | null;
  search: EditorState;
  /**
   * What the search finds over the whole list (the record index, and the
   * pages loaded that it does not hold yet); null while nothing is typed.
   * Read as shown: the index's records are read back only for the rows drawn.
   */
  matches: PickerRows | null;
  /** Out of how many records the matches were found. */
  searched: number;
  /** The record index of the resource, as it was when the matches were found. */
  index: IndexStatus | null;
  selected: number;
  /** Tells a late answer for an older picker from one for this picker. */
  gen: number;
}

export type FormsState =
  | { kind: 'none' }
  | { kind: 'form'; form: FormState; picker: PickerState | null }
  | {
      kind: 'delete';
      resource: ResourceName;
      record: ApiRecord;
      deleting: boolean;
      error: string | null;
      /** What refers to the record, as far as the record index knows (null: nothing can refer to it). */
      usedBy: UsedByNote | null;
    }
  | { kind: 'external'; resource: ResourceName; record: ApiRecord }
  | BulkState;

/** A failure of one record of a bulk action: its id and the sentence. */
export interface BulkFailure {
  id: string;
  sentence: string;
}

/**
 * A question about the marked records: deleting them, or sending the plan of
 * a bulk edit (a line a record). `done` holds the ids already sent, so a
 * second `y` after failures sends only the rest, never anything twice.
 */
export type BulkState = {
  resource: ResourceName;
  records: ApiRecord[];
  sending: boolean;
  done: string[];
  failures: BulkFailure[];
} & (
  | {
      kind: 'delete-many';
      /** What refers to them, as far as the record index knows (null: nothing can refer to them). */
      usedBy: UsedByNote | null;
    }
  | {
      kind: 'bulk-plan';
      /** The fields filled in, as sent to each record. */
      patch: Record<string, unknown>;
      /** One line a record: `~ slo/slo-000001 target_value "99.9" → "99.95"`, or `= … (already so)`. */
      lines: { id: string; text: string; changes: boolean }[];
    }
);

const NO_FORMS: FormsState = { kind: 'none' };

/** What is open: a form (with its picker or question), the delete question, or the editor. */
export class FormsStore extends Store<FormsState> {
  constructor() {
    super(NO_FORMS);
  }
}

/** Rows of the picker: an array, or the search's matches, read from the record index when asked for. */
export interface PickerRows {
  readonly length: number;
  at(index: number): ApiRecord | undefined;
  slice(start: number, end: number): ApiRecord[];
}

/** The picker's rows: the search's matches over the whole list, or the pages loaded while nothing is typed. */
export function pickerRows(picker: PickerState): PickerRows {
  return picker.matches ?? picker.records;
}
