/**
 * What the dashboard draws, worked out from its state: the header, the body
 * of the screen on top (view/ladder.ts), the status line, the message or
 * input line, the hints, the selected record and how far the screen
 * scrolls. The view only renders it; the scroll keys read its line counts.
 * Recomputed when read after any source changed (state/store.ts,
 * DerivedStore), so a burst of changes costs one.
 */
import type { ApiRecord } from '../../api/record.js';
import type { ResourceName } from '../../api/resources.js';
import type { ViewRegistry } from '../../presentation/resources.js';
import { sanitizeLine, sanitizeText } from '../../text/sanitize.js';
import { truncate, wrap } from '../../text/width.js';
import type { TokenSetupController } from '../auth/tokenSetupController.js';
import type { HeaderModel } from '../components/Header.js';
import { statusText, type StatusModel } from './status.js';
import type { DashboardSession, ScrollRoom } from '../controllers/context.js';
import { retryText } from '../text/errorSentence.js';
import type { FormsStore, FormsState } from '../forms/formsStore.js';
import { helpBody, type HelpBody } from '../help.js';
import type { Binding, KeyEnv, KeyLayer } from '../input/binding.js';
import type { Keymap } from '../input/keymap.js';
import { themeOf, type Theme } from './theme.js';
import type { UserSettingsStore } from '../state/userSettings.js';
import { activeHints } from '../input/router.js';
import type { TerminalSize } from '../layout.js';
import type { ProfilePickerView } from '../profiles.js';
import { detailBody, type DetailBody } from '../screens/detailModel.js';
import { listBody, type ListBody } from '../screens/listModel.js';
import { pluginBody, type PluginBody } from '../screens/pluginModel.js';
import type { PluginRunStore } from '../state/pluginRun.js';
import { fittedColumns } from '../screens/rows.js';
import type { EditorState } from '../text/lineEditor.js';
import { currentDetail, type NavState } from '../state/navigation.js';
import type { RecordStore } from '../state/recordStore.js';
import type { NameLookup } from '../state/referenceNames.js';
import type { RelationsView } from '../state/relationsStore.js';
import { shownList, type ShownList } from '../state/shownList.js';
import type { Store } from '../state/store.js';
import { topScreen, type Screen } from './ladder.js';

export type Body =
  | {
      kind: 'forms';
      state: Exclude<FormsState, { kind: 'none' }>;
      /** Names of the records the form's reference fields hold, as lists show them beside ids. */
      names: NameLookup;
    }
  | { kind: 'profiles'; view: ProfilePickerView }
  | { kind: 'relations'; view: RelationsView }
  | HelpBody
  | PluginBody
  | DetailBody
  | ListBody;

/** The line above the hints: a message (or a failed page, a notice, the filter in force), or an input line. */
export type BottomLine =
  | { kind: 'message'; lines: string[]; tone: 'info' | 'error' | 'dim' }
  | { kind: 'input'; prompt: string; editor: EditorState; placeholder?: string; after?: string };

export interface DashboardViewModel {
  columns: number;
  rows: number;
  mono: boolean;
  /** The colours of the roles (settings.yaml's theme and colors; none under NO_COLOR). */
  theme: Theme;
  screen: Screen;
  header: HeaderModel;
  body: Body;
  bodyHeight: number;
  status: StatusModel;
  bottom: BottomLine;
  hints: readonly Binding[];
  /** The record the record keys act on: the list's selection or the details' record. */
  selected: { resource: ResourceName; record: ApiRecord } | undefined;
  /** How far the screen on top scrolls (details, help); zero elsewhere. */
  room: ScrollRoom;
}

export interface ViewSources {
  registry: ViewRegistry;
  demo: boolean;
  clock: () => Date;
  /** Ticks once a second: ages on screen ("read 12s ago") follow the clock. */
  ticks: Store<number>;
  nav: Store<NavState>;
  viewport: Store<TerminalSize>;
  session: Store<DashboardSession>;
  records: RecordStore;
  relations: Store<RelationsView | null>;
  forms: FormsStore;
  plugin: PluginRunStore;
  /** The keys in effect now (settings.yaml's plugins add theirs). */
  keys(): Keymap;
  /** settings.yaml as it is now (the theme and colours follow it). */
  userSettings: UserSettingsStore;
  profiles?: Store<ProfilePickerView | null>;
  setup: TokenSetupController;
  env(): KeyEnv;
  /** The key layers of the screen on top (screenOf), top first. */
  layers(): readonly KeyLayer[];
}

const MAX_MESSAGE_LINES = 3;
const NO_ROOM: ScrollRoom = { lines: 0, visible: 0 };

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The screen on top, from the sources as they are now. */
export function screenOf(src: ViewSources): Screen {
  return topScreen({
    forms: src.forms.getSnapshot(),
    profiles: src.profiles?.getSnapshot() ?? null,
    nav: src.nav.getSnapshot(),
    relations: src.relations.getSnapshot(),
    plugin: src.plugin.getSnapshot(),
  });
}

/** The list of the resource shown, as shown at the terminal's width. */
export function shownOf(src: ViewSources): ShownList {
  const { resource } = src.nav.getSnapshot();
  const session = src.session.getSnapshot();
  const fitted = fittedColumns(src.registry.get(resource), src.viewport.getSnapshot().columns);
  return shownList(session.stores[resource], session.wholes[resource], fitted);
}

/** Every store the view reads: the view is worked out again when any of them changes. */
export function viewSourcesOf(src: ViewSources): Store<unknown>[] {
  const session = src.session.getSnapshot();
  return [
    src.ticks,
    src.userSettings,
    src.nav,
    src.viewport,
    src.session,
    src.records,
    src.relations,
    src.forms,
    src.plugin,
    src.setup,
    ...(src.profiles ? [src.profiles] : []),
    session.names,
    session.marks,
    ...Object.values(session.stores),
    ...Object.values(session.wholes),
  ];
}

/** The snapshot of every store the view reads, as they are now. */
export function viewSnapshotsOf(src: ViewSources): unknown[] {
  return viewSourcesOf(src).map((source) => source.getSnapshot());
}

function headerOf(src: ViewSources, session: DashboardSession, resource: ResourceName): HeaderModel {
  const marks = [src.demo ? 'demo sandbox' : '', session.readOnly ? 'read-only' : '']
    .filter(Boolean)
    .map((m) => ` · ${m}`)
    .join('');
  const badge = session.settings.badge;
  return {
    ...(badge ? { badge: { text: sanitizeLine(badge.text), ...(badge.color ? { color: badge.color } : {}) } } : {}),
    who: `slotui · profile ${sanitizeLine(session.settings.profileName)}${marks} · ${sanitizeLine(hostOf(session.client.baseUrl))}`,
    tabs: src.registry.defs.map((def, i) => {
      const total = session.stores[def.name].getSnapshot().page?.total;
      return {
        key: def.name,
        label: ` ${i + 1} ${def.title}${total === undefined ? '' : ` (${total})`} `,
        active: def.name === resource,
      };
    }),
  };
}

function bottomOf(src: ViewSources, screen: Screen, shown: ShownList, width: number): BottomLine {
  const nav = src.nav.getSnapshot();
  const line = screen.kind === 'list' || screen.kind === 'detail' ? screen.line : null;
  if (line === 'command')
    return {
      kind: 'input',
      prompt: ':',
      editor: nav.command,
      after:
        nav.command.candidates.length > 0
          ? `   ${nav.command.candidates.map((c) => sanitizeLine(c)).join('  ')}`
          : undefined,
    };
  if (line === 'burn')
    return {
      kind: 'input',
      prompt: 'burn: ',
      editor: nav.burn,
      placeholder: 'an error rate (2%) or the bad time spent (12m)',
    };
  if (line === 'filter')
    return {
      kind: 'input',
      prompt: '/',
      editor: nav.filter,
      placeholder: 'type to filter the whole list (name, id, the columns shown)',
    };
  // Every message is made safe where it is drawn: it may quote a record, the server or settings.yaml.
  const wrapped = (text: string) => {
    const lines = wrap(sanitizeText(text), width);
    if (lines.length <= MAX_MESSAGE_LINES) return lines;
    const kept = lines.slice(0, MAX_MESSAGE_LINES);
    kept[MAX_MESSAGE_LINES - 1] = truncate(`${kept[MAX_MESSAGE_LINES - 1]} …`, width);
    return kept;
  };
  const snap = src.session.getSnapshot().stores[nav.resource].getSnapshot();
  if (nav.message) return { kind: 'message', lines: wrapped(nav.message.text), tone: nav.message.tone };
  // The whole list shown (a filter or order) says its own failure in its body: the page's would say it twice.
  if (snap.error !== null && !shown.whole)
    return { kind: 'message', lines: wrapped(retryText(snap.error)), tone: 'error' };
  if (snap.notice) return { kind: 'message', lines: [truncate(snap.notice, width)], tone: 'info' };
  const wholeText = src.session.getSnapshot().wholes[nav.resource].getSnapshot().query.text;
  if (shown.filter && nav.details.length === 0) {
    const text = wholeText
      ? `Filter “${sanitizeLine(shown.filter)}” over the whole list · n/p page through the matches · / changes it · Esc clears it`
      : `Filter “${sanitizeLine(shown.filter)}” · / changes it · Esc clears it`;
    return { kind: 'message', lines: [truncate(text, width)], tone: 'dim' };
  }
  return { kind: 'message', lines: [''], tone: 'info' };
}

function bodyOf(src: ViewSources, screen: Screen, shown: ShownList, width: number, height: number): Body {
  const nav = src.nav.getSnapshot();
  const session = src.session.getSnapshot();
  switch (screen.kind) {
    case 'forms':
      return { kind: 'forms', state: screen.state, names: session.names.getSnapshot() };
    case 'profiles':
      return { kind: 'profiles', view: screen.view };
    case 'relations':
      return { kind: 'relations', view: screen.view };
    case 'plugin':
      return pluginBody(screen.state, src.registry, width, height);
    case 'help':
      return helpBody(src.keys(), src.env(), width, height, nav.helpScroll, nav.details.length > 0 ? 'detail' : 'list');
    case 'detail':
      return detailBody(
        src.registry,
        src.records,
        currentDetail(nav)!,
        nav.details.length,
        width,
        height,
        src.clock,
        nav.burn.value,
        screen.line === 'burn',
      );
    case 'list': {
      const def = src.registry.get(nav.resource);
      return listBody(
        def,
        fittedColumns(def, width),
        shown,
        session.stores[nav.resource].getSnapshot(),
        session.wholes[nav.resource].getSnapshot(),
        session.names.getSnapshot(),
        session.marks.of(nav.resource),
      );
    }
  }
}

export function computeView(src: ViewSources): DashboardViewModel {
  const { columns, rows } = src.viewport.getSnapshot();
  const nav = src.nav.getSnapshot();
  const session = src.session.getSnapshot();
  const screen = screenOf(src);
  const shown = shownOf(src);
  const bottom = bottomOf(src, screen, shown, columns);
  // Header (2), status (1), hints (1), and the message or input line.
  const bodyHeight = Math.max(1, rows - 2 - 1 - 1 - (bottom.kind === 'message' ? bottom.lines.length : 1));
  const body = bodyOf(src, screen, shown, columns, bodyHeight);
  const snap = session.stores[nav.resource].getSnapshot();
  const detail = currentDetail(nav);
  const detailRecord = detail && (src.records.get(detail.resource, detail.id).record ?? detail.record);
  const selected =
    screen.kind === 'detail'
      ? detail && detailRecord && { resource: detail.resource, record: detailRecord }
      : screen.kind === 'list' && shown.selectedRecord
        ? { resource: nav.resource, record: shown.selectedRecord }
        : undefined;
  return {
    columns,
    rows,
    mono: session.settings.noColor,
    theme: themeOf(src.userSettings.getSnapshot().settings, session.settings.noColor),
    screen,
    header: headerOf(src, session, nav.resource),
    body,
    bodyHeight,
    status: {
      text: statusText(
        snap,
        session.settings.profileName,
        session.wholes[nav.resource].getSnapshot(),
        src.clock().getTime(),
        session.marks.count(nav.resource),
      ),
      warning: src.setup.warning(),
      loading: snap.loading,
      failed: shown.whole ? session.wholes[nav.resource].getSnapshot().index.state === 'failed' : snap.error !== null,
      stale: snap.stale && !snap.cached,
    },
    bottom,
    hints: activeHints(src.layers(), src.keys(), src.env()),
    selected: selected || undefined,
    room: body.kind === 'detail' || body.kind === 'help' || body.kind === 'plugin' ? body.room : NO_ROOM,
  };
}
