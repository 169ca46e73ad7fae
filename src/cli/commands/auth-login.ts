/**
 * `slotui auth login --with-token [--base-url URL] [--frontend-url URL] [--ca-file FILE]`
 *
 * Reads the token from stdin (gh's convention), a bare JWT or the token
 * endpoint's JSON answer; checks it is a JWT and not expired; verifies it with
 * one authenticated request; only then stores it (file mode 0600) and makes
 * the profile the current one. A token that fails any step is not stored.
 */
import path from 'node:path';
import { SlotuiError } from '../../api/errors.js';
import { isExpired, parseTokenInput, tokenUser } from '../../config/jwt.js';
import { assertProfileName } from '../../config/store.js';
import type { Profile } from '../../config/types.js';
import { stringFlag, booleanFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { readAll } from '../input.js';
import { formatDate, requireHttps, tokenEndpoint } from './auth-shared.js';

/** A JWT is a few KB at most; the JSON answer a little more. */
const MAX_TOKEN_INPUT = 64 * 1024;

export async function authLoginCommand(ctx: Context): Promise<number> {
  if (!booleanFlag(ctx.flags, 'with-token')) {
    const why = ctx.stdinIsTerminal
      ? 'Interactive login comes with the dashboard; for now pipe the token in with `slotui auth login --with-token`.'
      : 'Without a terminal, give the token on stdin with `slotui auth login --with-token`.';
    throw usageError(why, 'auth login');
  }
  const settings = ctx.settings();
  const name = settings.profileName;
  assertProfileName(name);
  const stored: Profile = ctx.store().getProfile(name) ?? {};

  const baseUrlFlag = stringFlag(ctx.flags, 'base-url');
  const frontendFlag = stringFlag(ctx.flags, 'frontend-url');
  const caFlag = stringFlag(ctx.flags, 'ca-file');
  const baseUrl = baseUrlFlag ?? settings.baseUrl;
  if (!baseUrl) {
    throw usageError(`No base URL is known for profile ${name}. Give the service's address with --base-url https://... (or set SLOTUI_BASE_URL).`, 'auth login');
  }
  requireHttps(baseUrl, baseUrlFlag ? '--base-url' : 'The base URL');
  const frontendUrl = frontendFlag ?? settings.frontendUrl;
  if (frontendUrl) requireHttps(frontendUrl, frontendFlag ? '--frontend-url' : 'The frontend URL');
  const caFile = caFlag ? path.resolve(caFlag) : settings.caFile;

  if (ctx.stdinIsTerminal) ctx.err.line('Paste the token (the JWT, or the JSON {"jwt": ...}), then press Enter and Ctrl+D:');
  const { token, claims } = parseTokenInput(await readAll(ctx.io.stdin, MAX_TOKEN_INPUT, 'The token input'));
  ctx.secrets.add(token);
  const endpoint = tokenEndpoint(frontendUrl, baseUrl);
  if (isExpired(claims, ctx.now())) {
    throw new SlotuiError('auth', `This token expired on ${formatDate(claims.exp)}. Get a new one from ${endpoint} and try again.`);
  }

  const client = await ctx.connect({ ...settings, baseUrl, baseUrlSource: 'flag', token, tokenSource: 'flag', caFile, readOnly: true });
  try {
    await client.probe();
  } catch (error) {
    if (error instanceof SlotuiError && error.kind === 'auth') {
      throw new SlotuiError('auth', `The service refused this token (HTTP ${error.status ?? 401}); it was not stored. Check that it is the whole token from ${endpoint}, for this service, and try again.`, { status: error.status });
    }
    throw error;
  }

  // Addresses given by flag are stored; ones from the environment only fill a profile that has none.
  const profile: Profile = {
    ...stored,
    baseUrl: baseUrlFlag ?? stored.baseUrl ?? baseUrl,
    frontendUrl: frontendFlag ?? stored.frontendUrl ?? frontendUrl,
    caFile: caFlag ? caFile : stored.caFile,
    token,
  };
  ctx.store().saveProfile(name, profile);
  ctx.store().setCurrentProfile(name);

  const host = new URL(baseUrl).host;
  const user = tokenUser(claims) ?? 'an unnamed user';
  const expiry = claims.exp ? `the token expires on ${formatDate(claims.exp)}` : 'the token carries no expiry date';
  await ctx.out.write(`Logged in to ${host} as ${user} (profile ${name}); ${expiry}.\n`);
  if (settings.tokenSource === 'env') {
    ctx.err.line('Note: SLOTUI_TOKEN is set in this environment and wins over the stored token until you unset it.');
  }
  return 0;
}
