/** What the CLI hands the dashboard (src/tui/run.tsx: runDashboard). */
import type { ApiClient } from '../api/types.js';
import type { Settings } from '../config/types.js';

export interface Session {
  client: ApiClient;
  settings: Settings;
}

export interface DashboardDeps extends Session {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WritableStream;
  /** Injected clock (relative times, expiry warnings). */
  now?: () => Date;
  /** `:profile NAME` — builds the session of another profile, or throws a SlotuiError. */
  openProfile?: (name: string) => Promise<Session>;
  /** True when running on the embedded sandbox (--demo): shown in the header. */
  demo?: boolean;
}

/** runDashboard(deps) resolves with the process exit code once the user quits. */
export type RunDashboard = (deps: DashboardDeps) => Promise<number>;
