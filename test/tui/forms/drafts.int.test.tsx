/**
 * Ctrl+C in a form with text, against a real sandbox and a real draft store:
 * the dashboard quits (exit 0) with what was typed kept in a 0600 file, and
 * the next `c` or `e` of the same record offers it back.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { removeFolder, tempFolder } from '../../reliability/helpers.js';
import { DraftStore } from '../../../src/config/drafts.js';
import { dashboardFixture, KEYS, waitForFrame, waitForPage, waitForText, waitUntil } from '../helpers.js';
import { fieldLine, openNewSloForm, renderForms } from './helpers.js';

const fx = dashboardFixture(renderForms);
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await removeFolder(folder);
});
const configDir = async () => {
  const dir = await tempFolder('slotui-form-drafts-');
  folders.push(dir);
  return dir;
};

describe('form drafts', () => {
  test('c: type, Ctrl+C quits keeping a 0600 draft; the next c offers it and Enter restores it', async () => {
    const dir = await configDir();
    const settings = { configDir: dir, token: fx.sandbox.token };
    const first = fx.open({ drafts: new DraftStore(dir), settings });
    await openNewSloForm(first);
    first.type('checkout draft at 3am');
    await waitForFrame(first, (f) => fieldLine(f, 'Name *').includes('checkout draft at 3am'), 'the typed name');
    first.press(KEYS.ctrlC);
    await waitUntil(() => first.quitCodes.length > 0, 'the dashboard to quit');
    expect(first.quitCodes).toEqual([0]);
    first.unmount();

    const drafts = join(dir, 'drafts');
    const files = readdirSync(drafts);
    expect(files).toHaveLength(1);
    const file = join(drafts, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(drafts).mode & 0o777).toBe(0o700);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('checkout draft at 3am');
    expect(text).not.toContain(fx.sandbox.token);

    const again = fx.open({ drafts: new DraftStore(dir), settings });
    await openNewSloForm(again);
    await waitForText(again, 'A draft from', 'r or Enter restores it');
    expect(fieldLine(again.lastFrame(), 'Name *')).not.toContain('checkout draft');
    again.press(KEYS.enter);
    await waitForFrame(again, (f) => fieldLine(f, 'Name *').includes('checkout draft at 3am'), 'the name restored');
    expect(again.lastFrame()).not.toContain('A draft from');
  });

  test('e: the draft of an edit comes back on the next e of the same record; n starts fresh and removes it', async () => {
    const dir = await configDir();
    const settings = { configDir: dir };
    const first = fx.open({ drafts: new DraftStore(dir), settings });
    await waitForPage(first, 1);
    first.press('e');
    await waitForText(first, 'Edit SLI');
    first.type(' (edited)');
    await waitForFrame(first, (f) => fieldLine(f, 'Name *').includes('(edited)'), 'the typed text');
    first.press(KEYS.ctrlC);
    await waitUntil(() => first.quitCodes.length > 0, 'the dashboard to quit');
    first.unmount();

    const again = fx.open({ drafts: new DraftStore(dir), settings });
    await waitForPage(again, 1);
    again.press('c');
    await waitForText(again, 'New SLI');
    expect(again.lastFrame()).not.toContain('A draft from');
    again.press(KEYS.escape);
    await waitForFrame(again, (f) => !f.includes('New SLI'), 'the form closed');
    again.press('e');
    await waitForText(again, 'Edit SLI', 'A draft from');
    again.press('r');
    await waitForFrame(again, (f) => fieldLine(f, 'Name *').includes('(edited)'), 'the edit restored');
    again.unmount();

    const last = fx.open({ drafts: new DraftStore(dir), settings });
    await waitForPage(last, 1);
    last.press('e');
    await waitForText(last, 'Edit SLI', 'A draft from');
    last.press('n');
    await waitForFrame(last, (f) => !f.includes('A draft from'), 'the offer answered');
    expect(fieldLine(last.lastFrame(), 'Name *')).not.toContain('(edited)');
    expect(readdirSync(join(dir, 'drafts'))).toEqual([]);
  });
});
