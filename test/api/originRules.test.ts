/**
 * src/api/origin.ts on its own: which base URLs are taken, how resource paths and ids join under
 * them, and which server links are followed (the token goes only to the base URL's origin).
 * The client refusing real requests is origin.int.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { SlotuiError, type ErrorKind } from '../../src/api/errors.js';
import {
  assertSameOrigin,
  checkRecordId,
  itemUnder,
  joinUnderBase,
  parseBaseUrl,
  recordIdProblem,
  sameOriginLink,
} from '../../src/api/origin.js';

function refusal(fn: () => unknown): SlotuiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SlotuiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseBaseUrl', () => {
  it.each([
    ['https://slo.example.com', 'https://slo.example.com/'],
    ['  https://slo.example.com/api/  ', 'https://slo.example.com/api/'],
    ['HTTPS://SLO.example.com:8443', 'https://slo.example.com:8443/'],
  ])('%j is taken as %s', (text, href) => {
    expect(parseBaseUrl(text).href).toBe(href);
  });

  it.each([
    ['', 'config', 'No base URL is set.'],
    ['   ', 'config', 'No base URL is set.'],
    ['slo.example.com', 'config', 'The base URL "slo.example.com" is not a valid URL.'],
    ['http://slo.example.com/x', 'insecure', 'The base URL http://slo.example.com uses plain http'],
    ['ftp://slo.example.com', 'insecure', 'it starts with ftp:'],
    ['https://user:pw@slo.example.com', 'config', 'must not carry a user name or password'],
    ['https://user@slo.example.com', 'config', 'must not carry a user name or password'],
    ['https://:pw@slo.example.com', 'config', 'must not carry a user name or password'],
    ['https://slo.example.com/api?x=1', 'config', 'The base URL https://slo.example.com/api must not carry a query'],
    ['https://slo.example.com/#top', 'config', 'must not carry a query (?) or fragment (#)'],
  ])('%j is refused (%s)', (text, kind, says) => {
    const error = refusal(() => parseBaseUrl(text));
    expect(error.kind).toBe(kind as ErrorKind);
    expect(error.message).toContain(says);
    expect(error.message).not.toContain('pw');
  });
});

describe('joinUnderBase', () => {
  const base = new URL('https://slo.example.com/api/');
  it.each([
    ['/v1/slis/', 'https://slo.example.com/api/v1/slis/'],
    ['v1/slis/', 'https://slo.example.com/api/v1/slis/'],
    ['/v1//slis//', 'https://slo.example.com/api/v1/slis/'],
    ['/v1/slis/?team=a', 'https://slo.example.com/api/v1/slis/?team=a'],
    ['/v1/slis/?next=/x?y', 'https://slo.example.com/api/v1/slis/?next=/x?y'],
    ['/v1/slis/?', 'https://slo.example.com/api/v1/slis/'],
  ])('%j under /api/ is %s', (path, href) => {
    expect(joinUnderBase(base, path).href).toBe(href);
  });

  it('a base without a path prefix, or with several slashes at its end', () => {
    expect(joinUnderBase(new URL('https://h.example'), '/v1/').href).toBe('https://h.example/v1/');
    expect(joinUnderBase(new URL('https://h.example/a///'), 'b').href).toBe('https://h.example/a/b');
  });

  it.each([['https://evil.example/v1/'], ['//evil.example/v1/'], ['javascript:alert(1)'], ['A1+.-:x']])(
    'a full URL %j as a path is refused',
    (path) => {
      const error = refusal(() => joinUnderBase(base, path));
      expect(error.kind).toBe('config');
      expect(error.message).toContain('must be a path such as /v1/slis/');
    },
  );

  it('a path with a colon later on is a path', () => {
    expect(joinUnderBase(base, '/v1/a:b/').href).toBe('https://slo.example.com/api/v1/a:b/');
    expect(joinUnderBase(base, '1a:b').href).toBe('https://slo.example.com/api/1a:b');
  });
});

describe('record ids', () => {
  it.each([
    ['', 'it is empty'],
    ['  ', 'it is empty'],
    ['.', '. and .. are path steps, not ids'],
    ['..', '. and .. are path steps, not ids'],
    ['...', undefined],
    ['a/b', undefined],
    ['sli-1', undefined],
  ])('recordIdProblem(%j) = %s', (id, problem) => {
    expect(recordIdProblem(id)).toBe(problem);
  });

  it('an id that is not text is empty, however it came', () => {
    expect(recordIdProblem(undefined as unknown as string)).toBe('it is empty');
    expect(recordIdProblem(7 as unknown as string)).toBe('it is empty');
  });

  const def = { name: 'slis', singular: 'sli' } as const;
  it('checkRecordId says which id and what to do, as a usage error', () => {
    expect(() => checkRecordId(def, 'sli-1')).not.toThrow();
    const empty = refusal(() => checkRecordId(def, ' '));
    expect(empty.kind).toBe('usage');
    expect(empty.message).toBe('The sli id is empty. Give the id of a record, as shown by `slotui list slis`.');
    const notText = refusal(() => checkRecordId(def, 5 as unknown as string));
    expect(notText.message).toContain('The sli id is empty.');
    const dots = refusal(() => checkRecordId(def, '..'));
    expect(dots.message).toBe(
      'The sli id ".." cannot be sent (. and .. are path steps, not ids). Give the id of a record, as shown by `slotui list slis`.',
    );
  });

  it('itemUnder puts the encoded id as one segment under the list, without its query', () => {
    const list = new URL('https://slo.example.com/v1/slis?limit=5');
    expect(itemUnder(list, 'a/b?c').href).toBe('https://slo.example.com/v1/slis/a%2Fb%3Fc/');
    expect(itemUnder(new URL('https://slo.example.com/v1/slis///'), 'x').href).toBe(
      'https://slo.example.com/v1/slis/x/',
    );
    expect(list.search).toBe('?limit=5');
    for (const id of ['', '.', '..']) {
      const error = refusal(() => itemUnder(list, id));
      expect(error.kind).toBe('usage');
      expect(error.message).toContain(`The id "${id}" cannot name a record: ${recordIdProblem(id)}.`);
    }
  });
});

describe('links from the server', () => {
  const base = new URL('https://slo.example.com/api/');

  it('a link on the base origin is followed, relative to the page it came from, without credentials or fragment', () => {
    expect(sameOriginLink(base, '?offset=10', 'https://slo.example.com/api/v1/slis/').href).toBe(
      'https://slo.example.com/api/v1/slis/?offset=10',
    );
    expect(sameOriginLink(base, 'https://u:p@slo.example.com/api/x#frag').href).toBe('https://slo.example.com/api/x');
    expect(sameOriginLink(base, 'v1/').href).toBe('https://slo.example.com/api/v1/');
    expect(sameOriginLink(base, 'https://u@slo.example.com/x').username).toBe('');
    expect(sameOriginLink(base, 'https://:p@slo.example.com/x').href).toBe('https://slo.example.com/x');
  });

  it.each([
    ['http://slo.example.com/api/x', 'http://slo.example.com'],
    ['https://evil.example/x', 'https://evil.example'],
    ['https://slo.example.com:8443/x', 'https://slo.example.com:8443'],
    ['//evil.example/x', 'https://evil.example'],
    ['ftp://slo.example.com/x', 'ftp://slo.example.com'],
    // A scheme without an origin of its own (its origin is "null") is named by scheme and host.
    ['ssh://slo.example.com/x', 'ssh://slo.example.com'],
  ])('%j is refused, naming where it leads and the base origin', (link, where) => {
    const error = refusal(() => sameOriginLink(base, link));
    expect(error.kind).toBe('insecure');
    expect(error.message).toContain(
      `Refused to follow a link to ${where}: it is not the base URL's origin (https://slo.example.com)`,
    );
  });

  it('a link that is not a URL is a protocol error', () => {
    const error = refusal(() => sameOriginLink(base, 'http://[oops', base));
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain('("http://[oops")');
  });

  it('assertSameOrigin lets the same scheme, host and port through', () => {
    expect(() => assertSameOrigin(base, new URL('https://slo.example.com:443/other'))).not.toThrow();
    expect(() => assertSameOrigin(base, new URL('https://other.example.com/api/'))).toThrow(SlotuiError);
  });
});
