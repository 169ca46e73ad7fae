/**
 * The sandbox's token endpoint as a user meets it: log in on its frontend, then GET the endpoint.
 * Apart from the Ink test helpers (test/tui/auth/helpers.tsx re-exports it), so that a test of the
 * built program (test/e2e/first-run.e2e.test.ts) needs no Ink nor CLI in its own process.
 */
import https from 'node:https';
import type { SandboxHandle } from '../../src/sandbox/types.js';

/** A token the way a user gets one: log in on the sandbox's frontend, then GET the token endpoint; the raw JSON answer. */
export async function tokenEndpointAnswer(sandbox: SandboxHandle): Promise<string> {
  const get = (path: string, cookie?: string) =>
    new Promise<{ status: number; body: string; cookie?: string }>((resolve, reject) => {
      const req = https.get(
        new URL(path, sandbox.frontendUrl),
        { ca: sandbox.caPem, headers: cookie ? { cookie } : {} },
        (res) => {
          let body = '';
          res
            .setEncoding('utf8')
            .on('data', (chunk: string) => (body += chunk))
            .on('end', () => {
              const setCookie = res.headers['set-cookie']?.[0]?.split(';')[0];
              resolve({ status: res.statusCode ?? 0, body, cookie: setCookie });
            });
        },
      );
      req.on('error', reject);
    });
  const login = await get('/login?auto=1');
  if (!login.cookie) throw new Error('the sandbox login gave no session cookie');
  const answer = await get('/api/service/v1/users/m2m-token', login.cookie);
  if (answer.status !== 200) throw new Error(`the token endpoint answered ${answer.status}`);
  return answer.body;
}
