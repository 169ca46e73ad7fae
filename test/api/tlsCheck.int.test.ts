/**
 * checkTls: one TLS handshake with the sandbox over 127.0.0.1, nothing sent.
 * Its certificate is signed by the sandbox's own CA: untrusted without it,
 * trusted with it; a port where nothing listens is a network failure.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isSlotuiError } from '../../src/api/errors.js';
import { checkTls } from '../../src/api/tlsCheck.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

async function failure(promise: Promise<void>) {
  try {
    await promise;
  } catch (error) {
    if (isSlotuiError(error)) return error;
    throw error;
  }
  throw new Error('checkTls resolved');
}

/** A port on 127.0.0.1 where nothing listens (taken, then freed). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('checkTls', () => {
  test('the sandbox without its CA: not trusted, with the advice to give a CA file', async () => {
    const error = await failure(checkTls(sandbox.baseUrl));
    expect(error.kind).toBe('tls');
    expect(error.what).toMatch(/^The service's certificate is not trusted \(https:\/\/127\.0\.0\.1:\d+: /);
    expect(error.advice?.cli).toContain('SLOTUI_CA_FILE');
  });

  test('with the sandbox CA file: trusted', async () => {
    await expect(checkTls(sandbox.baseUrl, { ca: await readFile(sandbox.caFile, 'utf8') })).resolves.toBeUndefined();
  });

  test('nothing listening: a network failure naming the address, no TLS advice', async () => {
    const port = await freePort();
    const error = await failure(checkTls(`https://127.0.0.1:${port}`, { timeoutMs: 2_000 }));
    expect(error.kind).not.toBe('tls');
    expect(error.message).toContain(`127.0.0.1:${port}`);
  });

  test('a CA file that holds no certificate is said as such', async () => {
    const error = await failure(checkTls(sandbox.baseUrl, { ca: 'not a certificate' }));
    expect(error.kind).toBe('config');
    expect(error.message).toContain('holds no PEM certificate');
  });
});
