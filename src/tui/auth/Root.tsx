/**
 * What runDashboard renders: the dashboard, or before it the first-run
 * welcome screen (connect to a service, or try the demo sandbox) and the
 * token setup flow. `auth login` on a terminal is the flow alone: it ends
 * once the token is stored.
 *
 * The dashboard's client is wrapped in a SwappableClient, so a setup after a
 * 401 can put a client on the new token under the screens as they are.
 */
import React, { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Box, Text, useInput } from 'ink';
import { describeError } from '../../api/errors.js';
import { sanitizeLine } from '../../text/sanitize.js';
import type { ApiClient } from '../../api/types.js';
import type { Settings } from '../../config/types.js';
import { App } from '../App.js';
import { HintBar } from '../components/HintBar.js';
import { COLOR_THEME, MONO_THEME, ThemeContext } from '../components/theme.js';
import { useTerminalSize } from '../components/useTerminalSize.js';
import { activeHints, dispatchKey, splitKeys, type KeyLayer } from '../input/router.js';
import type { KeyEnv } from '../keys.js';
import { truncate, wrap } from '../../text/width.js';
import type { FirstPage, Session } from '../types.js';
import { quitLayer, setupLayer, welcomeLayer } from './layers.js';
import { SetupStore } from './setupStore.js';
import { SetupView } from './SetupView.js';
import { SwappableClient } from './swappableClient.js';
import type { AuthDeps, LoginResult } from './types.js';
import { loggedInSentence } from './useTokenSetup.js';

export interface RootProps {
  /** Absent on a first run (nothing to connect to yet). */
  client?: ApiClient;
  settings: Settings;
  now?: () => Date;
  openProfile?: (name: string) => Promise<Session>;
  demo?: boolean;
  auth?: AuthDeps;
  /** The first page, requested early (handed to the first dashboard only). */
  firstPage?: FirstPage;
  onQuit: (code: number) => void;
}

type Screen = 'welcome' | 'setup' | 'done' | 'dashboard';

const ENV: KeyEnv = { readOnly: false };

export function Root(props: RootProps): React.JSX.Element {
  const { auth, onQuit } = props;
  const start = auth?.start ?? { kind: 'dashboard' };
  const firstScreen: Screen = start.kind === 'dashboard' && props.client ? 'dashboard' : start.kind === 'welcome' ? 'welcome' : 'setup';
  const [screen, setScreen] = useState<Screen>(firstScreen);
  const [session, setSession] = useState<Session | null>(props.client ? { client: new SwappableClient(props.client), settings: props.settings } : null);
  const [demo, setDemo] = useState(Boolean(props.demo));
  const [done, setDone] = useState<LoginResult | null>(null);
  const [notice, setNotice] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);

  // Sessions opened by :profile get a swappable client too (a 401 there is handled the same way).
  const openProfile = useMemo(() => {
    const open = props.openProfile;
    return open ? async (name: string): Promise<Session> => {
      const next = await open(name);
      return { ...next, client: new SwappableClient(next.client) };
    } : undefined;
  }, [props.openProfile]);

  const makeSetup = (reason?: string): SetupStore | null => {
    if (!auth) return null;
    const flow: SetupStore = new SetupStore({
      auth,
      baseUrl: props.settings.baseUrl,
      frontendUrl: props.settings.frontendUrl,
      reason,
      onDone: (result) => {
        auth.onLogin?.(result);
        if (auth.exitAfterLogin) {
          onQuit(0);
          return;
        }
        setSession({ client: new SwappableClient(result.session.client), settings: result.session.settings });
        setDone(result);
        moveTo('done');
      },
      onCancel: () => {
        if (start.kind === 'welcome') moveTo('welcome');
        else onQuit(auth.exitAfterLogin ? 1 : 0);
      },
    });
    return flow;
  };
  const [setup, setSetup] = useState<SetupStore | null>(() => (firstScreen === 'setup' ? makeSetup(start.kind === 'setup' ? start.reason : undefined) : null));
  useEffect(() => () => setup?.dispose(), [setup]);

  // Keys are routed by the screen the previous key left, not the one last drawn.
  const current = useRef({ screen, setup });
  current.current.setup = setup;
  const moveTo = (next: Screen) => {
    current.current.screen = next;
    setScreen(next);
  };

  const startDemo = async () => {
    if (!auth?.startDemo) return;
    setNotice({ text: 'Starting the demo sandbox…', tone: 'info' });
    try {
      const demoSession = await auth.startDemo();
      setSession({ client: new SwappableClient(demoSession.client), settings: demoSession.settings });
      setDemo(true);
      moveTo('dashboard');
    } catch (error) {
      setNotice({ text: sanitizeLine(describeError(error)), tone: 'error' });
    }
  };

  const layers = (): KeyLayer[] => {
    const quit = quitLayer(() => onQuit(0));
    const { screen: now, setup: flow } = current.current;
    if (now === 'setup' && flow) return [setupLayer(flow), quit];
    if (now === 'done') return [{ context: 'setup', owns: true, handlers: { 'setup-submit': () => moveTo('dashboard') } }, quit];
    if (now === 'welcome') {
      return [welcomeLayer({
        connect: () => {
          const flow = makeSetup();
          current.current.setup = flow;
          setSetup(flow);
          moveTo('setup');
        },
        demo: auth?.startDemo ? () => void startDemo() : undefined,
      }), quit];
    }
    return [quit];
  };

  useInput((input, key) => {
    if (key.eventType === 'release') return;
    setNotice(null);
    const textInput = current.current.screen === 'setup';
    for (const one of splitKeys(input, key, textInput)) dispatchKey(layers(), ENV, one.input, one.key);
  }, { isActive: screen !== 'dashboard' });

  const { columns, rows } = useTerminalSize();
  const theme = props.settings.noColor ? MONO_THEME : COLOR_THEME;

  if (screen === 'dashboard' && session) {
    return (
      <App
        key={session.settings.profileName}
        client={session.client}
        settings={session.settings}
        now={props.now}
        openProfile={openProfile}
        demo={demo}
        auth={auth}
        firstPage={props.firstPage}
        onQuit={onQuit}
      />
    );
  }

  const profile = props.settings.profileName;
  const bodyHeight = Math.max(1, rows - 2);
  return (
    <ThemeContext.Provider value={theme}>
      <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
        <Box flexDirection="column" width={columns} height={bodyHeight} overflow="hidden">
          {screen === 'welcome' ? <Welcome width={columns} demo={Boolean(auth?.startDemo)} /> : null}
          {screen === 'setup' && setup ? <SetupView store={setup} profile={profile} width={columns} height={bodyHeight} /> : null}
          {screen === 'done' && done ? <Done result={done} width={columns} /> : null}
        </Box>
        <Text wrap="truncate-end" color={notice?.tone === 'error' ? theme.error : undefined}>{truncate(notice?.text ?? ' ', columns)}</Text>
        <Hints layers={layers} width={columns} screen={screen} setup={setup} />
      </Box>
    </ThemeContext.Provider>
  );
}

/** The hint bar, re-drawn when the flow's step changes (Ctrl+O only on the token step). */
function Hints({ layers, width, setup }: { layers: () => KeyLayer[]; width: number; screen: Screen; setup: SetupStore | null }): React.JSX.Element {
  const empty = useMemo(() => new SetupStore({ auth: { login: () => Promise.reject(new Error('unused')) }, onDone: () => undefined, onCancel: () => undefined }), []);
  useSyncExternalStore((setup ?? empty).subscribe, (setup ?? empty).getSnapshot);
  return <HintBar hints={activeHints(layers(), ENV)} width={width} />;
}

function Welcome({ width, demo }: { width: number; demo: boolean }): React.JSX.Element {
  const choices: [key: string, text: string][] = [
    ['c', 'Connect to a service: give its address, then paste a token from its web frontend.'],
    ...(demo ? [['d', 'Try the demo sandbox: a local service with sample data, nothing stored.'] as [string, string]] : []),
    ['q', 'Quit.'],
  ];
  const INDENT = '     ';
  // Each choice wraps under its own text (a hanging indent), not under its key.
  const choiceLines = choices.flatMap(([key, text]) =>
    wrap(text, Math.max(10, width - INDENT.length)).map((part, j) => `${j === 0 ? `  ${key}  ` : INDENT}${part}`));
  const lines = [
    ...wrap('slotui is not connected to a service yet.', width),
    '',
    ...choiceLines,
    '',
    ...wrap('Scripts can skip this: set SLOTUI_BASE_URL and SLOTUI_TOKEN, or run `slotui auth login --with-token`.', width),
  ];
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">{truncate('Welcome to slotui', width)}</Text>
      <Text> </Text>
      {lines.map((line, i) => <Text key={i} wrap="truncate-end">{line === '' ? ' ' : truncate(line, width)}</Text>)}
    </Box>
  );
}

function Done({ result, width }: { result: LoginResult; width: number }): React.JSX.Element {
  return (
    <Box flexDirection="column" width={width}>
      {wrap(loggedInSentence(result), width).map((line, i) => <Text key={i} bold wrap="truncate-end">{line}</Text>)}
      <Text> </Text>
      <Text wrap="truncate-end">{truncate('Press Enter to open the dashboard.', width)}</Text>
    </Box>
  );
}
