/**
 * `slotui auth status [--json]`: the profile, base URL, where the token comes
 * from, its user and expiry (from its claims), and whether the service
 * accepts it now (one request). Never the token: at most its last 4 characters.
 *
 * Exit: 0 when the token works; 4 when there is none or the service refuses it
 * (or it has expired); 1 when the service cannot be asked (no base URL, network).
 */
import { SlotuiError, isSlotuiError } from '../../api/errors.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { isExpired, tokenUser, tryDecodeClaims } from '../../config/jwt.js';
import { withheldTokenSentence } from '../../config/settings.js';
import type { Profile } from '../../config/types.js';
import { booleanFlag, stringFlag } from '../args.js';
import type { Context } from '../context.js';
import { terminalSafeJson } from '../format.js';
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
  /** The service answered the TLS handshake with a certificate slotui does not trust (not "unreachable"). */
  certificateProblem: boolean;
}

export async function authStatusCommand(ctx: Context): Promise<number> {
  const settings = ctx.settings();
  const now = ctx.now();
  const stored = ctx.store().read();
  const claims = settings.token ? tryDecodeClaims(settings.token) : undefined;

  const status: Status = {
    profile: settings.profileName,
    profileSource: stringFlag(ctx.flags, 'profile')
      ? 'flag'
      : ctx.io.env.SLOTUI_PROFILE?.trim()
        ? 'env'
        : stored.currentProfile
          ? 'current'
          : 'default',
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
    certificateProblem: false,
  };

  let failure: SlotuiError | undefined;
  if (!settings.token) {
    failure = new SlotuiError(
      'auth',
      withheldTokenSentence(settings) ??
        `No token is set for profile ${settings.profileName}. Run \`slotui auth login --with-token\` or set SLOTUI_TOKEN.`,
    );
  } else if (!settings.baseUrl) {
    failure = new SlotuiError(
      'config',
      `No base URL is set for profile ${settings.profileName}, so the token cannot be checked. Set SLOTUI_BASE_URL or run \`slotui auth login --base-url URL --with-token\`.`,
    );
  } else if (status.expired) {
    status.works = false;
    failure = new SlotuiError(
      'auth',
      `The token expired on ${formatDate(claims?.exp)}. Get a new one and run \`slotui auth login --with-token\`.`,
    );
  } else {
    try {
      const client = await ctx.connect(settings);
      await client.probe();
      status.works = true;
    } catch (error) {
      if (!isSlotuiError(error)) throw error;
      if (error.kind === 'auth') status.works = false;
      if (error.kind === 'tls') status.certificateProblem = true;
      failure = error;
    }
  }
  if (failure) status.problem = failure.message;
  const profiles = await profileSummaries(ctx, stored, status, now);

  if (booleanFlag(ctx.flags, 'json')) {
    await ctx.out.write(`${terminalSafeJson({ ...status, profiles }, 2)}\n`);
  } else {
    await ctx.out.write(describeStatus(status, now) + describeProfiles(profiles, status));
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
  // Profile names come from a file anyone may have edited by hand: shown as server text is.
  const others = status.storedProfiles.filter((p) => p !== status.profile).map(sanitizeLine);
  const rows: [string, string][] = [
    [
      'Profile',
      `${sanitizeLine(status.profile)} (${profileNote}${others.length ? `; other profiles: ${others.join(', ')}` : ''})`,
    ],
    [
      'Base URL',
      status.baseUrl
        ? `${sanitizeLine(status.baseUrl)} (${status.baseUrlSource === 'env' ? 'from SLOTUI_BASE_URL' : SOURCE_TEXT[status.baseUrlSource]})`
        : 'not set',
    ],
  ];
  if (status.tokenSource === 'none') {
    rows.push(['Token', 'not set']);
  } else {
    const ending = status.tokenEnding ? `ends in …${status.tokenEnding}` : 'set';
    const source =
      status.tokenSource === 'env' ? 'from SLOTUI_TOKEN, which wins over any stored token' : 'stored in the profile';
    rows.push(['Token', `${ending} (${source})`]);
    rows.push([
      'User',
      status.user ?? (status.expiresAt ? 'not named in the token' : 'unknown (the token is not a JWT slotui can read)'),
    ]);
    if (status.expiresAt) {
      const exp = new Date(status.expiresAt);
      const days = daysUntil(exp, now);
      rows.push([
        'Expires',
        `${formatDate(exp)} (${status.expired ? 'expired' : days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`})`,
      ]);
    }
  }
  const check = status.expired
    ? 'the token has expired (not sent to the service)'
    : status.works === true
      ? 'the service accepts the token'
      : status.works === false
        ? 'the service refuses the token'
        : status.tokenSource === 'none' || !status.baseUrl
          ? 'not checked'
          : status.certificateProblem
            ? 'the service was reached, but its certificate is not trusted or not valid (set SLOTUI_CA_FILE or --ca-file)'
            : 'could not reach the service';
  rows.push(['Check', check]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${label.padEnd(width)}${value}\n`).join('');
}

/** One stored profile as `auth status` lists it (never the token: at most its last 4 characters). */
interface ProfileSummary {
  name: string;
  current: boolean;
  host: string | null;
  hasToken: boolean;
  tokenEnding: string | null;
  user: string | null;
  expiresAt: string | null;
  /** true: accepted now; false: refused or expired; null: not checked (no token or base URL, or unreachable). */
  works: boolean | null;
}

/**
 * Every stored profile, each token checked with one request (the profile in
 * use was checked above and is not asked twice). Probes run side by side.
 */
async function profileSummaries(
  ctx: Context,
  stored: { profiles: Record<string, Profile> },
  status: Status,
  now: Date,
): Promise<ProfileSummary[]> {
  const names = Object.keys(stored.profiles).sort();
  return Promise.all(
    names.map(async (name): Promise<ProfileSummary> => {
      const profile = stored.profiles[name] ?? {};
      const claims = profile.token ? tryDecodeClaims(profile.token) : undefined;
      const summary: ProfileSummary = {
        name,
        current: name === status.profile,
        host: hostOf(profile.baseUrl),
        hasToken: Boolean(profile.token),
        tokenEnding: profile.token ? (tokenEnding(profile.token) ?? null) : null,
        user: claims ? (tokenUser(claims) ?? null) : null,
        expiresAt: claims?.exp ? claims.exp.toISOString() : null,
        works: null,
      };
      if (!profile.token || !profile.baseUrl) return summary;
      if (claims && isExpired(claims, now)) return { ...summary, works: false };
      // The profile in use, with its own stored token: already checked.
      if (summary.current && status.tokenSource === 'profile') return { ...summary, works: status.works };
      ctx.secrets.add(profile.token);
      try {
        const client = await ctx.connect({
          ...ctx.settings(name),
          baseUrl: profile.baseUrl,
          token: profile.token,
          tokenSource: 'profile',
          readOnly: true,
        });
        await client.probe();
        return { ...summary, works: true };
      } catch (error) {
        if (!isSlotuiError(error)) throw error;
        return { ...summary, works: error.kind === 'auth' ? false : null };
      }
    }),
  );
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return sanitizeLine(url).slice(0, 60);
  }
}

function describeProfiles(profiles: ProfileSummary[], status: Status): string {
  if (profiles.length === 0) return '';
  const lines = ['', 'Stored profiles (* the one in use):'];
  for (const p of profiles) {
    const token = p.tokenEnding ? `token …${p.tokenEnding}` : p.hasToken ? 'token set' : 'no token';
    const parts = [
      `${p.current ? '*' : ' '} ${sanitizeLine(p.name)}`,
      p.host ?? 'no base URL',
      token,
      p.user ? `user ${sanitizeLine(p.user)}` : '',
      p.expiresAt ? `expires ${p.expiresAt.slice(0, 10)}` : '',
      p.works === true ? 'works' : p.works === false ? 'refused or expired' : 'not checked',
    ].filter(Boolean);
    lines.push(`  ${parts.join(' · ')}`);
  }
  if (status.tokenSource === 'env')
    lines.push('SLOTUI_TOKEN is set: it wins over the stored token of the profile in use.');
  return `${lines.join('\n')}\n`;
}
