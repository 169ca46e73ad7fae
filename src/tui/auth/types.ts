/**
 * What the dashboard needs from outside to set a token up: the CLI supplies
 * these (src/cli/commands/auth-setup.ts), tests supply the same built on a
 * sandbox. The dashboard never stores anything itself.
 */
import type { Session } from '../session.js';

export interface LoginRequest {
  baseUrl: string;
  frontendUrl: string;
  /** A PEM file of extra certificate authorities to trust (stored in the profile); none: the system's only. */
  caFile?: string;
  /** What the user pasted: the JSON answer or the bare JWT. */
  input: string;
}

export interface LoginResult {
  /** A session with a new client on the verified token (and the stored profile's settings). */
  session: Session;
  profile: string;
  host: string;
  user?: string;
  expiresAt?: Date;
  /** When the token was checked: the expiry is said relative to it ("expires in 25 seconds"). */
  checkedAt: Date;
}

/** Where the dashboard starts. */
export type StartScreen =
  | { kind: 'dashboard' }
  /** First run: no profile with a base URL, no variables. */
  | { kind: 'welcome' }
  /** Straight into the setup flow (`auth login`, or no usable token), with why when there is a reason. */
  | { kind: 'setup'; reason?: string };

export interface AuthDeps {
  /** Verifies the pasted token, stores it (0600) in the profile with the URLs, makes the profile current. Throws a SlotuiError of one sentence. */
  login(request: LoginRequest): Promise<LoginResult>;
  /**
   * Whether the service's certificate is trusted (with this CA file, if any), before a token is
   * fetched: throws the SlotuiError a request would meet. Absent: the setup checks nothing early.
   */
  checkTls?(baseUrl: string, caFile?: string): Promise<void>;
  /** The welcome screen's second way on: the embedded sandbox (closed by the caller at the end). */
  startDemo?(): Promise<Session>;
  /** Opens a URL in the local browser; absent where there is no local display (or over SSH). */
  openBrowser?(url: string): void;
  /** Writes our own escape sequences (OSC 52) straight to the terminal. */
  writeTerminal?(sequence: string): void;
  start?: StartScreen;
  /** `auth login`: end once the token is stored instead of opening the dashboard. */
  exitAfterLogin?: boolean;
  /** Told the outcome of a successful login (the CLI prints it after the terminal is restored). */
  onLogin?(result: LoginResult): void;
}
