/**
 * The dashboard's side of a re-login: it notices that a new token is needed
 * (the session's token has expired, at start or on a `:profile` switch, or
 * the service answered 401 to any request) and says so in its state; the
 * shell (shell.ts) runs the token setup over the dashboard and reports back.
 * On success the session's client is swapped for one on the new token under
 * the screens as they are, and `onLoggedIn` reads again what failed. Also the
 * status line's expiry warning.
 */
import { isSlotuiError } from '../../api/errors.js';
import type { ApiClient } from '../../api/types.js';
import { isExpired, tryDecodeClaims } from '../../config/jwt.js';
import { expiryWarning, formatDay } from '../../config/tokenSetup.js';
import type { Settings } from '../../config/types.js';
import { Store } from '../state/store.js';
import { SwappableClient } from './swappableClient.js';
import type { AuthDeps, LoginResult } from './types.js';

/** What the shell needs to run the token setup. */
interface LoginNeeded {
  /** Why, in a sentence the setup shows first. */
  reason: string;
  baseUrl: string;
  frontendUrl?: string;
  caFile?: string;
}

export interface TokenSetupState {
  /** A new token is needed (the shell runs the setup), or null. */
  needed: LoginNeeded | null;
  /** The token in use: the session's, until a setup replaces it. */
  token: string | undefined;
}

export interface TokenSetupDeps {
  auth?: AuthDeps;
  clock: () => Date;
  /** After a successful setup: read again what failed, and say who is logged in. */
  onLoggedIn(result: LoginResult): void;
}

export class TokenSetupController extends Store<TokenSetupState> {
  private client: ApiClient | null = null;
  private settings: Settings | null = null;
  private unwatch: (() => void) | null = null;

  constructor(private readonly deps: TokenSetupDeps) {
    super({ needed: null, token: undefined });
  }

  /** A session begins (the first, or one `:profile` opened): watch its 401s, and open the flow if its token has expired. */
  attach(client: ApiClient, settings: Settings): void {
    this.unwatch?.();
    this.client = client;
    this.settings = settings;
    this.set({ ...this.getSnapshot(), token: settings.token });
    this.unwatch = client instanceof SwappableClient ? client.onRefused((error) => this.refused(error)) : null;
    const claims = settings.token ? tryDecodeClaims(settings.token) : undefined;
    if (claims?.exp && isExpired(claims, this.deps.clock())) {
      const owner = this.tokenOwner();
      this.open(
        `${owner[0]!.toUpperCase()}${owner.slice(1)} expired on ${formatDay(claims.exp)}. Get a new one to go on.${this.variableNote()}`,
      );
    }
  }

  /** Expiry within 30 days, or expired (only where a token can be set up, or one is known). */
  warning(): string | undefined {
    const { token } = this.getSnapshot();
    const claims = token ? tryDecodeClaims(token) : undefined;
    return this.deps.auth || claims ? expiryWarning(claims, this.deps.clock()) : undefined;
  }

  /** The shell's setup verified a new token: the session goes on with a client on it. */
  loggedIn(result: LoginResult): void {
    if (this.client instanceof SwappableClient) this.client.swap(result.session.client);
    this.set({ needed: null, token: result.session.settings.token });
    this.deps.onLoggedIn(result);
  }

  /** The setup was left without a new token: the dashboard goes on as it was (its reads fail as before). */
  dismiss(): void {
    if (this.getSnapshot().needed) this.set({ ...this.getSnapshot(), needed: null });
  }

  dispose(): void {
    this.unwatch?.();
    this.unwatch = null;
    this.dismiss();
  }

  private refused(error: unknown): void {
    if (!isSlotuiError(error) || error.kind !== 'auth' || error.status !== 401) return;
    this.open(
      `The service refused ${this.tokenOwner()} (HTTP 401): it may have expired, been replaced or revoked. Paste a new one to go on.${this.variableNote()}`,
    );
  }

  /** SLOTUI_TOKEN's token while it is the one in use (a setup stores its token in the profile). */
  private fromVariable(): boolean {
    return this.settings?.tokenSource === 'env' && this.getSnapshot().token === this.settings.token;
  }

  private tokenOwner(): string {
    return this.fromVariable()
      ? 'the token in SLOTUI_TOKEN'
      : `the token of profile ${this.settings?.profileName ?? 'default'}`;
  }

  /** The new token goes to the profile, which the variable still wins over at the next start. */
  private variableNote(): string {
    return this.fromVariable()
      ? ` The new one is stored in profile ${this.settings?.profileName ?? 'default'}; unset SLOTUI_TOKEN for the next start to use it.`
      : '';
  }

  private open(reason: string): void {
    const { client, settings } = this;
    if (!this.deps.auth || !settings || this.getSnapshot().needed || !(client instanceof SwappableClient)) return;
    this.set({
      ...this.getSnapshot(),
      needed: {
        reason,
        baseUrl: settings.baseUrl ?? client.baseUrl,
        ...(settings.frontendUrl ? { frontendUrl: settings.frontendUrl } : {}),
        ...(settings.caFile ? { caFile: settings.caFile } : {}),
      },
    });
  }
}
