/**
 * Each error class against the sandbox (real TLS, its CA given to the
 * client): kind, exit code, a short sentence, and never the token.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/types.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';
import {
  expectNoTokenInErrors,
  expectPlainSentence,
  expectSlotuiError,
  recordingSleep,
  sharedCertificate,
} from './helpers.js';

const tokens: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(() => expectNoTokenInErrors(tokens));

async function setup(
  sandboxOptions: SandboxOptions = {},
  clientOptions: Partial<ClientOptions> = {},
): Promise<{ sandbox: SandboxHandle; client: ApiClient; waits: number[] }> {
  const sandbox = await startSandbox(await sharedCertificate({ sample: false, seed: 5, ...sandboxOptions }));
  cleanups.push(() => sandbox.close());
  tokens.push(sandbox.token);
  const { sleep, waits } = recordingSleep();
  const client = createClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    ca: sandbox.caPem,
    sleep,
    ...clientOptions,
  });
  cleanups.push(() => client.close());
  return { sandbox, client, waits };
}

describe('authentication', () => {
  it('401 for a token the server refuses: auth, exit code 4', async () => {
    const sandbox = await startSandbox({ sample: false });
    cleanups.push(() => sandbox.close());
    const expired = sandbox.issueToken({ expiresInSeconds: -60 });
    tokens.push(sandbox.token, expired);
    const client = createClient({ baseUrl: sandbox.baseUrl, token: expired, ca: sandbox.caPem });
    cleanups.push(() => client.close());
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.exitCode).toBe(4);
    expect(error.message).toMatch(/refused the token \(HTTP 401.*slotui auth login/);
    expectPlainSentence(error.message);
    const probe = await expectSlotuiError(() => client.probe());
    expect(probe.kind).toBe('auth');
    expect(sandbox.requests.at(-1)?.path).toBe('/v1/slis/?limit=1&offset=0');
  });

  it('probe succeeds with a valid token', async () => {
    const { client, sandbox } = await setup();
    await client.probe();
    expect(sandbox.requests.map((r) => [r.method, r.path, r.authorized])).toEqual([
      ['GET', '/v1/slis/?limit=1&offset=0', true],
    ]);
  });
});

describe('network, timeouts, protocol', () => {
  it('connection refused: the service is gone', async () => {
    const { client, sandbox } = await setup();
    await sandbox.close();
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('network');
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(/refused\. Check the base URL and that the service is running\./);
  });

  it('a hanging server: timeout with the headers timeout (not retried)', async () => {
    const { client, sandbox } = await setup({ faults: { hangRate: 1 } }, { timeouts: { headersMs: 250 } });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('timeout');
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain('within 0.3s');
    expect(sandbox.stats().requests).toBe(1);
  });

  it('latency beyond the timeout is a timeout too', async () => {
    const { client } = await setup({ faults: { latencyMs: 10_000 } }, { timeouts: { headersMs: 100 } });
    const error = await expectSlotuiError(() => client.get('slis', 'sli-000001'));
    expect(error.kind).toBe('timeout');
  });

  it('a truncated body: retried for a GET, then protocol', async () => {
    const { client, sandbox, waits } = await setup({ faults: { truncateRate: 1 } });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain('cut off');
    expect(waits).toHaveLength(2);
    expect(sandbox.stats().requests).toBe(3);
  });

  it('a connection reset: retried for a GET, then network', async () => {
    const { client, sandbox, waits } = await setup({ faults: { resetRate: 1 } });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('closed before an answer arrived');
    expect(waits).toHaveLength(2);
    expect(sandbox.stats().requests).toBe(3);
  });

  it('TLS verification is on: without the sandbox CA the request fails on the certificate', async () => {
    const { sandbox } = await setup();
    const client = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    cleanups.push(() => client.close());
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('tls');
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(/^The service's certificate is not trusted \(https:\/\/127\.0\.0\.1:\d+: /);
    expect(error.message).toContain('--ca-file');
    expect(error.message).toContain('SLOTUI_CA_FILE');
    expect(sandbox.stats().requests).toBe(0);
  });

  it('the extra CA is trusted beside the system roots (not instead of them)', async () => {
    const { sandbox } = await setup();
    const { trustedCertificates } = await import('../../src/api/trust.js');
    const tls = await import('node:tls');
    const list = trustedCertificates(sandbox.caPem) ?? [];
    expect(list).toContain(sandbox.caPem.trim());
    expect(list.length).toBeGreaterThan(tls.rootCertificates.length);
    expect(trustedCertificates(undefined)).toBeUndefined();
  });
});
