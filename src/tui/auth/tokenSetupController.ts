/**
 * The token setup inside the dashboard: opened when the session's token has
 * expired (at start, or on a `:profile` switch) or when the service answers
 * 401 to any request; on success the session's client is swapped for one on
 * the new token under the screens as they are, and `onLoggedIn` reads again
 * what failed. Also the status line's expiry warning.
 */
import { isSlotuiError } from '../../api/errors.js';
import type { ApiClient } from '../../api/types.js';
import { isExpired, tryDecodeClaims } from '../../config/jwt.js';
import { expiryWarning, formatDay } from '../../config/tokenSetup.js';
import type { Settings } from '../../config/types.js';
import { Store } from '../state/store.js';
import { SetupStore } from './setupStore.js';
import { SwappableClient } from './swappableClient.js';
import type { AuthDeps, LoginResult } from './types.js';

export interface TokenSetupState {
  /** The open flow, or null. */
  flow: SetupStore | null;
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
    super({ flow: null, token: undefined });
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

  dispose(): void {
    this.unwatch?.();
    this.unwatch = null;
    this.getSnapshot().flow?.dispose();
    this.set({ ...this.getSnapshot(), flow: null });
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
    const { auth } = this.deps;
    const client = this.client;
    const settings = this.settings;
    if (!auth || !settings || this.getSnapshot().flow || !(client instanceof SwappableClient)) return;
    const flow: SetupStore = new SetupStore({
      auth,
      baseUrl: settings.baseUrl ?? client.baseUrl,
      frontendUrl: settings.frontendUrl,
      ...(settings.caFile ? { caFile: settings.caFile } : {}),
      reason,
      onDone: (result) => {
        if (this.client instanceof SwappableClient) this.client.swap(result.session.client);
        this.close(flow);
        this.set({ ...this.getSnapshot(), token: result.session.settings.token });
        this.deps.onLoggedIn(result);
      },
      onCancel: () => this.close(flow),
    });
    this.set({ ...this.getSnapshot(), flow });
  }

  private close(flow: SetupStore): void {
    flow.dispose();
    if (this.getSnapshot().flow === flow) this.set({ ...this.getSnapshot(), flow: null });
  }
}
