/**
 * `:export FILE` over the fake client and the dashboard driver: the marked
 * records (or the list shown) written as the OpenSLO documents `slotui export`
 * writes for the same records, a file only the user can read, never replacing
 * a file without `:export!`, and one-line refusals.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { parseDocuments } from '../../src/cli/gitops/yaml.js';
import { removeTempDirs, run, startFakeHarness, tempDir } from '../cli/helpers.js';
import { disposeDrivers, drive, type Driver } from './driver.js';

afterEach(disposeDrivers);
afterAll(removeTempDirs);

function command(d: Driver, text: string): void {
  d.press('command');
  d.type(text);
  d.press('command-run');
}

async function onResource(key: string, resource: string): Promise<Driver> {
  const d = drive({ rows: 40 });
  await d.settle();
  d.key(key);
  await d.until((v) => v.status.text.startsWith(`${resource} · page 1`), resource);
  return d;
}

/** What `slotui export` prints for these records of the same sample data. */
async function cliExport(args: string[]): Promise<string> {
  // The CLI runs on the real clock (the driver's fake timers would hold its requests).
  vi.useRealTimers();
  const h = await startFakeHarness();
  try {
    const r = await run(['export', ...args], { env: h.env() });
    expect(r.code).toBe(0);
    return r.stdout;
  } finally {
    await h.close();
  }
}

const exported = (d: Driver) =>
  d.until((v) => /^Exported|^Nothing|^Cannot|already there/.test(messageOf(v)), 'the export');
const messageOf = (v: ReturnType<Driver['view']>) => (v.bottom.kind === 'message' ? v.bottom.lines.join(' ') : '');

describe(':export', () => {
  test('the marked SLOs, as slotui export writes them, in a file only the user can read', async () => {
    const d = await onResource('2', 'slos');
    d.press('down', 'mark', 'mark');
    const ids = d
      .rows()
      .filter((row) => row.startsWith('✓'))
      .map((row) => /slo-\d+/.exec(row)![0]);
    expect(ids).toHaveLength(2);
    const file = join(await tempDir(), 'marked.yaml');
    command(d, `export ${file}`);
    await exported(d);
    expect(d.message()).toMatch(/^Exported 2 SLOs to .*marked\.yaml as OpenSLO\.$/);
    expect(await readFile(file, 'utf8')).toBe(await cliExport(['slos', ...ids]));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Exporting is no action on the marks: they stay for the next one.
    expect(d.status()).toContain('2 marked');
  });

  test('without marks: the page shown; filtered over the whole list: every match', async () => {
    const d = await onResource('1', 'slis');
    const dir = await tempDir();
    command(d, `export ${join(dir, 'page.yaml')}`);
    await exported(d);
    const pageIds = d.rows().map((row) => /sli-\d+/.exec(row)![0]);
    expect(d.message()).toBe(`Exported ${pageIds.length} SLIs to ${join(dir, 'page.yaml')} as OpenSLO.`);
    const pageText = await readFile(join(dir, 'page.yaml'), 'utf8');

    d.press('filter');
    d.type('latency');
    d.press('filter-keep');
    await d.until((v) => v.status.text.includes('match'), 'the filter');
    command(d, `export ${join(dir, 'latency.yaml')}`);
    await exported(d);
    const text = await readFile(join(dir, 'latency.yaml'), 'utf8');
    const documents = text.split('---\n').filter(Boolean);
    expect(documents.length).toBeGreaterThan(0);
    for (const doc of documents) expect(doc.toLowerCase()).toContain('latency');
    // The same documents (the fake client hands out the sample records with their nested fields in another order).
    expect(parseDocuments(pageText)).toEqual(parseDocuments(await cliExport(['slis', ...pageIds])));
  });

  test('a file already there is replaced only by :export!, and kept as it was otherwise', async () => {
    const d = await onResource('2', 'slos');
    const file = join(await tempDir(), 'kept.yaml');
    await writeFile(file, 'mine\n');
    command(d, `export ${file}`);
    await exported(d);
    expect(d.message()).toBe(`${file} is already there: :export! ${file} replaces it.`);
    expect(d.view().bottom).toMatchObject({ tone: 'error' });
    expect(await readFile(file, 'utf8')).toBe('mine\n');
    command(d, `export! ${file}`);
    await exported(d);
    expect(d.message()).toMatch(/^Exported \d+ SLOs/);
    expect(await readFile(file, 'utf8')).toMatch(/^---\napiVersion: openslo\/v1\nkind: SLO\n/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  test('one line for what cannot be exported: no file named, a resource without a kind, a folder missing', async () => {
    const d = await onResource('3', 'organizations');
    command(d, 'export');
    expect(d.message()).toBe('Name the file: :export FILE (OpenSLO YAML).');
    command(d, 'export x.yaml');
    expect(d.message()).toBe('Orgs have no OpenSLO kind: :export writes SLIs and SLOs.');
    d.key('1');
    await d.until((v) => v.status.text.startsWith('slis · page 1'), 'the SLIs');
    const missing = join(await tempDir(), 'no', 'such', 'x.yaml');
    command(d, `export ${missing}`);
    await exported(d);
    expect(d.message()).toBe(`Cannot write ${missing}: its folder does not exist.`);
  });
});
