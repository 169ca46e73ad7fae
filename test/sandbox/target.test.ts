import { describe, expect, it } from 'vitest';
import { parseTarget } from '../../src/sandbox/target.js';

const ORIGIN = 'https://127.0.0.1:8443';

/** Targets a client sends, and ones URL parsing changes (escapes, dot segments, `//`, fragments, spaces). */
const TARGETS = [
  '/',
  '/v1',
  '/v1/',
  '/v1/slis/',
  '/v1/slis',
  '/v1/slis/?limit=100&offset=0',
  '/v1/slis/?offset=200&limit=25',
  '/v1/slis/?',
  '/v1/slis/?&&limit=3&',
  '/v1/slis/?limit',
  '/v1/slis/?limit=&offset=1',
  '/v1/slis/?limit=1&limit=2',
  '/v1/slis/?limit=a=b',
  '/v1/slis/?next=/v1/slis/',
  '/v1/slis/sli-000123/',
  '/v1/slis/sli.1/',
  '/v1/slis/./',
  '/v1/slis/../slos/',
  '/v1/slis/%2e%2e/slos/',
  '/v1/slis/%41/',
  '/v1//slis/',
  '//evil.example/v1/slis/',
  '/v1/slis/?limit=1+2',
  '/v1/slis/?limit=%31',
  '/v1/slis/#top',
  '/v1/slis/?limit=1#x',
  '/v1/sl is/',
  '/v1/slis/?q=a b',
  "/v1/slis/?q='x'",
  '/v1/slis\\x/',
  '/v1/slïs/',
  '/login?auto=1',
  '/api/service/v1/users/m2m-token',
];

describe('parseTarget', () => {
  it.each(TARGETS)('reads %s as new URL does', (raw) => {
    const url = new URL(raw, ORIGIN);
    const target = parseTarget(raw, ORIGIN);
    expect(target.pathname).toBe(url.pathname);
    expect(target.search).toBe(url.search);
    for (const name of ['limit', 'offset', 'auto', 'q', 'next', 'missing']) {
      expect(target.searchParams.get(name)).toBe(url.searchParams.get(name));
    }
  });

  it('splits a plain list target by hand and leaves the rest to URL parsing', () => {
    expect(parseTarget('/v1/slis/?limit=100&offset=0', ORIGIN)).not.toBeInstanceOf(URL);
    expect(parseTarget('/v1/slis/sli-1/', ORIGIN)).not.toBeInstanceOf(URL);
    for (const raw of ['/v1/slis/%41/', '/v1/slis/../x/', '//evil/x', '/v1/slis/?q=1+2', '/v1/slis/#x', '/v1//x']) {
      expect(parseTarget(raw, ORIGIN)).toBeInstanceOf(URL);
    }
  });
});
