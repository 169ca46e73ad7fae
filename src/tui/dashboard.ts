/**
 * The dashboard's composition root: builds every store and controller once,
 * owns the session (the first one, `:profile` switches, a new token after a
 * 401) and disposes of it all. No React here: the view subscribes to the
 * stores and draws the one screen `screen()` names; keys come in through
 * `handleInput`, the one way into the dashboard from the keyboard.
 *
 * Beside it: a session's stores are made in dashboardSession.ts, what follows
 * the screen (lists loaded, names gathered, details read) is followShown.ts,
 * the keymap settings.yaml asks for is settingsKeymap.ts.
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
import { REGISTRY, type ViewRegistry } from '../presentation/resources.js';
import { relationsOf } from '../presentation/relations.js';
import type { ApiClient } from '../api/types.js';
import type { Settings } from '../config/types.js';
import type { DraftKeeper } from '../config/drafts.js';
import { sanitizeLine } from '../text/sanitize.js';
import { truncate } from '../text/width.js';
import { loggedInSentence } from '../config/tokenSetup.js';
import { TokenSetupController } from './auth/tokenSetupController.js';
import type { AuthDeps } from './auth/types.js';
import { createForms, type Forms } from './forms/formsController.js';
import type { TerminalSize } from './layout.js';
import { currentDetail, initialNav, NavStore } from './state/navigation.js';
import { RecordStore } from './state/recordStore.js';
import { DerivedStore, Store } from './state/store.js';
import { keptWhileSame } from './view/memo.js';
import { ViewportStore } from './state/viewport.js';
import { Refresher } from './state/refresher.js';
import { reloadSentence, settingsProblemSentence, UserSettingsStore } from './state/userSettings.js';
import { profileEffects } from '../config/settings.js';
import { RelationsStore } from './state/relationsStore.js';
import type { Session } from './session.js';
import type { FirstPage, PageKeepers, ProfileEntry } from './types.js';
import { createProfileSwitcher, profileSwitch, type ProfileSwitcher } from './profiles.js';
import type { DashboardContext, DashboardSession } from './controllers/context.js';
import { createKeyLayers } from './controllers/layers.js';
import type { KeyEnv, KeyLayer } from './input/binding.js';
import type { Keymap } from './input/keymap.js';
import { dispatchKey, splitKeys } from './input/router.js';
import { dispatchPaste, IGNORED_PASTE, NOWHERE_TO_PASTE } from './input/paste.js';
import { sessionFactory } from './dashboardSession.js';
import { followShown } from './followShown.js';
import { settingsKeymap } from './settingsKeymap.js';
import { aliasesFrom } from './aliases.js';
import { withViews, type ViewSettings } from '../presentation/views.js';
import { findingSentence } from './plugins.js';
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
  let disposed = false;

  // Read lazily: the session below is made with it.
  const records = new RecordStore(() => session.getSnapshot().client);
  /** What could not be used of the pages kept from the last run, said once the dashboard shows. */
  const problems: string[] = viewed.problems.map(findingSentence);
  const sessions = sessionFactory({
    registry,
    viewed: () => viewedNow().registry,
    viewport,
    clock,
    records,
    keptPages: services.keptPages,
    onGathering: services.onGathering,
    problem: (sentence) => problems.push(sentence),
  });
  const session = new Store<DashboardSession>(
    sessions.make(services.client, services.settings, false, services.firstPage),
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

  const following = followShown({
    nav,
    session: () => session.getSnapshot(),
    records,
    registry,
    viewed: viewedNow,
    forms: forms.store,
  });

  const replaceSession = (next: DashboardSession) => {
    const old = session.getSnapshot();
    relationsStore.close();
    sessions.dispose(old);
    if (old.owned) void old.client.close().catch(() => undefined);
    records.clear();
    session.set(next);
    setup.attach(next.client, next.settings);
    following.watchList();
  };

  const switchProfile =
    services.openProfile &&
    profileSwitch({
      open: services.openProfile,
      replace: (next) => {
        replaceSession(sessions.make(next.client, next.settings, true));
        nav.dispatch({ type: 'switch-resource', resource: nav.getSnapshot().resource });
        // What could not be used of the new profile's kept pages, said with the switch.
        return problems.splice(0);
      },
      closed: () => disposed,
      say,
    });
  const profiles = switchProfile
    ? createProfileSwitcher({
        list: services.listProfiles,
        current: () => session.getSnapshot().settings.profileName,
        open: (name) => void switchProfile(name),
        say,
      })
    : undefined;

  if (settingsProblems.length > 0) problems.push(settingsProblemSentence(settingsProblems));
  // settings.yaml's keys rebind actions and its plugins add theirs; the keymap is made again when the file changes.
  const keymapNow = () => settingsKeymap(userSettings.getSnapshot().settings, env(), services.keymap);
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
    plugins: () => userSettings.getSnapshot().settings.plugins ?? [],
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
  following.start();

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
      following.dispose();
      unwatchSettings();
      setup.dispose();
      records.dispose();
      relationsStore.close();
      const s = session.getSnapshot();
      sessions.dispose(s);
      if (s.owned) void s.client.close().catch(() => undefined);
    },
  };
}
