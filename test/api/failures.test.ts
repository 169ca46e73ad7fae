/**
 * What each failure on the wire becomes, straight from src/api/failures.ts: every HTTP status
 * class and every socket, TLS and timeout code, with its kind (the exit code follows from it),
 * whether a GET is tried again, and the advice the CLI and the dashboard each give. The client
 * over the fake API (errors-service.test.ts, errorBodies.test.ts) shows the same from the outside.
 */
import { describe, expect, test } from 'vitest';
import type { ErrorKind } from '../../src/api/errors.js';
import {
  DEADLINE_CODE,
  errorCode,
  looksLikeHtml,
  notJsonReason,
  parseErrorBody,
  parseRetryAfter,
  protocolError,
  statusFailure,
  transportFailure,
  type Method,
  type RequestContext,
  type Target,
} from '../../src/api/failures.js';
import { RESOURCES } from '../../src/api/resources.js';

const def = RESOURCES.slis;
const ORIGIN = 'https://slo.example.com';

function ctx(
  method: Method = 'GET',
  action: Target['action'] = 'list',
  options: { id?: string; extraCa?: boolean } = {},
): RequestContext {
  const path = options.id === undefined ? def.defaultPath : `${def.defaultPath}${options.id}/`;
  return {
    method,
    url: new URL(`${ORIGIN}${path}`),
    target: { resource: def.name, def, action, id: options.id },
    timeouts: { connectMs: 1500, headersMs: 2000, bodyMs: 250, totalMs: 61_000 },
    extraCa: options.extraCa,
  };
}

const LIST_PATH = def.defaultPath;
const json = { 'content-type': 'application/json' };

describe('statusFailure: every status class, its kind, retry and advice', () => {
  const cases: {
    status: number;
    method?: Method;
    kind: ErrorKind;
    retryable: boolean;
    says: string;
  }[] = [
    { status: 401, kind: 'auth', retryable: false, says: 'The server refused the token (HTTP 401).' },
    { status: 403, kind: 'auth', retryable: false, says: `refused access to ${LIST_PATH} (HTTP 403)` },
    {
      status: 404,
      kind: 'not-found',
      retryable: false,
      says: `does not expose ${def.title} at ${LIST_PATH} (HTTP 404)`,
    },
    { status: 410, kind: 'not-found', retryable: false, says: '(HTTP 410)' },
    { status: 400, kind: 'validation', retryable: false, says: 'rejected the request' },
    { status: 422, kind: 'validation', retryable: false, says: 'rejected the request' },
    { status: 409, kind: 'validation', retryable: false, says: 'conflicts with the current data (HTTP 409)' },
    { status: 408, kind: 'timeout', retryable: false, says: 'gave up waiting' },
    { status: 429, kind: 'rate-limited', retryable: true, says: 'Wait a moment and try again.' },
    { status: 405, kind: 'protocol', retryable: false, says: `does not accept GET ${LIST_PATH}` },
    { status: 406, kind: 'protocol', retryable: false, says: '(HTTP 406)' },
    { status: 415, kind: 'protocol', retryable: false, says: '(HTTP 415)' },
    { status: 501, kind: 'protocol', retryable: false, says: '(HTTP 501)' },
    { status: 500, kind: 'server', retryable: false, says: 'Try again later' },
    { status: 502, kind: 'server', retryable: true, says: `failed to answer GET ${LIST_PATH} (HTTP 502)` },
    { status: 503, kind: 'server', retryable: true, says: '(HTTP 503)' },
    { status: 504, kind: 'server', retryable: true, says: '(HTTP 504)' },
    { status: 599, kind: 'server', retryable: false, says: '(HTTP 599)' },
    { status: 500, method: 'DELETE', kind: 'server', retryable: false, says: 'may or may not have been deleted' },
    { status: 499, kind: 'validation', retryable: false, says: 'refused the request' },
    { status: 418, kind: 'validation', retryable: false, says: '(HTTP 418). Check the values sent' },
    { status: 399, kind: 'protocol', retryable: false, says: 'redirected' },
    { status: 300, kind: 'protocol', retryable: false, says: `redirected ${LIST_PATH} (HTTP 300)` },
    { status: 299, kind: 'protocol', retryable: false, says: 'unexpected status (HTTP 299)' },
    { status: 200, kind: 'protocol', retryable: false, says: 'unexpected status (HTTP 200)' },
  ];
  test.each(cases)('HTTP $status $method → $kind', ({ status, method, kind, retryable, says }) => {
    const failure = statusFailure(status, {}, '', ctx(method));
    expect(failure.error.kind).toBe(kind);
    expect(failure.error.status).toBe(status);
    expect(failure.retryable).toBe(retryable);
    expect(failure.error.message).toContain(says);
  });

  test('401 advises logging in, in the CLI and the dashboard alike', () => {
    const { error } = statusFailure(401, {}, '', ctx());
    expect(error.advice).toEqual({
      cli: 'Run `slotui auth login` to set a valid token, or check SLOTUI_TOKEN.',
      dashboard: 'Run `slotui auth login` to set a valid token, or check SLOTUI_TOKEN.',
    });
    expect(error.exitCode).toBe(4);
  });

  test('403 has no advice of its own (the message says what to do)', () => {
    const { error } = statusFailure(403, {}, '', ctx());
    expect(error.advice).toBeUndefined();
    expect(error.message).toContain('`slotui auth login`');
  });

  test.each(['get', 'update', 'remove'] as const)(
    '404 for one record (%s): the id, and advice for each place',
    (action) => {
      const { error } = statusFailure(404, {}, '', ctx('GET', action, { id: 'sli-9\u001b[2J' }));
      expect(error.kind).toBe('not-found');
      expect(error.what).toBe(`No ${def.singular} with id sli-9 (HTTP 404).`);
      expect(error.advice).toEqual({
        cli: `Check the id with \`slotui list ${def.name}\`.`,
        dashboard: 'It may have been deleted: Esc goes back, r reloads the list.',
      });
    },
  );

  test('404 on a list, or on an action without an id, says the path is wrong and has no advice', () => {
    for (const failure of [
      statusFailure(404, {}, '', ctx('GET', 'list')),
      statusFailure(404, {}, '', ctx('GET', 'page', { id: 'x' })),
      statusFailure(404, {}, '', ctx('GET', 'get')),
    ]) {
      expect(failure.error.message).toContain('does not expose');
      expect(failure.error.advice).toBeUndefined();
    }
  });

  test('the server detail goes in the message without its trailing full stop', () => {
    const { error } = statusFailure(409, json, '{"detail": "Name taken!. "}', ctx('POST', 'create'));
    expect(error.message).toContain('(HTTP 409: Name taken). Reload and try again.');
    const html = statusFailure(500, { 'content-type': ['text/html', 'x'] }, '<p>down</p>', ctx());
    expect(html.error.message).toContain('(HTTP 500: an HTML page)');
    const withDots = statusFailure(403, {}, 'no.access.here', ctx());
    expect(withDots.error.message).toContain('(HTTP 403: no.access.here)');
  });

  test('a body sent as HTML is called an HTML page even when its text does not look like one; the same text as plain text is quoted', () => {
    const asHtml = statusFailure(503, { 'content-type': 'text/html; charset=utf-8' }, 'Down for maintenance', ctx());
    expect(asHtml.error.message).toContain('(HTTP 503: an HTML page)');
    const asText = statusFailure(503, { 'content-type': 'text/plain' }, 'Down for maintenance', ctx());
    expect(asText.error.message).toContain('(HTTP 503: Down for maintenance)');
  });

  test('400 with field errors names three fields and counts the rest; fieldErrors are kept', () => {
    const body = JSON.stringify({ a: ['Bad one.'], b: ['Too long.', 'Not text. '], c: 'Odd', d: ['x'], e: ['y'] });
    const { error } = statusFailure(400, json, body, ctx('POST', 'create'));
    expect(error.message).toContain(
      '(HTTP 400: a: Bad one; b: Too long. Not text; c: Odd; and 2 more). Fix these fields',
    );
    expect(error.fieldErrors).toEqual({
      a: ['Bad one.'],
      b: ['Too long.', 'Not text.'],
      c: ['Odd'],
      d: ['x'],
      e: ['y'],
    });
    // Every full stop and space at the end of a field's messages goes, not only the last one.
    const stops = statusFailure(
      400,
      json,
      JSON.stringify({ a: ['Too long...'], b: ['Odd. . '] }),
      ctx('POST', 'create'),
    );
    expect(stops.error.message).toContain('(HTTP 400: a: Too long; b: Odd). Fix these fields');
    const three = statusFailure(422, json, JSON.stringify({ a: ['1'], b: ['2'], c: ['3'] }), ctx('POST', 'create'));
    expect(three.error.message).toContain('(HTTP 422: a: 1; b: 2; c: 3). Fix these fields');
    const detailOnly = statusFailure(400, json, '{"detail": "Wrong"}', ctx('POST', 'create'));
    expect(detailOnly.error.message).toContain('(HTTP 400: Wrong). Check the values sent');
    expect(detailOnly.error.fieldErrors).toBeUndefined();
  });

  test('429 says how long to wait: Retry-After in whole seconds, at least 1', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const wait = (retryAfter: string | string[] | undefined) =>
      statusFailure(429, { 'retry-after': retryAfter }, '', ctx(), now).error;
    expect(wait('3').message).toContain('Wait 3 seconds and try again.');
    expect(wait('3').retryAfterMs).toBe(3000);
    expect(wait(['0', '9']).message).toContain('Wait 1 seconds and try again.');
    expect(wait('Thu, 01 Jan 2026 00:00:02 GMT').retryAfterMs).toBe(2000);
    expect(wait(undefined).message).toContain('Wait a moment and try again.');
    expect(wait(undefined).retryAfterMs).toBeUndefined();
  });

  test('a 5xx to a change: the CLI says to list, the dashboard to reload', () => {
    for (const method of ['POST', 'PATCH'] as const) {
      const { error } = statusFailure(502, {}, '', ctx(method, 'update', { id: 'x' }));
      expect(error.advice).toEqual({
        cli: `The change may or may not have been saved: check with \`slotui list ${def.name}\` before trying again.`,
        dashboard: 'The change may or may not have been saved: check the list (r reloads it) before trying again.',
      });
    }
    expect(statusFailure(502, {}, '', ctx('GET')).error.advice).toBeUndefined();
    expect(statusFailure(502, {}, '', ctx('DELETE')).error.advice).toBeUndefined();
  });

  test('a redirect names where it leads (sanitised), and never follows it', () => {
    const to = statusFailure(302, { location: 'https://elsewhere.example/\u001b[31mx' }, '', ctx()).error.message;
    expect(to).toContain(`redirected ${LIST_PATH} to https://elsewhere.example/ x (HTTP 302)`);
    const nowhere = statusFailure(307, {}, '', ctx()).error.message;
    expect(nowhere).toContain(`redirected ${LIST_PATH} (HTTP 307)`);
  });
});

describe('transportFailure: every socket, TLS and timeout code', () => {
  const fail = (code: string | undefined, phase: 'request' | 'body' = 'request', context = ctx()) =>
    transportFailure(Object.assign(new Error('boom'), code === undefined ? {} : { code }), phase, context);

  const cases: { code: string; kind: ErrorKind; says: string }[] = [
    { code: 'UND_ERR_CLOSED', kind: 'cancelled', says: 'The client was closed' },
    { code: 'UND_ERR_DESTROYED', kind: 'cancelled', says: 'The client was closed' },
    { code: 'UND_ERR_CONNECT_TIMEOUT', kind: 'timeout', says: `Connecting to ${ORIGIN} took longer than 1.5s.` },
    { code: 'UND_ERR_HEADERS_TIMEOUT', kind: 'timeout', says: `did not answer GET ${LIST_PATH} within 2s.` },
    { code: 'UND_ERR_BODY_TIMEOUT', kind: 'timeout', says: 'for more than 0.3s.' },
    { code: DEADLINE_CODE, kind: 'timeout', says: 'the request deadline of 61s.' },
    { code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE', kind: 'protocol', says: 'is too large to be a page of records' },
    {
      code: 'ERR_SSL_WRONG_VERSION_NUMBER',
      kind: 'tls',
      says: `to ${ORIGIN} could not be made (ERR_SSL_WRONG_VERSION_NUMBER)`,
    },
    { code: 'EPROTO', kind: 'tls', says: 'could not be made (EPROTO)' },
    { code: 'ERR_TLS_HANDSHAKE_TIMEOUT', kind: 'tls', says: 'could not be made (ERR_TLS_HANDSHAKE_TIMEOUT)' },
    { code: 'ECONNREFUSED', kind: 'network', says: `Could not connect to ${ORIGIN}: the connection was refused.` },
    { code: 'ENOTFOUND', kind: 'network', says: 'Could not find the host slo.example.com' },
    { code: 'EAI_AGAIN', kind: 'network', says: 'Could not find the host' },
    { code: 'EAI_FAIL', kind: 'network', says: 'Could not find the host' },
    { code: 'EAI_NONAME', kind: 'network', says: 'Could not find the host' },
    { code: 'EHOSTUNREACH', kind: 'network', says: `Could not reach ${ORIGIN} (EHOSTUNREACH)` },
    { code: 'ENETUNREACH', kind: 'network', says: 'Could not reach' },
    { code: 'ETIMEDOUT', kind: 'network', says: 'Could not reach' },
    { code: 'EADDRNOTAVAIL', kind: 'network', says: 'Could not reach' },
    { code: 'HPE_INVALID_CONSTANT', kind: 'protocol', says: 'is not valid HTTP (HPE_INVALID_CONSTANT)' },
    { code: 'EWEIRD', kind: 'network', says: `The request to ${ORIGIN} failed (EWEIRD).` },
  ];
  test.each(cases)('$code → $kind, not tried again', ({ code, kind, says }) => {
    const failure = fail(code);
    expect(failure.error.kind).toBe(kind);
    expect(failure.error.message).toContain(says);
    expect(failure.retryable).toBe(false);
    expect(failure.error.advice).toBeUndefined();
    expect(failure.error.cause).toBeInstanceOf(Error);
  });

  test('an error without a code is an unknown network failure', () => {
    expect(fail(undefined).error.message).toContain('failed (unknown)');
    expect(transportFailure('text', 'request', ctx()).error.kind).toBe('network');
  });

  test.each(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH'])(
    '%s: a closed connection before the answer, a cut-off answer during it; both tried again',
    (code) => {
      const before = fail(code, 'request');
      expect(before.error.kind).toBe('network');
      expect(before.error.message).toContain(`The connection to ${ORIGIN} was closed before an answer arrived.`);
      expect(before.retryable).toBe(true);
      const during = fail(code, 'body');
      expect(during.error.kind).toBe('protocol');
      expect(during.error.message).toContain('was cut off before it was complete');
      expect(during.retryable).toBe(true);
    },
  );

  const untrusted: [string, string][] = [
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'it is self-signed and not trusted here'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'it is issued by a self-signed authority that is not trusted here'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'its issuer is not trusted here'],
    ['UNABLE_TO_GET_ISSUER_CERT', 'its issuer is not trusted here'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'its issuer is not trusted here'],
    ['CERT_UNTRUSTED', 'CERT_UNTRUSTED'],
    ['CERT_REJECTED', 'CERT_REJECTED'],
    ['CERT_SIGNATURE_FAILURE', 'CERT_SIGNATURE_FAILURE'],
    ['HOSTNAME_MISMATCH', 'HOSTNAME_MISMATCH'],
    ['CERT_REVOKED', 'CERT_REVOKED'],
    ['INVALID_CA', 'INVALID_CA'],
    ['PATH_LENGTH_EXCEEDED', 'PATH_LENGTH_EXCEEDED'],
    ['INVALID_PURPOSE', 'INVALID_PURPOSE'],
    ['SOME_NEW_CERT_PROBLEM', 'SOME_NEW_CERT_PROBLEM'],
  ];
  test.each(untrusted)('%s: not trusted; the CLI names the flag, the dashboard the variable', (code, why) => {
    const { error, retryable } = fail(code);
    expect(error.kind).toBe('tls');
    expect(retryable).toBe(false);
    expect(error.what).toBe(`The service's certificate is not trusted (${ORIGIN}: ${why}).`);
    expect(error.advice?.cli).toContain('--ca-file FILE');
    expect(error.advice?.dashboard).toBe(
      'If it uses a private certificate authority, start slotui with SLOTUI_CA_FILE set to its PEM file.',
    );
    const withCa = fail(code, 'request', ctx('GET', 'list', { extraCa: true })).error;
    expect(withCa.kind).toBe('tls');
    expect(withCa.message).toContain(`(${ORIGIN}: ${why}), not even by the CA file given`);
    expect(withCa.advice).toBeUndefined();
  });

  const invalid: [string, string][] = [
    ['CERT_HAS_EXPIRED', 'it has expired'],
    ['CERT_NOT_YET_VALID', 'it is not valid yet'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'it was issued for another host name'],
  ];
  test.each(invalid)('%s: not valid, whatever CA file is given', (code, why) => {
    for (const extraCa of [false, true]) {
      const { error } = fail(code, 'request', ctx('GET', 'list', { extraCa }));
      expect(error.kind).toBe('tls');
      expect(error.message).toContain(`The service's certificate is not valid (${ORIGIN}: ${why}).`);
      expect(error.advice).toBeUndefined();
    }
  });
});

describe('errorCode', () => {
  test('the first code along the chain of causes, up to five deep', () => {
    expect(errorCode({ code: 'A' })).toBe('A');
    expect(errorCode({ code: 5, cause: { cause: { code: 'C' } } })).toBe('C');
    const chain = (depth: number): unknown => (depth === 0 ? { code: 'DEEP' } : { cause: chain(depth - 1) });
    expect(errorCode(chain(4))).toBe('DEEP');
    expect(errorCode(chain(5))).toBeUndefined();
    expect(errorCode({ cause: 'ECONNRESET' })).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
    expect(errorCode('ECONNRESET')).toBeUndefined();
  });
});

describe('bodies that are not what was expected', () => {
  test('protocolError names the path and where to look, with the status', () => {
    const error = protocolError(ctx(), 'is not a page');
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain(`The server's answer to ${LIST_PATH} is not a page.`);
    expect(protocolError(ctx(), 'x', 200).status).toBe(200);
  });

  test('notJsonReason tells empty, HTML and cut-off bodies apart', () => {
    expect(notJsonReason('', undefined)).toBe('is empty, not JSON');
    expect(notJsonReason(' \n', undefined)).toBe('is empty, not JSON');
    expect(notJsonReason('<html>', undefined)).toBe('is an HTML page, not JSON');
    expect(notJsonReason('{}', 'text/html')).toBe('is an HTML page, not JSON');
    expect(notJsonReason('{"a":', 'application/json')).toBe('is not valid JSON (it may have been cut off)');
  });

  test.each([
    ['<!DOCTYPE html><p>', undefined, true],
    ['  <html lang="en">', undefined, true],
    ['<?xml version="1.0"?>', undefined, true],
    ['<div>x</div>', undefined, true],
    ['<p class="a">', undefined, true],
    ['{"a": 1}', 'text/HTML; charset=utf-8', true],
    ['x <html>', undefined, false],
    ['<3 hearts', undefined, false],
    ['<a1>', undefined, false],
    ['{"html": true}', 'application/json', false],
    ['', undefined, false],
  ])('looksLikeHtml(%j, %j) is %s', (text, contentType, expected) => {
    expect(looksLikeHtml(text, contentType)).toBe(expected);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  test('whole seconds or an HTTP date; anything else is unreadable', () => {
    expect(parseRetryAfter('12', now)).toBe(12_000);
    expect(parseRetryAfter('12abc', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
    expect(parseRetryAfter('2026', now)).toBe(2_026_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60_000);
  });
});

describe('parseErrorBody, shape by shape', () => {
  test.each([
    ['a JSON string', '"Broken"', { detail: 'Broken' }],
    ['a blank JSON string', '"  "', {}],
    ['JSON null', 'null', {}],
    ['a JSON number', '42', {}],
    ['a JSON array', '["a"]', {}],
    ['message', '{"message": "M"}', { detail: 'M' }],
    ['error', '{"error": "E"}', { detail: 'E' }],
    ['title', '{"title": "T"}', { detail: 'T' }],
    ['detail before message', '{"message": "M", "detail": "D"}', { detail: 'D' }],
    ['a list of messages, joined', '{"detail": ["one", "two"]}', { detail: 'one two' }],
    ['message objects', '{"errors": [{"message": "a"}, {"msg": "b"}]}', { detail: 'a b' }],
    ['blank messages', '{"errors": ["  ", {"message": " "}]}', {}],
    ['a message that is not text', '{"detail": {"message": 5, "msg": "m"}}', {}],
    ['errors as text', '{"errors": "text"}', {}],
    ['nested three deep', '{"detail": [[["deep"]]]}', { detail: 'deep' }],
    ['nested four deep', '{"detail": [[[["deeper"]]]]}', {}],
    [
      'field names the server uses for itself, at the top only',
      '{"message": "m", "status": "bad", "code": "c", "type": "t", "title": "x", "error": "e", "name": ["n"]}',
      { detail: 'm', fieldErrors: { name: ['n'] } },
    ],
    [
      'the same names inside errors are fields',
      '{"errors": {"status": ["s"], "code": ["c"], "type": ["t"]}}',
      { fieldErrors: { status: ['s'], code: ['c'], type: ['t'] } },
    ],
  ])('%s', (_, body, expected) => {
    expect(parseErrorBody(body, 'application/json')).toEqual(expected);
  });

  test('at most 20 messages a list and 10 a field', () => {
    const many = Array.from({ length: 25 }, (_, i) => `m${i}`);
    expect(parseErrorBody(JSON.stringify({ detail: many }), undefined).detail).toBe(many.slice(0, 20).join(' '));
    expect(parseErrorBody(JSON.stringify({ name: many }), undefined).fieldErrors?.name).toEqual(many.slice(0, 10));
  });
});
