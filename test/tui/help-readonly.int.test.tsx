/**
 * The help overlay (every key, grouped, from the keymap) and read-only mode
 * (no create, edit or delete keys anywhere).
 */
import { describe, expect, test } from 'vitest';
import { BINDINGS } from '../../src/tui/keys.js';
import { commandLineHelp, GROUP_ORDER } from '../../src/tui/help.js';
import {
  dashboardFixture,
  flat,
  KEYS,
  renderDashboard,
  sandboxClient,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  waitUntil,
} from './helpers.js';

const fx = dashboardFixture(renderDashboard);
const open = fx.open;

/** The hint bar: the last line. */
const hintLine = (frame: string): string => frame.split('\n').at(-1) ?? '';

describe('help', () => {
  test('? shows every key and command, grouped; Esc and ? close it', async () => {
    // Tall enough for the whole help in one column (the forms and token setup added keys).
    const d = open({ rows: 140, columns: 120 });
    await waitForPage(d, 1);
    d.press('?');
    const frame = await waitForText(d, 'Help · Esc or ? closes');
    const text = flat(frame);
    for (const group of GROUP_ORDER) expect(frame).toContain(group);
    for (const binding of BINDINGS) {
      expect(text, binding.id).toContain(binding.description);
      expect(text, binding.id).toContain(binding.keys.join(' '));
    }
    for (const command of commandLineHelp({ readOnly: false })) expect(text).toContain(command.description);
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => !f.includes('Help · Esc'), 'the help closed by Esc');
    d.press('?');
    await waitForText(d, 'Help · Esc or ? closes');
    d.press('?');
    await waitForFrame(d, (f) => !f.includes('Help · Esc') && f.includes('NAME'), 'the help closed by ?');
  });

  test('on a small terminal the help scrolls, and keys under it do nothing', async () => {
    const d = open({ rows: 24, columns: 80 });
    await waitForPage(d, 1);
    d.press('?');
    expect(await waitForText(d, 'Help', 'lines 1-')).toContain('· ↓ PgDn G scroll');
    d.press('j', KEYS.down);
    expect(await waitForText(d, 'lines 3-')).toContain('· ↑↓ PgUp PgDn g G scroll');
    d.press('k');
    await waitForText(d, 'lines 2-');
    // n (next page) belongs to the list below: the help owns the keyboard.
    d.press('n');
    await waitForText(d, 'lines 2-');
    for (const line of d.lastFrame().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(d.lastFrame().split('\n').length).toBeLessThanOrEqual(24);
    // PgDn and PgUp a screen at a time, G to the end, g to the top.
    const firstShown = (f: string): number => Number(/lines (\d+)-/.exec(f)?.[1] ?? 0);
    d.press(KEYS.pageDown);
    await waitForFrame(d, (f) => firstShown(f) > 10, 'a screen further');
    d.press(KEYS.pageUp);
    await waitForText(d, 'lines 2-');
    d.press('G');
    const end = await waitForFrame(d, (f) => /lines \d+-(\d+) of \1\b/.test(f), 'the end of the help');
    expect(end).toContain('Help');
    expect(end).toContain('· ↑ PgUp g scroll');
    d.press('g');
    await waitForText(d, 'lines 1-');
    expect(d.quitCodes).toEqual([]);
  });

  test('q quits from the help, as the help says', async () => {
    const d = open({ rows: 24, columns: 80 });
    await waitForPage(d, 1);
    d.press('?');
    await waitForText(d, 'Help · Esc or ? closes · q quits');
    d.press('q');
    await waitUntil(() => d.quitCodes.length > 0, 'quit');
    expect(d.quitCodes).toEqual([0]);
  });
});

describe('create, edit and delete keys', () => {
  test('open the forms when writing is allowed (the forms have their own tests in test/tui/forms)', async () => {
    const d = open();
    await waitForPage(d, 1);
    expect(hintLine(d.lastFrame())).toMatch(/c create {2}e edit/);
    d.press('c');
    await waitForText(d, 'New SLI', 'Ctrl+S saves');
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => !f.includes('New SLI') && f.includes('NAME'), 'the list again');
    d.press('e');
    await waitForText(d, 'Edit SLI');
  });

  test('are absent with --read-only (settings): not in the hints, not in the help, and they do nothing', async () => {
    const d = open({ settings: { readOnly: true }, rows: 70, columns: 120 });
    let frame = await waitForPage(d, 1);
    expect(frame).toContain('slotui · profile default · read-only · ');
    expect(hintLine(frame)).not.toMatch(/create|edit|delete/);
    d.press('c', 'e', 'd');
    d.press('?');
    frame = await waitForText(d, 'Help · Esc or ? closes');
    expect(frame).not.toContain('create a record');
    expect(frame).not.toContain('edit the selected record');
    expect(frame).not.toContain('delete the selected record');
    expect(frame).not.toContain('Records');
    // Nor the keys of what read-only turns off: the picker and the yes/no question of forms and deletes.
    expect(frame).not.toContain('load the next page of records');
    expect(frame).not.toContain('only y says yes');
    expect(frame).toContain('next page');
  });

  test('are absent when the client itself is read-only', async () => {
    const d = open({ client: sandboxClient(fx.sandbox, { readOnly: true }) });
    const frame = await waitForPage(d, 1);
    expect(hintLine(frame)).not.toMatch(/create|edit|delete/);
    const deletes = fx.sandbox.requests.filter((r) => r.method === 'DELETE').length;
    d.press('d');
    // The key did nothing but say why: no question, the list as it was, nothing sent.
    const said = await waitForText(d, 'read-only: deleting is off');
    expect(said).not.toContain('Delete SLI');
    expect(statusLineOf(said)).toMatch(/^slis · page 1/);
    expect(fx.sandbox.requests.filter((r) => r.method === 'DELETE').length).toBe(deletes);
  });
});
