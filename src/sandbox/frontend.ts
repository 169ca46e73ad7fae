/**
 * The sandbox's stand-in for the service's web frontend: a /login page that
 * starts a session (a cookie), and the m2m token endpoint (docs/service-api.md, Authentication), which
 * answers {"jwt": ...} to a logged-in session and 401 otherwise.
 */
import { randomBytes } from 'node:crypto';
import { errorReply, escapeHtml, htmlReply, jsonReply, type Reply } from './reply.js';

const SESSION_COOKIE = 'slotui_sandbox_session';
const TOKEN_PATH = '/api/service/v1/users/m2m-token';

export interface FrontendContext {
  sessions: Set<string>;
  userId: string;
  issueToken(): string;
}

export interface FrontendRequest {
  method: string;
  url: URL;
  cookie: string | undefined;
}

/** The reply for a frontend path, or undefined when the path isn't one. */
export function handleFrontend(ctx: FrontendContext, req: FrontendRequest): Reply | undefined {
  const path = req.url.pathname.replace(/\/+$/, '') || '/';
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  if (path === '/') {
    return method === 'GET'
      ? htmlReply(200, page('slotui sandbox', homeBody(isLoggedIn(ctx, req.cookie))))
      : notAllowed('GET');
  }
  if (path === '/login') {
    if (method === 'GET' && req.url.searchParams.get('auto') !== '1')
      return htmlReply(200, page('Log in', loginForm(ctx.userId)));
    if (method === 'GET' || method === 'POST') return startSession(ctx);
    return notAllowed('GET or POST');
  }
  if (path === '/logout') {
    if (method !== 'POST' && method !== 'GET') return notAllowed('GET or POST');
    const session = sessionOf(req.cookie);
    if (session) ctx.sessions.delete(session);
    return htmlReply(200, page('Logged out', '<p>You are logged out. <a href="/login">Log in again</a>.</p>'), {
      'set-cookie': `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`,
    });
  }
  if (path === TOKEN_PATH) {
    if (method !== 'GET') return notAllowed('GET');
    if (!isLoggedIn(ctx, req.cookie))
      return errorReply(401, 'Log in first: open /login on this origin, then ask for the token again.');
    return jsonReply(200, { jwt: ctx.issueToken() }, { 'cache-control': 'no-store' });
  }
  return undefined;
}

function startSession(ctx: FrontendContext): Reply {
  const session = randomBytes(24).toString('base64url');
  ctx.sessions.add(session);
  // Answered 200 (not a redirect) so scripted clients get the cookie without following anything.
  return htmlReply(200, page('Logged in', loggedInBody(ctx.userId)), {
    'set-cookie': `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; Secure; SameSite=Strict`,
    'cache-control': 'no-store',
  });
}

function notAllowed(allowed: string): Reply {
  const reply = errorReply(405, `This method is not allowed here; use ${allowed}.`);
  reply.headers.allow = allowed.replace(' or ', ', ');
  return reply;
}

function sessionOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function isLoggedIn(ctx: FrontendContext, cookie: string | undefined): boolean {
  const session = sessionOf(cookie);
  return session !== undefined && ctx.sessions.has(session);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · slotui sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}code{background:#eee;padding:0 .2em}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>
`;
}

function homeBody(loggedIn: boolean): string {
  return loggedIn
    ? `<p>You are logged in. Get your machine token at <a href="${TOKEN_PATH}"><code>${TOKEN_PATH}</code></a>.</p>`
    : '<p>This is the slotui sandbox, a local stand-in for the SLO service. <a href="/login">Log in</a> to get a token.</p>';
}

function loginForm(userId: string): string {
  return `<p>The sandbox has one user, <code>${escapeHtml(userId)}</code>; no password is needed.</p>
<form method="post" action="/login"><button type="submit">Log in as ${escapeHtml(userId)}</button></form>`;
}

function loggedInBody(userId: string): string {
  return `<p>You are logged in as <code>${escapeHtml(userId)}</code>.</p>
<p>Get your machine token (JSON with a <code>jwt</code> field) at <a href="${TOKEN_PATH}"><code>${TOKEN_PATH}</code></a>.</p>`;
}
