import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import { ConfigStore } from '../../src/config/store.js';

const posix = process.platform !== 'win32';
const modeOf = (path: string) => statSync(path).mode & 0o777;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'slotui-store-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function caught(fn: () => unknown): SlotuiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SlotuiError) return error;
    throw error;
  }
  throw new Error('expected a SlotuiError');
}

describe('ConfigStore', () => {
  test('reading a store that does not exist creates nothing', () => {
    const dir = join(root, 'nested', 'slotui');
    const store = new ConfigStore(dir);
    expect(store.listProfiles()).toEqual([]);
    expect(store.currentProfileName()).toBeUndefined();
    expect(store.getProfile('default')).toBeUndefined();
    expect(existsSync(dir)).toBe(false);
  });

  test.runIf(posix)('a stored token lives in a 0600 file inside a 0700 folder', () => {
    const dir = join(root, 'slotui');
    const store = new ConfigStore(dir);
    store.setToken('default', 'header.payload.signature');
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(store.file)).toBe(0o600);
    expect(store.file).toBe(join(dir, 'config.json'));
    expect(JSON.parse(readFileSync(store.file, 'utf8'))).toEqual({
      profiles: { default: { token: 'header.payload.signature' } },
    });
  });

  // process.umask cannot be set in a worker thread (the mutation run's test runner uses them).
  test.runIf(posix && isMainThread)('the folder is 0700 even under a permissive umask', () => {
    const previous = process.umask(0);
    try {
      const dir = join(root, 'open-umask');
      new ConfigStore(dir).setToken('default', 'a.b.c');
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(join(dir, 'config.json'))).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  test.runIf(posix)('a config file others can read is refused with the chmod that fixes it', () => {
    const store = new ConfigStore(join(root, 'c'));
    store.setToken('default', 'a.b.c');
    chmodSync(store.file, 0o644);
    const error = caught(() => store.getProfile('default'));
    expect(error.kind).toBe('config');
    expect(error.message).toBe(
      `The config file ${store.file} can be read by other users. Run \`chmod 600 ${store.file}\` and try again.`,
    );
    // Writes are refused too (they read first), and the file keeps its token.
    expect(caught(() => store.setToken('default', 'x.y.z')).kind).toBe('config');
    chmodSync(store.file, 0o600);
    expect(store.getProfile('default')?.token).toBe('a.b.c');
  });

  test.runIf(posix)('a group-writable config file is refused', () => {
    const store = new ConfigStore(join(root, 'g'));
    store.setToken('default', 'a.b.c');
    chmodSync(store.file, 0o620);
    expect(caught(() => store.read()).message).toContain(`Run \`chmod 600 ${store.file}\``);
  });

  test.runIf(posix)('a config folder others can enter is refused with chmod 700', () => {
    const dir = join(root, 'f');
    const store = new ConfigStore(dir);
    store.setToken('default', 'a.b.c');
    chmodSync(dir, 0o755);
    const error = caught(() => store.listProfiles());
    expect(error.message).toBe(
      `The config folder ${dir} can be read by other users. Run \`chmod 700 ${dir}\` and try again.`,
    );
  });

  test.runIf(posix)('an existing shared folder is not used to store a token', () => {
    const dir = join(root, 'shared');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const store = new ConfigStore(dir);
    expect(caught(() => store.setToken('default', 'a.b.c')).message).toContain(`chmod 700 ${dir}`);
    expect(existsSync(store.file)).toBe(false);
  });

  test('profiles, current profile, token removal', () => {
    const store = new ConfigStore(join(root, 'p'));
    store.saveProfile('prod', {
      baseUrl: 'https://slo.example.com',
      frontendUrl: 'https://app.example.com',
      paths: { slos: '/v1/objectives/' },
    });
    store.setToken('prod', 't.o.k');
    store.saveProfile('staging.eu', { baseUrl: 'https://staging.example.com' });
    store.setCurrentProfile('staging.eu');
    expect(store.listProfiles()).toEqual(['prod', 'staging.eu']);
    expect(store.currentProfileName()).toBe('staging.eu');
    expect(store.getProfile('prod')).toEqual({
      baseUrl: 'https://slo.example.com',
      frontendUrl: 'https://app.example.com',
      token: 't.o.k',
      paths: { slos: '/v1/objectives/' },
    });
    expect(store.removeToken('prod')).toBe(true);
    expect(store.removeToken('prod')).toBe(false);
    expect(store.getProfile('prod')?.token).toBeUndefined();
    expect(store.getProfile('prod')?.baseUrl).toBe('https://slo.example.com');
    expect(store.removeToken('missing')).toBe(false);
    expect(store.getProfile('__proto__')).toBeUndefined();
  });

  test('field names and the index maximum are read, and kept by a later save of the profile', () => {
    const dir = join(root, 'f');
    mkdirSync(dir, { mode: 0o700 });
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({
        profiles: {
          a: {
            baseUrl: 'https://a.example',
            fields: { agreements: { slo_ids: 'objective_ids' } },
            indexMaxRecords: 5000,
          },
        },
      }),
      { mode: 0o600 },
    );
    const store = new ConfigStore(dir);
    const stored = store.getProfile('a');
    expect(stored).toEqual({
      baseUrl: 'https://a.example',
      fields: { agreements: { slo_ids: 'objective_ids' } },
      indexMaxRecords: 5000,
    });
    store.saveProfile('a', { ...stored, token: 'x.y.z' });
    expect(store.getProfile('a')).toMatchObject({
      fields: { agreements: { slo_ids: 'objective_ids' } },
      indexMaxRecords: 5000,
      token: 'x.y.z',
    });
    writeFileSync(file, JSON.stringify({ profiles: { a: { indexMaxRecords: -1 } } }), { mode: 0o600 });
    expect(caught(() => store.read()).message).toContain('at profiles.a.indexMaxRecords');
  });

  test('fields this version does not know survive a write', () => {
    const dir = join(root, 'u');
    mkdirSync(dir, { mode: 0o700 });
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({ profiles: { a: { baseUrl: 'https://a.example', color: 'blue' } }, future: 1 }),
      { mode: 0o600 },
    );
    const store = new ConfigStore(dir);
    store.setToken('a', 'x.y.z');
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    expect(raw).toEqual({
      profiles: { a: { baseUrl: 'https://a.example', color: 'blue', token: 'x.y.z' } },
      future: 1,
    });
    store.saveProfile('a', { baseUrl: 'https://b.example' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: { a: { baseUrl: 'https://b.example', color: 'blue' } },
      future: 1,
    });
  });

  test('a broken file is reported, never emptied', () => {
    const dir = join(root, 'b');
    mkdirSync(dir, { mode: 0o700 });
    const file = join(dir, 'config.json');
    writeFileSync(file, '{"profiles": {', { mode: 0o600 });
    const store = new ConfigStore(dir);
    expect(caught(() => store.read()).message).toBe(
      `The config file ${file} is not valid JSON. Fix it or remove it (then log in again) and try again.`,
    );
    expect(caught(() => store.setToken('a', 'x.y.z')).kind).toBe('config');
    expect(readFileSync(file, 'utf8')).toBe('{"profiles": {');
  });

  test.runIf(posix)('a FIFO or an endless file in its place is refused, never waited on or read whole', () => {
    const dir = join(root, 'f');
    mkdirSync(dir, { mode: 0o700 });
    const file = join(dir, 'config.json');
    expect(spawnSync('mkfifo', ['-m', '600', file]).status).toBe(0);
    const store = new ConfigStore(dir);
    expect(caught(() => store.read()).message).toBe(
      `The config file ${file} is not a regular file. Remove it (then log in again), or set SLOTUI_CONFIG_DIR to another folder.`,
    );
    rmSync(file);
    writeFileSync(file, `{"profiles": {}, "pad": "${'x'.repeat(5 * 1024 * 1024)}"}`, { mode: 0o600 });
    expect(caught(() => store.read()).message).toBe(
      `The config file ${file} is larger than 4 MiB, too large to be slotui's. Fix it or remove it (then log in again) and try again.`,
    );
  });

  test('a file of another shape is reported', () => {
    const dir = join(root, 's');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { a: { token: 42 } } }), { mode: 0o600 });
    expect(caught(() => new ConfigStore(dir).read()).message).toContain(
      "is not in slotui's format (at profiles.a.token)",
    );
  });

  test.each([
    [{ currentProfile: 1 }, 'currentProfile'],
    [{ profiles: [] }, 'profiles'],
    [{ profiles: { a: 'x' } }, 'profiles.a'],
    [{ profiles: { a: { paths: { slis: 5 } } } }, 'profiles.a.paths.slis'],
    [{ profiles: { a: { fields: { agreements: { slo_ids: '' } } } } }, 'profiles.a.fields.agreements.slo_ids'],
    [{ profiles: { a: { fields: { agreements: [] } } } }, 'profiles.a.fields.agreements'],
    [{ profiles: { a: { indexMaxRecords: 0 } } }, 'profiles.a.indexMaxRecords'],
    [{ profiles: { a: { indexMaxRecords: 1.5 } } }, 'profiles.a.indexMaxRecords'],
    [{ profiles: { a: { indexMaxRecords: '5' } } }, 'profiles.a.indexMaxRecords'],
    [{ profiles: { a: [] } }, 'profiles.a'],
    [{ profiles: { a: null } }, 'profiles.a'],
    [{ profiles: { a: { baseUrl: 1 } } }, 'profiles.a.baseUrl'],
    [{ profiles: { a: { frontendUrl: false } } }, 'profiles.a.frontendUrl'],
    [{ profiles: { a: { caFile: {} } } }, 'profiles.a.caFile'],
    [{ profiles: { a: { paths: [] } } }, 'profiles.a.paths'],
    [{ profiles: { a: { fields: 'x' } } }, 'profiles.a.fields'],
    [{ profiles: { a: { fields: { agreements: { slo_ids: 5 } } } } }, 'profiles.a.fields.agreements.slo_ids'],
    [{ profiles: { a: { requestTimeout: 0 } } }, 'profiles.a.requestTimeout'],
    [{ profiles: { a: { requestTimeout: '30' } } }, 'profiles.a.requestTimeout'],
    [{ profiles: { a: { requestTimeout: -1 } } }, 'profiles.a.requestTimeout'],
    [{ profiles: { ok: { token: 't' }, b: { token: 2 } } }, 'profiles.b.token'],
  ])('%j is reported at %s', (config, where) => {
    const dir = join(root, `shape-${where}-${JSON.stringify(config).length}`);
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
    expect(caught(() => new ConfigStore(dir).read()).message).toContain(`is not in slotui's format (at ${where})`);
  });

  test.each([
    [{}, { profiles: {} }],
    // JSON that is not an object reads as an empty store, as conf reads it.
    [[], { profiles: {} }],
    [null, { profiles: {} }],
    ['text', { profiles: {} }],
    [{ profiles: {} }, { profiles: {} }],
    [
      { profiles: { a: { requestTimeout: 2.5, paths: { slis: '/s/', nope: '/n/' } } } },
      { profiles: { a: { requestTimeout: 2.5, paths: { slis: '/s/' } } } },
    ],
    [
      { currentProfile: 'a', profiles: { a: {} } },
      { currentProfile: 'a', profiles: { a: {} } },
    ],
  ])('%j reads as %j', (config, read) => {
    const dir = join(root, `fits-${JSON.stringify(config)}`.replace(/[^\w-]/g, '_'));
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
    expect(new ConfigStore(dir).read()).toStrictEqual(read);
  });

  test.runIf(posix)('what others can do is said: read, changed or entered', () => {
    const store = new ConfigStore(join(root, 'others'));
    store.setToken('default', 'a.b.c');
    chmodSync(store.file, 0o620);
    expect(caught(() => store.read()).message).toContain('can be changed by other users');
    chmodSync(store.file, 0o600);
    chmodSync(store.dir, 0o711);
    expect(caught(() => store.read()).message).toContain(
      `The config folder ${store.dir} can be entered by other users`,
    );
    chmodSync(store.dir, 0o750);
    expect(caught(() => store.read()).message).toContain('can be read by other users. Run `chmod 700');
    chmodSync(store.dir, 0o700);
    expect(store.read().profiles.default?.token).toBe('a.b.c');
  });

  test('a profile name with dots is one name; a value holding a BOM keeps it; a BOM before the file is skipped', () => {
    const store = new ConfigStore(join(root, 'dots'));
    store.setToken('prod.eu', 'a.b.c');
    store.saveProfile('bom', { baseUrl: 'https://x.example/\uFEFF' });
    expect(store.listProfiles()).toEqual(['bom', 'prod.eu']);
    expect(store.getProfile('prod.eu')?.token).toBe('a.b.c');
    expect(store.getProfile('bom')?.baseUrl).toBe('https://x.example/\uFEFF');
    writeFileSync(store.file, `\uFEFF${readFileSync(store.file, 'utf8')}`);
    expect(store.getProfile('prod.eu')?.token).toBe('a.b.c');
  });

  test('a name that cannot be a profile is refused on every write, shown short and printable', () => {
    const store = new ConfigStore(join(root, 'bad-names'));
    const bad = `bad\u0007${'x'.repeat(100)}`;
    const error = caught(() => store.setToken(bad, 't'));
    expect(error.kind).toBe('usage');
    expect(error.message).toContain(`"bad?${'x'.repeat(60)}" cannot be a profile name`);
    expect(caught(() => store.saveProfile('no spaces', {})).kind).toBe('usage');
    expect(caught(() => store.setCurrentProfile('-dash')).kind).toBe('usage');
    expect(existsSync(store.file)).toBe(false);
  });

  test('a file of another shape is never written over', () => {
    const dir = join(root, 'keep-shape');
    mkdirSync(dir, { mode: 0o700 });
    const text = JSON.stringify({ profiles: { a: { token: 42 } } });
    writeFileSync(join(dir, 'config.json'), text, { mode: 0o600 });
    const error = caught(() => new ConfigStore(dir).setToken('b', 'x.y.z'));
    expect(error.kind).toBe('config');
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(text);
  });

  test('a config folder made several levels down; one under a file cannot be made, and says so', () => {
    const store = new ConfigStore(join(root, 'deep', 'er', 'slotui'));
    store.setToken('default', 'a.b.c');
    expect(store.getProfile('default')?.token).toBe('a.b.c');
    const blocker = join(root, 'a-file');
    writeFileSync(blocker, 'x');
    const error = caught(() => new ConfigStore(join(blocker, 'slotui')).setToken('default', 'a.b.c'));
    expect(error.kind).toBe('config');
    expect(error.message).toContain('cannot be created (ENOTDIR)');
  });

  test('a config file that is a folder is refused as not a regular file', () => {
    const dir = join(root, 'folder-file');
    mkdirSync(join(dir, 'config.json'), { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    chmodSync(join(dir, 'config.json'), 0o700);
    const error = caught(() => new ConfigStore(dir).read());
    expect(error.kind).toBe('config');
    expect(error.message).toContain('is not a regular file');
  });

  test.runIf(posix)('without mode checks (as on Windows) a shared file and folder are read', () => {
    const store = new ConfigStore(join(root, 'no-modes'));
    store.setToken('default', 'a.b.c');
    chmodSync(store.file, 0o644);
    chmodSync(store.dir, 0o755);
    expect(new ConfigStore(store.dir, { checkModes: false }).getProfile('default')?.token).toBe('a.b.c');
    expect(caught(() => new ConfigStore(store.dir).read()).kind).toBe('config');
  });

  test('names like members of every object are no profiles; the list is sorted; a token removed says so once', () => {
    const store = new ConfigStore(join(root, 'names'));
    store.setToken('zeta', 'z.z.z');
    store.setToken('alpha', 'a.a.a');
    expect(store.listProfiles()).toEqual(['alpha', 'zeta']);
    expect(store.getProfile('constructor')).toBeUndefined();
    expect(store.getProfile('toString')).toBeUndefined();
    expect(store.removeToken('alpha')).toBe(true);
    expect(store.removeToken('alpha')).toBe(false);
    expect(store.removeToken('nobody')).toBe(false);
    expect(store.getProfile('alpha')).toEqual({});
    expect(store.currentProfileName()).toBeUndefined();
    store.setCurrentProfile('zeta');
    expect(store.currentProfileName()).toBe('zeta');
  });

  test('every field of a profile in its shape reads back', () => {
    const dir = join(root, 'shape-ok');
    mkdirSync(dir, { mode: 0o700 });
    const profile = {
      baseUrl: 'https://a.example',
      frontendUrl: 'https://f.example',
      token: 'x.y.z',
      caFile: '/ca.pem',
      paths: { slis: '/v2/slis/' },
      fields: { agreements: { slo_ids: 'objective_ids' } },
      indexMaxRecords: 5000,
    };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ currentProfile: 'a', profiles: { a: profile } }), {
      mode: 0o600,
    });
    expect(new ConfigStore(dir).read()).toEqual({ currentProfile: 'a', profiles: { a: profile } });
  });

  test("the file reads as conf reads it (BOM, conf's bookkeeping key, JSON that is not an object)", () => {
    const dir = join(root, 'r');
    mkdirSync(dir, { mode: 0o700 });
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      `\uFEFF${JSON.stringify({ __internal__: { migrations: {} }, currentProfile: 'a', profiles: { a: { baseUrl: 'https://a.example' } } })}`,
      { mode: 0o600 },
    );
    const store = new ConfigStore(dir);
    expect(store.read()).toEqual({ currentProfile: 'a', profiles: { a: { baseUrl: 'https://a.example' } } });
    // conf writes it back, its bookkeeping with it.
    store.setToken('a', 'x.y.z');
    expect(store.getProfile('a')).toEqual({ baseUrl: 'https://a.example', token: 'x.y.z' });
    writeFileSync(file, 'null', { mode: 0o600 });
    expect(store.read()).toEqual({ profiles: {} });
  });

  test('profile names are checked when saving', () => {
    const store = new ConfigStore(join(root, 'n'));
    for (const bad of ['', '../x', '__proto__', 'a b', 'x'.repeat(65)]) {
      expect(caught(() => store.setToken(bad, 'a.b.c')).kind).toBe('usage');
    }
  });
});
