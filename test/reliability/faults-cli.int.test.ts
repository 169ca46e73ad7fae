/**
 * `slotui list` against the sandbox's fault switches, through main() with
 * in-memory streams: each fault ends in one clear sentence on stderr and
 * exit 1 (nothing half-printed on stdout), GETs are tried at most 3 times
 * and only for faults a retry can cure, a fault that clears during the
 * backoff is recovered from, and nothing is left as an unhandled rejection.
 * The client's timeouts and backoff come in through the injected factory.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { Faults, SandboxHandle } from '../../src/sandbox/types.js';
import { startHttpsServer } from '../api/helpers.js';
import { expectOneSentence, instantSleep, removeFolder, runCli, tempFolder, watchProcess } from './helpers.js';

let sandbox: SandboxHandle;
let configDir: string;
let watch: ReturnType<typeof watchProcess>;

beforeAll(async () => {
  sandbox = await startSandbox();
  configDir = await tempFolder('slotui-faults-cli-');
});
afterAll(async () => {
  await sandbox.close();
  await removeFolder(configDir);
});
beforeEach(() => {
  sandbox.setFaults({});
  watch = watchProcess();
});
afterEach(() => {
  watch.stop();
  watch.check();
  sandbox.setFaults({});
});

const env = () => ({
  SLOTUI_CONFIG_DIR: configDir,
  SLOTUI_BASE_URL: sandbox.baseUrl,
  SLOTUI_CA_FILE: sandbox.caFile,
  SLOTUI_TOKEN: sandbox.token,
});
const TIMEOUTS = { connectMs: 2_000, headersMs: 300, bodyMs: 300 };

interface FaultCase {
  name: string;
  faults: Faults;
  /** Requests the sandbox sees for one `list` (1 = not retried, 3 = the bound). */
  requests: number;
  sentence: RegExp;
}

const CASES: FaultCase[] = [
  {
    name: 'latency beyond the timeout',
    faults: { latencyMs: 1_500 },
    requests: 1,
    sentence: /^slotui: The server did not answer GET \/v1\/slis\/ within 0\.3s\. Try again later/,
  },
  {
    name: '429 with Retry-After',
    faults: { errorRate: 1, errorStatuses: [429], retryAfterSeconds: 2 },
    requests: 3,
    sentence: /^slotui: The server is limiting the rate of requests \(HTTP 429\)\. Wait 2 seconds and try again\.\n$/,
  },
  {
    name: '500',
    faults: { errorRate: 1, errorStatuses: [500] },
    requests: 1,
    sentence: /^slotui: The server failed to answer GET \/v1\/slis\/ \(HTTP 500: .+\)\. Try again later/,
  },
  {
    name: '502',
    faults: { errorRate: 1, errorStatuses: [502] },
    requests: 3,
    sentence: /^slotui: The server failed to answer GET \/v1\/slis\/ \(HTTP 502/,
  },
  {
    name: '503',
    faults: { errorRate: 1, errorStatuses: [503] },
    requests: 3,
    sentence: /^slotui: The server failed to answer GET \/v1\/slis\/ \(HTTP 503/,
  },
  {
    name: 'an HTML page instead of JSON',
    faults: { htmlRate: 1 },
    requests: 1,
    sentence: /^slotui: The server's answer to \/v1\/slis\/ is an HTML page, not JSON\. Check the base URL/,
  },
  {
    name: 'a body cut off mid-way',
    faults: { truncateRate: 1 },
    requests: 3,
    sentence: /^slotui: The server's answer to \/v1\/slis\/ was cut off before it was complete\. Try again/,
  },
  {
    name: 'a connection reset',
    faults: { resetRate: 1 },
    requests: 3,
    sentence: /^slotui: The connection to https:\/\/127\.0\.0\.1:\d+ was closed before an answer arrived\. Try again/,
  },
  {
    name: 'a server that stops answering',
    faults: { hangRate: 1 },
    requests: 1,
    sentence: /^slotui: The server did not answer GET \/v1\/slis\/ within 0\.3s\./,
  },
];

describe('slotui list under each fault', () => {
  test.each(CASES)('$name: one sentence, exit 1, at most 3 tries', async ({ faults, requests, sentence }) => {
    sandbox.setFaults(faults);
    const { sleep, waits } = instantSleep();
    const before = sandbox.stats().requests;
    const r = await runCli(['list', 'slis'], { env: env(), client: { timeouts: TIMEOUTS, sleep } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(sentence);
    expectOneSentence(r.stderr);
    expect(r.stderr).not.toContain(sandbox.token);
    expect(sandbox.stats().requests - before).toBe(requests);
    expect(waits).toHaveLength(requests - 1);
    if (faults.errorStatuses?.[0] === 429) expect(waits).toEqual([2_000, 2_000]);
  });

  test.each(CASES.filter((c) => c.requests === 3))(
    '$name, cleared during the backoff: the list arrives, exit 0',
    async ({ faults }) => {
      sandbox.setFaults(faults);
      const before = sandbox.stats().requests;
      const clearing = async () => sandbox.setFaults({});
      const r = await runCli(['list', 'slis', '--json'], {
        env: env(),
        client: { timeouts: TIMEOUTS, sleep: clearing },
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout) as { id: string }[]).map((x) => x.id)[0]).toBe('sli-000001');
      expect(sandbox.stats().requests - before).toBe(2);
    },
  );

  test('--json under a fault: stdout stays empty (no prose, no partial array)', async () => {
    sandbox.setFaults({ errorRate: 1, errorStatuses: [503] });
    const r = await runCli(['list', 'slis', '--json'], {
      env: env(),
      client: { timeouts: TIMEOUTS, sleep: instantSleep().sleep },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/HTTP 503/);
  });

  test('the default timeouts still apply when none are injected (a stalled answer is not waited for forever)', async () => {
    // Only the size of the wait is shortened here: latency under the default 15 s headers timeout succeeds.
    sandbox.setFaults({ latencyMs: 200 });
    const r = await runCli(['list', 'slis', '--limit', '2'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(3);
  });
});

describe('a complete body that is not valid JSON (a server of our own)', () => {
  test('one sentence, exit 1, not retried', async () => {
    const server = await startHttpsServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"total": 5, "results": [{"id": "1"');
    });
    try {
      const caFile = join(configDir, 'own-ca.pem');
      await writeFile(caFile, server.caPem);
      const r = await runCli(['list', 'slis'], {
        env: {
          SLOTUI_CONFIG_DIR: configDir,
          SLOTUI_BASE_URL: server.origin,
          SLOTUI_CA_FILE: caFile,
          SLOTUI_TOKEN: 'tok-invalid-json-123',
        },
        client: { sleep: instantSleep().sleep },
      });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^slotui: The server's answer to \/v1\/slis\/ is not valid JSON \(it may have been cut off\)\./,
      );
      expectOneSentence(r.stderr);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
