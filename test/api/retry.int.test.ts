/**
 * Retries: only GETs (list, follow, get, probe), on 429/502/503/504 and
 * resets, at most `tries` in total, with backoff through the injected sleep.
 * POST, PATCH and DELETE are sent once, whatever happens.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/types.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';
import { expectNoTokenInErrors, expectSlotuiError } from './helpers.js';

const tokens: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});
afterAll(() => expectNoTokenInErrors(tokens));

interface Setup {
  sandbox: SandboxHandle;
  client: ApiClient;
  waits: number[];
}

/** `onWait` runs at each backoff wait (e.g. to clear the fault, as a recovering server would). */
async function setup(
  sandboxOptions: SandboxOptions,
  clientOptions: Partial<ClientOptions> = {},
  onWait?: (s: SandboxHandle, n: number) => void,
): Promise<Setup> {
  const sandbox = await startSandbox({ sample: false, seed: 30, ...sandboxOptions });
  cleanups.push(() => sandbox.close());
  tokens.push(sandbox.token);
  const waits: number[] = [];
  const client = createClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    ca: sandbox.caPem,
    sleep: async (ms) => {
      waits.push(ms);
      onWait?.(sandbox, waits.length);
    },
    ...clientOptions,
  });
  cleanups.push(() => client.close());
  return { sandbox, client, waits };
}

const methods = (sandbox: SandboxHandle) => sandbox.requests.map((r) => r.method);

describe('retries over sockets', () => {
  it('a reset is retried and then succeeds (followPage and probe too)', async () => {
    const { client, sandbox } = await setup({}, {}, (s) => s.setFaults({}));
    const first = await client.listPage('slis');
    sandbox.setFaults({ resetRate: 1 });
    const second = await client.followPage('slis', first.next!);
    expect(second.offset).toBe(10);
    sandbox.setFaults({ truncateRate: 1 });
    await client.probe();
    expect(methods(sandbox)).toEqual(['GET', 'GET', 'GET', 'GET', 'GET']);
  });

  it('PATCH and DELETE on 429 or a reset: one request each', async () => {
    const { client, sandbox, waits } = await setup({ faults: { errorRate: 1, errorStatuses: [429] } });
    await expectSlotuiError(() => client.update('slis', 'sli-000001', { name: 'x' }));
    sandbox.setFaults({ resetRate: 1 });
    await expectSlotuiError(() => client.remove('slis', 'sli-000001'));
    expect(methods(sandbox)).toEqual(['PATCH', 'DELETE']);
    expect(waits).toEqual([]);
  });

  it('POST with a truncated answer is not retried', async () => {
    const { client, sandbox } = await setup({ faults: { truncateRate: 1 } });
    const error = await expectSlotuiError(() => client.create('slis', { name: 'n', type: 'latency' }));
    expect(error.kind).toBe('protocol');
    expect(methods(sandbox)).toEqual(['POST']);
  });
});
