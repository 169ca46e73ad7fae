import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { PageCache } from '../../src/config/pageCache.js';

const BASE = 'https://slo.example.com';

describe('slotui list <resource> --offline: the page the dashboard last showed, nothing sent', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'slotui-offline-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  async function list(args: string[], options: { stderrIsTTY?: boolean } = {}) {
    const stdout = new PassThrough();
    const stderr = Object.assign(new PassThrough(), { isTTY: options.stderrIsTTY === true, columns: 100 });
    let out = '';
    let err = '';
    stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    const code = await main({
      argv: ['list', ...args],
      env: { SLOTUI_CONFIG_DIR: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache'), SLOTUI_BASE_URL: BASE },
      stdin: new PassThrough(),
      stdout,
      stderr,
      now: () => new Date('2026-11-24T19:00:00Z'),
      createClient: () => {
        throw new Error('--offline must not make a client');
      },
    });
    await new Promise((resolve) => setImmediate(resolve));
    return { code, out, err };
  }

  it('with nothing kept: exit 1 and one sentence saying how to get one', async () => {
    const r = await list(['slos', '--offline']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      'slotui: No page of SLOs is kept for profile default: the dashboard keeps the last page of each list it shows, so open that list there once while the service can be reached.\n',
    );
  });

  it('prints the kept page in the format asked for, and on a terminal how old it is', async () => {
    new PageCache(join(home, 'cache', 'slotui'), { profile: 'default', baseUrl: BASE }).save({
      resource: 'slos',
      readAt: '2026-11-24T17:00:00.000Z',
      total: 60,
      limit: 25,
      offset: 25,
      results: [{ id: 'slo-000026', name: 'checkout' }],
    });
    const json = await list(['slos', '--offline', '-o', 'json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual([{ id: 'slo-000026', name: 'checkout' }]);
    expect(json.err).toBe('');
    const named = await list(['slos', '--offline', '-o', 'name'], { stderrIsTTY: true });
    expect(named.out).toBe('slo/slo-000026\n');
    expect(named.err).toBe('cached · read 120m ago · page 2 of 3 · total 60\n');
  });

  it('takes no paging flags (one page is kept)', async () => {
    const r = await list(['slos', '--offline', '--all']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--offline prints the one page kept/);
  });
});
