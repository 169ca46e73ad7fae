/**
 * The program's shell, no React in it: the first-run welcome screen, the
 * token setup (`auth login` on a terminal is that flow alone), the "logged
 * in" screen, the dashboard (createDashboard, dashboard.ts), and the
 * re-login over it when the dashboard says a new token is needed (a 401, an
 * expired token): the dashboard stays as it was underneath, its forms and
 * drafts included, and goes on on the new token. It reads
 * every key first (Ctrl+Z stops the program with the terminal given back,
 * wherever it is), follows the terminal's size, hands the terminal to the
 * user's editor, and disposes of whatever it opened. App.tsx subscribes to
 * it and draws the state it names.
 *
 * The dashboard's client is wrapped in a SwappableClient, so a setup after a
 * 401 can put a client on the new token under the screens as they are.
 */
import type { Key } from 'ink';
import { describeError } from '../api/errors.js';
import type { ResourceName } from '../api/resources.js';
import type { ViewRegistry } from '../presentation/resources.js';
import type { ApiClient } from '../api/types.js';
import type { DraftKeeper } from '../config/drafts.js';
import type { Settings } from '../config/types.js';
import { forTerminal } from '../text/osc.js';
import { sanitizeLine } from '../text/sanitize.js';
import { quitLayer, setupLayer, welcomeLayer } from './auth/layers.js';
import { SetupStore } from './auth/setupStore.js';
import { setupScreen, type SetupScreen } from './auth/setupStore.js';
import { SwappableClient } from './auth/swappableClient.js';
import type { AuthDeps, LoginResult } from './auth/types.js';
import { createDashboard, type Dashboard } from './dashboard.js';
import { systemEditorLauncher, type EditorLauncher } from './forms/externalEditor.js';
import type { Binding, KeyEnv, KeyLayer } from './input/binding.js';
import type { Keymap } from './input/keymap.js';
import { activeHints, dispatchKey, splitKeys } from './input/router.js';
import { dispatchPaste, IGNORED_PASTE, NOWHERE_TO_PASTE } from './input/paste.js';
import { createJobControl, type JobControl } from './jobControl.js';
import { BINDINGS, createKeymap } from './keys.js';
import { keyOverrides } from './input/keySettings.js';
import { readSize, type TerminalSize } from './layout.js';
import type { Session } from './session.js';
import { Store } from './state/store.js';
import { UserSettingsStore, type SettingsWatcher } from './state/userSettings.js';
import { themeOf, type Theme } from './view/theme.js';
import type { SettingsWatch } from '../config/settingsWatcher.js';
import { ENTER_ALTERNATE_SCREEN, HIDE_CURSOR, LEAVE_ALTERNATE_SCREEN, SHOW_CURSOR } from './terminal.js';
import type { FirstPage, PageKeepers, ProfileEntry } from './types.js';

export interface ShellOptions {
  /** Absent on a first run (nothing to connect to yet). */
  client?: ApiClient;
  settings: Settings;
  /** Where the program draws: its size is followed, the editor and Ctrl+Z write to it. */
  stdout: NodeJS.WritableStream;
  /** Injected clock for relative times and token expiry. */
  now?: () => Date;
  /** `:profile NAME`: builds the session of another profile, or throws a SlotuiError. */
  openProfile?: (name: string) => Promise<Session>;
  /** The stored profiles (`:profile` alone, Tab after `:profile `), read when asked for. */
  listProfiles?: () => readonly ProfileEntry[];
  demo?: boolean;
  /** Where a form left with Ctrl+C keeps what was typed; absent: no drafts. */
  drafts?: DraftKeeper;
  /** Where each session keeps the last page of each list (the first frame of the next start). */
  keptPages?: PageKeepers;
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
  registry?: ViewRegistry;
  /** Called as the dashboard starts gathering a whole list (see DashboardServices). */
  onGathering?: () => void;
  /** The keys in effect (default: as shipped). */
  keymap?: Keymap;
  /** How Ctrl+Z stops the process (default: SIGSTOP to itself; tests stop nothing). */
  stopProcess?: () => void;
  /**
   * How long keys are not taken once the token setup opens over the dashboard on its own (a 401):
   * what was typed for the dashboard must not land in the token field. 0 (the default): taken at once.
   */
  typeaheadMs?: number;
  /** The clock of `typeaheadMs` (default: performance.now). */
  monotonic?: () => number;
  /** Follows settings.yaml once the dashboard draws (absent: the settings as read at start hold). */
  watchSettings?: SettingsWatcher;
  /** The user quit (q, Ctrl+C, :q): the runner restores the terminal, prints the note if any and exits with this code. */
  onQuit: (code: number, note?: string) => void;
}

/** What Ink lends the shell once it draws: giving the terminal up (the editor, Ctrl+Z) and taking it back. */
interface InkTerminal {
  suspendTerminal(callback: () => void | Promise<void>): Promise<void>;
  suspendTerminal(): Promise<{ resume(): Promise<void> }>;
}

/** A start screen as drawn. */
export interface StartView {
  kind: 'welcome' | 'setup' | 'done';
  size: TerminalSize;
  mono: boolean;
  /** The colours (settings.yaml's theme and colors; none under NO_COLOR). */
  theme: Theme;
  profile: string;
  /** The welcome screen offers the demo sandbox. */
  canDemo: boolean;
  setup: SetupScreen | null;
  done: LoginResult | null;
  notice: { text: string; tone: 'info' | 'error' } | null;
  hints: readonly Binding[];
}

type ShellView = { kind: 'dashboard'; dashboard: Dashboard } | StartView;

type ShellState =
  | { kind: 'welcome' }
  | { kind: 'setup'; flow: SetupStore }
  | { kind: 'done'; result: LoginResult }
  | { kind: 'dashboard'; dashboard: Dashboard }
  | { kind: 'relogin'; dashboard: Dashboard; flow: SetupStore };

const START_ENV: KeyEnv = { readOnly: false };

/** Said when keys typed as the re-login opened were not taken (they were meant for the dashboard). */
const TYPEAHEAD_DROPPED = 'Keys typed as this opened were not taken: type the token now.';
const isCtrlC = (input: string, key: Key) => input === '\u0003' || (key.ctrl && input === 'c');
const systemClock = (): Date => new Date();

export class Shell extends Store<ShellView> {
  private state: ShellState = { kind: 'welcome' };
  private size: TerminalSize;
  private notice: StartView['notice'] = null;
  private ink: InkTerminal | null = null;
  private jobs: JobControl | null = null;
  private unwatchFlow: (() => void) | null = null;
  private unwatchLogin: (() => void) | null = null;
  private disposed = false;
  private readonly clock: () => Date;
  /** The keymap of settings.yaml's `keys:` as last made, and the `keys:` it was made from. */
  private rebound: { keys: unknown; keymap: Keymap } | undefined;
  /** settings.yaml as it is now, shared by every dashboard this shell opens. */
  private readonly userSettings: UserSettingsStore;
  private settingsWatch: SettingsWatch | undefined;
  private readonly unwatchSettings: () => void;
  /** Until when (monotonic ms) keys typed for the dashboard are not taken by the re-login's token field. */
  private typeaheadUntil = 0;

  constructor(private readonly options: ShellOptions) {
    super({ kind: 'welcome' } as ShellView);
    this.clock = options.now ?? systemClock;
    this.size = readSize(options.stdout);
    this.userSettings = new UserSettingsStore(options.settings.userSettings, options.settings.settingsProblems);
    // A start screen follows the file's theme too (the dashboard follows it on its own).
    this.unwatchSettings = this.userSettings.subscribe(() => {
      if (this.state.kind !== 'dashboard') this.show();
    });
    options.stdout.on('resize', this.onResize);
    const start = options.auth?.start ?? { kind: 'dashboard' };
    if (start.kind === 'dashboard' && options.client)
      this.openDashboard(
        { client: options.client, settings: options.settings },
        Boolean(options.demo),
        options.firstPage,
      );
    else if (start.kind === 'welcome') this.moveTo({ kind: 'welcome' });
    else this.openSetup(start.kind === 'setup' ? start.reason : undefined);
  }

  /** The keys in effect: as the options give them, else settings.yaml's `keys:` over the defaults, as the file is now. */
  private get keymap(): Keymap {
    if (this.options.keymap) return this.options.keymap;
    const keys = this.userSettings.getSnapshot().settings.keys;
    if (this.rebound && this.rebound.keys === keys) return this.rebound.keymap;
    const keymap = createKeymap(keyOverrides(keys, BINDINGS).overrides);
    this.rebound = { keys, keymap };
    return keymap;
  }

  /** Ink draws now: the editor (`E`) and Ctrl+Z can hand the terminal over. */
  attach(ink: InkTerminal): void {
    this.ink = ink;
    // After the first frame: following the file is not needed to draw it.
    this.settingsWatch ??= this.options.watchSettings?.((reload) => this.userSettings.reload(reload));
    this.jobs?.dispose();
    this.jobs = createJobControl({
      suspendTerminal: () => ink.suspendTerminal(),
      stdout: this.options.stdout,
      ...(this.options.stopProcess ? { stop: this.options.stopProcess } : {}),
    });
    if (this.state.kind === 'dashboard') this.lendTerminal(this.state.dashboard);
  }

  /** One input event from Ink (possibly several keys). */
  handleInput = (input: string, key: Key): void => {
    if (this.disposed || key.eventType === 'release') return;
    const suspendKey = this.keymap.bindings.find((b) => b.id === 'suspend');
    if (suspendKey && this.keymap.pressed(suspendKey, input, key, START_ENV) !== undefined) {
      void this.jobs?.suspend();
      return;
    }
    if (this.state.kind === 'dashboard') {
      this.state.dashboard.handleInput(input, key);
      return;
    }
    this.notice = null;
    if (this.state.kind === 'relogin' && this.monotonic() < this.typeaheadUntil && !isCtrlC(input, key)) {
      this.notice = { text: TYPEAHEAD_DROPPED, tone: 'info' };
      this.show();
      return;
    }
    const typing = this.state.kind === 'setup' || this.state.kind === 'relogin';
    for (const one of splitKeys(input, key, typing))
      dispatchKey(this.layers(), this.keymap, START_ENV, one.input, one.key);
    this.show();
  };

  /** A bracketed paste from Ink: text for the focused field (the token, a form's), never keys. */
  handlePaste = (text: string): void => {
    if (this.disposed) return;
    if (this.state.kind === 'dashboard') {
      this.state.dashboard.handlePaste(text);
      return;
    }
    const typing = this.state.kind === 'setup' || this.state.kind === 'relogin';
    const result = typing ? dispatchPaste(this.layers(), text) : IGNORED_PASTE;
    this.notice =
      result.kind === 'handled'
        ? null
        : { text: result.kind === 'refused' ? result.reason : NOWHERE_TO_PASTE, tone: 'error' };
    this.show();
  };

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.options.stdout.off('resize', this.onResize);
    void this.settingsWatch?.close().catch(() => undefined);
    this.unwatchSettings();
    this.jobs?.dispose();
    this.leave(null);
    this.dropListeners();
  }

  private readonly onResize = (): void => {
    const next = readSize(this.options.stdout);
    if (next.columns === this.size.columns && next.rows === this.size.rows) return;
    this.size = next;
    if (this.state.kind === 'dashboard' || this.state.kind === 'relogin') this.state.dashboard.resize(next);
    this.show();
  };

  /** The key layers of a start screen, top first. */
  private layers(): KeyLayer[] {
    const quit = quitLayer(() => this.options.onQuit(0));
    const s = this.state;
    switch (s.kind) {
      case 'setup':
      case 'relogin':
        return [setupLayer(s.flow), quit];
      case 'done':
        return [
          {
            context: 'setup',
            owns: true,
            handlers: { 'setup-submit': () => this.openDashboard(s.result.session, Boolean(this.options.demo)) },
          },
          quit,
        ];
      case 'welcome':
        return [
          welcomeLayer({
            connect: () => this.openSetup(),
            demo: this.options.auth?.startDemo ? () => void this.startDemo() : undefined,
          }),
          quit,
        ];
      case 'dashboard':
        return [quit];
    }
  }

  private openSetup(reason?: string): void {
    const { auth, settings, onQuit } = this.options;
    if (!auth) return;
    const flow = new SetupStore({
      auth,
      baseUrl: settings.baseUrl,
      frontendUrl: settings.frontendUrl,
      ...(settings.caFile ? { caFile: settings.caFile } : {}),
      reason,
      onDone: (result) => {
        auth.onLogin?.(result);
        if (auth.exitAfterLogin) onQuit(0);
        else this.moveTo({ kind: 'done', result });
      },
      onCancel: () => {
        if (auth.start?.kind === 'welcome') this.moveTo({ kind: 'welcome' });
        else onQuit(auth.exitAfterLogin ? 1 : 0);
      },
    });
    this.moveTo({ kind: 'setup', flow });
  }

  private async startDemo(): Promise<void> {
    const startDemo = this.options.auth?.startDemo;
    if (!startDemo) return;
    this.notice = { text: 'Starting the demo sandbox…', tone: 'info' };
    this.show();
    try {
      const session = await startDemo();
      if (!this.disposed) this.openDashboard(session, true);
    } catch (error) {
      this.notice = { text: sanitizeLine(describeError(error)), tone: 'error' };
      this.show();
    }
  }

  private openDashboard(session: Session, demo: boolean, firstPage?: FirstPage): void {
    const o = this.options;
    const openProfile = o.openProfile;
    const dashboard = createDashboard({
      client: new SwappableClient(session.client),
      settings: session.settings,
      size: this.size,
      clock: this.clock,
      // Sessions opened by :profile get a swappable client too (a 401 there is handled the same way).
      openProfile: openProfile
        ? async (name) => {
            const next = await openProfile(name);
            return { ...next, client: new SwappableClient(next.client) };
          }
        : undefined,
      listProfiles: o.listProfiles,
      drafts: o.drafts,
      ...(demo || !o.keptPages ? {} : { keptPages: o.keptPages }),
      auth: o.auth,
      firstPage,
      initialResource: o.initialResource,
      registry: o.registry,
      onGathering: o.onGathering,
      demo,
      // Without keys of its own, the dashboard follows settings.yaml's keys: itself, as the file changes.
      ...(o.keymap ? { keymap: o.keymap } : {}),
      userSettings: this.userSettings,
      quit: o.onQuit,
      writeTerminal:
        o.auth?.writeTerminal ??
        ((sequence) => {
          o.stdout.write(forTerminal(sequence, process.env));
        }),
      inTmux: Boolean(process.env.TMUX),
    });
    this.lendTerminal(dashboard);
    o.onDraftKeeper?.(() => dashboard.forms.keepDraft());
    this.moveTo({ kind: 'dashboard', dashboard });
    this.unwatchLogin = dashboard.setup.subscribe(() => this.relogin(dashboard));
    this.relogin(dashboard);
  }

  /** The dashboard needs a new token: the setup runs over it, and it goes on where it was once one is verified. */
  private relogin(dashboard: Dashboard): void {
    const needed = dashboard.setup.getSnapshot().needed;
    const { auth } = this.options;
    if (!needed || !auth || this.state.kind !== 'dashboard' || this.state.dashboard !== dashboard) return;
    const back = () => this.moveTo({ kind: 'dashboard', dashboard });
    const flow = new SetupStore({
      auth,
      baseUrl: needed.baseUrl,
      frontendUrl: needed.frontendUrl,
      ...(needed.caFile ? { caFile: needed.caFile } : {}),
      reason: needed.reason,
      onDone: (result) => {
        back();
        dashboard.setup.loggedIn(result);
      },
      onCancel: () => {
        back();
        dashboard.setup.dismiss();
      },
    });
    this.typeaheadUntil = this.monotonic() + (this.options.typeaheadMs ?? 0);
    this.moveTo({ kind: 'relogin', dashboard, flow });
  }

  private monotonic(): number {
    return (this.options.monotonic ?? performance.now.bind(performance))();
  }

  /**
   * `E` hands the terminal to the user's editor, and an interactive plugin gets it the same way:
   * Ink gives up raw mode and its frame; the alternate screen is ours (terminal.ts), so it is left
   * and entered again around them.
   */
  private lendTerminal(dashboard: Dashboard): void {
    const ink = this.ink;
    if (!ink) return;
    const { stdout, launchEditor } = this.options;
    const onTerminal = Boolean((stdout as { isTTY?: boolean }).isTTY);
    // One way to give the terminal up and take it back, whoever gets it (the editor, an interactive plugin).
    const handOver = (work: () => void): Promise<void> =>
      ink.suspendTerminal(() => {
        if (onTerminal) stdout.write(LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR);
        try {
          work();
        } finally {
          if (onTerminal) stdout.write(ENTER_ALTERNATE_SCREEN + HIDE_CURSOR);
        }
      });
    dashboard.setEditorRunner((file) => {
      const launch = launchEditor ?? systemEditorLauncher(process.env);
      return handOver(() => launch(file));
    });
    dashboard.setTerminalLender(handOver);
  }

  /** Leaves the state shown for `next`: its flow is disposed of, and its dashboard unless `next` goes on with it. */
  private leave(next: ShellState | null): void {
    this.unwatchFlow?.();
    this.unwatchFlow = null;
    const s = this.state;
    if (s.kind === 'setup' || s.kind === 'relogin') s.flow.dispose();
    const kept = next && 'dashboard' in next ? next.dashboard : null;
    if ((s.kind === 'dashboard' || s.kind === 'relogin') && s.dashboard !== kept) {
      this.unwatchLogin?.();
      this.unwatchLogin = null;
      this.options.onDraftKeeper?.(null);
      s.dashboard.dispose();
    }
  }

  private moveTo(next: ShellState): void {
    if (this.disposed) return;
    if (next !== this.state) this.leave(next);
    this.state = next;
    this.notice = null;
    // The flow's steps change what is drawn and which keys apply (Ctrl+O only on the token step).
    if (next.kind === 'setup' || next.kind === 'relogin') this.unwatchFlow = next.flow.subscribe(() => this.show());
    this.show();
  }

  private show(): void {
    const s = this.state;
    if (s.kind === 'dashboard') {
      const shown = this.getSnapshot();
      if (shown.kind !== 'dashboard' || shown.dashboard !== s.dashboard)
        this.set({ kind: 'dashboard', dashboard: s.dashboard });
      return;
    }
    const settings = s.kind === 'relogin' ? s.dashboard.session.getSnapshot().settings : this.options.settings;
    this.set({
      kind: s.kind === 'relogin' ? 'setup' : s.kind,
      size: this.size,
      mono: settings.noColor,
      theme: themeOf(this.userSettings.getSnapshot().settings, settings.noColor),
      profile: settings.profileName,
      canDemo: Boolean(this.options.auth?.startDemo),
      setup: s.kind === 'setup' || s.kind === 'relogin' ? setupScreen(s.flow) : null,
      done: s.kind === 'done' ? s.result : null,
      notice: this.notice,
      hints: activeHints(this.layers(), this.keymap, START_ENV),
    });
  }
}
