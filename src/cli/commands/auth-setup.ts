/**
 * What the dashboard's token setup needs from the CLI (src/tui/auth/types.ts
 * AuthDeps): verifying a pasted token and storing it in the profile, the demo
 * sandbox, the browser where there is a local display, and the terminal for
 * our own escape sequences.
 */
import { spawn } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { assertProfileName } from '../../config/store.js';
import { tokenEndpointUrl, verifyToken } from '../../config/tokenSetup.js';
import type { Profile, Settings } from '../../config/types.js';
import type { AuthDeps, LoginRequest, LoginResult, StartScreen } from '../../tui/auth/types.js';
import type { Session } from '../../tui/session.js';
import type { Context } from '../context.js';
import { forTerminal } from '../../text/osc.js';

export interface AuthDepsOptions {
  start?: StartScreen;
  exitAfterLogin?: boolean;
  onLogin?(result: LoginResult): void;
  startDemo?(): Promise<Session>;
  /** Injected in tests; by default decided from the environment and platform. */
  openBrowser?: ((url: string) => void) | null;
}

export function createAuthDeps(ctx: Context, options: AuthDepsOptions = {}): AuthDeps {
  const deps: AuthDeps = {
    login: (request) => loginWithToken(ctx, request),
    checkTls: async (baseUrl, caFile) => {
      const [{ checkTls }, { readCaFile }] = await Promise.all([
        import('../../api/tlsCheck.js'),
        import('../../api/ca.js'),
      ]);
      // As the login's client will: the file given, else the one of SLOTUI_CA_FILE or the profile.
      const file = caFile ? resolvePath(caFile) : ctx.settings().caFile;
      await checkTls(baseUrl, file ? { ca: await readCaFile(file) } : {});
    },
    writeTerminal: (sequence) => {
      ctx.io.stdout.write(forTerminal(sequence, ctx.io.env));
    },
  };
  const opener = options.openBrowser === undefined ? browserOpener(ctx.io.env, process.platform) : options.openBrowser;
  if (opener) deps.openBrowser = opener;
  if (options.start) deps.start = options.start;
  if (options.exitAfterLogin) deps.exitAfterLogin = true;
  if (options.onLogin) deps.onLogin = options.onLogin;
  if (options.startDemo) deps.startDemo = options.startDemo;
  return deps;
}

/**
 * The setup flow's last step: the token is checked (JWT, not expired, one
 * authenticated GET), then stored (0600) in the profile with both addresses,
 * and the profile made current. Nothing is stored when any step fails.
 */
async function loginWithToken(ctx: Context, request: LoginRequest): Promise<LoginResult> {
  const settings = ctx.settings();
  const name = settings.profileName;
  assertProfileName(name);
  let client: Session['client'] | undefined;
  // The CA file the setup flow confirmed (prefilled from SLOTUI_CA_FILE or the profile): used to check the token, then stored.
  const caFile = request.caFile ? resolvePath(request.caFile) : undefined;
  const sessionSettings = (token: string): Settings => ({
    ...settings,
    baseUrl: request.baseUrl,
    baseUrlSource: 'profile',
    frontendUrl: request.frontendUrl,
    ...(caFile ? { caFile } : {}),
    token,
    tokenSource: 'profile',
  });
  const verified = await verifyToken(request.input, {
    now: ctx.now(),
    endpoint: tokenEndpointUrl(request.frontendUrl),
    onSecret: (token) => ctx.secrets.add(token),
    probe: async (token) => {
      client = await ctx.connect(sessionSettings(token));
      await client.probe();
    },
  });
  const stored: Profile = ctx.store().getProfile(name) ?? {};
  const profile: Profile = {
    ...stored,
    baseUrl: request.baseUrl,
    frontendUrl: request.frontendUrl,
    token: verified.token,
  };
  if (caFile) profile.caFile = caFile;
  else delete profile.caFile;
  ctx.store().saveProfile(name, profile);
  ctx.store().setCurrentProfile(name);
  const result: LoginResult = {
    session: { client: client!, settings: sessionSettings(verified.token) },
    profile: name,
    host: new URL(request.baseUrl).host,
    checkedAt: ctx.now(),
  };
  if (verified.user !== undefined) result.user = verified.user;
  if (verified.expiresAt) result.expiresAt = verified.expiresAt;
  return result;
}

/** A browser can be opened where there is a local display: macOS, or Linux/BSD with X or Wayland, and not over SSH. */
export function canOpenBrowser(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean {
  if (env.SSH_CONNECTION || env.SSH_TTY || env.SSH_CLIENT) return false;
  if (platform === 'darwin') return true;
  if (platform === 'win32') return false;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** Opens a URL with xdg-open or open (no shell: the URL is one argument), or null where it should not. */
function browserOpener(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): ((url: string) => void) | null {
  if (!canOpenBrowser(env, platform)) return null;
  const command = platform === 'darwin' ? 'open' : 'xdg-open';
  return (url) => {
    const child = spawn(command, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  };
}
