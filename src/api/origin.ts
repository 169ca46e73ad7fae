/**
 * The base URL is the one place the token may go. Everything here is about
 * keeping every request on that origin: parsing the base URL (https only),
 * joining resource paths under it, and refusing links that lead elsewhere.
 */
import { SlotuiError } from './errors.js';
import type { ResourceDef } from './resources.js';
import { sanitizeServerText } from './text.js';

/** Parses and checks the base URL; throws a SlotuiError before anything is sent. */
export function parseBaseUrl(baseUrl: string): URL {
  const text = baseUrl.trim();
  if (text === '') {
    throw new SlotuiError(
      'config',
      "No base URL is set. Set SLOTUI_BASE_URL or the profile's baseUrl to the service's https:// address.",
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SlotuiError(
      'config',
      `The base URL "${sanitizeServerText(text, 80)}" is not a valid URL. Set it to the service's address, such as https://slo.example.com.`,
    );
  }
  if (url.protocol === 'http:') {
    throw new SlotuiError(
      'insecure',
      `The base URL ${url.origin} uses plain http, which would expose the token. Use its https:// address instead.`,
    );
  }
  if (url.protocol !== 'https:') {
    throw new SlotuiError(
      'insecure',
      `The base URL must start with https:// (it starts with ${sanitizeServerText(url.protocol, 20)}). Set it to the service's https:// address.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new SlotuiError(
      'config',
      'The base URL must not carry a user name or password. Remove them from the URL and set the token with `slotui auth login` instead.',
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new SlotuiError(
      'config',
      `The base URL ${url.origin}${url.pathname} must not carry a query (?) or fragment (#). Remove them from the URL.`,
    );
  }
  return url;
}

/** Appends a path to the base URL's path prefix (https://host/api + /v1/slis/), without doubled slashes. */
export function joinUnderBase(base: URL, path: string): URL {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
    throw new SlotuiError(
      'config',
      `The resource path "${sanitizeServerText(path, 80)}" must be a path such as /v1/slis/, not a full URL. Fix the path in the profile.`,
    );
  }
  const prefix = base.pathname.replace(/\/+$/, '');
  const rest = path.replace(/^\/+/, '');
  const [pathname = '', query] = `${prefix}/${rest}`.split(/\?(.*)/s, 2);
  const url = new URL(base.origin);
  url.pathname = pathname.replace(/\/{2,}/g, '/');
  if (query) url.search = query;
  return url;
}

/**
 * Why an id cannot name one record, or undefined when it can. An id becomes
 * one path segment under the resource's list (encoded, so "/" and "?" stay
 * inside it), but "." and ".." are resolved away as path steps:
 * DELETE /v1/slis/. would be DELETE /v1/slis/, the whole collection.
 */
export function recordIdProblem(id: string): string | undefined {
  if (typeof id !== 'string' || id.trim() === '') return 'it is empty';
  if (id === '.' || id === '..') return '. and .. are path steps, not ids';
  return undefined;
}

/** Refuses, before anything is sent, an id that is not one path segment (see recordIdProblem). */
export function checkRecordId(def: Pick<ResourceDef, 'name' | 'singular'>, id: string): void {
  const problem = recordIdProblem(id);
  if (problem === undefined) return;
  const { name: resource, singular } = def;
  const what =
    typeof id !== 'string' || id.trim() === ''
      ? `The ${singular} id is empty`
      : `The ${singular} id "${sanitizeServerText(id, 60)}" cannot be sent (${problem})`;
  throw new SlotuiError('usage', `${what}. Give the id of a record, as shown by \`slotui list ${resource}\`.`);
}

/** The URL of one record under a list URL: list + encoded id + '/'. Refuses an id that is not one path segment. */
export function itemUnder(listUrl: URL, id: string): URL {
  const problem = recordIdProblem(id);
  if (problem)
    throw new SlotuiError('usage', `The id "${sanitizeServerText(String(id), 60)}" cannot name a record: ${problem}.`);
  const url = new URL(listUrl.href);
  url.search = '';
  url.pathname = `${url.pathname.replace(/\/*$/, '/')}${encodeURIComponent(id)}/`;
  return url;
}

/**
 * Resolves a link from the server (next/previous) and checks it stays on the
 * base URL's origin. Refused before any request, so a misconfigured or hostile
 * server cannot collect the token.
 */
export function sameOriginLink(base: URL, link: string, relativeTo: URL | string = base): URL {
  let url: URL;
  try {
    url = new URL(link, relativeTo);
  } catch {
    throw new SlotuiError(
      'protocol',
      `The server gave a page link that is not a valid URL ("${sanitizeServerText(link, 80)}"). Check the base URL, or report this to the service's operators.`,
    );
  }
  assertSameOrigin(base, url);
  if (url.username !== '' || url.password !== '') {
    // Credentials in a link are not ours to send; drop them rather than pass them on.
    url.username = '';
    url.password = '';
  }
  url.hash = '';
  return url;
}

/** Throws 'insecure' when a URL is not on the base URL's scheme, host and port. */
export function assertSameOrigin(base: URL, url: URL): void {
  if (url.protocol === base.protocol && url.host === base.host) return;
  const where = url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : `${url.protocol}//${url.host}`;
  throw new SlotuiError(
    'insecure',
    `Refused to follow a link to ${sanitizeServerText(where, 120)}: it is not the base URL's origin (${base.origin}), and the token must not go there. Check the base URL, or report the link to the service's operators.`,
  );
}
