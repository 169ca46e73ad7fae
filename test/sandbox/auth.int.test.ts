import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './helpers.js';

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('bearer authentication', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ userId: 'user-42' });
  });
  afterAll(async () => {
    await h.close();
  });

  test('the handle token is an HS256 JWT of the user, valid for one year', () => {
    const [header] = h.sandbox.token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString('utf8'))).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = claimsOf(h.sandbox.token);
    expect(claims.sub).toBe('user-42');
    expect(claims.user_id).toBe('user-42');
    expect(claims.exp).toBe((claims.iat as number) + 365 * 24 * 3600);
    expect(Math.abs((claims.iat as number) - Date.now() / 1000)).toBeLessThan(60);
  });

  test('without a token: 401 with WWW-Authenticate: Bearer', async () => {
    const res = await h.call('/v1/slis/', { token: null });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((res.json as { detail: string }).detail).toMatch(/Authorization: Bearer/);
  });

  test('every /v1 path needs the token, unknown ones too', async () => {
    expect((await h.call('/v1/slis/sli-000001/', { token: null })).status).toBe(401);
    expect((await h.call('/v1/slis/', { method: 'POST', json: { name: 'x', type: 'y' }, token: null })).status).toBe(
      401,
    );
    expect((await h.call('/v1/widgets/', { token: null })).status).toBe(401);
  });

  test('a malformed header, a bad signature and an expired token are refused', async () => {
    const basic = await h.call('/v1/slis/', { token: null, headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    expect(basic.headers['www-authenticate']).toMatch(/^Bearer/);

    const notJwt = await h.call('/v1/slis/', { token: 'not-a-jwt' });
    expect(notJwt.status).toBe(401);

    const [head, payload] = h.sandbox.token.split('.');
    const forged = await h.call('/v1/slis/', {
      token: `${head}.${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}`,
    });
    expect(forged.status).toBe(401);
    expect((forged.json as { detail: string }).detail).toMatch(/signature/);

    // Same signature, changed claims: the signature no longer matches.
    const tampered = Buffer.from(JSON.stringify({ ...claimsOf(h.sandbox.token), sub: 'admin' })).toString('base64url');
    expect((await h.call('/v1/slis/', { token: `${head}.${tampered}.${h.sandbox.token.split('.')[2]}` })).status).toBe(
      401,
    );

    const expired = await h.call('/v1/slis/', { token: h.sandbox.issueToken({ expiresInSeconds: -10 }) });
    expect(expired.status).toBe(401);
    expect((expired.json as { detail: string }).detail).toMatch(/expired/);
    expect(expired.headers['www-authenticate']).toMatch(/invalid_token/);
  });

  test('a token from another sandbox (another secret) is refused', async () => {
    const other = await startHarness();
    try {
      expect((await h.call('/v1/slis/', { token: other.sandbox.token })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  test('issueToken makes other valid tokens; 401 bodies never echo the token', async () => {
    const token = h.sandbox.issueToken({ sub: 'user-7', expiresInSeconds: 60 });
    expect(claimsOf(token).sub).toBe('user-7');
    expect((await h.call('/v1/slos/', { token })).status).toBe(200);
    const bad = `${token}x`;
    const res = await h.call('/v1/slos/', { token: bad });
    expect(res.status).toBe(401);
    expect(res.text).not.toContain(token.slice(20));
  });

  test('requests are recorded with whether they were authorized', async () => {
    await h.call('/v1/organizations/?limit=3', { token: null });
    await h.call('/v1/organizations/', { method: 'POST', json: { name: 'Recorded' } });
    const recent = h.sandbox.requests.slice(-2);
    expect(recent).toEqual([
      { method: 'GET', path: '/v1/organizations/?limit=3', body: undefined, authorized: false },
      { method: 'POST', path: '/v1/organizations/', body: { name: 'Recorded' }, authorized: true },
    ]);
  });
});

describe('frontend login and the m2m token endpoint', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const sessionCookie = (setCookie: string | string[] | undefined): string => {
    const header = Array.isArray(setCookie) ? setCookie[0]! : setCookie!;
    return header.split(';')[0]!;
  };

  test('GET /login shows a form', async () => {
    const res = await h.call('/login', { token: null });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toMatch(/<form method="post" action="\/login">/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('without a session the token endpoint answers 401', async () => {
    const res = await h.call('/api/service/v1/users/m2m-token', { token: null });
    expect(res.status).toBe(401);
    expect((res.json as { detail: string }).detail).toMatch(/Log in/);
    const fake = await h.call('/api/service/v1/users/m2m-token', {
      token: null,
      headers: { cookie: 'slotui_sandbox_session=made-up' },
    });
    expect(fake.status).toBe(401);
    // A bearer token is not a session.
    expect((await h.call('/api/service/v1/users/m2m-token')).status).toBe(401);
  });

  test('POST /login sets a secure session cookie; with it the endpoint answers {"jwt"} that the API accepts', async () => {
    const login = await h.call('/login', {
      method: 'POST',
      token: null,
      body: 'submit=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.status).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Strict/);

    const res = await h.call('/api/service/v1/users/m2m-token', {
      token: null,
      headers: { cookie: sessionCookie(login.headers['set-cookie']) },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { jwt } = res.json as { jwt: string };
    expect(claimsOf(jwt).sub).toBe('user-1');
    expect((await h.call('/v1/slis/', { token: jwt })).status).toBe(200);
  });

  test('GET /login?auto=1 also starts a session (for curl); logout ends it', async () => {
    const login = await h.call('/login?auto=1', { token: null });
    const cookie = sessionCookie(login.headers['set-cookie']);
    expect(cookie).toMatch(/^slotui_sandbox_session=.{20,}/);
    expect((await h.call('/api/service/v1/users/m2m-token', { token: null, headers: { cookie } })).status).toBe(200);
    await h.call('/logout', { method: 'POST', token: null, headers: { cookie } });
    expect((await h.call('/api/service/v1/users/m2m-token', { token: null, headers: { cookie } })).status).toBe(401);
  });
});
