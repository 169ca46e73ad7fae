/**
 * The help (every key, grouped, from the keymap) and read-only mode (no
 * create, edit or delete keys anywhere), over the fake client
 * (test/tui/driver.ts). help-readonly.int.test.tsx keeps the help's frame
 * through Ink.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { commandLineHelp } from '../../src/tui/help.js';
import { BINDINGS } from '../../src/tui/keys.js';
import { disposeDrivers, drive, sampleRecords, type Driver, type DriverOptions } from './driver.js';
import { fakeClient } from './fakeClient.js';

afterEach(disposeDrivers);

async function open(options: DriverOptions = {}): Promise<Driver> {
  const d = drive(options);
  await d.until((v) => v.status.text.startsWith('slis · page 1 of'), 'the first page');
  return d;
}

/** The help's title and lines, as drawn. */
function help(d: Driver): { title: string; text: string } {
  const body = d.view().body;
  if (body.kind !== 'help') throw new Error(`not the help but ${body.kind}`);
  // Read as words: descriptions wrap under their keys.
  const text = body.columns
    .flat()
    .map((l) => l.text)
    .join(' ')
    .replace(/\s+/g, ' ');
  return { title: body.title, text };
}

const hints = (d: Driver): string =>
  d
    .view()
    .hints.map((h) => h.hint)
    .join(' ');

describe('help', () => {
  test('help shows every key and command, a screen each; help-close (Esc or ?) closes it', async () => {
    // Tall and narrow enough for the whole help in one column.
    const d = await open({ rows: 200, columns: 80 });
    d.press('help');
    const { title, text } = help(d);
    expect(title.trim()).toBe('Help · Esc or ? closes · q quits');
    const body = d.view().body;
    const lines = body.kind === 'help' ? body.columns.flat() : [];
    const headings = lines.filter((l) => l.heading).map((l) => l.text);
    expect(headings.slice(0, 3)).toEqual(['The list (this screen)', 'Everywhere', 'Details']);
    expect(headings).toContain('Forms (c, e)');
    // The list's keys under the list; a key of the list and the details under each.
    const section = (heading: string) => {
      const from = lines.findIndex((l) => l.text === heading);
      const to = lines.findIndex((l, i) => i > from && l.heading);
      return lines
        .slice(from, to < 0 ? undefined : to)
        .map((l) => l.text)
        .join(' ')
        .replace(/\s+/g, ' ');
    };
    const whenOf = (b: (typeof BINDINGS)[number]) => b.when as readonly string[];
    const both = BINDINGS.find((b) => whenOf(b).includes('list') && whenOf(b).includes('detail'))!;
    expect(section('The list (this screen)')).toContain(both.description.slice(0, 30));
    expect(section('Details')).toContain(both.description.slice(0, 30));
    const listOnly = BINDINGS.find((b) => whenOf(b).length === 1 && whenOf(b)[0] === 'list')!;
    expect(section('Details')).not.toContain(listOnly.description.slice(0, 30));
    for (const binding of BINDINGS) {
      expect(text, binding.id).toContain(binding.description);
      expect(text, binding.id).toContain(binding.keys.join(' '));
    }
    for (const command of commandLineHelp({ readOnly: false })) expect(text).toContain(command.description);
    d.key('Esc');
    expect(d.view().screen.kind).toBe('list');
    d.key('?');
    expect(d.view().screen.kind).toBe('help');
    d.key('?');
    expect(d.view().screen.kind).toBe('list');
  });

  test("opened over the details, the details' keys come first", async () => {
    const d = await open({ rows: 40, columns: 120 });
    d.press('details');
    d.press('help');
    const body = d.view().body;
    const headings = (body.kind === 'help' ? body.columns.flat() : []).filter((l) => l.heading).map((l) => l.text);
    expect(headings[0]).toBe('Details (this screen)');
  });

  test('on a small terminal the help scrolls, and keys under it do nothing', async () => {
    const d = await open({ rows: 24, columns: 80 });
    d.press('help');
    expect(help(d).title).toMatch(/lines 1-\d+ of \d+ · ↓ PgDn G scroll/);
    d.key('j', '↓');
    expect(help(d).title).toMatch(/lines 3-\d+ of \d+ · ↑↓ PgUp PgDn g G scroll/);
    d.press('up');
    expect(help(d).title).toContain('lines 2-');
    // n (next page) belongs to the list below: the help owns the keyboard.
    d.key('n');
    expect(help(d).title).toContain('lines 2-');
    expect(d.status()).toContain('page 1 of');
    const v = d.view();
    expect(v.bodyHeight + 5).toBe(24);
    for (const column of v.body.kind === 'help' ? v.body.columns : [])
      for (const line of column) expect(line.text.length).toBeLessThanOrEqual(80);
    // next-page and prev-page a screen at a time, last-page to the end, first-page to the top.
    const firstShown = (): number => Number(/lines (\d+)-/.exec(help(d).title)?.[1] ?? 0);
    d.press('next-page');
    expect(firstShown()).toBeGreaterThan(10);
    d.press('prev-page');
    expect(firstShown()).toBe(2);
    d.press('last-page');
    expect(help(d).title).toMatch(/lines \d+-(\d+) of \1\b.*· ↑ PgUp g scroll/);
    d.press('last-page', 'down');
    expect(help(d).title).toMatch(/lines \d+-(\d+) of \1\b/);
    d.press('first-page');
    expect(firstShown()).toBe(1);
    expect(d.quits).toEqual([]);
  });

  test('q quits from the help, as the help says', async () => {
    const d = await open();
    d.press('help');
    d.key('q');
    expect(d.quits).toEqual([{ code: 0, note: undefined }]);
  });
});

describe('create, edit and delete keys', () => {
  test('open the forms when writing is allowed (the forms have their own tests in test/tui/forms)', async () => {
    const d = await open();
    expect(hints(d)).toMatch(/create edit/);
    d.press('create');
    expect(d.view().screen).toMatchObject({ kind: 'forms', state: { kind: 'form' } });
    d.press('form-cancel');
    expect(d.view().screen.kind).toBe('list');
    d.press('edit');
    const screen = d.view().screen;
    expect(screen.kind === 'forms' && screen.state.kind === 'form' && screen.state.form.record?.id).toBe('sli-000001');
  });

  test('are absent with --read-only (settings): not in the hints, not in the help, and they do nothing', async () => {
    const d = await open({ settings: { readOnly: true }, rows: 70, columns: 120 });
    expect(d.view().header.who).toContain('slotui · profile default · read-only · ');
    expect(hints(d)).not.toMatch(/create|edit|delete/);
    for (const [action, said] of [
      ['create', 'read-only: creating is off'],
      ['edit', 'read-only: editing is off'],
      ['delete', 'read-only: deleting is off'],
    ] as const) {
      d.press(action);
      expect(d.view().screen.kind).toBe('list');
      expect(d.message()).toBe(said);
    }
    d.press('help');
    const { text } = help(d);
    expect(text).not.toContain('create a record');
    expect(text).not.toContain('edit the selected record');
    expect(text).not.toContain('delete the selected record');
    expect(text).not.toContain('Records');
    // Nor the keys of what read-only turns off: the picker and the yes/no question of forms and deletes.
    expect(text).not.toContain('the next page of records');
    expect(text).not.toContain('only y says yes');
    expect(text).toContain('next page');
  });

  test('are absent when the client itself is read-only: d says why and sends nothing', async () => {
    const client = fakeClient(sampleRecords(), { readOnly: true });
    const d = await open({ client });
    expect(hints(d)).not.toMatch(/create|edit|delete/);
    d.press('delete');
    expect(d.message()).toBe('read-only: deleting is off');
    expect(d.view().screen.kind).toBe('list');
    expect(client.calls.filter((c) => c.startsWith('remove'))).toEqual([]);
  });
});
