/**
 * The dashboard's composition root: builds every store and controller once,
 * owns the session (the first one, `:profile` switches, a new token after a
 * 401) and disposes of it all. No React here: the view subscribes to the
 * stores and draws the one screen `screen()` names; keys come in through
 * `handleInput`, the one way into the dashboard from the keyboard.
 *
 * Extending it: a key is one binding row and its handler in the controller
 * of its context (src/tui/controllers/); a screen is one rung of the ladder
 * (view/ladder.ts), its body in the view model (view/viewModel.ts), its
 * layers (controllers/layers.ts) and its view (DashboardView.tsx); a column
 * or field is one entry in the resource registry.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Key } from 'ink';
import { type ResourceName } from '../api/resources.js';
import { REGISTRY, type Column, type ViewRegistry, type ResourceView } from '../presentation/resources.js';
import type { FittedColumn } from '../text/columns.js';
import { gatedWalk } from './state/gatedWalk.js';
import { RecordIndex, type PageWalk } from '../api/recordIndex.js';
import { relationsOf } from '../presentation/relations.js';
import type { ApiClient } from '../api/types.js';
import type { Settings } from '../config/types.js';
import type { DraftKeeper } from '../config/drafts.js';
import { sanitizeLine } from '../text/sanitize.js';
import { truncate } from '../text/width.js';
import { loggedInSentence } from '../config/tokenSetup.js';
import { TokenSetupController } from './auth/tokenSetupController.js';
import type { AuthDeps } from './auth/types.js';
import { errorSentence } from './text/errorSentence.js';
import { createForms, type Forms } from './forms/formsController.js';
import type { TerminalSize } from './layout.js';
import { ListStore } from './state/listStore.js';
import { currentDetail, initialNav, NavStore, type NavState } from './state/navigation.js';
import { RecordStore, recordKey } from './state/recordStore.js';
import { RequestGate } from './state/requestGate.js';
import { DerivedStore, Store } from './state/store.js';
import { keptWhileSame } from './view/memo.js';
import { ViewportStore } from './state/viewport.js';
import { WholeList } from './state/wholeList.js';
import { MarksStore } from './state/marks.js';
import { Refresher } from './state/refresher.js';
import { reloadSentence, settingsProblemSentence, UserSettingsStore } from './state/userSettings.js';
import { profileEffects } from '../config/settings.js';
import { RelationsStore } from './state/relationsStore.js';
import { ReferenceNames, referencedBy } from './state/referenceNames.js';
import { fittedColumns } from './screens/rows.js';
import { referencesOf } from './screens/references.js';
import type { Session } from './session.js';
import type { FirstPage, PageKeepers, ProfileEntry } from './types.js';
import { createProfileSwitcher, type ProfileSwitcher } from './profiles.js';
import type { DashboardContext, DashboardSession } from './controllers/context.js';
import { createKeyLayers } from './controllers/layers.js';
import type { KeyEnv, KeyLayer } from './input/binding.js';
import type { Keymap } from './input/keymap.js';
import { dispatchKey, splitKeys } from './input/router.js';
import { dispatchPaste, IGNORED_PASTE, NOWHERE_TO_PASTE } from './input/paste.js';
import { BINDINGS, createKeymap } from './keys.js';
import { keyOverrides } from './input/keySettings.js';
import { aliasesFrom } from './aliases.js';
import { withViews, type ViewSettings } from '../presentation/views.js';
import { findingSentence, withPluginKeys } from './plugins.js';
import { PluginRunStore } from './state/pluginRun.js';
import { createPluginController } from './controllers/pluginController.js';
import type { Screen } from './view/ladder.js';
import {
  computeView,
  screenOf,
  shownOf,
  viewSnapshotsOf,
  viewSourcesOf,
  type DashboardViewModel,
  type ViewSources,
} from './view/viewModel.js';

export interface DashboardServices {
  client: ApiClient;
  settings: Settings;
  size: TerminalSize;
  /** Relative times and token expiry are measured from it. */
  clock?: () => Date;
  /** `:profile NAME`: builds the session of another profile, or throws a SlotuiError. */
  openProfile?: (name: string) => Promise<Session>;
  /** The stored profiles for `:profile` alone and Tab after `:profile ` (read when asked for, never at start-up). */
  listProfiles?: () => readonly ProfileEntry[];
  /** Where a form left with Ctrl+C keeps what was typed (src/config/drafts.ts); absent: no drafts. */
  drafts?: DraftKeeper;
  /** The token setup after a 401 or an expired token. */
  auth?: AuthDeps;
  /** The first page, requested while the dashboard's code loaded: used by the first session if it matches. */
  firstPage?: FirstPage;
  /** Runs the user's editor on a file, with the terminal handed over to it (`E`); the view supplies it once drawn. */
  runEditor?: (file: string) => Promise<void>;
  /** The user quit (q, Ctrl+C, :q). */
  quit: (code: number, note?: string) => void;
  /** Writes our own escape sequence to the terminal (`y`/`Y` copy through OSC 52; tmux's passthrough is the writer's). */
  writeTerminal?: (sequence: string) => void;
  /** Inside tmux: what is copied may stop there, and the message says what it takes. */
  inTmux?: boolean;
  initialResource?: ResourceName;
  /** The resources shown (tabs, number keys, lists, details, forms); default: the service's. */
  registry?: ViewRegistry;
  /** Called as the record index starts reading a whole list (the program tunes its heap: heap.ts). */
  onGathering?: () => void;
  /** Running on the embedded sandbox (--demo): the header says so. */
  demo?: boolean;
  /** The keys in effect (default: as shipped; a settings file may rebind them: keys.ts createKeymap). */
  keymap?: Keymap;
  /** The last page each list showed, kept for the next start (src/config/pageCache.ts), per session's profile. */
  keptPages?: PageKeepers;
  /** settings.yaml as it is now (it follows the file's changes); default: as read at start, never changing. */
  userSettings?: UserSettingsStore;
  /** The environment plugins inherit (default: the process's; SLOTUI_TOKEN is always taken out). */
  environment?: Readonly<Record<string, string | undefined>>;
}

/** The default of `refresh` (settings and --refresh change it). */
const DEFAULT_REFRESH_MS = 10_000;

export interface Dashboard {
  registry: ViewRegistry;
  nav: NavStore;
  viewport: ViewportStore;
  records: RecordStore;
  relations: RelationsStore;
  forms: Forms;
  /** `:profile` and its list; absent where profiles cannot be switched. */
  profiles?: ProfileSwitcher;
  setup: TokenSetupController;
  session: Store<DashboardSession>;
  keymap: Keymap;
  /** What is drawn, worked out from the state (the view subscribes to it alone). */
  view: Store<DashboardViewModel>;
  env(): KeyEnv;
  /** How `E` hands the terminal to the user's editor (the view knows the terminal). */
  setEditorRunner(run: (file: string) => Promise<void>): void;
  /** How an interactive plugin gets the terminal: the editor's way (the shell lends it). */
  setTerminalLender(lend: (work: () => void) => Promise<void>): void;
  /** The screen on top (view/ladder.ts). */
  screen(): Screen;
  /** The key layers of the screen on top, top first. */
  layers(): readonly KeyLayer[];
  handleInput(input: string, key: Key): void;
  /** A bracketed paste: text for the focused field, never keys. */
  handlePaste(text: string): void;
  resize(size: TerminalSize): void;
  dispose(): void;
}

const systemClock = (): Date => new Date();

/** The walk, telling `onGathering` each time one starts. */
const gathering =
  (walk: PageWalk, onGathering: (() => void) | undefined): PageWalk =>
  (resource, options) => {
    onGathering?.();
    return walk(resource, options);
  };

/**
 * The list columns shown for a resource at the viewport's width, the same
 * array while the width gives the same columns: the whole list keeps its
 * search texts per array, so a new one each time would work them all out
 * again for every record at every change of the index.
 */
function shownColumnsOf(viewport: ViewportStore, registry: () => ViewRegistry) {
  return (def: ResourceView): (() => readonly Column[]) => {
    let last: { fitted: readonly FittedColumn<Column>[]; columns: readonly Column[] } | undefined;
    return () => {
      const fitted = fittedColumns(registry().get(def.name), viewport.getSnapshot().columns);
      if (last?.fitted !== fitted) last = { fitted, columns: fitted.map((f) => f.column) };
      return last.columns;
    };
  };
}

/** A referenced resource of at most this many records is gathered so a list can name its references. */
const NAMES_GATHERED_AT_MOST = 10_000;

export function createDashboard(services: DashboardServices): Dashboard {
  const clock = services.clock ?? systemClock;
  const settingsProblems = services.settings.settingsProblems ?? [];
  const userSettings = services.userSettings ?? new UserSettingsStore(services.settings.userSettings, settingsProblems);
  // settings.yaml's views choose each list's columns and the order it opens in, followed as the file changes.
  const baseRegistry = services.registry ?? REGISTRY;
  const viewsOf = (views: ViewSettings | undefined) => ({ views, ...withViews(baseRegistry, views) });
  let viewed = viewsOf(userSettings.getSnapshot().settings.views);
  const viewedNow = () => {
    const views = userSettings.getSnapshot().settings.views;
    if (views !== viewed.views) viewed = viewsOf(views);
    return viewed;
  };
  // What is the same in every view (paths, fields, labels); the columns are read through viewedNow().
  const registry = viewed.registry;
  const nav = new NavStore(initialNav(services.initialResource ?? registry.names[0]!));
  const viewport = new ViewportStore(services.size);
  const shownColumns = shownColumnsOf(viewport, () => viewedNow().registry);
  let disposed = false;

  const makeSession = (
    client: ApiClient,
    settings: Settings,
    owned: boolean,
    firstPage?: FirstPage,
  ): DashboardSession => {
    // One gate a session: its requests share one connection.
    const gate = new RequestGate();
    const pageSize = viewport.pageSize;
    const early = firstPage && firstPage.limit === pageSize ? firstPage : undefined;
    const keeper = services.keptPages?.(settings);
    const stores = Object.fromEntries(
      registry.defs.map((def) => {
        const kept = keeper?.load(def.name);
        if (kept?.problem) problems.push(kept.problem);
        return [
          def.name,
          new ListStore({
            client,
            resource: def.name,
            def,
            pageSize,
            gate,
            firstPage: early?.resource === def.name ? early : undefined,
            ...(kept?.kept ? { kept: kept.kept } : {}),
            clock: () => clock().getTime(),
            onShow: (page) => {
              // Every page that carries records refreshes the copies the details and names read.
              records.refreshFrom(def.name, page.results);
              keeper?.save(def.name, page, clock().getTime());
            },
          }),
        ];
      }),
    ) as Record<ResourceName, ListStore>;
    // The index reads its pages through the gate too: background requests, over the background connection, one at a time.
    const index = new RecordIndex({
      walk: gathering(gatedWalk(client, gate, registry), services.onGathering),
      maxRecords: settings.indexMaxRecords,
      registry,
      describeFailure: errorSentence,
    });
    const wholes = Object.fromEntries(
      registry.defs.map((def) => [
        def.name,
        new WholeList({
          index,
          def,
          pageSize,
          columns: shownColumns(def),
        }),
      ]),
    ) as Record<ResourceName, WholeList>;
    const names = new ReferenceNames({ registry, index, stores, records });
    return {
      client,
      settings,
      owned,
      stores,
      index,
      wholes,
      names,
      marks: new MarksStore(),
      readOnly: settings.readOnly || client.readOnly,
    };
  };
  const disposeSession = (s: DashboardSession) => {
    s.names.dispose();
    for (const store of Object.values(s.stores)) store.dispose();
    for (const whole of Object.values(s.wholes)) whole.dispose();
    s.index.close();
  };

  // Read lazily: the session below is made with it.
  const records = new RecordStore(() => session.getSnapshot().client);
  /** What could not be used of the pages kept from the last run, said once the dashboard shows. */
  const problems: string[] = viewed.problems.map(findingSentence);
  const session = new Store<DashboardSession>(
    makeSession(services.client, services.settings, false, services.firstPage),
  );
  let editorRunner = services.runEditor;
  const env = (): KeyEnv => ({ readOnly: session.getSnapshot().readOnly, registry });
  const relationsStore = new RelationsStore(() => session.getSnapshot().index, relationsOf(registry));
  const say = (text: string, tone: 'info' | 'error' = 'info') =>
    nav.dispatch({ type: 'message', message: { text, tone } });

  const setup = new TokenSetupController({
    auth: services.auth,
    clock,
    onLoggedIn: (result) => {
      const open = currentDetail(nav.getSnapshot());
      if (open) records.load(open.resource, open.id);
      const { stores } = session.getSnapshot();
      const shown = stores[nav.getSnapshot().resource];
      shown.reload();
      // The other tabs' reads failed with the old token too: their counts come back.
      for (const store of Object.values(stores)) if (store !== shown) store.recover();
      say(
        services.settings.tokenSource === 'env'
          ? `${loggedInSentence(result, result.checkedAt)} SLOTUI_TOKEN is still set: unset it, or the next start uses that token again.`
          : loggedInSentence(result, result.checkedAt),
      );
    },
  });

  const forms = createForms({
    registry,
    client: () => session.getSnapshot().client,
    stores: () => session.getSnapshot().stores,
    index: () => session.getSnapshot().index,
    nav,
    env,
    ...(services.drafts ? { drafts: services.drafts } : {}),
    session: () => {
      const { settings } = session.getSnapshot();
      return { profile: settings.profileName, ...(settings.token ? { token: settings.token } : {}) };
    },
    clock,
    onWrite: (resource, write) => {
      if ('saved' in write) records.put(resource, write.saved);
      else records.markDeleted(resource, write.removed);
    },
    unmark: (resource, ids) => session.getSnapshot().marks.clear(resource, ids),
    runEditor: () =>
      editorRunner ?? ((): Promise<void> => Promise.reject(new Error('No terminal to run the editor in.'))),
  });

  // A form opened on a record shows the names of the records its reference fields hold: read them once, at opening.
  let formNamesFor: unknown = null;
  const unwatchFormNames = forms.store.subscribe(() => {
    const s = forms.store.getSnapshot();
    if (s.kind !== 'form' || formNamesFor === s.form.def || s.form.record === undefined) {
      if (s.kind !== 'form') formNamesFor = null;
      return;
    }
    formNamesFor = s.form.def;
    for (const field of s.form.def.fields) {
      const id = field.kind === 'reference' ? s.form.record[field.key] : undefined;
      if (field.references && typeof id === 'string' && id !== '') records.ensure(field.references, id);
    }
  });

  // A list with reference columns (an SLO's SLI, an agreement's organization) shows the names of the
  // records they point to once those are gathered: done for the referenced resources small enough
  // to hold cheaply (their totals from the tabs' first pages); a bigger one is gathered by / or u.
  let unwatchNames: (() => void) | null = null;
  const gatherNamesOfShownList = () => {
    unwatchNames?.();
    unwatchNames = null;
    const s = session.getSnapshot();
    const def = viewedNow().registry.get(nav.getSnapshot().resource);
    const targets = [...new Set(def.columns.map((c) => referencedBy(def, c)))].filter(
      (t): t is ResourceName => t !== undefined && registry.has(t) && s.index.status(t).state === 'idle',
    );
    if (targets.length === 0) return;
    const check = () => {
      for (const t of targets) {
        const total = s.stores[t].getSnapshot().page?.total;
        if (s.index.status(t).state === 'idle' && total !== undefined && total <= NAMES_GATHERED_AT_MOST)
          void s.index.ensure(t);
      }
    };
    const unsubscribes = targets.map((t) => s.stores[t].subscribe(check));
    unwatchNames = () => unsubscribes.forEach((u) => u());
    check();
  };

  // The shown list loads; once its first page is in (or failed), the others' first pages are read quietly.
  let warmedFor: DashboardSession | null = null;
  let unwatchList: (() => void) | null = null;
  const watchList = () => {
    unwatchList?.();
    const s = session.getSnapshot();
    const store = s.stores[nav.getSnapshot().resource];
    let namesAsked = false;
    const check = () => {
      const snap = store.getSnapshot();
      if (snap.page === null && snap.error === null) return;
      if (!namesAsked) {
        namesAsked = true;
        gatherNamesOfShownList();
      }
      if (warmedFor === s) return;
      warmedFor = s;
      for (const other of Object.values(s.stores)) if (other !== store) other.warm();
    };
    unwatchList = store.subscribe(check);
    store.ensureLoaded();
    s.wholes[nav.getSnapshot().resource].applyViewSort(viewedNow().sorts[nav.getSnapshot().resource]);
    check();
  };

  // Details read their record, and the names of the records they refer to; reads of details closed are aborted.
  const syncRecords = (state: NavState, previous: NavState | null) => {
    if (previous && state.details === previous.details) return;
    const keep = new Set<string>();
    const top = currentDetail(state);
    for (const entry of state.details) keep.add(recordKey(entry.resource, entry.id));
    if (top && (!previous || currentDetail(previous) !== top)) {
      const opened = !previous || !previous.details.includes(top);
      if (opened) records.open(top.resource, top.id, top.record);
    }
    if (top) {
      const shown = records.get(top.resource, top.id).record ?? top.record;
      for (const ref of referencesOf(registry, top.resource, shown)) {
        keep.add(recordKey(ref.resource, ref.id));
        records.ensure(ref.resource, ref.id);
      }
    }
    records.retain(keep);
  };

  // The history keeps each list as it was left, and `[`/`]` put it back so.
  nav.listOf = (resource) => session.getSnapshot().wholes[resource].place();
  let lastNav = nav.getSnapshot();
  const unwatchNav = nav.subscribe(() => {
    const state = nav.getSnapshot();
    const previous = lastNav;
    lastNav = state;
    if (state.arrived !== previous.arrived && state.arrived?.list)
      session.getSnapshot().wholes[state.resource].restore(state.arrived.list);
    if (state.resource !== previous.resource) watchList();
    syncRecords(state, previous);
  });
  // A detail record read again may name other references: read their names too.
  const unwatchRecords = records.subscribe(() => {
    const top = currentDetail(nav.getSnapshot());
    if (!top) return;
    const shown = records.get(top.resource, top.id).record ?? top.record;
    for (const ref of referencesOf(registry, top.resource, shown)) records.ensure(ref.resource, ref.id);
  });

  const replaceSession = (next: DashboardSession) => {
    const old = session.getSnapshot();
    relationsStore.close();
    disposeSession(old);
    if (old.owned) void old.client.close().catch(() => undefined);
    records.clear();
    session.set(next);
    setup.attach(next.client, next.settings);
    watchList();
  };

  /** Grows with each :profile: only the last one asked for may change the session or say how it went. */
  let switches = 0;
  const switchProfile = async (name: string) => {
    if (!services.openProfile) {
      say('Switching profiles is not available here.', 'error');
      return;
    }
    const shown = truncate(sanitizeLine(name), 40);
    const ticket = ++switches;
    say(`Opening profile ${shown}…`);
    try {
      const next = await services.openProfile(name);
      if (disposed || ticket !== switches) {
        void next.client.close().catch(() => undefined);
        return;
      }
      replaceSession(makeSession(next.client, next.settings, true));
      nav.dispatch({ type: 'switch-resource', resource: nav.getSnapshot().resource });
      say(`Profile ${shown}.`);
    } catch (error) {
      // A switch overtaken by a later one says nothing: its error would show under the other profile.
      if (!disposed && ticket === switches) say(errorSentence(error), 'error');
    }
  };

  const profiles = services.openProfile
    ? createProfileSwitcher({
        list: services.listProfiles,
        current: () => session.getSnapshot().settings.profileName,
        open: (name) => void switchProfile(name),
        say,
      })
    : undefined;

  if (settingsProblems.length > 0) problems.push(settingsProblemSentence(settingsProblems));
  // settings.yaml's keys rebind actions and its plugins add theirs; the keymap is made again when the file changes.
  const keysNow = () => {
    if (services.keymap) return { keymap: services.keymap, problems: [] };
    const rebound = keyOverrides(userSettings.getSnapshot().settings.keys, BINDINGS);
    return { keymap: createKeymap(rebound.overrides), problems: rebound.problems };
  };
  const pluginsNow = () => userSettings.getSnapshot().settings.plugins ?? [];
  const keymapNow = () => {
    const base = keysNow();
    const withPlugins = withPluginKeys(base.keymap, pluginsNow(), env());
    return { keymap: withPlugins.keymap, problems: [...base.problems, ...withPlugins.problems] };
  };
  let pluginKeys = keymapNow();
  for (const problem of pluginKeys.problems) problems.push(findingSentence(problem));
  const aliasesNow = () => aliasesFrom(userSettings.getSnapshot().settings.aliases, registry);
  for (const problem of aliasesNow().problems) problems.push(findingSentence(problem));
  const pluginRun = new PluginRunStore();
  let terminalLender: ((work: () => void) => Promise<void>) | undefined;
  const quit = () => {
    // Ctrl+C in a form with something typed: what was typed is kept for the next c or e (and said, as gh does).
    services.quit(0, forms.keepDraft());
  };
  const ticks = new Store(0);
  const sources: ViewSources = {
    get registry() {
      return viewedNow().registry;
    },
    keys: () => pluginKeys.keymap,
    userSettings,
    plugin: pluginRun,
    demo: Boolean(services.demo),
    clock,
    ticks,
    nav,
    viewport,
    session,
    records,
    relations: relationsStore,
    forms: forms.store,
    profiles: profiles?.picker,
    setup,
    env,
    layers: () => layers(),
  };
  // The clock ticks every second, but the ages on screen change less often (past ten minutes, once a
  // minute): a view the same as the last is kept, so a dashboard left open draws only what changed.
  const view = new DerivedStore(
    () => computeView(sources),
    () => viewSourcesOf(sources),
    isDeepStrictEqual,
  );
  const ctx: DashboardContext = {
    get registry() {
      return viewedNow().registry;
    },
    nav,
    records,
    relations: relationsStore,
    forms,
    profiles,
    session: () => session.getSnapshot(),
    shown: () => shownOf(sources),
    room: () => view.getSnapshot().room,
    env,
    say,
    quit,
    aliases: () => aliasesNow().aliases,
  };
  const pluginController = createPluginController(ctx, {
    store: pluginRun,
    plugins: pluginsNow,
    environment: services.environment ?? process.env,
    handOver: (work) =>
      terminalLender ? terminalLender(work) : Promise.reject(new Error('No terminal to hand to the plugin.')),
  });
  const keyLayers = createKeyLayers(
    ctx,
    {
      clock,
      writeTerminal: services.writeTerminal,
      inTmux: Boolean(services.inTmux),
    },
    pluginController,
  );
  const screen = (): Screen => screenOf(sources);
  // The layers are made from what the view is made from (the stores' snapshots) and the keymap: made
  // again only when one of those is new, so the keys between two changes, and the hints of the frame
  // after them, share one set (each set works out the list as shown, its rows and the marked records).
  const layers = keptWhileSame(
    () => [pluginKeys.keymap, ...viewSnapshotsOf(sources)],
    () => keyLayers.layers(screen()),
  );

  const handleInput = (input: string, key: Key) => {
    if (key.eventType === 'release') return;
    // A message or notice lasts until the next key.
    nav.dispatch({ type: 'message', message: null });
    session.getSnapshot().stores[nav.getSnapshot().resource].clearNotice();
    for (const one of splitKeys(input, key, keyLayers.textInput(screen()))) {
      const result = dispatchKey(layers(), pluginKeys.keymap, env(), one.input, one.key);
      if (result.kind === 'refused') say(result.reason, 'error');
    }
  };

  /** A bracketed paste: into the text field on top as one value, never keys (input/paste.ts). */
  const handlePaste = (text: string) => {
    nav.dispatch({ type: 'message', message: null });
    // Only a screen that takes typed text takes a paste (the list's own `text` is Shift+letter sorting).
    const result = keyLayers.textInput(screen()) ? dispatchPaste(layers(), text) : IGNORED_PASTE;
    if (result.kind === 'refused') say(result.reason, 'error');
    if (result.kind === 'ignored') say(NOWHERE_TO_PASTE, 'error');
  };

  // A token from the environment wins over the stored one without a word elsewhere: say it once, on screen.
  if (services.settings.tokenSource === 'env' && services.settings.storedTokenShadowed) {
    say(
      `Using the token in SLOTUI_TOKEN: it wins over the token stored in profile ${truncate(sanitizeLine(services.settings.profileName), 40)}.`,
    );
  }

  // What is shown is read again every `refresh` (never under an open form), on the background connection.
  const refresher = new Refresher({
    intervalMs: () => session.getSnapshot().settings.refreshMs ?? DEFAULT_REFRESH_MS,
    clock,
    tick: () => ticks.set(ticks.getSnapshot() + 1),
    due: () => forms.store.getSnapshot().kind === 'none' && setup.getSnapshot().needed === null,
    refresh: async () => {
      const s = session.getSnapshot();
      const state = nav.getSnapshot();
      const detail = currentDetail(state);
      // A filtered or sorted list shows the whole list: that is what is read again.
      const whole = s.wholes[state.resource];
      const reads = [whole.getSnapshot().active ? whole.reread() : s.stores[state.resource].refresh()];
      if (detail) reads.push(records.refresh(detail.resource, detail.id));
      return (await Promise.all(reads)).every(Boolean);
    },
  });
  for (const problem of problems.splice(0)) say(problem, 'error');

  // settings.yaml saved while the dashboard runs: said in one line, and the profile's read-only and refresh follow.
  const unwatchSettings = userSettings.subscribe(() => {
    const state = userSettings.getSnapshot();
    const sentence = reloadSentence(state);
    say(sentence.text, sentence.tone);
    pluginKeys = keymapNow();
    const [keyProblem] = [...pluginKeys.problems, ...aliasesNow().problems, ...viewedNow().problems];
    if (keyProblem) say(findingSentence(keyProblem), 'error');
    const resource = nav.getSnapshot().resource;
    session.getSnapshot().wholes[resource].applyViewSort(viewedNow().sorts[resource]);
    session.update((s) => {
      const effects = profileEffects(s.settings, state.settings);
      const settings = { ...s.settings, ...effects };
      // A client made read-only stays so until the next start or :profile; a file can only add safety at once.
      return { ...s, settings, readOnly: effects.readOnly || s.client.readOnly };
    });
  });

  // The shown list starts loading now: a first page already in is drawn in the first frame.
  const first = session.getSnapshot();
  setup.attach(first.client, first.settings);
  watchList();
  syncRecords(nav.getSnapshot(), null);

  return {
    get registry() {
      return viewedNow().registry;
    },
    nav,
    viewport,
    records,
    relations: relationsStore,
    forms,
    profiles,
    setup,
    session,
    get keymap() {
      return pluginKeys.keymap;
    },
    view,
    env,
    setEditorRunner: (run) => {
      editorRunner = run;
    },
    setTerminalLender: (lend) => {
      terminalLender = lend;
    },
    screen,
    layers,
    handleInput,
    handlePaste,
    resize: (size) => {
      const before = viewport.pageSize;
      viewport.resize(size);
      const { stores, wholes } = session.getSnapshot();
      for (const store of Object.values(stores)) store.setPageSize(viewport.pageSize);
      for (const whole of Object.values(wholes)) whole.setPageSize(viewport.pageSize);
      // A window that grows gets a page that fills it (read again from the same record); a shrinking one keeps its page.
      if (viewport.pageSize > before) stores[nav.getSnapshot().resource].reload();
    },
    dispose: () => {
      if (disposed) return;
      disposed = true;
      refresher.dispose();
      pluginController.dispose();
      view.dispose();
      unwatchNav();
      unwatchRecords();
      unwatchSettings();
      unwatchFormNames();
      unwatchList?.();
      unwatchNames?.();
      setup.dispose();
      records.dispose();
      relationsStore.close();
      const s = session.getSnapshot();
      disposeSession(s);
      if (s.owned) void s.client.close().catch(() => undefined);
    },
  };
}
