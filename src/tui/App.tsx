/**
 * The React shell of the program: what runDashboard renders. Before the
 * dashboard it shows the first-run welcome screen and the token setup flow
 * (`auth login` on a terminal is that flow alone, ending once the token is
 * stored); then it builds the dashboard (createDashboard, dashboard.ts) and
 * draws it. This is the one place that reads the keyboard: keys go to the
 * dashboard, or to the start screens before it.
 *
 * The dashboard's client is wrapped in a SwappableClient, so a setup after a
 * 401 can put a client on the new token under the screens as they are.
 */
import React, { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { describeError } from '../api/errors.js';
import type { Registry, ResourceName } from '../api/resources.js';
import type { ApiClient } from '../api/types.js';
import type { Settings } from '../config/types.js';
import type { DraftKeeper } from '../config/drafts.js';
import { sanitizeLine } from '../text/sanitize.js';
import { truncate } from '../text/width.js';
import { quitLayer, setupLayer, welcomeLayer } from './auth/layers.js';
import { SetupStore } from './auth/setupStore.js';
import { SetupView, setupScreen } from './auth/SetupView.js';
import { Done, Welcome } from './auth/StartViews.js';
import { SwappableClient } from './auth/swappableClient.js';
import type { AuthDeps, LoginResult } from './auth/types.js';
import { HintBar } from './components/HintBar.js';
import { COLOR_THEME, MONO_THEME, ThemeContext } from './components/theme.js';
import { useTerminalSize } from './components/useTerminalSize.js';
import { createDashboard, type Dashboard } from './dashboard.js';
import { throughTmux } from '../text/osc.js';
import { DashboardView } from './DashboardView.js';
import { systemEditorLauncher, type EditorLauncher } from './forms/externalEditor.js';
import { activeHints, dispatchKey, splitKeys, type KeyLayer } from './input/router.js';
import { createJobControl, type JobControl } from './jobControl.js';
import type { KeyEnv } from './input/binding.js';
import { matchesKey } from './input/match.js';
import { DEFAULT_KEYMAP } from './keys.js';
import { ENTER_ALTERNATE_SCREEN, HIDE_CURSOR, LEAVE_ALTERNATE_SCREEN, SHOW_CURSOR } from './terminal.js';
import type { Session } from './session.js';
import type { FirstPage, ProfileEntry } from './types.js';

export { CHROME_ROWS, MAX_PAGE_SIZE, MIN_PAGE_SIZE, pageSizeFor } from './layout.js';

export interface AppProps {
  /** Absent on a first run (nothing to connect to yet). */
  client?: ApiClient;
  settings: Settings;
  /** Injected clock for relative times and token expiry. */
  now?: () => Date;
  /** `:profile NAME`: builds the session of another profile, or throws a SlotuiError. */
  openProfile?: (name: string) => Promise<Session>;
  /** The stored profiles (`:profile` alone, Tab after `:profile `), read when asked for. */
  listProfiles?: () => readonly ProfileEntry[];
  demo?: boolean;
  /** Where a form left with Ctrl+C keeps what was typed; absent: no drafts. */
  drafts?: DraftKeeper;
  /** Hands the runner a way to keep an open form's text as a draft when it ends on a signal or a crash (it returns what to say, if anything). */
  onDraftKeeper?: (keep: (() => string | undefined) | null) => void;
  /** The welcome screen, the setup flow, and a new token after a 401 or an expired one. */
  auth?: AuthDeps;
  /** The first page, requested while the dashboard loaded (handed to the first dashboard only). */
  firstPage?: FirstPage;
  /** Runs the user's editor on a file for `E` (default: $VISUAL, $EDITOR or vi). Tests inject one. */
  launchEditor?: EditorLauncher;
  /** First resource shown (default SLIs). */
  initialResource?: ResourceName;
  /** The resources shown (default: the service's); the client should know the same ones. */
  registry?: Registry;
  /** Called as the dashboard starts gathering a whole list (see DashboardServices). */
  onGathering?: () => void;
  /** The user quit (q, Ctrl+C, :q): the runner restores the terminal, prints the note if any and exits with this code. */
  onQuit: (code: number, note?: string) => void;
}

type Screen = 'welcome' | 'setup' | 'done' | 'dashboard';

const START_ENV: KeyEnv = { readOnly: false };
const systemClock = (): Date => new Date();

export function App(props: AppProps): React.JSX.Element {
  const { auth, onQuit } = props;
  const start = auth?.start ?? { kind: 'dashboard' };
  const firstScreen: Screen =
    start.kind === 'dashboard' && props.client ? 'dashboard' : start.kind === 'welcome' ? 'welcome' : 'setup';
  const clock = props.now ?? systemClock;
  const size = useTerminalSize();
  const { columns, rows } = size;

  const { suspendTerminal } = useApp();
  const { stdout } = useStdout();

  // Sessions opened by :profile get a swappable client too (a 401 there is handled the same way).
  const openProfile = useMemo(() => {
    const open = props.openProfile;
    return open
      ? async (name: string): Promise<Session> => {
          const next = await open(name);
          return { ...next, client: new SwappableClient(next.client) };
        }
      : undefined;
  }, [props.openProfile]);

  const build = (session: Session, firstPage?: FirstPage, demo = Boolean(props.demo)): Dashboard =>
    createDashboard({
      client: new SwappableClient(session.client),
      settings: session.settings,
      size,
      clock,
      openProfile,
      listProfiles: props.listProfiles,
      drafts: props.drafts,
      auth,
      firstPage,
      initialResource: props.initialResource,
      registry: props.registry,
      onGathering: props.onGathering,
      demo,
      quit: onQuit,
      // Inside tmux the clipboard sequence needs tmux's wrapper to reach the real terminal.
      writeTerminal:
        auth?.writeTerminal ??
        ((sequence) => {
          stdout.write(process.env.TMUX ? throughTmux(sequence) : sequence);
        }),
    });

  const [screen, setScreen] = useState<Screen>(firstScreen);
  const [dashboard, setDashboard] = useState<Dashboard | null>(() =>
    props.client && firstScreen === 'dashboard'
      ? build({ client: props.client, settings: props.settings }, props.firstPage)
      : null,
  );
  const [pending, setPending] = useState<Session | null>(null);
  const [done, setDone] = useState<LoginResult | null>(null);
  const [notice, setNotice] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);
  useEffect(() => () => dashboard?.dispose(), [dashboard]);
  const onDraftKeeper = props.onDraftKeeper;
  useEffect(() => {
    if (!dashboard || !onDraftKeeper) return;
    onDraftKeeper(() => dashboard.forms.keepDraft());
    return () => onDraftKeeper(null);
  }, [dashboard, onDraftKeeper]);
  useLayoutEffect(() => dashboard?.resize({ columns, rows }), [dashboard, columns, rows]);

  // Keys are routed by the screen the previous key left, not the one last drawn.
  const current = useRef<{ screen: Screen; setup: SetupStore | null; dashboard: Dashboard | null }>({
    screen: firstScreen,
    setup: null,
    dashboard: null,
  });
  const moveTo = (next: Screen, opened?: Dashboard) => {
    current.current.screen = next;
    if (opened) {
      current.current.dashboard = opened;
      setDashboard(opened);
    }
    setScreen(next);
  };

  const makeSetup = (reason?: string): SetupStore | null => {
    if (!auth) return null;
    return new SetupStore({
      auth,
      baseUrl: props.settings.baseUrl,
      frontendUrl: props.settings.frontendUrl,
      ...(props.settings.caFile ? { caFile: props.settings.caFile } : {}),
      reason,
      onDone: (result) => {
        auth.onLogin?.(result);
        if (auth.exitAfterLogin) {
          onQuit(0);
          return;
        }
        setPending(result.session);
        setDone(result);
        moveTo('done');
      },
      onCancel: () => {
        if (start.kind === 'welcome') moveTo('welcome');
        else onQuit(auth.exitAfterLogin ? 1 : 0);
      },
    });
  };
  // The flow's callbacks read the ref when the flow ends, never while this renders.
  // eslint-disable-next-line react-hooks/refs
  const [setup, setSetup] = useState<SetupStore | null>(() =>
    firstScreen === 'setup' ? makeSetup(start.kind === 'setup' ? start.reason : undefined) : null,
  );
  useEffect(() => () => setup?.dispose(), [setup]);
  useLayoutEffect(() => {
    current.current.setup ??= setup;
    current.current.dashboard ??= dashboard;
  }, [setup, dashboard]);

  // `E` hands the terminal to the user's editor: Ink gives up raw mode and its frame; the
  // alternate screen is ours (terminal.ts), so it is left and entered again around the editor.
  const launchEditor = props.launchEditor;
  useEffect(() => {
    dashboard?.setEditorRunner((file) => {
      const launch = launchEditor ?? systemEditorLauncher(process.env);
      const onTerminal = Boolean((stdout as { isTTY?: boolean }).isTTY);
      return suspendTerminal(() => {
        if (onTerminal) stdout.write(LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR);
        try {
          launch(file);
        } finally {
          if (onTerminal) stdout.write(ENTER_ALTERNATE_SCREEN + HIDE_CURSOR);
        }
      });
    });
  }, [dashboard, launchEditor, stdout, suspendTerminal]);

  const openDashboard = (session: Session, demo?: boolean) => moveTo('dashboard', build(session, undefined, demo));

  const startDemo = async () => {
    if (!auth?.startDemo) return;
    setNotice({ text: 'Starting the demo sandbox…', tone: 'info' });
    try {
      const demoSession = await auth.startDemo();
      openDashboard(demoSession, true);
    } catch (error) {
      setNotice({ text: sanitizeLine(describeError(error)), tone: 'error' });
    }
  };

  const startLayers = (): KeyLayer[] => {
    const quit = quitLayer(() => onQuit(0));
    const { screen: now, setup: flow } = current.current;
    if (now === 'setup' && flow) return [setupLayer(flow), quit];
    if (now === 'done')
      return [
        { context: 'setup', owns: true, handlers: { 'setup-submit': () => pending && openDashboard(pending) } },
        quit,
      ];
    if (now === 'welcome') {
      return [
        welcomeLayer({
          connect: () => {
            const next = makeSetup();
            current.current.setup = next;
            setSetup(next);
            moveTo('setup');
          },
          demo: auth?.startDemo ? () => void startDemo() : undefined,
        }),
        quit,
      ];
    }
    return [quit];
  };

  // Ctrl+Z and SIGTSTP: stop with the terminal given back; SIGCONT takes it again.
  const jobControl = useRef<JobControl | null>(null);
  useEffect(() => {
    const jobs = createJobControl({ suspendTerminal: () => suspendTerminal(), stdout });
    jobControl.current = jobs;
    return () => jobs.dispose();
  }, [suspendTerminal, stdout]);

  useInput((input, key) => {
    if (key.eventType !== 'release' && matchesKey('Ctrl+Z', input, key)) {
      void jobControl.current?.suspend();
      return;
    }
    const { screen: now, dashboard: shown } = current.current;
    if (now === 'dashboard' && shown) {
      shown.handleInput(input, key);
      return;
    }
    if (key.eventType === 'release') return;
    setNotice(null);
    for (const one of splitKeys(input, key, now === 'setup'))
      dispatchKey(startLayers(), DEFAULT_KEYMAP, START_ENV, one.input, one.key);
  });

  if (screen === 'dashboard' && dashboard) return <DashboardView dashboard={dashboard} />;

  const theme = props.settings.noColor ? MONO_THEME : COLOR_THEME;
  const bodyHeight = Math.max(1, rows - 2);
  return (
    <ThemeContext.Provider value={theme}>
      <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
        <Box flexDirection="column" width={columns} height={bodyHeight} overflow="hidden">
          {screen === 'welcome' ? <Welcome width={columns} demo={Boolean(auth?.startDemo)} /> : null}
          {screen === 'setup' && setup ? (
            <StartSetup flow={setup} profile={props.settings.profileName} width={columns} height={bodyHeight} />
          ) : null}
          {screen === 'done' && done ? <Done result={done} width={columns} /> : null}
        </Box>
        <Text wrap="truncate-end" color={notice?.tone === 'error' ? theme.error : undefined}>
          {truncate(notice?.text ?? ' ', columns)}
        </Text>
        <StartHints layers={startLayers} width={columns} setup={setup} />
      </Box>
    </ThemeContext.Provider>
  );
}

/** The hint bar of the start screens, drawn again when the flow's step changes (Ctrl+O only on the token step). */
function StartHints({
  layers,
  width,
  setup,
}: {
  layers: () => KeyLayer[];
  width: number;
  setup: SetupStore | null;
}): React.JSX.Element {
  const idle = useMemo(() => ({ subscribe: () => () => undefined, getSnapshot: () => null }), []);
  useSyncExternalStore((setup ?? idle).subscribe, (setup ?? idle).getSnapshot);
  return <HintBar hints={activeHints(layers(), DEFAULT_KEYMAP, START_ENV)} width={width} />;
}

function StartSetup({
  flow,
  profile,
  width,
  height,
}: {
  flow: SetupStore;
  profile: string;
  width: number;
  height: number;
}): React.JSX.Element {
  useSyncExternalStore(flow.subscribe, flow.getSnapshot);
  return <SetupView screen={setupScreen(flow)} profile={profile} width={width} height={height} />;
}
