/**
 * What the form, picker, confirm and editor controllers share: the forms
 * store (what is open), the session's client and list stores, the message
 * line, and the session's read-only flag. Each controller is small and takes
 * only this, so a test can drive one over a fake client.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ViewRegistry, ResourceView } from '../../presentation/resources.js';
import type { ApiRecord } from '../../api/record.js';
import type { RecordIndex } from '../../api/recordIndex.js';
import type { ApiClient } from '../../api/types.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import type { DraftKeeper } from '../../config/drafts.js';
import type { KeyEnv } from '../input/binding.js';
import type { ListStore } from '../state/listStore.js';
import { currentDetail, type NavStore } from '../state/navigation.js';
import { FormsStore } from './formsStore.js';

const SETTLE_TIMEOUT_MS = 15_000;

export interface FormsDeps {
  registry: ViewRegistry;
  client: () => ApiClient;
  stores: () => Record<ResourceName, ListStore>;
  /** The session's record index: what uses a record (delete), the whole list (pickers). */
  index: () => RecordIndex;
  nav: NavStore;
  env: () => KeyEnv;
  /** Runs the user's editor on a file, with the terminal handed over to it. */
  runEditor: () => (file: string) => Promise<void>;
  /** Where a form left with Ctrl+C keeps what was typed; absent: no drafts. */
  drafts?: DraftKeeper;
  /** The session's profile (drafts are kept by profile) and its token (never put in a draft). */
  session?: () => DraftSession;
  clock?: () => Date;
  /** A record was saved or deleted here: every screen that shows it follows (the dashboard's record store). */
  onWrite?: (resource: ResourceName, write: RecordWrite) => void;
  /** A bulk action was done on these marked records: their marks go. */
  unmark?: (resource: ResourceName, ids: readonly string[]) => void;
}

/** What a form, `E` or a delete did to one record. */
type RecordWrite = { saved: ApiRecord } | { removed: string };

interface DraftSession {
  profile: string;
  token?: string;
}

export interface FormsContext {
  registry: ViewRegistry;
  store: FormsStore;
  client(): ApiClient;
  stores(): Record<ResourceName, ListStore>;
  index(): RecordIndex;
  drafts?: DraftKeeper;
  session(): DraftSession;
  clock(): Date;
  say(text: string, tone?: 'info' | 'error'): void;
  writable(): boolean;
  /** Says the session is read-only (every entry point checks again, whatever the keys allowed). */
  refuse(): void;
  /** Nothing open any more. */
  close(): void;
  /** The answer to a save or a delete: the index, the details, names and the next form show it. */
  noteWrite(resource: ResourceName, write: RecordWrite): void;
  /** A record is gone: its details, if they are on screen, give way to the list. */
  leaveDetailsOf(resource: ResourceName, id: string): void;
  /** A bulk action was done on these marked records: their marks go. */
  unmark(resource: ResourceName, ids: readonly string[]): void;
}

export function createFormsContext(deps: FormsDeps, store = new FormsStore()): FormsContext {
  return {
    registry: deps.registry,
    store,
    client: deps.client,
    stores: deps.stores,
    index: deps.index,
    ...(deps.drafts ? { drafts: deps.drafts } : {}),
    session: deps.session ?? (() => ({ profile: 'default' })),
    clock: deps.clock ?? (() => new Date()),
    say: (text, tone = 'info') => deps.nav.dispatch({ type: 'message', message: { text, tone } }),
    writable: () => !deps.env().readOnly,
    refuse: () =>
      deps.nav.dispatch({
        type: 'message',
        message: { text: 'This session is read-only: nothing can be created, changed or deleted.', tone: 'error' },
      }),
    close: () => store.set({ kind: 'none' }),
    noteWrite: (resource, write) => {
      deps.index().noteWrite(resource, write);
      deps.onWrite?.(resource, write);
    },
    unmark: (resource, ids) => deps.unmark?.(resource, ids),
    leaveDetailsOf: (resource, id) => {
      const top = currentDetail(deps.nav.getSnapshot());
      if (top && top.resource === resource && top.id === id) deps.nav.dispatch({ type: 'back' });
    },
  };
}

/** "SLO “checkout latency” (slo-000003)": how confirmations and messages name a record. */
export function recordName(def: ResourceView, record: ApiRecord): string {
  const label = truncate(sanitizeLine(def.label(record)), 60);
  const id = truncate(sanitizeLine(record.id), 40);
  return label && label !== id ? `${def.kind} “${label}” (${id})` : `${def.kind} ${id}`;
}

/** Resolves once the list has nothing loading (bounded). */
export function settled(list: ListStore): Promise<void> {
  return new Promise((resolve) => {
    if (list.getSnapshot().loading === null) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, SETTLE_TIMEOUT_MS);
    // A dashboard quit meanwhile disposes the list, which then never reports the end: the bound must not hold the process.
    timer.unref();
    const unsubscribe = list.subscribe(() => {
      if (list.getSnapshot().loading === null) done();
    });
  });
}

/** After a change: the list read again; when the last record of a page went, the page before with its last row selected. */
export async function reloadList(ctx: FormsContext, resource: ResourceName): Promise<void> {
  const list = ctx.stores()[resource];
  list.invalidate();
  list.reload();
  await settled(list);
  const page = list.getSnapshot().page;
  if (page && page.results.length === 0 && page.previous) {
    list.prev();
    await settled(list);
    list.select(Math.max(0, (list.getSnapshot().page?.results.length ?? 1) - 1));
  }
}
