/**
 * Hostile envelopes. test/api covers the client (cross-origin and http next,
 * loops, changing totals, results not an array, pages larger than asked,
 * numeric ids); here: ids of every other wrong type at the client, and the
 * dashboard's behaviour for a cross-origin or http next and for results that
 * are not an array or hold a record with a bad id: the error's sentence and
 * r to retry, no crash, and no request (so no token) toward another origin.
 * The dashboard is read from its view model over real TLS servers (the error
 * line through Ink is test/tui/errors.int.test.tsx's).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { expectSlotuiError, json, startHttpsServer, type Handler, type TestServer } from '../api/helpers.js';
import { disposeDrivers, driveClient, type Driver } from '../tui/driver.js';
import { flat } from '../tui/helpers.js';
import { instantSleep, watchProcess } from './helpers.js';

const TOKEN = 'tok-envelopes-Secret-42';
const cleanups: (() => Promise<void> | void)[] = [];
let watch: ReturnType<typeof watchProcess>;
beforeEach(() => {
  watch = watchProcess();
});
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
  watch.stop();
  watch.check();
});

async function serve(handler: Handler): Promise<{ server: TestServer; client: ApiClient }> {
  const server = await startHttpsServer(handler);
  cleanups.push(() => server.close());
  const client = createClient({ baseUrl: server.origin, token: TOKEN, ca: server.caPem, sleep: instantSleep().sleep });
  cleanups.push(() => client.close());
  return { server, client };
}

/** The dashboard on the client, read from its view model (test/tui/driver.ts): what is said, and the rows. */
function open(client: ApiClient): Driver {
  const d = driveClient(client, { realTimers: true });
  cleanups.push(() => disposeDrivers());
  return d;
}

/** Until the message line and the rows, read as words, hold every text given. */
const said = (d: Driver, ...texts: string[]) =>
  d.until(() => {
    const shown = flat([d.message(), ...d.rows()].join(' '));
    return texts.every((t) => shown.includes(flat(t)));
  }, texts.join(' and '));

/** Until page `n` (of `of`) is shown and nothing loads. */
const page = (d: Driver, n: number, of?: number) =>
  d.until(
    (v) => v.status.text.startsWith(`slis · page ${n} of ${of ?? ''}`) && v.status.loading === null && !v.status.failed,
    `page ${n}`,
  );

const records = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `sli-${from + i}`, name: `record ${from + i}` }));

describe('ids that are not strings (the client)', () => {
  test.each([
    ['an object', { x: 1 }],
    ['a boolean', true],
    ['null', null],
    ['a fraction', 1.5],
    ['an empty string', ''],
    ['an array', ['a']],
  ])('%s: that record is left out (named by its index), the others listed; a get is refused', async (_name, id) => {
    const { client } = await serve((_req, res) =>
      json(res, 200, { total: 2, results: [{ id: 'ok' }, { id }], next: null, previous: null }),
    );
    const page = await client.listPage('slis');
    expect(page.results.map((r) => r.id)).toEqual(['ok']);
    expect(page.odd).toEqual([{ index: 1, reason: expect.stringMatching(/^id: /) as unknown }]);
    const single = await serve((_req, res) => json(res, 200, { id }));
    expect((await expectSlotuiError(() => single.client.get('slis', 'x'))).kind).toBe('protocol');
  });
});

describe('the dashboard and hostile envelopes', () => {
  test('a next to another origin: refused with a sentence, that origin never contacted, rows kept', async () => {
    const elsewhere = await startHttpsServer((_req, res) =>
      json(res, 200, { total: 40, results: records(19, 18), next: null, previous: null }),
    );
    cleanups.push(() => elsewhere.close());
    const { server, client } = await serve((_req, res) =>
      json(res, 200, {
        total: 40,
        results: records(1, 18),
        next: `${elsewhere.origin}/v1/slis/?limit=18&offset=18`,
        previous: null,
      }),
    );
    const d = open(client);
    await page(d, 1, 3);
    d.key('n');
    await said(
      d,
      `Refused to follow a link to ${elsewhere.origin}: it is not the base URL's origin`,
      'Press r to retry.',
    );
    expect(d.rows()[0]).toContain('record 1');
    expect(d.status()).toContain('page 1 of 3');
    // Not the prefetch, not the page asked for: nothing reached the other origin, not even a connection.
    expect(elsewhere.requests).toHaveLength(0);
    expect(elsewhere.connections()).toBe(0);
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    d.key('r');
    await said(d, 'Refused to follow a link', 'Press r to retry.');
    expect(elsewhere.connections()).toBe(0);
  });

  test('a next to http on the same host and port: refused the same way', async () => {
    const { server, client } = await serve((_req, res, self) =>
      json(res, 200, {
        total: 40,
        results: records(1, 18),
        next: `${self.origin.replace('https:', 'http:')}/v1/slis/?limit=18&offset=18`,
        previous: null,
      }),
    );
    const d = open(client);
    await page(d, 1, 3);
    const before = server.requests.length;
    d.key('n');
    await said(d, `Refused to follow a link to http://127.0.0.1:${server.port}`, 'Press r to retry.');
    // No SLI page went out after page 1 (the other resources' first pages, for the tabs, may still be coming in).
    expect(
      server.requests
        .slice(before)
        .filter((r) => r.url.startsWith('/v1/slis/'))
        .map((r) => r.url),
    ).toEqual([]);
  });

  test('results that are not an array: the sentence and r, and r works once the server is fixed', async () => {
    let broken = true;
    const { client } = await serve((_req, res) =>
      json(
        res,
        200,
        broken
          ? { total: 1, results: { id: 'a' }, next: null }
          : { total: 1, results: records(1, 1), next: null, previous: null },
      ),
    );
    const d = open(client);
    await said(
      d,
      'is not a list of SLIs (results:',
      "Check the base URL and the profile's path for slis.",
      'Press r to retry.',
    );
    expect(d.view().body).toMatchObject({ kind: 'list', empty: 'No SLIs shown: the first page could not be read.' });
    broken = false;
    d.key('r');
    await page(d, 1, 1);
  });

  test('a record whose id is an object is left out; one of the wrong type is shown marked; the others shown', async () => {
    const { client } = await serve((_req, res) =>
      json(res, 200, {
        total: 3,
        results: [
          { id: 'sli-aaa', name: 'first one', type: 'latency' },
          { id: { $gt: '' } },
          { id: 'sli-ccc', name: 42, type: 'latency' },
        ],
        next: null,
        previous: null,
      }),
    );
    const d = open(client);
    await said(d, 'first one', 'sli-aaa', '!42', 'sli-ccc');
    expect(d.rows()).toHaveLength(2);
    expect(d.message()).not.toContain('is not a list of SLIs');
  });

  test('a page larger than asked and a total that changes: shown as sent, no crash', async () => {
    let calls = 0;
    const { client } = await serve((_req, res) => {
      calls++;
      json(res, 200, { total: 30 + calls, results: records(1, 25), next: null, previous: null });
    });
    const d = open(client);
    await page(d, 1);
    expect(d.rows()[0]).toContain('record 1');
    d.key('r');
    await page(d, 1);
  });
});
