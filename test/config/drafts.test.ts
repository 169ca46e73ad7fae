import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { DraftStore } from '../../src/config/drafts.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const configDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotui-drafts-'));
  dirs.push(dir);
  return dir;
};

describe('form drafts', () => {
  test('kept in the config folder, 0600 in a 0700 folder, read back for the same record only', () => {
    const store = new DraftStore(configDir());
    const key = { profile: 'prod', resource: 'slos', id: 'slo-000001' };
    expect(store.save(key, { name: 'typed', target_value: '99.9' }, new Date('2026-11-23T02:00:00Z'))).toBe(true);
    expect(store.load(key)).toEqual({
      key,
      values: { name: 'typed', target_value: '99.9' },
      savedAt: '2026-11-23T02:00:00.000Z',
    });
    expect(store.load({ ...key, id: 'slo-000002' })).toBeUndefined();
    expect(store.load({ ...key, profile: 'staging' })).toBeUndefined();
    expect(store.load({ profile: 'prod', resource: 'slos' })).toBeUndefined();
    const [file] = readdirSync(store.dir);
    if (process.platform !== 'win32') {
      expect(statSync(store.dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(store.dir, file!)).mode & 0o777).toBe(0o600);
    }
    store.remove(key);
    expect(store.load(key)).toBeUndefined();
  });

  test.runIf(process.platform !== 'win32')(
    'a drafts folder others can read is narrowed to 0700 on the next save',
    () => {
      const store = new DraftStore(configDir());
      mkdirSync(store.dir, { mode: 0o755 });
      chmodSync(store.dir, 0o755);
      expect(store.save({ profile: 'p', resource: 'slis' }, { name: 'typed' })).toBe(true);
      expect(statSync(store.dir).mode & 0o777).toBe(0o700);
    },
  );

  test.runIf(process.platform !== 'win32')(
    'a FIFO, a link, a file too big for a draft or one others can change is passed over, never waited on',
    () => {
      const store = new DraftStore(configDir());
      const key = { profile: 'p', resource: 'slis' };
      expect(store.save(key, { name: 'typed' })).toBe(true);
      const file = join(store.dir, readdirSync(store.dir)[0]!);
      rmSync(file);
      expect(spawnSync('mkfifo', ['-m', '600', file]).status).toBe(0);
      expect(store.load(key)).toBeUndefined();
      rmSync(file);
      const elsewhere = join(store.dir, '..', 'elsewhere.json');
      writeFileSync(elsewhere, JSON.stringify({ key, values: { name: 'planted' }, savedAt: 'now' }));
      symlinkSync(elsewhere, file);
      expect(store.load(key)).toBeUndefined();
      rmSync(file);
      writeFileSync(file, JSON.stringify({ key, values: { name: 'x'.repeat(2 * 1024 * 1024) }, savedAt: 'now' }));
      expect(store.load(key)).toBeUndefined();
      rmSync(file);
      writeFileSync(file, JSON.stringify({ key, values: { name: 'planted' }, savedAt: 'now' }), { mode: 0o600 });
      expect(store.load(key)?.values).toEqual({ name: 'planted' });
      chmodSync(file, 0o666); // others could have changed it
      expect(store.load(key)).toBeUndefined();
    },
  );

  test('a new record has its own draft; any id makes a safe file name', () => {
    const store = new DraftStore(configDir());
    store.save({ profile: 'p', resource: 'slis' }, { name: 'new one' });
    store.save({ profile: 'p', resource: 'slis', id: '../../etc/passwd' }, { name: 'x' });
    expect(store.load({ profile: 'p', resource: 'slis' })?.values).toEqual({ name: 'new one' });
    expect(readdirSync(store.dir).every((f) => /^[0-9a-f]{32}\.json$/.test(f))).toBe(true);
  });

  test('a broken draft file is ignored, not an error', () => {
    const store = new DraftStore(configDir());
    const key = { profile: 'p', resource: 'slis', id: 'sli-1' };
    store.save(key, { name: 'x' });
    const [file] = readdirSync(store.dir);
    writeFileSync(join(store.dir, file!), '{not json');
    expect(store.load(key)).toBeUndefined();
  });
});
