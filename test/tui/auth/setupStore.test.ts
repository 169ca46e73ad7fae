/**
 * The token setup checks the service's certificate as soon as the base URL is
 * entered (AuthDeps.checkTls), before a token is fetched: untrusted goes to
 * the CA file field with why; a CA file given is checked with it; any other
 * failure stays on the base URL. Over a fake checkTls; the real handshake
 * against the sandbox is test/api/tlsCheck.int.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import { SlotuiError } from '../../../src/api/errors.js';
import { SetupStore } from '../../../src/tui/auth/setupStore.js';
import type { AuthDeps } from '../../../src/tui/auth/types.js';

const untrusted = () =>
  new SlotuiError('tls', "The service's certificate is not trusted (https://slo.example: self-signed certificate).", {
    advice: { cli: 'set SLOTUI_CA_FILE', dashboard: 'start with SLOTUI_CA_FILE' },
  });

function setup(checkTls: AuthDeps['checkTls'], caFile?: string) {
  const checks: { baseUrl: string; caFile: string | undefined }[] = [];
  const auth: AuthDeps = {
    login: async () => {
      throw new Error('no login in these tests');
    },
    ...(checkTls
      ? {
          checkTls: async (baseUrl: string, file?: string) => {
            checks.push({ baseUrl, caFile: file });
            return checkTls(baseUrl, file);
          },
        }
      : {}),
  };
  const flow = new SetupStore({
    auth,
    baseUrl: 'https://slo.example',
    ...(caFile ? { caFile } : {}),
    onDone: () => undefined,
    onCancel: () => undefined,
  });
  return { flow, checks };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the certificate is checked when the base URL is entered', () => {
  test('trusted: on to the frontend URL', async () => {
    const { flow, checks } = setup(async () => undefined);
    flow.submit();
    expect(flow.getSnapshot().busy).toBe(true);
    expect(flow.getSnapshot().note).toBe('Checking the connection to slo.example…');
    await settled();
    expect(flow.getSnapshot()).toMatchObject({ step: 'frontend-url', busy: false, error: null, note: null });
    expect(checks).toEqual([{ baseUrl: 'https://slo.example', caFile: undefined }]);
  });

  test('untrusted: the CA file field, saying why, before any token', async () => {
    const { flow } = setup(async () => {
      throw untrusted();
    });
    flow.submit();
    await settled();
    const s = flow.getSnapshot();
    expect(s.step).toBe('ca-file');
    expect(s.error).toBe(
      "The service's certificate is not trusted (https://slo.example: self-signed certificate). If the service uses a private certificate authority, give its PEM file here; Enter on an empty field goes on without one.",
    );
  });

  test('the CA file prefilled is the one checked with', async () => {
    const { flow, checks } = setup(async () => undefined, '/etc/ssl/private-ca.pem');
    flow.submit();
    await settled();
    expect(checks[0]?.caFile).toBe('/etc/ssl/private-ca.pem');
  });

  test('another failure (nothing answers) stays on the base URL with its sentence', async () => {
    const { flow } = setup(async () => {
      throw new SlotuiError('network', 'Nothing answers at https://slo.example (connection refused).');
    });
    flow.submit();
    await settled();
    expect(flow.getSnapshot()).toMatchObject({
      step: 'base-url',
      error: 'Nothing answers at https://slo.example (connection refused).',
    });
  });

  test('without a check (no way to make one), straight on as before', () => {
    const { flow } = setup(undefined);
    flow.submit();
    expect(flow.getSnapshot().step).toBe('frontend-url');
  });
});
