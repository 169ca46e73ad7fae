/**
 * Monkey test over the dashboard driver: 5,000 seeded random keys (and a few
 * resizes) on every screen, against a fake client that fails one read or
 * write in ten with the failures a service gives (500, 429, a reset). Asserts
 * that nothing throws, the view model keeps its shape (a status line, the
 * message within the terminal's width, the selection on a row), and Ctrl+C
 * still quits at the end. What only Ink shows (the frame drawn within the
 * terminal) is monkey.int.test.tsx's, with fewer keys through the real
 * sandbox. SLOTUI_MONKEY_SEED=N replays a run.
 */
import { afterEach, expect, test } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import { seededRandom } from '../../src/sandbox/faults.js';
import { textWidth } from '../../src/text/width.js';
import { disposeDrivers, drive, sampleRecords } from '../tui/driver.js';
import { fakeClient, type FakeClient } from '../tui/fakeClient.js';

afterEach(disposeDrivers);

const SEED = Number(process.env.SLOTUI_MONKEY_SEED ?? 20_251_125);
const KEY_COUNT = 5_000;
const BATCH = 25;

/** Keys as the help writes them: every key of the keymap, and then some. */
const KEYS = [
  ...'1234jknpgGrcedyqx sa0/.:?-oOuEYbL[]'.split(''),
  '↑',
  '↓',
  '←',
  '→',
  'PgUp',
  'PgDn',
  'Home',
  'End',
  'Enter',
  'Enter',
  'Esc',
  'Esc',
  'Tab',
  'Shift+Tab',
  'Backspace',
  'Space',
  'Ctrl+R',
  'Ctrl+F',
  'Ctrl+B',
  'Ctrl+S',
  'Ctrl+P',
  'F1',
  'F5',
];
const COMMANDS = [':slos\r', ':slis\r', ':orgs\r', ':agr\r', ':nonsense\r', ':help\r', '/latency\r', '/zzz\r'];
const SIZES: [number, number][] = [
  [100, 24],
  [80, 24],
  [120, 40],
  [60, 16],
  [40, 10],
];

/** The fake client, one call in ten failing as a service fails, by a seeded draw. */
function faultyClient(random: () => number): FakeClient {
  const client = fakeClient(sampleRecords());
  const failures = [
    () => new SlotuiError('server', 'The server failed to answer (HTTP 500).', { status: 500 }),
    () => new SlotuiError('rate-limited', 'The service asks to slow down (HTTP 429).', { status: 429 }),
    () => new SlotuiError('network', 'The connection was reset.'),
  ];
  const maybeFail = () => {
    if (random() < 0.1) throw failures[Math.floor(random() * failures.length)]!();
  };
  const { listPage, followPage, get, create, update, remove } = client;
  return Object.assign(client, {
    listPage: async (...a: Parameters<FakeClient['listPage']>) => (maybeFail(), listPage(...a)),
    followPage: async (...a: Parameters<FakeClient['followPage']>) => (maybeFail(), followPage(...a)),
    get: async (...a: Parameters<FakeClient['get']>) => (maybeFail(), get(...a)),
    create: async (...a: Parameters<FakeClient['create']>) => (maybeFail(), create(...a)),
    update: async (...a: Parameters<FakeClient['update']>) => (maybeFail(), update(...a)),
    remove: async (...a: Parameters<FakeClient['remove']>) => (maybeFail(), remove(...a)),
  });
}

test(`${KEY_COUNT} seeded random keys with faults over the driver: nothing throws, the view keeps its shape`, async () => {
  const random = seededRandom(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  let size: [number, number] = [100, 24];
  const d = drive({ client: faultyClient(random), columns: size[0], rows: size[1] });
  let sent = 0;
  let batch: string[] = [];
  try {
    await d.settle();
    while (sent < KEY_COUNT) {
      batch = [];
      if (random() < 0.03) {
        size = pick(SIZES);
        d.resize(...size);
      }
      while (batch.length < BATCH && sent < KEY_COUNT) {
        const command = random() < 0.03;
        const key = command ? pick(COMMANDS) : pick(KEYS);
        batch.push(key);
        if (command) d.type(key);
        else d.key(key);
        sent++;
      }
      await d.settle();
      const view = d.view();
      const [columns] = size;
      expect(view.status.text, 'the status line').not.toBe('');
      if (view.bottom.kind === 'message')
        for (const line of view.bottom.lines) expect(textWidth(line)).toBeLessThanOrEqual(columns);
      // The selection is on a row shown (the table windows the rows to the body's height).
      if (view.body.kind === 'list' && view.body.rows.length > 0)
        expect(view.body.selected).toBeLessThan(view.body.rows.length);
    }
    // q and :q quit when the monkey presses them; the last word is Ctrl+C's, from wherever it is.
    const quits = d.quits.length;
    d.key('Ctrl+C');
    await d.settle();
    expect(d.quits.slice(quits).map((q) => q.code)).toEqual([0]);
  } catch (error) {
    const keys = batch.map((k) => JSON.stringify(k)).join(' ');
    throw new Error(
      `With SLOTUI_MONKEY_SEED=${SEED}, after ${sent} keys (size ${size.join('x')}); last batch: ${keys}`,
      {
        cause: error,
      },
    );
  }
}, 60_000);
