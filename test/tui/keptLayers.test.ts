/**
 * What the dashboard keeps between keys (src/tui/view/memo.ts): the key
 * layers of the screen on top (src/tui/dashboard.ts) and the help's lines
 * (src/tui/help.ts). Kept while what they are made of is the same, made again
 * as soon as a store's snapshot, the keymap or the width is new, so a key
 * always acts on the state the key before it left.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { helpBody } from '../../src/tui/help.js';
import { keyWith } from '../../src/tui/input/router.js';
import { createKeymap, DEFAULT_KEYMAP } from '../../src/tui/keys.js';
import { UserSettingsStore } from '../../src/tui/state/userSettings.js';
import { keptWhileSame } from '../../src/tui/view/memo.js';
import { disposeDrivers, drive, type Driver } from './driver.js';

afterEach(disposeDrivers);

describe('keptWhileSame', () => {
  test('computes once while every input is the same (Object.is), again when one is new', () => {
    let inputs: unknown[] = [1, 'a', Number.NaN, null];
    let computed = 0;
    const value = keptWhileSame(
      () => inputs,
      () => ++computed,
    );
    expect([value(), value()]).toEqual([1, 1]);
    // A new list of the same inputs (NaN is itself by Object.is).
    inputs = [1, 'a', Number.NaN, null];
    expect(value()).toBe(1);
    inputs = [1, 'b', Number.NaN, null];
    expect(value()).toBe(2);
    // One fewer, one more.
    inputs = [1, 'b', Number.NaN];
    expect(value()).toBe(3);
    inputs = [1, 'b', Number.NaN, null];
    expect(value()).toBe(4);
    // An object equal by value is still a new object; -0 is not +0.
    const same = { a: 1 };
    inputs = [same];
    expect(value()).toBe(5);
    inputs = [{ a: 1 }];
    expect(value()).toBe(6);
    inputs = [0];
    expect(value()).toBe(7);
    inputs = [-0];
    expect(value()).toBe(8);
    expect(value()).toBe(8);
  });

  test('a computation that throws keeps nothing: it is asked again', () => {
    let fail = true;
    let asked = 0;
    const value = keptWhileSame(
      () => ['same'],
      () => {
        asked++;
        if (fail) throw new Error('not yet');
        return 'done';
      },
    );
    expect(value).toThrow('not yet');
    expect(value).toThrow('not yet');
    fail = false;
    expect(value()).toBe('done');
    expect(value()).toBe('done');
    expect(asked).toBe(3);
  });
});

async function open(options: Parameters<typeof drive>[0] = {}): Promise<Driver> {
  const d = drive(options);
  await d.until((v) => v.status.text.startsWith('slis · page 1 of'), 'the first page');
  return d;
}

describe("the dashboard's key layers", () => {
  test('kept between keys that change nothing and shared with the hints; a key that changes a store gets new ones', async () => {
    const d = await open();
    const first = d.dashboard.layers();
    expect(d.dashboard.layers()).toBe(first);
    // The view's hints are made from the same layers.
    const hints = d.view().hints;
    expect(d.dashboard.layers()).toBe(first);
    // A key nothing takes changes nothing.
    d.key('F12');
    expect(d.dashboard.layers()).toBe(first);
    d.press('down');
    expect(d.dashboard.layers()).not.toBe(first);
    expect(d.view().hints).toEqual(hints);
  });

  test('each key acts on the row the key before selected, however many come at once', async () => {
    const d = await open();
    expect(d.view().selected?.record.id).toBe('sli-000001');
    // Three keys in one read (key repeat): each is a key of its own, on the state the one before left.
    d.dashboard.handleInput('jj\r', keyWith());
    expect(d.view().screen.kind).toBe('detail');
    expect(d.view().selected?.record.id).toBe('sli-000003');
  });

  test('marking a record turns the record keys to the marked records at the next key', async () => {
    const written: string[] = [];
    const d = await open({ services: { writeTerminal: (s) => written.push(s) } });
    d.press('copy-id');
    expect(d.message()).toContain('sli-000001');
    d.press('mark');
    // The selection moved down; y now copies the marked record's id, not the selected one's.
    expect(d.view().selected?.record.id).toBe('sli-000002');
    d.press('copy-id');
    expect(d.message()).toMatch(/the ids of the 1 marked SLI/);
  });

  test('a settings reload that rebinds a key: the next key is read with the new keymap', async () => {
    const userSettings = new UserSettingsStore();
    const d = await open({ services: { userSettings } });
    const before = d.dashboard.layers();
    userSettings.reload({
      loaded: { file: 'settings.yaml', exists: true, settings: { keys: { down: 'J' } }, problems: [] },
    });
    expect(d.dashboard.layers()).not.toBe(before);
    d.key('J');
    expect(d.view().selected?.record.id).toBe('sli-000002');
    d.key('j');
    expect(d.view().selected?.record.id).toBe('sli-000002');
  });
});

describe("the help's lines", () => {
  const text = (body: ReturnType<typeof helpBody>) =>
    body.columns
      .flat()
      .map((l) => l.text)
      .join('\n');

  test('follow the width, read-only, the keymap and the screen below, after being shown with others', () => {
    const wide = helpBody(DEFAULT_KEYMAP, { readOnly: false }, 80, 500, 0);
    expect(text(wide)).toContain('create a record');
    // Read-only: no create key, whatever was shown before.
    const readOnly = helpBody(DEFAULT_KEYMAP, { readOnly: true }, 80, 500, 0);
    expect(text(readOnly)).not.toContain('create a record');
    // Narrower: every line fits the new width.
    const narrow = helpBody(DEFAULT_KEYMAP, { readOnly: false }, 50, 500, 0);
    expect(Math.max(...narrow.columns.flat().map((l) => l.text.length))).toBeLessThanOrEqual(50);
    expect(Math.max(...wide.columns.flat().map((l) => l.text.length))).toBeGreaterThan(50);
    // Another keymap: its keys.
    const rebound = helpBody(createKeymap({ 'next-page': ['Ctrl+F'] }), { readOnly: false }, 80, 500, 0);
    expect(text(rebound)).toMatch(/Ctrl\+F\s+next page/);
    expect(text(wide)).toMatch(/n → PgDn Ctrl\+F\s+next page/);
    // Opened over the details: the details first.
    const fromDetail = helpBody(DEFAULT_KEYMAP, { readOnly: false }, 80, 500, 0, 'detail');
    expect(fromDetail.columns[0]![0]!.text).toBe('Details (this screen)');
    // And back: the same as the first time, two columns and one alike.
    expect(helpBody(DEFAULT_KEYMAP, { readOnly: false }, 80, 500, 0)).toEqual(wide);
    const twoColumns = helpBody(DEFAULT_KEYMAP, { readOnly: false }, 120, 30, 0);
    expect(twoColumns.columns).toHaveLength(2);
    expect(helpBody(DEFAULT_KEYMAP, { readOnly: false }, 120, 30, 5).columns[0]![0]).toEqual(twoColumns.columns[0]![5]);
  });
});
