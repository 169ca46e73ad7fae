/**
 * What the dashboard's controllers share: the stores of the session shown,
 * the UI state, the list as shown, the message line and the scroll room the
 * view model worked out. Each controller takes only this (and what it
 * opens), so a test can drive one over a fake client.
 */
import type { RecordIndex } from '../../api/recordIndex.js';
import type { ResourceName } from '../../api/resources.js';
import type { ViewRegistry } from '../../presentation/resources.js';
import type { ApiClient } from '../../api/types.js';
import type { Settings } from '../../config/types.js';
import type { Forms } from '../forms/formsController.js';
import type { KeyEnv } from '../input/binding.js';
import type { ProfileSwitcher } from '../profiles.js';
import type { ListStore } from '../state/listStore.js';
import type { MarksStore } from '../state/marks.js';
import type { NavStore } from '../state/navigation.js';
import type { RecordStore } from '../state/recordStore.js';
import type { ReferenceNames } from '../state/referenceNames.js';
import type { RelationsStore } from '../state/relationsStore.js';
import type { ShownList } from '../state/shownList.js';
import type { WholeList } from '../state/wholeList.js';

export interface DashboardSession {
  client: ApiClient;
  settings: Settings;
  readOnly: boolean;
  stores: Record<ResourceName, ListStore>;
  /** Every record of a resource, gathered in the background on demand (filter, sort, pickers, relations). */
  index: RecordIndex;
  /** The whole list of each resource, filtered and sorted (`/`, `o`, `O`). */
  wholes: Record<ResourceName, WholeList>;
  /** Names of the records list columns refer to, as far as they have been read. */
  names: ReferenceNames;
  /** The marked records (Space, `*`): what the record keys act on when there are any. */
  marks: MarksStore;
  /** Opened by `:profile` (so ours to close); the first session belongs to the caller. */
  owned: boolean;
}

/** How far a scrolled screen (details, help) reaches: lines it has and lines that fit, from the view model. */
export interface ScrollRoom {
  lines: number;
  visible: number;
}

export interface DashboardContext {
  registry: ViewRegistry;
  nav: NavStore;
  records: RecordStore;
  relations: RelationsStore;
  forms: Forms;
  /** `:profile` and its list; absent where profiles cannot be switched. */
  profiles?: ProfileSwitcher;
  session(): DashboardSession;
  /** The list of the resource shown, as shown. */
  shown(): ShownList;
  /** The scroll room of the screen on top, as last worked out. */
  room(): ScrollRoom;
  env(): KeyEnv;
  say(text: string, tone?: 'info' | 'error'): void;
  /** The command line's aliases in effect (`ctx` and settings.yaml's), word → command line. */
  aliases(): Readonly<Record<string, string>>;
  quit(): void;
}

export const maxScroll = (room: ScrollRoom): number => Math.max(0, room.lines - room.visible);
