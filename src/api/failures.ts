/**
 * Maps what went wrong on the wire (an HTTP status with its body, or a
 * socket/TLS/timeout error) to a SlotuiError whose message says, in one or
 * two sentences, what happened and what to do. Server text is sanitised and
 * cut short; the token never appears (the transport redacts as a last guard).
 */
import { SlotuiError, adviceEverywhere, type Advice } from './errors.js';
import type { ResourceDef, ResourceName } from './resources.js';
import { sanitizeServerText } from './text.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What a request is for, so messages can speak of SLIs and ids rather than paths. */
export interface Target {
  resource: ResourceName;
  def: ResourceDef;
  action: 'list' | 'page' | 'get' | 'create' | 'update' | 'remove' | 'probe';
  id?: string;
}

export interface RequestContext {
  method: Method;
  url: URL;
  target: Target;
  timeouts: { connectMs: number; headersMs: number; bodyMs: number; totalMs: number };
  /** Extra certificate authorities were given (SLOTUI_CA_FILE or the profile's caFile): advice must not ask for them again. */
  extraCa?: boolean;
}

/** A failed try, and whether trying the same GET again could help. */
export interface Failure {
  error: SlotuiError;
  retryable: boolean;
}

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
const MAX_FIELDS = 50;

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10}s`;
const pathOf = (ctx: RequestContext): string => sanitizeServerText(ctx.url.pathname, 120);

/** Where to look when a path is wrong: the profile's per-resource path. */
const pathAdvice = (ctx: RequestContext): string =>
  `Check the base URL and the profile's path for ${ctx.target.resource}.`;

export function statusFailure(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  bodyText: string,
  ctx: RequestContext,
  now = Date.now(),
): Failure {
  const body = parseErrorBody(bodyText, headerValue(headers['content-type']));
  // A trailing full stop would end up before the closing parenthesis of the message.
  const detail = body.detail ? `: ${body.detail.replace(/[.!\s]+$/, '')}` : '';
  const path = pathOf(ctx);
  const { def } = ctx.target;
  const retryAfterMs = parseRetryAfter(headerValue(headers['retry-after']), now);
  const retryable = RETRYABLE_STATUSES.has(status);
  const fail = (
    kind: SlotuiError['kind'],
    message: string,
    extra: { fieldErrors?: Record<string, string[]>; advice?: Advice } = {},
  ): Failure => ({
    error: new SlotuiError(kind, message, { status, retryAfterMs, ...extra }),
    retryable,
  });

  if (status === 401) {
    return fail('auth', `The server refused the token (HTTP 401${detail}).`, {
      advice: adviceEverywhere('Run `slotui auth login` to set a valid token, or check SLOTUI_TOKEN.'),
    });
  }
  if (status === 403) {
    return fail(
      'auth',
      `The server refused access to ${path} (HTTP 403${detail}). The token's user may lack permission: log in as a user who has it with \`slotui auth login\`.`,
    );
  }
  if (status === 404 || status === 410) {
    const { action, id } = ctx.target;
    if ((action === 'get' || action === 'update' || action === 'remove') && id !== undefined) {
      return fail('not-found', `No ${def.singular} with id ${sanitizeServerText(id, 80)} (HTTP ${status}).`, {
        advice: {
          cli: `Check the id with \`slotui list ${def.name}\`.`,
          dashboard: 'It may have been deleted: Esc goes back, r reloads the list.',
        },
      });
    }
    return fail(
      'not-found',
      `This server does not expose ${def.title} at ${path} (HTTP ${status}). Set another path for ${def.name} in the profile, or check the base URL.`,
    );
  }
  if (status === 400 || status === 422) {
    const fields = body.fieldErrors ? summariseFields(body.fieldErrors) : '';
    const what = fields ? `: ${fields}` : detail;
    const advice = fields ? 'Fix these fields and try again.' : 'Check the values sent and try again.';
    return fail('validation', `The server rejected the request to ${path} (HTTP ${status}${what}). ${advice}`, {
      fieldErrors: body.fieldErrors,
    });
  }
  if (status === 409) {
    return fail(
      'validation',
      `The server refused the change to ${path} because it conflicts with the current data (HTTP 409${detail}). Reload and try again.`,
    );
  }
  if (status === 408) {
    return fail('timeout', `The server gave up waiting for the request to ${path} (HTTP 408). Try again.`);
  }
  if (status === 429) {
    const wait =
      retryAfterMs !== undefined
        ? `Wait ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds and try again.`
        : 'Wait a moment and try again.';
    return fail('rate-limited', `The server is limiting the rate of requests (HTTP 429). ${wait}`);
  }
  if (status === 405 || status === 406 || status === 415 || status === 501) {
    return fail(
      'protocol',
      `The server does not accept ${ctx.method} ${path} as slotui sends it (HTTP ${status}${detail}). ${pathAdvice(ctx)}`,
    );
  }
  if (status >= 500) {
    const failed = `The server failed to answer ${ctx.method} ${path} (HTTP ${status}${detail}).`;
    if (ctx.method === 'GET')
      return fail(
        'server',
        `${failed} Try again later; if it keeps failing, the service's operators need to look at it.`,
      );
    if (ctx.method === 'DELETE')
      return fail('server', `${failed} The record may or may not have been deleted: check before trying again.`);
    return fail('server', failed, {
      advice: {
        cli: `The change may or may not have been saved: check with \`slotui list ${def.name}\` before trying again.`,
        dashboard: 'The change may or may not have been saved: check the list (r reloads it) before trying again.',
      },
    });
  }
  if (status >= 400) {
    return fail(
      'validation',
      `The server refused the request to ${path} (HTTP ${status}${detail}). Check the values sent and try again.`,
    );
  }
  if (status >= 300) {
    const location = headerValue(headers.location);
    const to = location ? ` to ${sanitizeServerText(location, 120)}` : '';
    return fail(
      'protocol',
      `The server redirected ${path}${to} (HTTP ${status}); slotui does not follow redirects, so the token stays with the base URL. Set the base URL (or the profile's path) to the final address.`,
    );
  }
  return fail('protocol', `The server answered ${path} with an unexpected status (HTTP ${status}). ${pathAdvice(ctx)}`);
}

/** A 2xx body that is not what was expected (not JSON, empty, wrong shape). */
export function protocolError(ctx: RequestContext, what: string, status?: number): SlotuiError {
  return new SlotuiError('protocol', `The server's answer to ${pathOf(ctx)} ${what}. ${pathAdvice(ctx)}`, { status });
}

/** Describes a body that failed to parse as JSON, for protocolError. */
export function notJsonReason(text: string, contentType: string | undefined): string {
  if (text.trim() === '') return 'is empty, not JSON';
  if (looksLikeHtml(text, contentType)) return 'is an HTML page, not JSON';
  return 'is not valid JSON (it may have been cut off)';
}

const TLS_VERIFY_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
]);
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed and not trusted here',
  SELF_SIGNED_CERT_IN_CHAIN: 'it is issued by a self-signed authority that is not trusted here',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its issuer is not trusted here',
  UNABLE_TO_GET_ISSUER_CERT: 'its issuer is not trusted here',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its issuer is not trusted here',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it was issued for another host name',
};
/** The code of the error a try ends with when its total deadline passes (see the transport). */
export const DEADLINE_CODE = 'SLOTUI_REQUEST_DEADLINE';
const RESET_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'ECONNABORTED',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);

/** The error code of an error or of the first cause that has one. */
export function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * `phase` tells whether the answer had started: a socket that dies while the
 * body streams in means a cut-off answer (retried for GETs like a reset).
 */
export function transportFailure(error: unknown, phase: 'request' | 'body', ctx: RequestContext): Failure {
  const code = errorCode(error) ?? 'unknown';
  const origin = ctx.url.origin;
  const path = pathOf(ctx);
  const make = (kind: SlotuiError['kind'], message: string, retryable = false, advice?: Advice): Failure => ({
    error: new SlotuiError(kind, message, { cause: error, advice }),
    retryable,
  });

  if (code === 'UND_ERR_CLOSED' || code === 'UND_ERR_DESTROYED') {
    return make('cancelled', 'The client was closed while the request was under way. Try again.');
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return make(
      'timeout',
      `Connecting to ${origin} took longer than ${seconds(ctx.timeouts.connectMs)}. Check the network and the base URL, then try again.`,
    );
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return make(
      'timeout',
      `The server did not answer ${ctx.method} ${path} within ${seconds(ctx.timeouts.headersMs)}. Try again later; the service may be overloaded.`,
    );
  }
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return make(
      'timeout',
      `The server stopped sending its answer to ${path} for more than ${seconds(ctx.timeouts.bodyMs)}. Try again later; the service may be overloaded.`,
    );
  }
  if (code === DEADLINE_CODE) {
    return make(
      'timeout',
      `The server's answer to ${ctx.method} ${path} did not arrive whole within the request deadline of ${seconds(ctx.timeouts.totalMs)}. Try again later, or give it longer with SLOTUI_REQUEST_TIMEOUT (seconds) or the profile's requestTimeout.`,
    );
  }
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
    return make('protocol', `The server's answer to ${path} is too large to be a page of records. ${pathAdvice(ctx)}`);
  }
  if (TLS_VERIFY_CODES.has(code) || /CERT|SELF_SIGNED/.test(code)) {
    const why = CERTIFICATE_PROBLEMS[code] ?? code;
    if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID' || code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
      return make(
        'tls',
        `The service's certificate is not valid (${origin}: ${why}). Check the base URL and the machine's clock; the service's operators may need to renew the certificate.`,
      );
    }
    if (ctx.extraCa)
      return make(
        'tls',
        `The service's certificate is not trusted (${origin}: ${why}), not even by the CA file given (SLOTUI_CA_FILE or the profile's caFile): that file does not hold the authority that signed it. Check that it is the service's CA certificate (PEM), or ask the service's operators which one is.`,
      );
    return make('tls', `The service's certificate is not trusted (${origin}: ${why}).`, false, {
      cli: 'If the service uses a private certificate authority, set SLOTUI_CA_FILE or give --ca-file with its PEM file (`slotui auth login --ca-file FILE` stores it in the profile).',
      // Flags mean nothing in the dashboard, and the shorter sentence leaves room for the retry key at 80 columns.
      dashboard: 'If it uses a private certificate authority, start slotui with SLOTUI_CA_FILE set to its PEM file.',
    });
  }
  if (code.startsWith('ERR_SSL') || code === 'EPROTO' || code.startsWith('ERR_TLS')) {
    return make(
      'tls',
      `A secure (TLS) connection to ${origin} could not be made (${code}). Check that the base URL points at an HTTPS service.`,
    );
  }
  if (code === 'ECONNREFUSED') {
    return make(
      'network',
      `Could not connect to ${origin}: the connection was refused. Check the base URL and that the service is running.`,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NONAME') {
    return make(
      'network',
      `Could not find the host ${ctx.url.hostname} (DNS lookup failed). Check the base URL and the network.`,
    );
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ETIMEDOUT' || code === 'EADDRNOTAVAIL') {
    return make('network', `Could not reach ${origin} (${code}). Check the network and the base URL, then try again.`);
  }
  if (RESET_CODES.has(code)) {
    if (phase === 'body') {
      return make(
        'protocol',
        `The server's answer to ${path} was cut off before it was complete. Try again; if it keeps happening, the network or the service is failing.`,
        true,
      );
    }
    return make(
      'network',
      `The connection to ${origin} was closed before an answer arrived. Try again; if it keeps happening, the network or the service is failing.`,
      true,
    );
  }
  if (code.startsWith('HPE_')) {
    return make(
      'protocol',
      `The server's answer to ${path} is not valid HTTP (${code}). Check that the base URL points at the service.`,
    );
  }
  return make(
    'network',
    `The request to ${origin} failed (${sanitizeServerText(code, 60)}). Check the network and try again.`,
  );
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After as milliseconds from delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, date - now);
}

export function looksLikeHtml(text: string, contentType: string | undefined): boolean {
  return /html/i.test(contentType ?? '') || /^\s*<(!doctype|html|head|body|\?xml|[a-z]+[\s>])/i.test(text);
}

interface ErrorBody {
  detail?: string;
  fieldErrors?: Record<string, string[]>;
}

/**
 * Reads the server's explanation from an error body. Accepted shapes:
 * {"errors": {field: [msg]}} (the sandbox), DRF's {field: [msg]} and
 * {"detail": msg}, {"message": msg}, {"error": msg}, or plain text.
 */
export function parseErrorBody(text: string, contentType: string | undefined): ErrorBody {
  if (text.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { detail: looksLikeHtml(text, contentType) ? 'an HTML page' : sanitizeServerText(text) || undefined };
  }
  if (typeof json === 'string') return { detail: sanitizeServerText(json) || undefined };
  if (!json || typeof json !== 'object' || Array.isArray(json)) return {};
  const obj = json as Record<string, unknown>;
  const out: ErrorBody = {};
  for (const key of ['detail', 'message', 'error', 'title', 'non_field_errors']) {
    const value = messagesOf(obj[key]);
    if (value.length > 0) {
      out.detail = sanitizeServerText(value.join(' '));
      break;
    }
  }
  const source =
    obj.errors && typeof obj.errors === 'object' && !Array.isArray(obj.errors)
      ? (obj.errors as Record<string, unknown>)
      : obj;
  // A Map: field names are the server's (a field may be called __proto__ or constructor).
  const fields = new Map<string, string[]>();
  for (const [key, value] of Object.entries(source)) {
    if (
      source === obj &&
      ['detail', 'message', 'error', 'errors', 'title', 'non_field_errors', 'status', 'code', 'type'].includes(key)
    )
      continue;
    const messages = messagesOf(value);
    if (messages.length === 0) continue;
    if (fields.size >= MAX_FIELDS) break;
    fields.set(
      sanitizeServerText(key, 60),
      messages.slice(0, 10).map((m) => sanitizeServerText(m)),
    );
  }
  if (fields.size > 0) out.fieldErrors = Object.fromEntries(fields);
  if (!out.detail && Array.isArray(obj.errors)) {
    const messages = messagesOf(obj.errors);
    if (messages.length > 0) out.detail = sanitizeServerText(messages.join(' '));
  }
  return out;
}

/** Arrays of messages nest at most this deep (["a", ["b"]]); deeper ones are not messages. */
const MAX_MESSAGE_NESTING = 3;

/** Strings from a string, an array of strings, or {message}/{msg} objects; nothing else. */
function messagesOf(value: unknown, level = 1): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value))
    return level > MAX_MESSAGE_NESTING ? [] : value.slice(0, 20).flatMap((v) => messagesOf(v, level + 1));
  if (value && typeof value === 'object') {
    const m = (value as { message?: unknown; msg?: unknown }).message ?? (value as { msg?: unknown }).msg;
    return typeof m === 'string' && m.trim() ? [m] : [];
  }
  return [];
}

function summariseFields(fields: Record<string, string[]>): string {
  const parts = Object.entries(fields)
    .slice(0, 3)
    .map(([field, messages]) => `${field}: ${messages.join(' ').replace(/[.\s]+$/, '')}`);
  const more = Object.keys(fields).length > 3 ? `; and ${Object.keys(fields).length - 3} more` : '';
  return sanitizeServerText(parts.join('; ') + more);
}
