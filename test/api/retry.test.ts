/**
 * Retries: only GETs (list, follow, get, probe), on 429/502/503/504, at most
 * `tries` in total, with backoff through the injected sleep. POST, PATCH and
 * DELETE are sent once, whatever happens. Over the fake API serving the
 * sandbox from memory with its faults; resets and cut-off bodies (sockets)
 * are retry.int.test.ts's.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { backoffDelay } from '../../src/api/http.js';
import { DEFAULT_RETRY } from '../../src/api/requestPolicy.js';
import type { ApiClient, ClientOptions } from '../../src/api/types.js';
import type { Faults } from '../../src/sandbox/types.js';
import { fakeApi, type FakeApi } from '../fakeApi.js';
import { expectNoTokenInErrors, expectSlotuiError } from './helpers.js';

const tokens: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(() => expectNoTokenInErrors(tokens));

/** The fake API with what these tests read of a sandbox. */
interface Served {
  requests: FakeApi['requests'];
  stats(): { requests: number };
  setFaults(faults: Faults): void;
}

interface Setup {
  sandbox: Served;
  client: ApiClient;
  waits: number[];
}

/** `onWait` runs at each backoff wait (e.g. to clear the fault, as a recovering server would). */
async function setup(
  sandboxOptions: { faults?: Faults; seed?: number; sample?: boolean },
  clientOptions: Partial<ClientOptions> = {},
  onWait?: (s: Served, n: number) => void,
): Promise<Setup> {
  const api = fakeApi();
  api.serve({ sample: sandboxOptions.sample ?? false, seed: sandboxOptions.seed ?? 30 });
  if (sandboxOptions.faults) api.setFaults(sandboxOptions.faults);
  cleanups.push(() => api.close());
  tokens.push(api.token);
  const sandbox: Served = {
    requests: api.requests,
    stats: () => ({ requests: api.requests.length }),
    setFaults: api.setFaults,
  };
  const waits: number[] = [];
  const client = createClient({
    baseUrl: api.origin,
    token: api.token,
    dispatcher: api.dispatcher,
    sleep: async (ms) => {
      waits.push(ms);
      onWait?.(sandbox, waits.length);
    },
    ...clientOptions,
  });
  cleanups.push(() => client.close());
  return { sandbox, client, waits };
}

const methods = (sandbox: Served) => sandbox.requests.map((r) => r.method);

describe('GET retries', () => {
  it('503 three times: three tries in all, then fails', async () => {
    const { client, sandbox, waits } = await setup({ faults: { errorRate: 1, errorStatuses: [503] } });
    const error = await expectSlotuiError(() => client.listPage('slis'));
    expect(error.kind).toBe('server');
    expect(methods(sandbox)).toEqual(['GET', 'GET', 'GET']);
    expect(waits).toHaveLength(2);
  });

  it('succeeds once the fault clears', async () => {
    const { client, sandbox, waits } = await setup({ faults: { errorRate: 1, errorStatuses: [502] } }, {}, (s, n) => {
      if (n === 2) s.setFaults({});
    });
    const page = await client.listPage('slis');
    expect(page.results).toHaveLength(10);
    expect(methods(sandbox)).toEqual(['GET', 'GET', 'GET']);
    expect(waits).toHaveLength(2);
  });

  it('without Retry-After the waits grow exponentially with jitter (502 carries none)', async () => {
    const { client, waits } = await setup(
      { faults: { errorRate: 1, errorStatuses: [502] } },
      { retry: { tries: 4, baseDelayMs: 200, maxDelayMs: 5_000 } },
    );
    await expectSlotuiError(() => client.listPage('slis'));
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[0]).toBeLessThanOrEqual(200);
    expect(waits[1]).toBeGreaterThanOrEqual(200);
    expect(waits[1]).toBeLessThanOrEqual(400);
    expect(waits[2]).toBeGreaterThanOrEqual(400);
    expect(waits[2]).toBeLessThanOrEqual(800);
  });

  it('504 and 429 are retried; 500 and 404 are not', async () => {
    const gateway = await setup({ faults: { errorRate: 1, errorStatuses: [504] } });
    await expectSlotuiError(() => gateway.client.get('slis', 'sli-000001'));
    expect(gateway.sandbox.stats().requests).toBe(3);

    const plain = await setup({ faults: { errorRate: 1, errorStatuses: [500] } });
    await expectSlotuiError(() => plain.client.listPage('slis'));
    expect(plain.sandbox.stats().requests).toBe(1);

    const missing = await setup({});
    await expectSlotuiError(() => missing.client.get('slis', 'nope'));
    expect(missing.sandbox.stats().requests).toBe(1);
  });

  it('tries: 1 turns retries off', async () => {
    const { client, sandbox, waits } = await setup(
      { faults: { errorRate: 1, errorStatuses: [503] } },
      { retry: { tries: 1 } },
    );
    await expectSlotuiError(() => client.listPage('slis'));
    expect(sandbox.stats().requests).toBe(1);
    expect(waits).toEqual([]);
  });

  it('backoff is capped at maxDelayMs, and a Retry-After beyond 30s is not waited', () => {
    expect(backoffDelay(20, DEFAULT_RETRY, undefined, () => 1)).toBe(5_000);
    expect(backoffDelay(1, DEFAULT_RETRY, undefined, () => 0)).toBe(100);
    expect(backoffDelay(1, DEFAULT_RETRY, 7_000, () => 0.5)).toBe(7_000);
    expect(backoffDelay(1, DEFAULT_RETRY, 31_000, () => 0.5)).toBeUndefined();
  });
});

describe('writes are never retried', () => {
  it('POST on 503: one POST reaches the sandbox', async () => {
    const { client, sandbox, waits } = await setup({ faults: { errorRate: 1, errorStatuses: [503] } });
    const error = await expectSlotuiError(() => client.create('slis', { name: 'n', type: 'latency' }));
    expect(error.kind).toBe('server');
    expect(error.message).toContain('may or may not have been saved');
    expect(methods(sandbox)).toEqual(['POST']);
    expect(waits).toEqual([]);
  });
});
