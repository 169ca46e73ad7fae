/**
 * Bracketed paste over the dashboard driver: a paste goes into the text field
 * that has the focus as one value and is never read as keys (pasting
 * "deploy" over the list must not press d, then y); line breaks are kept in a
 * field of several lines, refused with why in a field of one (a trailing one
 * is dropped), and the focus never moves. That the terminal's paste markers
 * reach this path is paste.e2e.test.ts's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { formRows } from '../../src/tui/forms/formModel.js';
import { NOWHERE_TO_PASTE, PASTE_HAS_LINES } from '../../src/tui/input/paste.js';
import { disposeDrivers, drive, type Driver } from './driver.js';
import { form } from './forms/driven.js';

afterEach(disposeDrivers);

const writes = (d: Driver): string[] => d.client.calls.filter((c) => /^(create|update|remove) /.test(c));

async function open(): Promise<Driver> {
  const d = drive({ columns: 100, rows: 40 });
  await d.until((v) => v.status.text.startsWith('slis · page 1'), 'the SLIs');
  return d;
}

const focused = (d: Driver): string => {
  const f = form(d);
  return formRows(f)[f.focus]?.id ?? '';
};

describe('outside a text field', () => {
  test('pasting "deploy" over the list presses no key: nothing asked, nothing deleted, and it says why', async () => {
    const d = await open();
    const selected = d.view().selected?.record.id;
    d.bracketedPaste('deploy');
    expect(d.message()).toBe(NOWHERE_TO_PASTE);
    await d.settle();
    expect(d.view().screen.kind).toBe('list');
    expect(d.view().selected?.record.id).toBe(selected);
    expect(writes(d)).toEqual([]);
  });

  test('a paste into the delete question is no answer', async () => {
    const d = await open();
    d.press('delete');
    d.bracketedPaste('y');
    await d.settle();
    expect(d.view().screen.kind).toBe('forms');
    expect(writes(d)).toEqual([]);
  });
});

describe('into a field of one line', () => {
  test('the filter takes the paste as typed text; a line break at its end is dropped', async () => {
    const d = await open();
    d.press('filter');
    d.bracketedPaste('latency\r\n');
    const bottom = d.view().bottom;
    expect(bottom.kind === 'input' && bottom.editor.value).toBe('latency');
    // Still typing: the line break did not keep the filter.
    expect(bottom.kind).toBe('input');
  });

  test('a paste of several lines is refused with why, the field as it was', async () => {
    const d = await open();
    d.press('command');
    d.type('sl');
    d.bracketedPaste('os\nq\n');
    const bottom = d.view().bottom;
    expect(bottom.kind === 'input' && bottom.editor.value).toBe('sl');
    expect(d.quits).toEqual([]);
  });
});

describe('into a form', () => {
  test('a field of several lines keeps the line breaks and the tab as one value; the focus stays', async () => {
    const d = await open();
    d.press('create');
    for (let i = 0; i < 10 && focused(d) !== 'description'; i++) d.press('form-next');
    expect(focused(d)).toBe('description');
    d.bracketedPaste('first line\r\n\tsecond line\n');
    expect(focused(d)).toBe('description');
    expect(form(d).editors.description?.value).toBe('first line\n\tsecond line\n');
  });

  test('a name of several lines is refused and nothing moves; one line goes in', async () => {
    const d = await open();
    d.press('create');
    d.bracketedPaste('checkout\nlatency');
    expect(d.message()).toBe(PASTE_HAS_LINES);
    expect(focused(d)).toBe('name');
    expect(form(d).editors.name?.value ?? '').toBe('');
    d.bracketedPaste('checkout\tlatency\n');
    expect(form(d).editors.name?.value).toBe('checkout latency');
    expect(focused(d)).toBe('name');
  });
});
