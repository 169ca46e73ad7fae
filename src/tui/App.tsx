/**
 * The dashboard: header, body (the list or a detail screen, or the help
 * over them), status line, message line and hint bar, laid out to exactly
 * the terminal's size. Everything it uses comes in as props (client,
 * settings, clock, profile opener), so tests render it with
 * ink-testing-library against a real sandbox.
 *
 * State lives in stores outside React (the UI store, one ListStore per
 * resource); the controller turns keys into actions on them, and the
 * components here draw them.
 */
import React, { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Box, Text, useInput } from 'ink';
import { RESOURCES, RESOURCE_NAMES, type ResourceName } from '../api/resources.js';
import type { ApiClient } from '../api/types.js';
import type { Settings } from '../config/types.js';
import { sanitizeLine } from '../text/sanitize.js';
import { createController, initialLayout, type Layout } from './controller.js';
import { Header } from './components/Header.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { HintBar } from './components/HintBar.js';
import { InputLine } from './components/InputLine.js';
import { StatusLine } from './components/StatusLine.js';
import { COLOR_THEME, MONO_THEME, ThemeContext, useTheme } from './components/theme.js';
import { useTerminalSize } from './components/useTerminalSize.js';
import { errorSentence, retryText } from './errorText.js';
import { activeHints } from './input/router.js';
import type { KeyEnv } from './keys.js';
import { DetailScreen } from './screens/DetailScreen.js';
import { ListScreen } from './screens/ListScreen.js';
import { ListStore, type ListSnapshot } from './state/listStore.js';
import { NavStore, currentDetail, initialNav, type NavState } from './state/navigation.js';
import { truncate, wrap } from '../text/width.js';
import type { FirstPage, Session } from './types.js';
import { RequestGate } from './state/requestGate.js';
import { pageSizeFor } from './layout.js';
// Token setup (issue 5)
import { SetupView } from './auth/SetupView.js';
import type { AuthDeps } from './auth/types.js';
import { loggedInSentence, useTokenSetup } from './auth/useTokenSetup.js';
// Forms (issue 4)
import { useApp, useStdout } from 'ink';
import { systemEditorLauncher, type EditorLauncher } from './forms/externalEditor.js';
import { createForms } from './forms/formsController.js';
import { FormsView } from './forms/FormsView.js';
import { ENTER_ALTERNATE_SCREEN, HIDE_CURSOR, LEAVE_ALTERNATE_SCREEN, SHOW_CURSOR } from './terminal.js';

export interface AppProps {
  client: ApiClient;
  settings: Settings;
  /** Injected clock for relative times. */
  now?: () => Date;
  /** `:profile NAME`: builds the session of another profile, or throws a SlotuiError. */
  openProfile?: (name: string) => Promise<Session>;
  demo?: boolean;
  /** The user quit (q, Ctrl+C, :q): the runner restores the terminal and exits with this code. */
  onQuit: (code: number) => void;
  /** First resource shown (default SLIs). */
  initialResource?: ResourceName;
  /** Token setup (issue 5): set up a new token when the old one expired or is refused (401). */
  auth?: AuthDeps;
  /** The first page, requested while the dashboard loaded: used by the first session's list if it matches. */
  firstPage?: FirstPage;
  /** Forms (issue 4): runs the user's editor on a file for `E` (default: $VISUAL, $EDITOR or vi). Tests inject one. */
  launchEditor?: EditorLauncher;
}

export { CHROME_ROWS, MAX_PAGE_SIZE, MIN_PAGE_SIZE, pageSizeFor } from './layout.js';
const MAX_MESSAGE_LINES = 3;

const systemClock = (): Date => new Date();

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

function createStores(client: ApiClient, pageSize: number, firstPage: FirstPage | undefined): Record<ResourceName, ListStore> {
  // One gate for the session: its requests share one connection.
  const gate = new RequestGate();
  const early = firstPage && firstPage.limit === pageSize ? firstPage : undefined;
  const entries = RESOURCE_NAMES.map(
    (resource) => [resource, new ListStore({ client, resource, pageSize, gate, firstPage: early?.resource === resource ? early : undefined })] as const,
  );
  const stores = Object.fromEntries(entries) as Record<ResourceName, ListStore>;
  // A first page already in is shown before the first frame is drawn.
  if (early?.page) stores[early.resource].ensureLoaded();
  return stores;
}

interface ActiveSession extends Session {
  /** Opened by `:profile` (so ours to close); the first session belongs to the caller. */
  owned: boolean;
}

export function App(props: AppProps): React.JSX.Element {
  const { now, openProfile, demo, onQuit } = props;
  const { columns, rows } = useTerminalSize();
  const pageSize = pageSizeFor(rows);
  const clock = now ?? systemClock;

  const [session, setSession] = useState<ActiveSession>({ client: props.client, settings: props.settings, owned: false });
  const { client, settings } = session;
  const readOnly = settings.readOnly || client.readOnly;
  const env = useMemo<KeyEnv>(() => ({ readOnly }), [readOnly]);

  const navStore = useRef<NavStore | null>(null);
  navStore.current ??= new NavStore(initialNav(props.initialResource));
  const nav = useSyncExternalStore(navStore.current.subscribe, navStore.current.getSnapshot);

  // One ListStore per resource and session; a new session (:profile) starts afresh.
  const initialPageSize = useRef(pageSize);
  // The early first page belongs to the first session's client only (not to one opened by :profile).
  const firstClient = useRef(props.client);
  const earlyPage = client === firstClient.current ? props.firstPage : undefined;
  const stores = useMemo(() => createStores(client, initialPageSize.current, earlyPage), [client]);
  useEffect(() => () => Object.values(stores).forEach((s) => s.dispose()), [stores]);
  useEffect(() => Object.values(stores).forEach((s) => s.setPageSize(pageSize)), [stores, pageSize]);

  const store = stores[nav.resource];
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => store.ensureLoaded(), [store]);

  // Once the first page is on screen (or failed), read the other resources' first pages quietly (totals, instant switching).
  const warmed = useRef<object | null>(null);
  useEffect(() => {
    if ((snap.page === null && snap.error === null) || warmed.current === stores) return;
    warmed.current = stores;
    for (const other of Object.values(stores)) if (other !== store) other.warm();
  }, [snap.page, snap.error, stores, store]);

  // Sessions opened with :profile are closed when replaced or when the dashboard ends.
  useEffect(() => {
    if (!session.owned) return undefined;
    return () => {
      void session.client.close().catch(() => undefined);
    };
  }, [session]);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // ---- Token setup (issue 5): the flow on an expired token or a 401, back to the same screen after ----
  const setup = useTokenSetup({
    auth: props.auth,
    client,
    settings,
    clock,
    error: snap.error,
    onLoggedIn: (result) => {
      const ui = navStore.current!;
      const open = currentDetail(ui.getSnapshot());
      if (open) layout.current?.detail.reload?.();
      store.reload();
      ui.dispatch({ type: 'message', message: { text: loggedInSentence(result), tone: 'info' } });
    },
  });
  // ---- end token setup ----

  const message = messageLines(nav, snap, columns);
  const bodyHeight = Math.max(1, rows - 2 - 1 - 1 - message.lines.length);

  // What the keys need to know of the last render, and the latest callbacks, without re-creating the controller.
  const layout = useRef<Layout | null>(null);
  layout.current ??= initialLayout(columns, bodyHeight);
  useLayoutEffect(() => {
    layout.current!.columns = columns;
    layout.current!.bodyHeight = bodyHeight;
  });
  const latest = useRef({ stores, env, onQuit, openProfile, setSession });
  latest.current = { stores, env, onQuit, openProfile, setSession };

  const switchProfile = useCallback(async (name: string) => {
    const ui = navStore.current!;
    const say = (text: string, tone: 'info' | 'error' = 'info') => ui.dispatch({ type: 'message', message: { text, tone } });
    const open = latest.current.openProfile;
    if (!open) {
      say('Switching profiles is not available here.', 'error');
      return;
    }
    const shown = truncate(sanitizeLine(name), 40);
    say(`Opening profile ${shown}…`);
    try {
      const next = await open(name);
      if (!mounted.current) {
        void next.client.close().catch(() => undefined);
        return;
      }
      latest.current.setSession({ ...next, owned: true });
      ui.dispatch({ type: 'switch-resource', resource: ui.getSnapshot().resource });
      say(`Profile ${shown}.`);
    } catch (error) {
      if (mounted.current) say(errorSentence(error), 'error');
    }
  }, []);

  // ---- Forms (issue 4): create, edit, delete; `E` hands the terminal to the user's editor ----
  const { suspendTerminal } = useApp();
  const { stdout: inkStdout } = useStdout();
  const formsLatest = useRef({ client, launchEditor: props.launchEditor, suspendTerminal, stdout: inkStdout });
  formsLatest.current = { client, launchEditor: props.launchEditor, suspendTerminal, stdout: inkStdout };
  const forms = useMemo(
    () =>
      createForms({
        client: () => formsLatest.current.client,
        stores: () => latest.current.stores,
        nav: navStore.current!,
        env: () => latest.current.env,
        runEditor: () => (file) => {
          const { launchEditor, suspendTerminal: suspend } = formsLatest.current;
          const launch = launchEditor ?? systemEditorLauncher(process.env);
          // Ink gives up raw mode and its frame; the alternate screen is ours (terminal.ts), so we leave and re-enter it.
          const out = formsLatest.current.stdout;
          const onTerminal = Boolean((out as { isTTY?: boolean }).isTTY);
          return suspend(() => {
            if (onTerminal) out.write(LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR);
            try {
              launch(file);
            } finally {
              if (onTerminal) out.write(ENTER_ALTERNATE_SCREEN + HIDE_CURSOR);
            }
          });
        },
      }),
    [],
  );
  const formsState = useSyncExternalStore(forms.store.subscribe, forms.store.getSnapshot);
  const formsOpen = formsState.kind !== 'none';
  // ---- end forms ----

  const controller = useMemo(
    () =>
      createController({
        nav: navStore.current!,
        stores: () => latest.current.stores,
        layout: layout.current!,
        env: () => latest.current.env,
        quit: () => latest.current.onQuit(0),
        openProfile: (name) => void switchProfile(name),
        setupLayer: setup.layer, // token setup (issue 5)
        forms, // forms (issue 4)
      }),
    [switchProfile, setup.layer, forms],
  );
  useInput((input, key) => controller.handleInput(input, key));

  const theme = settings.noColor ? MONO_THEME : COLOR_THEME;
  const detail = currentDetail(nav);
  const hints = activeHints(controller.layers(), env);

  return (
    <ThemeContext.Provider value={theme}>
      <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
        <Header
          profile={settings.profileName}
          host={hostOf(client.baseUrl)}
          demo={Boolean(demo)}
          readOnly={readOnly}
          resource={nav.resource}
          stores={stores}
          width={columns}
        />
        <Box flexDirection="column" height={bodyHeight} width={columns} overflow="hidden">
          {/* Token setup (issue 5): the flow replaces the body while it is open; the screen below is kept as it was. */}
          {setup.store ? <SetupView store={setup.store} profile={settings.profileName} width={columns} height={bodyHeight} /> : null}
          {nav.overlay === 'help' && !setup.store ? <HelpOverlay env={env} width={columns} height={bodyHeight} scroll={nav.helpScroll} layout={layout.current} /> : null}
          {/* Forms (issue 4): an open form, picker or question replaces the screen below, which is kept as it was. */}
          {formsOpen && !setup.store ? <FormsView state={formsState} width={columns} height={bodyHeight} /> : null}
          <Box display={nav.overlay === 'help' || setup.store || formsOpen ? 'none' : 'flex'} flexDirection="column" height={bodyHeight}>
            {detail ? (
              <DetailScreen
                key={`${nav.details.length}:${detail.resource}:${detail.id}`}
                entry={detail}
                client={client}
                width={columns}
                height={bodyHeight}
                scroll={detail.scroll}
                layout={layout.current}
                clock={clock}
              />
            ) : (
              <ListScreen key={nav.resource} def={RESOURCES[nav.resource]} store={store} width={columns} height={bodyHeight} />
            )}
          </Box>
        </Box>
        <StatusLine snap={snap} profile={settings.profileName} width={columns} warning={setup.warning} />
        {nav.overlay === 'command' ? (
          <InputLine prompt=":" editor={nav.command} after={nav.command.candidates.length > 0 ? `   ${nav.command.candidates.join('  ')}` : undefined} width={columns} />
        ) : nav.overlay === 'filter' ? (
          <InputLine prompt="/" editor={nav.filter} placeholder="type to filter the rows on screen" width={columns} />
        ) : (
          <MessageArea lines={message.lines} tone={message.tone} width={columns} />
        )}
        <HintBar hints={hints} width={columns} />
      </Box>
    </ThemeContext.Provider>
  );
}

function MessageArea({ lines, tone, width }: { lines: string[]; tone: 'info' | 'error' | 'dim'; width: number }): React.JSX.Element {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={lines.length} overflow="hidden">
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate-end" color={tone === 'error' ? theme.error : undefined} bold={tone === 'error'} dimColor={tone === 'dim'}>
          {line || ' '}
        </Text>
      ))}
    </Box>
  );
}

/** The line(s) above the hint bar: a message, a failed page with its retry key, a notice, or the filter in force. */
function messageLines(nav: NavState, snap: ListSnapshot, width: number): { lines: string[]; tone: 'info' | 'error' | 'dim' } {
  if (nav.overlay === 'command' || nav.overlay === 'filter') return { lines: [''], tone: 'info' };
  const wrapped = (text: string) => {
    const lines = wrap(text, width);
    if (lines.length <= MAX_MESSAGE_LINES) return lines;
    const kept = lines.slice(0, MAX_MESSAGE_LINES);
    kept[MAX_MESSAGE_LINES - 1] = truncate(`${kept[MAX_MESSAGE_LINES - 1]} …`, width);
    return kept;
  };
  if (nav.message) return { lines: wrapped(nav.message.text), tone: nav.message.tone };
  if (snap.error !== null) return { lines: wrapped(retryText(snap.error)), tone: 'error' };
  if (snap.notice) return { lines: [truncate(snap.notice, width)], tone: 'info' };
  if (snap.filter && nav.details.length === 0) return { lines: [truncate(`Filter “${sanitizeLine(snap.filter)}” · / changes it · Esc clears it`, width)], tone: 'dim' };
  return { lines: [''], tone: 'info' };
}
