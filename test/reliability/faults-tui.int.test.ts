/**
 * The dashboard against the sandbox's fault switches over real TLS, read from
 * its view model (test/tui/driver.ts, no Ink: the error line through Ink is
 * test/tui/errors.int.test.tsx's): a reload that meets a fault shows the
 * fault's sentence and "Press r to retry", keeps the last good rows, tries a
 * GET at most 3 times (only for faults a retry can cure), and r brings the
 * page back once the server is well. No crash, no unhandled rejection.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { Faults, SandboxHandle } from '../../src/sandbox/types.js';
import { json, startHttpsServer } from '../api/helpers.js';
import { disposeDrivers, driveClient, type Driver } from '../tui/driver.js';
import { flat, listRequests } from '../tui/helpers.js';
import { instantSleep, watchProcess } from './helpers.js';

let sandbox: SandboxHandle;
let client: ApiClient | undefined;
let watch: ReturnType<typeof watchProcess>;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.setFaults({});
  watch = watchProcess();
});
afterEach(async () => {
  disposeDrivers();
  await client?.close();
  client = undefined;
  sandbox.setFaults({});
  watch.stop();
  watch.check();
});

const TIMEOUTS = { connectMs: 2_000, headersMs: 300, bodyMs: 300 };

/** The dashboard on a client as the CLI builds it (3 tries), with small timeouts and instant backoff. */
function open(): Driver {
  client = createClient({
    baseUrl: sandbox.baseUrl,
    token: sandbox.token,
    ca: sandbox.caPem,
    timeouts: TIMEOUTS,
    sleep: instantSleep().sleep,
  });
  return driveClient(client, { realTimers: true });
}

/** Until the message line holds every text given (read as words). */
const said = (d: Driver, ...texts: string[]) =>
  d.until((v) => {
    const message = v.bottom.kind === 'message' ? flat(v.bottom.lines.join(' ')) : '';
    return texts.every((t) => message.includes(flat(t)));
  }, texts.join(' and '));

const PAGE_1 = 'slis · page 1 of 2 · total 30 · profile default · read 0s ago';
const pageOne = (d: Driver) =>
  d.until((v) => v.status.text === PAGE_1 && v.status.loading === null && !v.status.failed, 'page 1 of 2');

interface FaultCase {
  name: string;
  faults: Faults;
  tries: number;
  words: string;
}

const CASES: FaultCase[] = [
  {
    name: 'latency beyond the timeout',
    faults: { latencyMs: 1_500 },
    tries: 1,
    words: 'The server did not answer GET /v1/slis/ within 0.3s.',
  },
  {
    name: '429 with Retry-After',
    faults: { errorRate: 1, errorStatuses: [429], retryAfterSeconds: 1 },
    tries: 3,
    words: 'The server is limiting the rate of requests (HTTP 429). Wait 1 seconds and try again.',
  },
  {
    name: '500',
    faults: { errorRate: 1, errorStatuses: [500] },
    tries: 1,
    words: 'The server failed to answer GET /v1/slis/ (HTTP 500',
  },
  {
    name: '502',
    faults: { errorRate: 1, errorStatuses: [502] },
    tries: 3,
    words: 'The server failed to answer GET /v1/slis/ (HTTP 502',
  },
  {
    name: '503',
    faults: { errorRate: 1, errorStatuses: [503] },
    tries: 3,
    words: 'The server failed to answer GET /v1/slis/ (HTTP 503',
  },
  {
    name: 'an HTML page instead of JSON',
    faults: { htmlRate: 1 },
    tries: 1,
    words: "The server's answer to /v1/slis/ is an HTML page, not JSON.",
  },
  {
    name: 'a body cut off mid-way',
    faults: { truncateRate: 1 },
    tries: 3,
    words: "The server's answer to /v1/slis/ was cut off before it was complete.",
  },
  { name: 'a connection reset', faults: { resetRate: 1 }, tries: 3, words: 'was closed before an answer arrived.' },
  {
    name: 'a server that stops answering',
    faults: { hangRate: 1 },
    tries: 1,
    words: 'The server did not answer GET /v1/slis/ within 0.3s.',
  },
];

describe('the dashboard under each fault', () => {
  test.each(CASES)(
    '$name: the sentence and r to retry, last good rows kept, r recovers',
    async ({ faults, tries, words }) => {
      const d = open();
      await pageOne(d);
      sandbox.setFaults(faults);
      sandbox.requests.splice(0);
      d.key('r');
      await said(d, words, 'Press r to retry.');
      // The rows of the last good page are still there, and the status line says what failed.
      expect(d.rows()[0]).toContain('checkout-api availability');
      expect(d.status()).toContain('page 1 of 2');
      expect(d.view().status.failed).toBe(true);
      expect(d.text()).not.toContain(sandbox.token);
      // The reload of page 1 (offset 0, 18 a page) was tried within the bound.
      expect(listRequests(sandbox).filter((r) => r === '0:18')).toHaveLength(tries);
      sandbox.setFaults({});
      d.key('r');
      await d.until(
        (v) => !d.message().includes('Press r to retry') && v.status.loading === null && !v.status.failed,
        'the page back',
      );
      expect(d.status()).toBe(PAGE_1);
      expect(d.rows()[0]).toContain('checkout-api availability');
    },
  );

  test('a first page that meets a fault: the sentence and r; r loads it once the server is well', async () => {
    sandbox.setFaults({ resetRate: 1 });
    const d = open();
    await said(d, 'was closed before an answer arrived.', 'Press r to retry.');
    expect(d.view().body).toMatchObject({ kind: 'list', empty: 'No SLIs shown: the first page could not be read.' });
    sandbox.setFaults({});
    d.key('r');
    await pageOne(d);
  });
});

describe('a complete body that is not valid JSON (a server of our own)', () => {
  test('the sentence and r to retry, no crash', async () => {
    let broken = true;
    const server = await startHttpsServer((_req, res) => {
      if (!broken)
        return json(res, 200, { total: 1, results: [{ id: 'a', name: 'alpha' }], next: null, previous: null });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"total": 5, "results": [{"id": "1"');
    });
    try {
      client = createClient({
        baseUrl: server.origin,
        token: 'tok-tui-invalid-json',
        ca: server.caPem,
        sleep: instantSleep().sleep,
      });
      const d = driveClient(client, { realTimers: true });
      await said(
        d,
        "The server's answer to /v1/slis/ is not valid JSON (it may have been cut off).",
        'Press r to retry.',
      );
      broken = false;
      d.key('r');
      await d.until(
        () => d.rows().some((r) => r.includes('alpha')) && !d.message().includes('Press r to retry'),
        'the page once the JSON is valid',
      );
    } finally {
      disposeDrivers();
      await server.close();
    }
  });
});
