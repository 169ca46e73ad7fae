/**
 * The dashboard as drawn: header, body (the one screen the dashboard's state
 * names), status line, message line and hint bar, laid out to exactly the
 * terminal's size. It only subscribes to the stores of a Dashboard
 * (dashboard.ts) and draws them; keys never come here.
 */
import React, { useSyncExternalStore } from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../text/sanitize.js';
import { truncate, wrap } from '../text/width.js';
import { SetupView } from './auth/SetupView.js';
import { Header } from './components/Header.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { HintBar } from './components/HintBar.js';
import { InputLine } from './components/InputLine.js';
import { StatusLine } from './components/StatusLine.js';
import { COLOR_THEME, MONO_THEME, ThemeContext, useTheme } from './components/theme.js';
import type { Dashboard, DashboardScreen } from './dashboard.js';
import { retryText } from './errorText.js';
import { FormsView } from './forms/FormsView.js';
import { activeHints } from './input/router.js';
import { DetailScreen } from './screens/DetailScreen.js';
import { ListScreen } from './screens/ListScreen.js';
import { ProfilesScreen } from './screens/ProfilesScreen.js';
import { RelationsScreen } from './screens/RelationsScreen.js';
import type { ListSnapshot } from './state/listStore.js';
import { currentDetail, type NavState } from './state/navigation.js';

const MAX_MESSAGE_LINES = 3;
const noSubscription = () => () => undefined;
const noSnapshot = () => null;

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

export interface DashboardViewProps {
  dashboard: Dashboard;
  demo: boolean;
  clock: () => Date;
}

export function DashboardView({ dashboard, demo, clock }: DashboardViewProps): React.JSX.Element {
  const { columns, rows } = useSyncExternalStore(dashboard.viewport.subscribe, dashboard.viewport.getSnapshot);
  const nav = useSyncExternalStore(dashboard.nav.subscribe, dashboard.nav.getSnapshot);
  const session = useSyncExternalStore(dashboard.session.subscribe, dashboard.session.getSnapshot);
  useSyncExternalStore(dashboard.forms.store.subscribe, dashboard.forms.store.getSnapshot);
  useSyncExternalStore(dashboard.setup.subscribe, dashboard.setup.getSnapshot);
  const store = session.stores[nav.resource];
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const { settings, client, readOnly } = session;
  const env = dashboard.env();
  const screen = dashboard.screen();

  const whole = session.wholes[nav.resource];
  const wholeSnap = useSyncExternalStore(whole.subscribe, whole.getSnapshot);
  useSyncExternalStore(dashboard.relations.subscribe, dashboard.relations.getSnapshot);
  const profilePicker = dashboard.profiles?.picker;
  useSyncExternalStore(profilePicker?.subscribe ?? noSubscription, profilePicker?.getSnapshot ?? noSnapshot);
  const message = messageLines(nav, snap, wholeSnap.query.text, columns);
  const bodyHeight = Math.max(1, rows - 2 - 1 - 1 - message.lines.length);
  const hints = activeHints(dashboard.controller.layers(), env);

  return (
    <ThemeContext.Provider value={settings.noColor ? MONO_THEME : COLOR_THEME}>
      <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
        <Header
          profile={settings.profileName}
          host={hostOf(client.baseUrl)}
          demo={demo}
          readOnly={readOnly}
          resource={nav.resource}
          registry={dashboard.registry}
          stores={session.stores}
          width={columns}
        />
        <Box flexDirection="column" height={bodyHeight} width={columns} overflow="hidden">
          <Body screen={screen} dashboard={dashboard} nav={nav} width={columns} height={bodyHeight} clock={clock} />
        </Box>
        <StatusLine
          snap={snap}
          whole={wholeSnap}
          profile={settings.profileName}
          width={columns}
          warning={dashboard.setup.warning()}
        />
        {nav.overlay === 'command' ? (
          <InputLine
            prompt=":"
            editor={nav.command}
            after={
              nav.command.candidates.length > 0
                ? `   ${nav.command.candidates.map((c) => sanitizeLine(c)).join('  ')}`
                : undefined
            }
            width={columns}
          />
        ) : nav.overlay === 'burn' ? (
          <InputLine
            prompt="burn: "
            editor={nav.burn}
            placeholder="an error rate (2%) or the bad time spent (12m)"
            width={columns}
          />
        ) : nav.overlay === 'filter' ? (
          <InputLine
            prompt="/"
            editor={nav.filter}
            placeholder="type to filter the whole list (name, id, the columns shown)"
            width={columns}
          />
        ) : (
          <MessageArea lines={message.lines} tone={message.tone} width={columns} />
        )}
        <HintBar hints={hints} width={columns} />
      </Box>
    </ThemeContext.Provider>
  );
}

interface BodyProps {
  screen: DashboardScreen;
  dashboard: Dashboard;
  nav: NavState;
  width: number;
  height: number;
  clock: () => Date;
}

/** One view for each screen the state can name. */
function Body({ screen, dashboard, nav, width, height, clock }: BodyProps): React.JSX.Element | null {
  const { session } = dashboard;
  switch (screen.kind) {
    case 'setup':
      return (
        <SetupView
          store={screen.flow}
          profile={session.getSnapshot().settings.profileName}
          width={width}
          height={height}
        />
      );
    case 'forms':
      return <FormsView registry={dashboard.registry} state={screen.state} width={width} height={height} />;
    case 'help':
      return (
        <HelpOverlay
          env={dashboard.env()}
          width={width}
          height={height}
          scroll={nav.helpScroll}
          viewport={dashboard.viewport}
        />
      );
    case 'detail': {
      const detail = currentDetail(nav)!;
      return (
        <DetailScreen
          registry={dashboard.registry}
          key={`${nav.details.length}:${detail.resource}:${detail.id}`}
          entry={detail}
          records={dashboard.records}
          viewport={dashboard.viewport}
          width={width}
          height={height}
          clock={clock}
          burnQuestion={nav.burn.value}
        />
      );
    }
    case 'list': {
      const store = session.getSnapshot().stores[nav.resource];
      return (
        <ListScreen
          key={nav.resource}
          def={dashboard.registry.get(nav.resource)}
          store={store}
          whole={session.getSnapshot().wholes[nav.resource]}
          names={session.getSnapshot().names}
          width={width}
          height={height}
        />
      );
    }
    case 'profiles':
      return dashboard.profiles ? <ProfilesScreen profiles={dashboard.profiles} width={width} height={height} /> : null;
    case 'relations': {
      return <RelationsScreen store={dashboard.relations} width={width} height={height} />;
    }
  }
}

function MessageArea({
  lines,
  tone,
  width,
}: {
  lines: string[];
  tone: 'info' | 'error' | 'dim';
  width: number;
}): React.JSX.Element {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={lines.length} overflow="hidden">
      {lines.map((line, i) => (
        <Text
          key={i}
          wrap="truncate-end"
          color={tone === 'error' ? theme.error : undefined}
          bold={tone === 'error'}
          dimColor={tone === 'dim'}
        >
          {line || ' '}
        </Text>
      ))}
    </Box>
  );
}

/** The line(s) above the hint bar: a message, a failed page with its retry key, a notice, or the filter in force. */
function messageLines(
  nav: NavState,
  snap: ListSnapshot,
  wholeFilter: string,
  width: number,
): { lines: string[]; tone: 'info' | 'error' | 'dim' } {
  if (nav.overlay === 'command' || nav.overlay === 'filter' || nav.overlay === 'burn')
    return { lines: [''], tone: 'info' };
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
  if (wholeFilter && nav.details.length === 0)
    return {
      lines: [
        truncate(
          `Filter “${sanitizeLine(wholeFilter)}” over the whole list · n/p page through the matches · / changes it · Esc clears it`,
          width,
        ),
      ],
      tone: 'dim',
    };
  if (snap.filter && nav.details.length === 0)
    return {
      lines: [truncate(`Filter “${sanitizeLine(snap.filter)}” · / changes it · Esc clears it`, width)],
      tone: 'dim',
    };
  return { lines: [''], tone: 'info' };
}
