/**
 * The token setup flow as a small synchronous store (like the dashboard's
 * NavStore): four fields, base URL, frontend URL, CA file and the token, filled one
 * after the other; Enter confirms a field, Esc goes back. On the token, Enter
 * verifies it through `auth.login` (which also stores it); a failure shows
 * its sentence and keeps the pasted value for another try.
 *
 * Keys are applied to plain state in order, so a paste followed at once by
 * Enter is never cut short by a render. The token is only ever held here and
 * passed to `login`; the view shows dots.
 */
import type { Key } from 'ink';
import { readCaFile } from '../../api/ca.js';
import { describeError, isSlotuiError, redact } from '../../api/errors.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { checkHttpsUrl, defaultFrontendUrl, tokenEndpointUrl } from '../../config/tokenSetup.js';
import { EMPTY_EDITOR, editLine, type EditorState } from '../text/lineEditor.js';
import { NO_KEY } from '../input/router.js';
import { clipboardSequence } from '../../text/osc.js';
import type { AuthDeps, LoginResult } from './types.js';
import { Store } from '../state/store.js';

type SetupStep = 'base-url' | 'frontend-url' | 'ca-file' | 'token';

/** A pasted JWT with many claims, or the JSON around it, is a few KB; more is not a token. */
const MAX_TOKEN_INPUT = 16_384;

export interface SetupState {
  step: SetupStep;
  baseUrl: EditorState;
  frontendUrl: EditorState;
  /** A PEM file of extra certificate authorities (prefilled from SLOTUI_CA_FILE or the profile); empty: none. */
  caFile: EditorState;
  token: EditorState;
  /** Why the flow opened (expired token, refused by the service), shown above the fields. */
  reason: string | null;
  /** The last failure, one sentence. */
  error: string | null;
  /** Verifying the token. */
  busy: boolean;
  /** The token endpoint (once both URLs are confirmed). */
  endpoint: string | null;
  /** The endpoint was put on the clipboard (OSC 52), at the user's request. */
  copied: boolean;
  /** A line after Ctrl+O. */
  note: string | null;
}

export interface SetupOptions {
  auth: AuthDeps;
  baseUrl?: string;
  frontendUrl?: string;
  caFile?: string;
  reason?: string;
  /** Called once the token is verified and stored. */
  onDone(result: LoginResult): void;
  /** Esc on the first field. */
  onCancel(): void;
}

const editor = (value: string | undefined): EditorState => (value ? { value, cursor: value.length } : EMPTY_EDITOR);

/** A JSON answer pasted over several lines: its newlines arrive as Enter and must not submit half of it. */
function unfinishedJson(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return false;
  const opened = trimmed.split('{').length - 1;
  const closed = trimmed.split('}').length - 1;
  return closed < opened;
}

export class SetupStore extends Store<SetupState> {
  private disposed = false;

  constructor(private readonly options: SetupOptions) {
    super({
      step: 'base-url',
      baseUrl: editor(options.baseUrl),
      frontendUrl: editor(options.frontendUrl),
      caFile: editor(options.caFile),
      token: EMPTY_EDITOR,
      reason: options.reason ?? null,
      error: null,
      busy: false,
      endpoint: null,
      copied: false,
      note: null,
    });
    const known = options.baseUrl ? checkHttpsUrl(options.baseUrl, 'The base URL') : undefined;
    const frontend = options.frontendUrl ? checkHttpsUrl(options.frontendUrl, 'The frontend URL') : undefined;
    // With a reason (expired, refused) and a good base URL, the token is what is missing: start there.
    if (options.reason && known?.ok && (frontend === undefined || frontend.ok)) this.goToToken();
  }

  /** Stops callbacks after the flow is gone (a login still running is ignored). */
  dispose(): void {
    this.disposed = true;
  }

  /** A key for the field being edited; true when it was an editing key. */
  edit(input: string, key: Key): boolean {
    const s = this.getSnapshot();
    if (s.busy) return true;
    const field =
      s.step === 'base-url'
        ? 'baseUrl'
        : s.step === 'frontend-url'
          ? 'frontendUrl'
          : s.step === 'ca-file'
            ? 'caFile'
            : 'token';
    const edited = editLine(s[field], input, key, field === 'token' ? MAX_TOKEN_INPUT : undefined);
    if (!edited) return false;
    this.patch({ [field]: edited, note: null });
    return true;
  }

  /** Enter. */
  submit(): void {
    const s = this.getSnapshot();
    if (s.busy) return;
    if (s.step === 'base-url') {
      const base = checkHttpsUrl(s.baseUrl.value, 'The base URL');
      if (!base.ok) return this.patch({ error: base.problem });
      this.patch({ baseUrl: editor(base.url), error: null });
      void this.checkBaseUrl(base.url);
      return;
    }
    if (s.step === 'frontend-url') {
      const typed = s.frontendUrl.value.trim();
      if (typed !== '') {
        const frontend = checkHttpsUrl(typed, 'The frontend URL');
        if (!frontend.ok) return this.patch({ error: frontend.problem });
      }
      this.patch({ step: 'ca-file', error: null });
      return;
    }
    if (s.step === 'ca-file') {
      const path = s.caFile.value.trim();
      if (path === '') this.goToToken();
      else void this.checkCaFile(path);
      return;
    }
    if (unfinishedJson(s.token.value)) {
      this.edit(' ', { ...NO_KEY });
      return;
    }
    if (s.token.value.trim() === '')
      return this.patch({ error: 'Paste the token first: the JSON answer of the page above, or the JWT alone.' });
    void this.verify();
  }

  /** Esc: the previous field, or cancel on the first. */
  back(): void {
    const s = this.getSnapshot();
    if (s.busy) return;
    if (s.step === 'token') return this.patch({ step: 'ca-file', error: null, note: null });
    if (s.step === 'ca-file') return this.patch({ step: 'frontend-url', error: null });
    if (s.step === 'frontend-url') return this.patch({ step: 'base-url', error: null });
    this.options.onCancel();
  }

  /** Ctrl+O on the token step, where a browser can be opened. */
  openBrowser(): void {
    const { endpoint } = this.getSnapshot();
    if (!endpoint || !this.options.auth.openBrowser) return;
    try {
      this.options.auth.openBrowser(endpoint);
      this.patch({ note: 'Opened in your browser: log in there if asked, then copy the answer.' });
    } catch {
      this.patch({ note: 'The browser could not be opened; open the link yourself.' });
    }
  }

  /** Ctrl+Y on the token step: the token page's address on the clipboard (OSC 52), where the terminal allows it. */
  copyEndpoint(): void {
    const { endpoint } = this.getSnapshot();
    if (!endpoint || !this.options.auth.writeTerminal) return;
    try {
      this.options.auth.writeTerminal(clipboardSequence(endpoint));
      this.patch({ copied: true });
    } catch {
      this.patch({ note: 'The address could not be sent to the clipboard; copy it from the screen.' });
    }
  }

  get canCopy(): boolean {
    return this.getSnapshot().step === 'token' && Boolean(this.options.auth.writeTerminal);
  }

  get canOpenBrowser(): boolean {
    return this.getSnapshot().step === 'token' && Boolean(this.options.auth.openBrowser);
  }

  private goToToken(): void {
    const base = checkHttpsUrl(this.getSnapshot().baseUrl.value, 'The base URL');
    if (!base.ok) return;
    const typed = this.getSnapshot().frontendUrl.value.trim();
    const frontend = typed === '' ? defaultFrontendUrl(base.url) : typed.replace(/\/+$/, '');
    const endpoint = tokenEndpointUrl(frontend);
    // The clipboard is the user's: written only when they ask (copyEndpoint), never on arrival here.
    const copied = this.getSnapshot().copied && this.getSnapshot().endpoint === endpoint;
    this.patch({
      step: 'token',
      baseUrl: editor(base.url),
      frontendUrl: editor(frontend),
      endpoint,
      copied,
      error: null,
    });
  }

  /**
   * The service's certificate is checked as soon as its address is known, before a token is
   * fetched: one untrusted goes to the CA file field with why; another failure stays here.
   */
  private async checkBaseUrl(baseUrl: string): Promise<void> {
    const check = this.options.auth.checkTls;
    if (!check) return this.patch({ step: 'frontend-url' });
    const caFile = this.getSnapshot().caFile.value.trim();
    this.patch({ busy: true, note: `Checking the connection to ${new URL(baseUrl).host}…` });
    try {
      await check(baseUrl, caFile || undefined);
    } catch (error) {
      if (this.disposed) return;
      // Untrusted, and a CA file could help (one given already did not): that field, with why.
      const untrusted = isSlotuiError(error) && error.kind === 'tls' && error.advice !== undefined;
      this.patch(
        untrusted
          ? { busy: false, note: null, step: 'ca-file', error: `${sanitizeLine(error.what)} ${CA_FIELD_ADVICE}` }
          : { busy: false, note: null, error: setupAdvice(sanitizeLine(describeError(error))) },
      );
      return;
    }
    if (this.disposed) return;
    this.patch({ busy: false, note: null, step: 'frontend-url' });
  }

  /** A CA file that cannot be used is said at its own step, not after the token is pasted; with it, the certificate is checked again. */
  private async checkCaFile(path: string): Promise<void> {
    this.patch({ busy: true, error: null });
    try {
      await readCaFile(path);
      await this.options.auth.checkTls?.(this.getSnapshot().baseUrl.value, path);
    } catch (error) {
      if (this.disposed) return;
      this.patch({ busy: false, error: setupAdvice(sanitizeLine(describeError(error))) });
      return;
    }
    if (this.disposed) return;
    this.patch({ busy: false });
    this.goToToken();
  }

  private async verify(): Promise<void> {
    const s = this.getSnapshot();
    this.patch({ busy: true, error: null, note: null });
    try {
      const caFile = s.caFile.value.trim();
      const result = await this.options.auth.login({
        baseUrl: s.baseUrl.value,
        frontendUrl: s.frontendUrl.value,
        ...(caFile ? { caFile } : {}),
        input: s.token.value,
      });
      if (this.disposed) return;
      this.patch({ busy: false, token: EMPTY_EDITOR });
      this.options.onDone(result);
    } catch (error) {
      if (this.disposed) return;
      // The pasted value stays for another try (a wrong URL is fixed with Esc, then Enter again).
      this.patch({
        busy: false,
        error: setupAdvice(sanitizeLine(redact(describeError(error), [s.token.value.trim()]))),
      });
    }
  }

  private patch(patch: Partial<SetupState>): void {
    if (!this.disposed) this.set({ ...this.getSnapshot(), ...patch });
  }
}

const CA_FIELD_ADVICE =
  'If the service uses a private certificate authority, give its PEM file here; Enter on an empty field goes on without one.';

/** The client's advice names variables and flags; in this flow the same advice is the CA file field. */
function setupAdvice(text: string): string {
  return text
    .replace(
      / If the service uses a private certificate authority, set SLOTUI_CA_FILE or give --ca-file with its PEM file \([^)]*\)\./,
      ' If the service uses a private certificate authority, Esc goes back to the CA file field: give its PEM file there.',
    )
    .replace(
      / Set SLOTUI_CA_FILE \(or the profile's caFile\) to a PEM file of certificate authorities\./,
      ' Give the path of a PEM file of certificate authorities, or leave the field empty.',
    );
}

/** The flow as drawn: its state, and which of its keys the terminal allows. */
export interface SetupScreen {
  state: SetupState;
  canCopy: boolean;
  canOpenBrowser: boolean;
}

export const setupScreen = (flow: SetupStore): SetupScreen => ({
  state: flow.getSnapshot(),
  canCopy: flow.canCopy,
  canOpenBrowser: flow.canOpenBrowser,
});
