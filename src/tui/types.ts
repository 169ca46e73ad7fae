/** What the CLI hands the dashboard (src/tui/run.ts: runDashboard). */
import type { SettingsWatcher } from './state/userSettings.js';
import type { ResourceName } from '../api/resources.js';
import type { ApiClient } from '../api/types.js';
import type { AuthDeps } from './auth/types.js';
import type { Session } from './session.js';
import type { EarlyPage, KeptPage } from './state/listStore.js';
import type { DraftKeeper } from '../config/drafts.js';
import type { Settings } from '../config/types.js';
import type { Page } from '../api/types.js';

/** Where a session keeps the last page of each list it shows, for the next start's first frame. */
export interface PageKeeper {
  /** The page kept, or why a kept one could not be used (one sentence). */
  load(resource: ResourceName): { kept?: KeptPage; problem?: string };
  save(resource: ResourceName, page: Page, readAt: number): void;
}

/** The page keeper of a session's settings; undefined where none is kept (the demo, no base URL). */
export type PageKeepers = (settings: Settings) => PageKeeper | undefined;

/** A stored profile as `:profile` lists it. */
export interface ProfileEntry {
  name: string;
  baseUrl?: string;
}

export interface DashboardDeps extends Omit<Session, 'client'> {
  /** Absent on a first run (auth.start is then the welcome screen or the setup flow). */
  client?: ApiClient;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WritableStream;
  /** Injected clock (relative times, expiry warnings). */
  now?: () => Date;
  /** `:profile NAME` — builds the session of another profile, or throws a SlotuiError. */
  openProfile?: (name: string) => Promise<Session>;
  /** The stored profiles (`:profile` alone, Tab after `:profile `), read when asked for; may throw a SlotuiError. */
  listProfiles?: () => readonly ProfileEntry[];
  /** Where a form left with Ctrl+C keeps what was typed; absent: no drafts. */
  drafts?: DraftKeeper;
  /** Where each session keeps the last page of each list (the first frame of the next start). */
  keptPages?: PageKeepers;
  /** True when running on the embedded sandbox (--demo): shown in the header. */
  demo?: boolean;
  /** Token setup: the welcome screen, the setup flow, re-login after a 401. */
  auth?: AuthDeps;
  /** The first page of the first list, asked for while the dashboard's code loaded (shown at once if it is in). */
  firstPage?: FirstPage;
  /** Texts never to show (tokens met during the run, pasted ones too): crash reports are redacted with them. */
  secrets?: ReadonlySet<string>;
  /** Follows settings.yaml while the dashboard runs (absent: the settings as read at start hold). */
  watchSettings?: SettingsWatcher;
}

/** A first page requested by the CLI before the dashboard started: of `resource`, offset 0 and `limit` records. */
export interface FirstPage extends EarlyPage {
  resource: ResourceName;
  limit: number;
}

/** runDashboard(deps) resolves with the process exit code once the user quits. */
export type RunDashboard = (deps: DashboardDeps) => Promise<number>;
