/**
 * `slotui auth status [--json]`: the profile, base URL, where the token comes
 * from, its user and expiry (from its claims), and whether the service
 * accepts it now (one request). Never the token: at most its last 4 characters.
 *
 * Exit: 0 when the token works; 4 when there is none or the service refuses it
 * (or it has expired); 1 when the service cannot be asked (no base URL, network).
 */
import { SlotuiError, isSlotuiError } from '../../api/errors.js';
import { sanitizeLine } from '../../api/sanitize.js';
import { isExpired, tokenUser, tryDecodeClaims } from '../../config/jwt.js';
import { booleanFlag, stringFlag } from '../args.js';
import type { Context } from '../context.js';
import { daysUntil, formatDate, tokenEnding } from './auth-shared.js';

interface Status {
  profile: string;
  profileSource: 'flag' | 'env' | 'current' | 'default';
  storedProfiles: string[];
  baseUrl: string | null;
  baseUrlSource: string;
  tokenSource: string;
  tokenEnding: string | null;
  user: string | null;
  expiresAt: string | null;
  expired: boolean;
  /** true: the service accepts the token; false: refused; null: not checked (nothing to check, or unreachable). */
  works: boolean | null;
  problem: string | null;
}

export async function authStatusCommand(ctx: Context): Promise<number> {
  const settings = ctx.settings();
  const now = ctx.now();
  const stored = ctx.store().read();
  const claims = settings.token ? tryDecodeClaims(settings.token) : undefined;

  const status: Status = {
    profile: settings.profileName,
    profileSource: stringFlag(ctx.flags, 'profile') ? 'flag'
      : ctx.io.env.SLOTUI_PROFILE?.trim() ? 'env'
      : stored.currentProfile ? 'current' : 'default',
    storedProfiles: Object.keys(stored.profiles).sort(),
    baseUrl: settings.baseUrl ?? null,
    baseUrlSource: settings.baseUrlSource,
    tokenSource: settings.tokenSource,
    tokenEnding: settings.token ? (tokenEnding(settings.token) ?? null) : null,
    user: claims ? (tokenUser(claims) ?? null) : null,
    expiresAt: claims?.exp ? claims.exp.toISOString() : null,
    expired: claims ? isExpired(claims, now) : false,
    works: null,
    problem: null,
  };

  let failure: SlotuiError | undefined;
  if (!settings.token) {
    failure = new SlotuiError('auth', `No token is set for profile ${settings.profileName}. Run \`slotui auth login --with-token\` or set SLOTUI_TOKEN.`);
  } else if (!settings.baseUrl) {
    failure = new SlotuiError('config', `No base URL is set for profile ${settings.profileName}, so the token cannot be checked. Set SLOTUI_BASE_URL or run \`slotui auth login --base-url URL --with-token\`.`);
  } else if (status.expired) {
    status.works = false;
    failure = new SlotuiError('auth', `The token expired on ${formatDate(claims?.exp)}. Get a new one and run \`slotui auth login --with-token\`.`);
  } else {
    try {
      const client = await ctx.connect(settings);
      await client.probe();
      status.works = true;
    } catch (error) {
      if (!isSlotuiError(error)) throw error;
      if (error.kind === 'auth') status.works = false;
      failure = error;
    }
  }
  if (failure) status.problem = failure.message;

  if (booleanFlag(ctx.flags, 'json')) {
    await ctx.out.write(`${JSON.stringify(status, null, 2)}\n`);
  } else {
    await ctx.out.write(describeStatus(status, now));
  }
  if (failure) throw failure;
  return 0;
}

const SOURCE_TEXT: Record<string, string> = {
  env: 'from the environment',
  profile: 'from the profile',
  flag: 'from the command line',
  default: 'default',
  none: 'not set',
};

function describeStatus(status: Status, now: Date): string {
  const profileNote = {
    flag: 'from --profile',
    env: 'from SLOTUI_PROFILE',
    current: 'the current profile',
    default: 'the default profile',
  }[status.profileSource];
  const others = status.storedProfiles.filter((p) => p !== status.profile);
  const rows: [string, string][] = [
    ['Profile', `${status.profile} (${profileNote}${others.length ? `; other profiles: ${others.join(', ')}` : ''})`],
    ['Base URL', status.baseUrl ? `${sanitizeLine(status.baseUrl)} (${status.baseUrlSource === 'env' ? 'from SLOTUI_BASE_URL' : SOURCE_TEXT[status.baseUrlSource]})` : 'not set'],
  ];
  if (status.tokenSource === 'none') {
    rows.push(['Token', 'not set']);
  } else {
    const ending = status.tokenEnding ? `ends in …${status.tokenEnding}` : 'set';
    const source = status.tokenSource === 'env' ? 'from SLOTUI_TOKEN, which wins over any stored token' : 'stored in the profile';
    rows.push(['Token', `${ending} (${source})`]);
    rows.push(['User', status.user ?? (status.expiresAt ? 'not named in the token' : 'unknown (the token is not a JWT slotui can read)')]);
    if (status.expiresAt) {
      const exp = new Date(status.expiresAt);
      const days = daysUntil(exp, now);
      rows.push(['Expires', `${formatDate(exp)} (${status.expired ? 'expired' : days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`})`]);
    }
  }
  const check = status.expired ? 'the token has expired (not sent to the service)'
    : status.works === true ? 'the service accepts the token'
    : status.works === false ? 'the service refuses the token'
    : status.tokenSource === 'none' || !status.baseUrl ? 'not checked' : 'could not reach the service';
  rows.push(['Check', check]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${label.padEnd(width)}${value}\n`).join('');
}
