/**
 * Errors never end the dashboard: a failed page shows the error's sentence
 * and r to retry, keeping the last good rows; a failed first page and a
 * failed detail read say so. Over a fake client whose reads can be made to
 * fail (test/tui/driver.ts); the client's own sentences for real HTTP
 * failures (401, 404, an untrusted certificate) are errors.int.test.tsx's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import { disposeDrivers, drive, sampleRecords, type Driver } from './driver.js';
import { fakeClient, type FakeClient } from './fakeClient.js';

afterEach(disposeDrivers);

const FAILURE = 'The server failed to answer GET /v1/slis/ (HTTP 500).';

/** The fake client, its reads failing with HTTP 500 while `failing.on` is set. */
function flakyClient(): FakeClient & { failing: { on: boolean } } {
  const client = fakeClient(sampleRecords());
  const failing = { on: false };
  const fail = () => {
    if (failing.on) throw new SlotuiError('server', FAILURE, { status: 500 });
  };
  const { listPage, followPage, get } = client;
  return Object.assign(client, {
    failing,
    listPage: async (...args: Parameters<FakeClient['listPage']>) => (fail(), listPage(...args)),
    followPage: async (...args: Parameters<FakeClient['followPage']>) => (fail(), followPage(...args)),
    get: async (...args: Parameters<FakeClient['get']>) => (fail(), get(...args)),
  });
}

async function open(client = flakyClient()): Promise<Driver & { client: ReturnType<typeof flakyClient> }> {
  const d = drive({ client });
  await d.until((v) => v.status.text.startsWith('slis · page 1 of 2 · total 30 · profile default'), 'the first page');
  // The background reads first (page 2's prefetch, the other tabs' counts).
  await d.settle();
  return d as Driver & { client: ReturnType<typeof flakyClient> };
}

describe('a failed page', () => {
  test('shows the error sentence and r to retry, keeps the last good rows, and r retries', async () => {
    const d = await open();
    d.client.failing.on = true;
    d.press('reload');
    await d.settle();
    expect(d.message()).toBe(`${FAILURE} Press r to retry.`);
    expect(d.view().bottom).toMatchObject({ tone: 'error' });
    expect(d.rows()[0]).toMatch(/^checkout-api availability/);
    expect(d.view().status.failed).toBe(true);
    // Still alive: other keys work while the error shows.
    d.press('help');
    expect(d.view().screen.kind).toBe('help');
    d.press('help-close');
    expect(d.message()).toBe(`${FAILURE} Press r to retry.`);
    d.client.failing.on = false;
    d.press('reload');
    await d.settle();
    expect(d.message()).toBe('');
    expect(d.view().status.failed).toBe(false);
    expect(d.status()).toMatch(/^slis · page 1 of 2 · total 30 · profile default/);
  });

  test('paging onto a failing page keeps the page shown; r retries going there', async () => {
    const d = await open();
    d.client.failing.on = true;
    // A reload drops the cached pages, so page 2 must be asked for again.
    d.press('reload');
    await d.settle();
    d.press('next-page');
    await d.settle();
    expect(d.message()).toBe(`${FAILURE} Press r to retry.`);
    expect(d.status()).toContain('page 1 of 2');
    expect(d.rows()[0]).toMatch(/^checkout-api availability/);
    d.client.failing.on = false;
    d.press('reload');
    await d.settle();
    expect(d.status()).toContain('page 2 of 2');
    expect(d.rows()[0]).toContain('sli-000019');
  });

  test('a first page that fails says so, and r loads it once the server is back', async () => {
    const client = flakyClient();
    client.failing.on = true;
    const d = drive({ client });
    await d.settle();
    const body = d.view().body;
    expect(body.kind === 'list' && body.empty).toBe('No SLIs shown: the first page could not be read.');
    expect(d.message()).toBe(`${FAILURE} Press r to retry.`);
    expect(d.status()).toContain('page – of –');
    client.failing.on = false;
    d.press('reload');
    await d.settle();
    expect(d.status()).toMatch(/^slis · page 1 of 2 · total 30 · profile default/);
  });

  test('a failing detail read keeps the record and offers r', async () => {
    const d = await open();
    d.press('details');
    await d.settle();
    d.client.failing.on = true;
    d.press('reload');
    await d.settle();
    let body = d.view().body;
    expect(body.kind === 'detail' && body.errorLines.join(' ')).toBe(`${FAILURE} Press r to retry.`);
    expect(
      body.kind === 'detail' &&
        body.lines.some((l) => l.label?.startsWith('name') && l.text.includes('checkout-api availability')),
    ).toBe(true);
    d.client.failing.on = false;
    d.press('reload');
    await d.settle();
    body = d.view().body;
    expect(body.kind === 'detail' && body.errorLines).toEqual([]);
  });
});

describe('a failure under a filter', () => {
  const what = "The service's certificate is not trusted (https://127.0.0.1:8443: it is self-signed).";
  const tls = () =>
    new SlotuiError('network', what, {
      advice: { cli: 'Give --ca-file FILE to the command.', dashboard: 'Start slotui with SLOTUI_CA_FILE set.' },
    });

  /** Every read of the client, pages and the whole list's walk, fails on the untrusted certificate. */
  const failEveryRead = (client: FakeClient) => {
    client.listPage = client.followPage = async () => {
      throw tls();
    };
    client.pages = async function* () {
      yield* [];
      throw tls();
    };
  };

  test('is said once, with the dashboard advice, where the rows would be; the status line says only that it failed', async () => {
    const d = await open();
    failEveryRead(d.client);
    d.press('reload');
    d.press('filter');
    d.type('x');
    d.press('filter-keep');
    await d.until((v) => v.status.text.includes('failed after'), 'the gathering failed');
    const screen = d.text();
    expect(screen.split('certificate is not trusted').length - 1).toBe(1);
    expect(screen).toContain('Start slotui with SLOTUI_CA_FILE set.');
    expect(screen).not.toContain('--ca-file');
    expect(d.status()).toContain('gathering SLIs failed after 0');
    expect(d.view().status.failed).toBe(true);
    expect(d.view().bottom).not.toMatchObject({ tone: 'error' });
    // The filter gone: the page's own failure is said again, in the message line.
    d.press('clear-filter');
    await d.settle();
    expect(d.message()).toBe(`${what} Start slotui with SLOTUI_CA_FILE set. Press r to retry.`);
  });

  test('sorted with no filter: no "match “”", the failure said once', async () => {
    const d = await open();
    failEveryRead(d.client);
    d.press('reload');
    d.press('sort');
    await d.until((v) => v.status.text.includes('failed after'), 'the gathering failed');
    const body = d.view().body;
    expect(body.kind === 'list' && body.empty).toBe(
      `No SLIs held. Gathering SLIs stopped after 0: ${what} Start slotui with SLOTUI_CA_FILE set. r gathers them again.`,
    );
    expect(d.text().split('certificate is not trusted').length - 1).toBe(1);
  });
});
