/**
 * settings.yaml followed on a real file system: created, saved in place,
 * saved as editors do (a new file renamed over it), made writable by others,
 * removed. Each change is one reload, checked as at start.
 */
import { chmodSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { watchSettingsFile, type SettingsReload, type SettingsWatch } from '../../src/config/settingsWatcher.js';

let dir: string;
let watch: SettingsWatch | undefined;
let reloads: SettingsReload[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slotui-watch-'));
  chmodSync(dir, 0o700);
  reloads = [];
  watch = watchSettingsFile(dir, (reload) => reloads.push(reload), 50);
  await watch.ready;
  // The one read as the watcher starts (the file is absent here).
  expect(reloads).toEqual([{ loaded: expect.objectContaining({ exists: false }), catchUp: true }]);
  reloads = [];
});
afterEach(async () => {
  await watch?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits (bounded) until `count` reloads have come. */
async function reloadsReach(count: number): Promise<SettingsReload> {
  const deadline = Date.now() + 5_000;
  while (reloads.length < count) {
    if (Date.now() > deadline) throw new Error(`${reloads.length} reloads, ${count} awaited`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return reloads[count - 1]!;
}

const file = () => join(dir, 'settings.yaml');
const write = (text: string, path = file()) => writeFileSync(path, text, { mode: 0o600 });

test('a file created, then saved in place, is read each time', async () => {
  write('profiles: { prod: { readOnly: true } }\n');
  expect(await reloadsReach(1)).toMatchObject({
    loaded: { exists: true, settings: { profiles: { prod: { readOnly: true } } } },
  });
  write('profiles: { prod: { refesh: 30s } }\n');
  const second = await reloadsReach(2);
  expect(second).toMatchObject({ loaded: { settings: { profiles: { prod: {} } } } });
  expect('loaded' in second && second.loaded.problems[0]?.message).toMatch(/did you mean "refresh"/);
});

test('an editor’s save (a new file renamed over the old) is one reload', async () => {
  write('profiles: {}\n');
  await reloadsReach(1);
  write('profiles: { prod: { refresh: 1m } }\n', join(dir, 'settings.yaml.tmp'));
  renameSync(join(dir, 'settings.yaml.tmp'), file());
  expect(await reloadsReach(2)).toMatchObject({ loaded: { settings: { profiles: { prod: { refresh: '1m' } } } } });
});

test('a file others may change is refused with the fix; a removed one is back to the defaults', async () => {
  write('profiles: {}\n');
  await reloadsReach(1);
  chmodSync(file(), 0o666);
  write('profiles: { prod: { readOnly: false } }\n');
  expect(await reloadsReach(2)).toMatchObject({ refused: expect.stringMatching(/chmod 600/) });
  rmSync(file());
  expect(await reloadsReach(3)).toMatchObject({ loaded: { exists: false, settings: {}, problems: [] } });
});

test('a save made while the watcher was being set up is read once it is in place', async () => {
  const other = mkdtempSync(join(tmpdir(), 'slotui-watch-'));
  const seen: SettingsReload[] = [];
  const late = watchSettingsFile(other, (reload) => seen.push(reload), 50);
  write('profiles: { prod: { readOnly: true } }\n', join(other, 'settings.yaml'));
  await late.ready;
  await late.close();
  rmSync(other, { recursive: true, force: true });
  expect(seen.at(-1)).toMatchObject({ loaded: { settings: { profiles: { prod: { readOnly: true } } } } });
});
