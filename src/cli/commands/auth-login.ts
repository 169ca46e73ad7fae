/**
 * `slotui auth login --with-token [--base-url URL] [--frontend-url URL] [--ca-file FILE]`
 *
 * Reads the token from stdin (gh's convention), a bare JWT or the token
 * endpoint's JSON answer; checks it is a JWT and not expired; verifies it with
 * one authenticated request; only then stores it (file mode 0600) and makes
 * the profile the current one. A token that fails any step is not stored.
 */
import { resolve } from 'node:path';
import { tokenUser } from '../../config/jwt.js';
import { withScheme } from '../../config/urls.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { loggedInSentence, verifyToken } from '../../config/tokenSetup.js';
import { assertProfileName } from '../../config/store.js';
import type { Profile } from '../../config/types.js';
import { stringFlag, booleanFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { readAll } from '../input.js';
import { requireHttps, tokenEndpoint } from './auth-shared.js';
import type { Settings } from '../../config/types.js';
import type { LoginResult } from '../../tui/auth/types.js';
import { createAuthDeps } from './auth-setup.js';

/** A JWT is a few KB at most; the JSON answer a little more. */
const MAX_TOKEN_INPUT = 64 * 1024;

export async function authLoginCommand(ctx: Context): Promise<number> {
  if (!booleanFlag(ctx.flags, 'with-token')) {
    if (ctx.stdinIsTerminal && ctx.stdoutIsTerminal) return interactiveLogin(ctx);
    throw usageError(
      'Without a terminal, give the token on stdin with `slotui auth login --with-token`.',
      'auth login',
    );
  }
  const settings = ctx.settings();
  const name = settings.profileName;
  assertProfileName(name);
  const stored: Profile = ctx.store().getProfile(name) ?? {};
  const wasCurrent = ctx.store().currentProfileName();

  const baseUrlFlag = httpsFlag(ctx, 'base-url');
  const frontendFlag = httpsFlag(ctx, 'frontend-url');
  const caFlag = stringFlag(ctx.flags, 'ca-file');
  const typedBaseUrl = baseUrlFlag ?? settings.baseUrl;
  if (!typedBaseUrl) {
    throw usageError(
      `No base URL is known for profile ${name}. Give the service's address with --base-url https://... (or set SLOTUI_BASE_URL).`,
      'auth login',
    );
  }
  const baseUrl = requireHttps(typedBaseUrl, baseUrlFlag ? '--base-url' : 'The base URL');
  const frontendUrl =
    frontendFlag ?? (settings.frontendUrl ? requireHttps(settings.frontendUrl, 'The frontend URL') : undefined);
  const caFile = caFlag ? resolve(caFlag) : settings.caFile;

  if (ctx.stdinIsTerminal)
    ctx.err.line('Paste the token (the JWT, or the JSON {"jwt": ...}), then press Enter and Ctrl+D:');
  const input = await readAll(ctx.io.stdin, MAX_TOKEN_INPUT, 'The token input');
  // The same checks and sentences as the interactive flow: a JWT, not expired, accepted by one GET.
  const { token, claims } = await verifyToken(input, {
    now: ctx.now(),
    endpoint: tokenEndpoint(frontendUrl, baseUrl),
    onSecret: (secret) => ctx.secrets.add(secret),
    probe: async (candidate) => {
      const client = await ctx.connect({
        ...settings,
        baseUrl,
        baseUrlSource: 'flag',
        token: candidate,
        tokenSource: 'flag',
        caFile,
        readOnly: true,
      });
      await client.probe();
    },
  });

  // Addresses given by flag are stored; ones from the environment only fill a profile that has none,
  // except a base URL of another origin than the stored one: the token belongs to the service it was
  // checked with, and a stored token goes only to the origin stored with it.
  const keepsStoredBase = stored.baseUrl !== undefined && sameOrigin(stored.baseUrl, baseUrl);
  if (!baseUrlFlag && stored.baseUrl !== undefined && !keepsStoredBase) {
    ctx.err.line(
      `Profile ${name}'s base URL is now ${sanitizeLine(baseUrl)}, the service this token was checked with.`,
    );
  }
  const profile: Profile = {
    ...stored,
    baseUrl: baseUrlFlag ?? (keepsStoredBase ? stored.baseUrl : baseUrl),
    frontendUrl: frontendFlag ?? stored.frontendUrl ?? frontendUrl,
    // The CA the token was checked with is kept, so the next run trusts the service too.
    caFile: caFlag ? caFile : (stored.caFile ?? (caFile ? resolve(caFile) : undefined)),
    token,
  };
  ctx.store().saveProfile(name, profile);
  ctx.store().setCurrentProfile(name);

  const who = { host: new URL(baseUrl).host, profile: name, user: tokenUser(claims), expiresAt: claims.exp };
  await ctx.out.write(`${loggedInSentence(who, ctx.now())}\n`);
  return loggedIn(ctx, name, wasCurrent);
}

/**
 * The end of a login: the variable that still wins over the stored token, and,
 * last, that the profile is now the current one when it was not (every later
 * command without --profile uses it).
 */
async function loggedIn(ctx: Context, name: string, wasCurrent: string | undefined): Promise<number> {
  if (ctx.settings().tokenSource === 'env') {
    ctx.err.line('Note: SLOTUI_TOKEN is set in this environment and wins over the stored token until you unset it.');
  }
  if (wasCurrent !== undefined && wasCurrent !== name) {
    await ctx.out.write(
      `Profile ${name} is now the current profile (it was ${wasCurrent}): commands without --profile use it.\n`,
    );
  }
  return 0;
}

/**
 * `slotui auth login` on a terminal: the setup flow of the dashboard, alone.
 * --base-url and --frontend-url fill its fields in. Ends once the token is
 * stored (exit 0, the outcome on stdout) or when cancelled (exit 1).
 */
async function interactiveLogin(ctx: Context): Promise<number> {
  const settings = ctx.settings();
  assertProfileName(settings.profileName);
  const baseUrlFlag = httpsFlag(ctx, 'base-url');
  const frontendFlag = httpsFlag(ctx, 'frontend-url');
  const caFlag = stringFlag(ctx.flags, 'ca-file');
  const start: Settings = {
    ...settings,
    baseUrl: baseUrlFlag ?? settings.baseUrl,
    frontendUrl: frontendFlag ?? settings.frontendUrl,
    caFile: caFlag ? resolve(caFlag) : settings.caFile,
  };
  const wasCurrent = ctx.store().currentProfileName();
  let outcome: LoginResult | undefined;
  const auth = createAuthDeps(ctx, {
    start: { kind: 'setup' },
    exitAfterLogin: true,
    onLogin: (result) => (outcome = result),
  });
  const { runDashboard } = await import('../../tui/run.js');
  const code = await runDashboard({
    settings: start,
    auth,
    secrets: ctx.secrets,
    stdin: ctx.io.stdin as NodeJS.ReadStream,
    stdout: ctx.io.stdout as NodeJS.WriteStream,
    stderr: ctx.io.stderr,
  });
  if (!outcome) {
    ctx.err.line('Login cancelled; nothing was stored.');
    return code === 0 ? 1 : code;
  }
  await ctx.out.write(`${loggedInSentence(outcome, outcome.checkedAt)}\n`);
  return loggedIn(ctx, outcome.profile, wasCurrent);
}

/** An address flag, checked and with https:// added to a bare host. */
function httpsFlag(ctx: Context, name: 'base-url' | 'frontend-url'): string | undefined {
  const value = stringFlag(ctx.flags, name);
  return value === undefined ? undefined : requireHttps(value, `--${name}`);
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(withScheme(a)).origin === new URL(withScheme(b)).origin;
  } catch {
    return false;
  }
}
