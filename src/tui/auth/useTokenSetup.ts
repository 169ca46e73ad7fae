/**
 * The token setup flow inside the dashboard: opened when the token has
 * expired (at start) or when the service answers 401 while working; on
 * success the session's client is swapped for one on the new token (the list
 * stores stay, so the same resource, page and selection come back) and the
 * failed read is done again. Also the expiry warning of the status line.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isSlotuiError } from '../../api/errors.js';
import type { ApiClient } from '../../api/types.js';
import { isExpired, tryDecodeClaims } from '../../config/jwt.js';
import { expiryWarning, formatDay, loggedInSentence } from '../../config/tokenSetup.js';
import type { Settings } from '../../config/types.js';
import type { KeyLayer } from '../input/router.js';
import { setupLayer } from './layers.js';
import { SetupStore } from './setupStore.js';
import { SwappableClient } from './swappableClient.js';
import type { AuthDeps, LoginResult } from './types.js';

export interface TokenSetupOptions {
  auth?: AuthDeps;
  client: ApiClient;
  settings: Settings;
  clock: () => Date;
  /** The current list's last failure. */
  error: unknown;
  /** After a successful setup: read again what failed, and say who is logged in. */
  onLoggedIn(result: LoginResult): void;
}

export interface TokenSetup {
  /** The open flow, or null. */
  store: SetupStore | null;
  /** The flow's key layer while it is open (stable function, for the controller). */
  layer: () => KeyLayer | undefined;
  /** The status line's warning (expiry within 30 days, or expired). */
  warning: string | undefined;
}

export { loggedInSentence };

export function useTokenSetup(options: TokenSetupOptions): TokenSetup {
  const { auth, settings, clock, error } = options;
  // The token in use: the session's, until a setup replaces it.
  const [token, setToken] = useState(settings.token);
  useEffect(() => setToken(settings.token), [settings]);
  const claims = useMemo(() => (token ? tryDecodeClaims(token) : undefined), [token]);

  const [store, setStore] = useState<SetupStore | null>(null);
  const storeRef = useRef<SetupStore | null>(null);
  storeRef.current = store;
  /** 401s the flow has opened for: each opens it once (after a cancel or a new token, not again). */
  const handled = useRef(new WeakSet<object>());
  const latest = useRef(options);
  latest.current = options;

  const open = useCallback((reason: string) => {
    const { auth: deps, settings: current } = latest.current;
    if (!deps || storeRef.current || !(latest.current.client instanceof SwappableClient)) return;
    const flow: SetupStore = new SetupStore({
      auth: deps,
      baseUrl: current.baseUrl ?? latest.current.client.baseUrl,
      frontendUrl: current.frontendUrl,
      reason,
      onDone: (result) => {
        const target = latest.current.client;
        if (target instanceof SwappableClient) target.swap(result.session.client);
        setToken(result.session.settings.token);
        close(flow);
        latest.current.onLoggedIn(result);
      },
      onCancel: () => {
        close(flow);
      },
    });
    storeRef.current = flow;
    setStore(flow);
  }, []);

  const close = (flow: SetupStore) => {
    flow.dispose();
    if (storeRef.current === flow) storeRef.current = null;
    setStore((current) => (current === flow ? null : current));
  };

  // An expired token: the flow first, with that reason.
  useEffect(() => {
    const sessionToken = latest.current.settings.token;
    const first = sessionToken ? tryDecodeClaims(sessionToken) : undefined;
    if (first?.exp && isExpired(first, latest.current.clock())) {
      open(`The token of profile ${latest.current.settings.profileName} expired on ${formatDay(first.exp)}. Get a new one to go on.`);
    }
    // Only when the session changes (a :profile switch), not after a setup.
  }, [settings, open]);

  // A 401 while working: the list's, or any other screen's (a detail, a form, a picker) seen by the client.
  const [refused, setRefused] = useState<unknown>(null);
  const { client } = options;
  useEffect(() => (client instanceof SwappableClient ? client.onRefused(setRefused) : undefined), [client]);
  useEffect(() => {
    for (const failure of [error, refused]) {
      if (!isSlotuiError(failure) || failure.kind !== 'auth' || failure.status !== 401 || handled.current.has(failure)) continue;
      handled.current.add(failure);
      open(`The service refused the token of profile ${latest.current.settings.profileName} (HTTP 401): it may have expired, been replaced or revoked. Paste a new one to go on.`);
      return;
    }
  }, [error, refused, open]);

  useEffect(() => () => storeRef.current?.dispose(), []);

  const layer = useCallback(() => (storeRef.current ? setupLayer(storeRef.current) : undefined), []);
  return { store, layer, warning: auth || claims ? expiryWarning(claims, clock()) : undefined };
}
