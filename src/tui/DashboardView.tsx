/**
 * The dashboard as drawn: header, body (the screen on top), status line,
 * message or input line and hint bar, laid out to exactly the terminal's
 * size. It subscribes to the dashboard's view model (view/viewModel.ts)
 * alone and renders it; it writes nothing back, and keys never come here.
 */
import React, { useSyncExternalStore } from 'react';
import { Box, Text } from 'ink';
import { Header } from './components/Header.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { HintBar } from './components/HintBar.js';
import { PluginOverlay } from './components/PluginOverlay.js';
import { InputLine } from './components/InputLine.js';
import { StatusLine } from './components/StatusLine.js';
import { Table } from './components/Table.js';
import { ThemeContext, useTheme } from './components/theme.js';
import type { Dashboard } from './dashboard.js';
import { FormsView } from './forms/FormsView.js';
import { DetailScreen } from './screens/DetailScreen.js';
import { ProfilesScreen } from './screens/ProfilesScreen.js';
import { RelationsScreen } from './screens/RelationsScreen.js';
import type { BottomLine, Body as BodyModel } from './view/viewModel.js';

export function DashboardView({ dashboard }: { dashboard: Dashboard }): React.JSX.Element {
  const view = useSyncExternalStore(dashboard.view.subscribe, dashboard.view.getSnapshot);
  const { columns, rows, bodyHeight } = view;
  return (
    <ThemeContext.Provider value={view.theme}>
      <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
        <Header header={view.header} width={columns} />
        <Box flexDirection="column" height={bodyHeight} width={columns} overflow="hidden">
          <Body body={view.body} dashboard={dashboard} width={columns} height={bodyHeight} />
        </Box>
        <StatusLine status={view.status} width={columns} />
        <Bottom line={view.bottom} width={columns} />
        <HintBar hints={view.hints} width={columns} />
      </Box>
    </ThemeContext.Provider>
  );
}

/** One view for each screen the ladder can name. */
function Body({
  body,
  dashboard,
  width,
  height,
}: {
  body: BodyModel;
  dashboard: Dashboard;
  width: number;
  height: number;
}): React.JSX.Element {
  switch (body.kind) {
    case 'forms':
      return (
        <FormsView
          registry={dashboard.registry}
          state={body.state}
          names={(resource, id) => body.names.name(resource, id)}
          width={width}
          height={height}
        />
      );
    case 'help':
      return <HelpOverlay body={body} width={width} height={height} />;
    case 'plugin':
      return <PluginOverlay body={body} width={width} height={height} />;
    case 'detail':
      return <DetailScreen key={body.key} body={body} width={width} height={height} />;
    case 'list':
      return (
        <Table
          header={body.header}
          rows={body.rows}
          selected={body.selected}
          height={height}
          width={width}
          dim={body.dim}
          empty={body.empty}
        />
      );
    case 'profiles':
      return <ProfilesScreen view={body.view} width={width} height={height} />;
    case 'relations':
      return <RelationsScreen view={body.view} width={width} height={height} />;
  }
}

function Bottom({ line, width }: { line: BottomLine; width: number }): React.JSX.Element {
  const theme = useTheme();
  if (line.kind === 'input')
    return (
      <InputLine
        prompt={line.prompt}
        editor={line.editor}
        placeholder={line.placeholder}
        after={line.after}
        width={width}
      />
    );
  return (
    <Box flexDirection="column" width={width} height={line.lines.length} overflow="hidden">
      {line.lines.map((text, i) => (
        <Text
          key={i}
          wrap="truncate-end"
          color={line.tone === 'error' ? theme.error : undefined}
          bold={line.tone === 'error'}
          dimColor={line.tone === 'dim'}
        >
          {text || ' '}
        </Text>
      ))}
    </Box>
  );
}
