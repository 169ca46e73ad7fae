/**
 * Errors never end the dashboard, through Ink against the sandbox: a failed
 * page shows the client's sentence and r to retry; 401, 404 and an untrusted
 * certificate say what to do. Paging, first pages and details that fail are
 * errors.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import {
  dashboardFixture,
  flat,
  renderDashboard,
  sandboxClient,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  waitForWords,
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
