/**
 * Ctrl+C in a form with text, over the dashboard driver (test/tui/driver.ts)
 * and the real draft store on a temporary folder: the dashboard quits
 * (exit 0) with what was typed kept in a 0600 file, and the next `c` or `e`
 * of the same record offers it back. The draft controller's rules over
 * drafts in memory are controllers.test.ts's, the offer's words on screen
 * formScreen.int.test.tsx's, and the built program doing it in a terminal
 * test/e2e/forms.e2e.test.ts's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { DraftStore } from '../../../src/config/drafts.js';
import { removeFolder, tempFolder } from '../../reliability/helpers.js';
import { disposeDrivers, drive, sampleRecords, type Driver } from '../driver.js';
import { form } from './driven.js';
import { fakeClient } from '../fakeClient.js';

const folders: string[] = [];
afterEach(async () => {
  disposeDrivers();
  for (const folder of folders.splice(0)) await removeFolder(folder);
});
const configDir = async () => {
  const dir = await tempFolder('slotui-form-drafts-');
  folders.push(dir);
  return dir;
};

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkcmFmdHMifQ.c2lnbmF0dXJl';

/** A dashboard on the records (one client for every run, as one service), its drafts in `dir`. */
async function open(dir: string, client = fakeClient(sampleRecords())): Promise<Driver> {
  const d = drive({ client, settings: { configDir: dir, token: TOKEN }, services: { drafts: new DraftStore(dir) } });
  await d.until((v) => v.status.text.startsWith('slis · page 1') && v.status.loading === null, 'the SLIs');
  return d;
}

const name = (d: Driver) => form(d).editors.name?.value ?? '';
/** The form offers a kept draft (FormScreen draws the offer from it). */
const offered = (d: Driver) => form(d).draftOffer != null;

describe('form drafts', () => {
  test('c: type, Ctrl+C quits keeping a 0600 draft; the next c offers it and Enter restores it', async () => {
    const dir = await configDir();
    const client = fakeClient(sampleRecords());
    const first = await open(dir, client);
    first.key('2');
    await first.until((v) => v.status.text.startsWith('slos · page 1'), 'the SLOs');
    first.press('create');
    first.type('checkout draft at 3am');
    expect(name(first)).toBe('checkout draft at 3am');
    first.key('Ctrl+C');
    expect(first.quits.map((q) => q.code)).toEqual([0]);
    disposeDrivers();

    const drafts = join(dir, 'drafts');
    const files = readdirSync(drafts);
    expect(files).toHaveLength(1);
    const file = join(drafts, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(drafts).mode & 0o777).toBe(0o700);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('checkout draft at 3am');
    expect(text).not.toContain(TOKEN);

    const again = await open(dir, client);
    again.key('2');
    await again.until((v) => v.status.text.startsWith('slos · page 1'), 'the SLOs');
    again.press('create');
    expect(offered(again)).toBe(true);
    expect(name(again)).not.toContain('checkout draft');
    again.key('Enter');
    expect(name(again)).toBe('checkout draft at 3am');
    expect(offered(again)).toBe(false);
  });

  test('e: the draft of an edit comes back on the next e of the same record; n starts fresh and removes it', async () => {
    const dir = await configDir();
    const client = fakeClient(sampleRecords());
    const first = await open(dir, client);
    first.press('edit');
    expect(form(first).mode).toBe('edit');
    first.type(' (edited)');
    expect(name(first)).toContain('(edited)');
    first.key('Ctrl+C');
    expect(first.quits.map((q) => q.code)).toEqual([0]);
    disposeDrivers();

    const again = await open(dir, client);
    again.press('create');
    expect(form(again).mode).toBe('create');
    expect(offered(again)).toBe(false);
    again.key('Esc');
    expect(again.view().screen.kind).toBe('list');
    again.press('edit');
    expect(offered(again)).toBe(true);
    again.key('r');
    expect(name(again)).toContain('(edited)');
    disposeDrivers();

    const last = await open(dir, client);
    last.press('edit');
    expect(offered(last)).toBe(true);
    last.key('n');
    expect(offered(last)).toBe(false);
    expect(name(last)).not.toContain('(edited)');
    expect(readdirSync(join(dir, 'drafts'))).toEqual([]);
  });
});
