/**
 * Each error status the sandbox gives, from the sandbox served in memory by
 * the fake API (test/fakeApi.ts) with its faults: kind, exit code, a short
 * sentence, and never the token. Tokens, sockets and TLS are
 * errors-sandbox.int.test.ts's.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/types.js';
import type { Faults } from '../../src/sandbox/types.js';
import { fakeSandbox, type FakeSandbox, type ServeOptions } from '../fakeApi.js';
import { expectNoTokenInErrors, expectPlainSentence, expectSlotuiError, recordingSleep } from './helpers.js';

const tokens: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(() => expectNoTokenInErrors(tokens));

async function setup(
  sandboxOptions: ServeOptions & { faults?: Faults } = {},
  clientOptions: Partial<ClientOptions> = {},
): Promise<{ sandbox: FakeSandbox; client: ApiClient; waits: number[] }> {
  const sandbox = fakeSandbox({ sample: false, seed: 5, ...sandboxOptions });
  cleanups.push(() => sandbox.close());
  tokens.push(sandbox.token);
  const { sleep, waits } = recordingSleep();
  const client = createClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    dispatcher: sandbox.api.dispatcher,
    sleep,
    ...clientOptions,
  });
  cleanups.push(() => client.close());
  return { sandbox, client, waits };
}

describe('statuses and answers, from the sandbox served in memory', () => {
  it('no token: refused before anything is sent', async () => {
    const { sandbox } = await setup();
    const client = createClient({ baseUrl: sandbox.baseUrl, dispatcher: sandbox.api.dispatcher });
    cleanups.push(() => client.close());
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('auth');
    expect(error.exitCode).toBe(4);
    expect(error.message).toBe('No token is set. Run `slotui auth login` or set SLOTUI_TOKEN.');
    expect(sandbox.stats()).toEqual({ connections: 0, requests: 0 });
  });

  it('404 for an item: "No sli with id X"', async () => {
    const { client } = await setup();
    const error = await expectSlotuiError(() => client.get('slis', 'sli-nope'));
    expect(error.kind).toBe('not-found');
    expect(error.status).toBe(404);
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(/^No sli with id sli-nope \(HTTP 404\)\./);
    const update = await expectSlotuiError(() => client.update('slos', 'slo-nope', { name: 'x' }));
    expect(update.message).toMatch(/^No slo with id slo-nope/);
  });

  it("400 with the server's field errors", async () => {
    const { client } = await setup();
    const error = await expectSlotuiError(() => client.create('slos', { name: 'x', interval: 'soon' }));
    expect(error.kind).toBe('validation');
    expect(error.status).toBe(400);
    expect(error.exitCode).toBe(1);
    expect(error.fieldErrors).toBeDefined();
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['service_level_indicator_id', 'interval']),
    );
    expect(error.fieldErrors?.service_level_indicator_id?.[0]).toMatch(/required/i);
    expect(error.message).toMatch(
      /rejected the request to \/v1\/slos\/ \(HTTP 400: .*\)\. Fix these fields and try again\./,
    );
    expectPlainSentence(error.message);
  });

  it('429 with Retry-After: waits what the server says (via the injected sleep), then fails', async () => {
    const { client, sandbox, waits } = await setup({
      faults: { errorRate: 1, errorStatuses: [429], retryAfterSeconds: 2 },
    });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('rate-limited');
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(2_000);
    expect(error.message).toContain('Wait 2 seconds');
    expect(waits).toEqual([2_000, 2_000]);
    expect(sandbox.stats().requests).toBe(3);
  });

  it('500: a server error, not retried', async () => {
    const { client, sandbox, waits } = await setup({ faults: { errorRate: 1, errorStatuses: [500] } });
    const error = await expectSlotuiError(() => client.get('slis', 'sli-000001'));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(500);
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(/failed to answer GET \/v1\/slis\/sli-000001\/ \(HTTP 500: .*\)\. Try again later/);
    expect(waits).toEqual([]);
    expect(sandbox.stats().requests).toBe(1);
  });

  it('503: retried up to 3 tries, then a server error', async () => {
    const { client, sandbox, waits } = await setup({
      faults: { errorRate: 1, errorStatuses: [503], retryAfterSeconds: 1 },
    });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(503);
    expect(waits).toEqual([1_000, 1_000]);
    expect(sandbox.stats().requests).toBe(3);
  });
  it('an HTML page instead of JSON: protocol', async () => {
    const { client, sandbox } = await setup({ faults: { htmlRate: 1 } });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('protocol');
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(/is an HTML page, not JSON\. Check the base URL and the profile's path for slis\./);
    expect(sandbox.stats().requests).toBe(1);
  });
});
