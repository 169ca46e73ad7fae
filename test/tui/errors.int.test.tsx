/**
 * Errors never end the dashboard, against the sandbox: through Ink, a failed
 * page shows the client's sentence and r to retry; from the view model
 * without Ink, 401, 404 and an untrusted certificate say what to do.
 * Paging, first pages and details that fail are errors.test.ts's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ApiClient } from '../../src/api/types.js';
import { textWidth } from '../../src/text/width.js';
import { disposeDrivers, driveClient, type Driver } from './driver.js';
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

/** The dashboard on a client of the sandbox, read from its view model (test/tui/driver.ts), without Ink. */
function drive(options: Parameters<typeof sandboxClient>[1]): Driver {
  const client = sandboxClient(fx.sandbox, options);
  clients.push(client);
  return driveClient(client, { realTimers: true, columns: 80 });
}
const clients: ApiClient[] = [];
afterEach(async () => {
  disposeDrivers();
  for (const client of clients.splice(0)) await client.close();
});

/** Until the message line, read as words, holds every text given. */
const said = (d: Driver, ...texts: string[]) =>
  d.until(() => texts.every((t) => flat(d.message()).includes(flat(t))), texts.join(' and '));

describe('authentication and paths', () => {
  test('401 tells the user to set up a token', async () => {
    const d = drive({ token: 'not-a-valid-token' });
    await said(d, 'HTTP 401', 'Press r to retry.');
    expect(d.message()).toContain('slotui auth login');
    expect(d.message()).toContain('SLOTUI_TOKEN');
    expect(d.text()).not.toContain('not-a-valid-token');
  });

  test('no token at all says how to set one', async () => {
    const d = drive({ token: undefined });
    await said(d, 'Press r to retry.');
    expect(d.message()).toContain('slotui auth login');
    expect(d.message()).toContain('SLOTUI_TOKEN');
  });

  test('an untrusted certificate is named as one, with what to set and the retry key whole at 80 columns', async () => {
    const d = drive({ ca: undefined });
    await said(d, 'Press r to retry.');
    const message = flat(d.message());
    expect(message).toContain("The service's certificate is not trusted");
    expect(message).toContain('start slotui with SLOTUI_CA_FILE set to its PEM file.');
    expect(message).not.toContain('--ca-file');
    // The message's lines as drawn: each within the 80 columns, none cut.
    const bottom = d.view().bottom;
    for (const line of bottom.kind === 'message' ? bottom.lines : []) expect(textWidth(line)).toBeLessThanOrEqual(80);
    expect(d.status()).toBe('slis · page – of – · total – · profile default');
    expect(d.view().status.failed).toBe(true);
  });

  test('a list that answers 404 says the server does not expose it there and how to set another path', async () => {
    const d = drive({ paths: { slis: '/v1/indicators/' } });
    await said(d, 'Press r to retry.');
    const message = flat(d.message());
    expect(message).toContain('This server does not expose SLIs at /v1/indicators/ (HTTP 404).');
    expect(message).toContain('Set another path for slis in the profile');
    // The other resources still work.
    d.key('2');
    await d.until((v) => v.status.text.startsWith('slos · page 1 of'), 'the SLOs');
  });
});
