/**
 * Errors never end the dashboard: a failed page shows the error's sentence
 * and r to retry, keeping the last good rows; 401 and 404 say what to do.
 */
import { describe, expect, test } from 'vitest';
import {
  dashboardFixture,
  flat,
  KEYS,
  listRequests,
  renderDashboard,
  sandboxClient,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  waitForWords,
  waitUntil,
} from './helpers.js';

const fx = dashboardFixture(renderDashboard);
const open = fx.open;

describe('a failed page', () => {
  test('shows the error sentence and r to retry, keeps the last good rows, and r retries', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    fx.sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    d.press('r');
    let frame = await waitForWords(d, 'HTTP 500', 'Press r to retry.');
    expect(flat(frame)).toContain('The server failed to answer GET /v1/slis/');
    expect(frame).toContain('checkout-api availability');
    expect(statusLineOf(frame)).toContain('✖ failed');
    // Still alive: other keys work while the error shows.
    d.press('?');
    await waitForText(d, 'Help · Esc or ? closes');
    d.press('?');
    await waitForWords(d, 'Press r to retry.');
    fx.sandbox.setFaults({});
    d.press('r');
    frame = await waitForFrame(
      d,
      (f) => !flat(f).includes('Press r to retry') && !/loading/i.test(statusLineOf(f)),
      'the page back',
    );
    expect(statusLineOf(frame)).toBe('slis · page 1 of 2 · total 30 · profile default · read 0s ago');
    expect(frame).toContain('checkout-api availability');
  });

  test('paging onto a failing page keeps the page shown; r retries going there', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    // The background work first (page 2's prefetch, the other resources' counts), so none of it is
    // still under way, and reused, when page 2 is asked for below.
    await waitUntil(() => listRequests(fx.sandbox).includes('18:18'), 'the prefetch of page 2');
    await waitForText(d, 'Agreements (5)');
    fx.sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    // A reload drops the cached pages, so page 2 must be asked for again.
    d.press('r');
    await waitForWords(d, 'Press r to retry.');
    fx.sandbox.requests.splice(0);
    d.press('n');
    await waitUntil(() => listRequests(fx.sandbox).includes('18:18'), 'the request for page 2');
    const frame = await waitForFrame(
      d,
      (f) => flat(f).includes('Press r to retry') && !/loading/i.test(statusLineOf(f)),
      'the failure',
    );
    expect(statusLineOf(frame)).toContain('page 1 of 2');
    expect(frame).toContain('checkout-api availability');
    fx.sandbox.setFaults({});
    d.press('r');
    const page2 = await waitForPage(d, 2, 2);
    expect(page2).toContain('sli-000019');
  });

  test('a first page that fails says so, and r loads it once the server is back', async () => {
    fx.sandbox.setFaults({ errorRate: 1, errorStatuses: [503], retryAfterSeconds: 0 });
    const d = open();
    const frame = await waitForWords(d, 'No SLIs shown: the first page could not be read.', 'Press r to retry.');
    expect(statusLineOf(frame)).toContain('page – of –');
    fx.sandbox.setFaults({});
    d.press('r');
    await waitForPage(d, 1, 2);
  });

  test('a failing detail read keeps the record and offers r', async () => {
    const d = open();
    await waitForPage(d, 1, 2);
    d.press(KEYS.enter);
    await waitForText(d, 'SLI checkout-api availability');
    fx.sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    d.press('r');
    const frame = await waitForWords(d, 'HTTP 500', 'Press r to retry.');
    expect(frame).toMatch(/^name\s+checkout-api availability$/m);
    fx.sandbox.setFaults({});
    d.press('r');
    await waitForFrame(d, (f) => !flat(f).includes('Press r to retry'), 'the error gone');
  });
});

describe('authentication and paths', () => {
  test('401 tells the user to set up a token', async () => {
    const d = open({ client: sandboxClient(fx.sandbox, { token: 'not-a-valid-token' }) });
    const frame = await waitForWords(d, 'HTTP 401', 'Press r to retry.');
    expect(frame).toContain('slotui auth login');
    expect(frame).toContain('SLOTUI_TOKEN');
    expect(frame).not.toContain('not-a-valid-token');
  });

  test('no token at all says how to set one', async () => {
    const d = open({ client: sandboxClient(fx.sandbox, { token: undefined }) });
    const frame = await waitForWords(d, 'Press r to retry.');
    expect(frame).toContain('slotui auth login');
    expect(frame).toContain('SLOTUI_TOKEN');
  });

  test('an untrusted certificate is named as one, with what to set and the retry key whole at 80 columns', async () => {
    const d = open({ client: sandboxClient(fx.sandbox, { ca: undefined }), columns: 80 });
    const frame = flat(await waitForWords(d, 'Press r to retry.'));
    expect(frame).toContain("The service's certificate is not trusted");
    expect(frame).toContain('start slotui with SLOTUI_CA_FILE set to its PEM file.');
    expect(frame).not.toContain('--ca-file');
    expect(statusLineOf(d.lastFrame())).toMatch(/^slis · page – of – · total – · profile default\s+✖ failed$/);
  });

  test('a list that answers 404 says the server does not expose it there and how to set another path', async () => {
    const d = open({ client: sandboxClient(fx.sandbox, { paths: { slis: '/v1/indicators/' } }) });
    const frame = flat(await waitForWords(d, 'Press r to retry.'));
    expect(frame).toContain('This server does not expose SLIs at /v1/indicators/ (HTTP 404).');
    expect(frame).toContain('Set another path for slis in the profile');
    // The other resources still work.
    d.press('2');
    await waitForFrame(d, (f) => statusLineOf(f).startsWith('slos · page 1 of'), 'the SLOs');
  });
});
