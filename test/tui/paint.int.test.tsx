/**
 * The frames drawn before Ink (src/tui/view/paint.ts) against Ink's frame of
 * the same view (DashboardView), both fed to a terminal emulator and compared
 * cell by cell: character, colours, bold, dim and inverse. Colours on (chalk
 * at 256 colours, as in the program's terminal), whatever the test's stdout.
 */
import React from 'react';
import chalk from 'chalk';
import { renderToString } from 'ink';
import xterm from '@xterm/headless';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { DashboardView } from '../../src/tui/DashboardView.js';
import { UserSettingsStore } from '../../src/tui/state/userSettings.js';
import { paintDashboard } from '../../src/tui/view/paint.js';
import { SlotuiError } from '../../src/api/errors.js';
import { disposeDrivers, drive, sampleRecords, type Driver } from './driver.js';
import { fakeClient } from './fakeClient.js';
import { FIXED_NOW } from './testing.js';

afterEach(disposeDrivers);

const level = chalk.level;
beforeAll(() => {
  chalk.level = 2;
});
afterAll(() => {
  chalk.level = level;
});

/** What `data` leaves on the terminal (reset first): each cell's character and attributes, a line a string. */
async function screenOf(term: InstanceType<typeof xterm.Terminal>, data: string): Promise<string[]> {
  term.reset();
  await new Promise<void>((resolve) => term.write(data, resolve));
  const buffer = term.buffer.active;
  const cell = buffer.getNullCell();
  const screen: string[] = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(y);
    let cells = '';
    for (let x = 0; x < term.cols; x++) {
      line?.getCell(x, cell);
      const fg = cell.isFgDefault() ? '' : `fg${cell.getFgColorMode()}:${cell.getFgColor()}`;
      const bg = cell.isBgDefault() ? '' : `bg${cell.getBgColorMode()}:${cell.getBgColor()}`;
      const flags = `${cell.isBold() ? 'b' : ''}${cell.isDim() ? 'd' : ''}${cell.isInverse() ? 'i' : ''}`;
      cells += `${cell.getChars() || ' '}${fg || bg || flags ? `|${fg}${bg}${flags}` : ''}\t`;
    }
    screen.push(cells);
  }
  return screen;
}

interface Captured {
  what: string;
  ink: string;
  painted: string;
  columns: number;
  rows: number;
}

/**
 * Ink's frame of the driver's view now and the painted one (which must be drawn). Compared at the
 * end of the test (sameAsInk): the emulator parses on real timers, the driver runs on fake ones.
 */
function capture(d: Driver, what: string, into: Captured[]): void {
  const view = d.view();
  const painted = paintDashboard(view);
  expect(painted, `the painter draws ${what}`).toBeDefined();
  // Ink's own renderer and output, as an instance draws a frame, without an instance's terminal
  // bindings or the second render its unmount makes (the frames are the same as ink-testing-library's).
  const ink = renderToString(<DashboardView dashboard={d.dashboard} />, { columns: view.columns });
  into.push({ what, ink, painted: painted!, columns: view.columns, rows: view.rows });
}

/** Each painted frame the same as Ink's, cell by cell (a difference names its frame and line). */
async function sameAsInk(captured: Captured[]): Promise<void> {
  vi.useRealTimers();
  expect(captured.length).toBeGreaterThan(0);
  for (const c of captured) {
    const term = new xterm.Terminal({ cols: c.columns, rows: c.rows, allowProposedApi: true });
    try {
      const ink = await screenOf(term, c.ink.replace(/\n/g, '\r\n'));
      const painted = await screenOf(term, c.painted);
      // Lines compared as strings (a line at a time only where they differ, to name it).
      if (painted.join('\n') !== ink.join('\n'))
        ink.forEach((line, y) => expect(painted[y], `${c.what}, line ${y + 1}`).toBe(line));
      // The comparison can fail: the frame shows the list of SLIs, and is styled somewhere.
      expect(ink.join('').replace(/\|[^\t]*\t|\t/g, '')).toContain('slis · page');
      expect(ink.join('')).toContain('|');
    } finally {
      term.dispose();
    }
  }
}

describe('the list screen, drawn without Ink, as Ink draws it', () => {
  test('the first page: header and tabs, the table with its selection, the status line, the hints', async () => {
    const d = drive({ settings: { noColor: false } });
    await d.settle();
    const frames: Captured[] = [];
    capture(d, 'the first page', frames);
    await sameAsInk(frames);
  });

  test('without colours (NO_COLOR): inverse and bold only', async () => {
    const d = drive();
    await d.settle();
    expect(d.view().theme.mono).toBe(true);
    const frames: Captured[] = [];
    capture(d, 'the first page without colours', frames);
    await sameAsInk(frames);
  });

  test('scrolled to a row further down, on a small terminal where the status line and the hints are cut', async () => {
    const d = drive({ settings: { noColor: false }, columns: 44, rows: 11 });
    await d.settle();
    d.key('j', 'j', 'j');
    await d.settle();
    expect(d.view().body).toMatchObject({ selected: 3 });
    const frames: Captured[] = [];
    capture(d, 'the fourth row selected', frames);
    await sameAsInk(frames);
  });

  test("a profile's badge in its colour, the light theme's colours, and a selection colour", async () => {
    const userSettings = new UserSettingsStore();
    const d = drive({ settings: { noColor: false }, services: { userSettings } });
    const profile = d.dashboard.session.getSnapshot().settings.profileName;
    userSettings.reload({
      loaded: {
        file: 'settings.yaml',
        exists: true,
        settings: {
          theme: 'light',
          colors: { selection: '#5fafff' },
          profiles: { [profile]: { badge: 'PROD', color: 'red' } },
        },
        problems: [],
      },
    });
    await d.settle();
    expect(d.view().header.badge).toEqual({ text: 'PROD', color: 'red' });
    const frames: Captured[] = [];
    capture(d, 'a badge, the light theme', frames);
    await sameAsInk(frames);
  });

  test('a message in the error tone under the table, and a page dimmed while the next one loads', async () => {
    const d = drive({ settings: { noColor: false, readOnly: true } });
    await d.settle();
    d.press('create');
    expect(d.view().bottom).toMatchObject({ kind: 'message', tone: 'error' });
    const frames: Captured[] = [];
    capture(d, 'an error message', frames);
    d.press('reload');
    expect(d.view().status.loading).not.toBeNull();
    expect(d.view().body).toMatchObject({ dim: true });
    capture(d, 'the page dimmed, loading again', frames);
    await sameAsInk(frames);
  });
});

test('the first frame before the first page is in: the table empty but for its note, loading', async () => {
  const d = drive({ settings: { noColor: false } });
  expect(d.view().body).toMatchObject({ kind: 'list', rows: [], empty: 'Loading the first page of SLIs…' });
  const frames: Captured[] = [];
  capture(d, 'the first page loading', frames);
  await d.settle();
  capture(d, 'the first page in', frames);
  await sameAsInk(frames);
});

test("the token's expiry after the status text, and a first page that failed", async () => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(FIXED_NOW.getTime() / 1000) + 3 * 86_400;
  const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'me', exp })}.c2ln`;
  const client = fakeClient(sampleRecords());
  client.listPage = async () => {
    throw new SlotuiError('server', 'The server failed to answer (HTTP 500).', { status: 500 });
  };
  const d = drive({ client, settings: { noColor: false, token } });
  await d.settle();
  expect(d.view().status).toMatchObject({ warning: expect.stringContaining('3 days'), failed: true, loading: null });
  const frames: Captured[] = [];
  capture(d, 'the warning and the failure', frames);
  await sameAsInk(frames);
});

describe('what it leaves to Ink', () => {
  test('another screen than the list, an input line, an empty table, text of wide characters', async () => {
    const d = drive({ settings: { noColor: false } });
    await d.settle();
    d.press('details');
    expect(paintDashboard(d.view())).toBeUndefined();
    d.press('back');
    expect(paintDashboard(d.view())).toBeDefined();
    d.press('filter');
    expect(paintDashboard(d.view())).toBeUndefined();

    // An empty table's note is drawn when it is one line; Ink wraps a longer one.
    const empty = drive({ records: { ...sampleRecords(), slis: [] }, columns: 40, rows: 12 });
    await empty.settle();
    expect(empty.view().body).toMatchObject({ kind: 'list', rows: [], empty: expect.stringMatching(/^.{41,}$/) });
    expect(paintDashboard(empty.view())).toBeUndefined();

    const records = sampleRecords();
    records.slis![0] = { ...records.slis![0]!, name: '数据库延迟' };
    const wide = drive({ records });
    await wide.settle();
    expect(paintDashboard(wide.view())).toBeUndefined();
  });
});
