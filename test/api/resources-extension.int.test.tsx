/**
 * Adding a resource is one wire entry, as a contributor adds one to
 * RESOURCES in src/api/resources.ts: a name, words, an id prefix, a path, its
 * record fields and the fields a create takes. Nothing else: no columns (they
 * are made from the fields), no schema, no sample data, no key. With it the
 * sandbox serves it, the CLI lists, gets and finds what uses it, and the
 * dashboard has its number key, tab, list, details, create form and `u`; a
 * data file without a collection of services loads it as empty.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRegistry, type ResourceDef, type ResourceName } from '../../src/api/resources.js';
import { REGISTRY, withPresentation } from '../../src/presentation/resources.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { run } from '../cli/helpers.js';
import { disposeDrivers, driveClient } from '../tui/driver.js';
import { sandboxClient } from '../tui/helpers.js';

/** The entry, written as the built-in ones are. */
const services: ResourceDef = {
  name: 'services' as ResourceName,
  singular: 'service',
  plural: 'services',
  kind: 'service',
  article: 'a',
  title: 'Services',
  aliases: ['service', 'services', 'svc'],
  idPrefix: 'svc',
  defaultPath: '/v1/services/',
  recordFields: {
    id: 'id',
    name: 'text',
    description: 'text',
    slo_ids: 'string-or-number-list',
    created_at: 'text',
    updated_at: 'text',
  },
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true },
    { key: 'description', label: 'Description', kind: 'multiline', required: false },
    { key: 'slo_ids', label: 'SLOs served', kind: 'reference-list', references: 'slos', required: false },
  ],
  label: (r) => String(r.name ?? r.id),
};
// What REGISTRY does with every entry of RESOURCES: the entry with how it is shown (here the default).
const registry = createRegistry([...REGISTRY.defs, withPresentation(services)]);
const SERVICES = 'services' as ResourceName;

let sandbox: SandboxHandle;
let dir: string;
let sloId: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'slotui-registry-'));
  // A data file from before services existed: it has no collection for them.
  const dataFile = join(dir, 'data.json');
  await writeFile(
    dataFile,
    JSON.stringify({ format: 'slotui-sandbox-data', version: 1, collections: { slis: { records: [] } } }),
    { mode: 0o600 },
  );
  sandbox = await startSandbox({ dataFile, registry });
  const client = sandboxClient(sandbox, { registry });
  const sli = await client.create('slis', { name: 'checkout availability', type: 'availability' });
  const slo = await client.create('slos', {
    name: 'checkout 99.9',
    service_level_indicator_id: sli.id,
    time_window_type: 'rolling',
    time_window_value: '30',
    time_window_unit: 'day',
    target_value: '99.9',
  });
  sloId = slo.id;
  await client.close();
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({
  SLOTUI_BASE_URL: sandbox.baseUrl,
  SLOTUI_CA_FILE: sandbox.caFile,
  SLOTUI_TOKEN: sandbox.token,
  SLOTUI_CONFIG_DIR: join(dir, 'config'),
});

describe('a registry with one more resource', () => {
  test('the sandbox serves it (empty at first), and the CLI lists and gets it', async () => {
    const empty = await run(['list', 'services', '--json'], { env: env(), registry });
    expect(empty).toMatchObject({ code: 0, stdout: '[]\n' });
    const client = sandboxClient(sandbox, { registry });
    const created = await client.create(SERVICES, {
      name: 'checkout',
      description: 'takes the money',
      slo_ids: [sloId],
    });
    await client.close();
    expect(created.id).toBe('svc-000001');

    const listed = await run(['list', 'svc'], { env: env(), registry });
    expect(listed.code).toBe(0);
    // The default columns: the name, one a single-line field (the SLOs served, counted), ID and AGE.
    expect(listed.stdout).toMatch(/^NAME\s+SLOS SERVED\s+ID\s+AGE$/m);
    expect(listed.stdout).toMatch(/^checkout\s+1\s+svc-000001\s+\d+s$/m);
    const wide = await run(['list', 'svc', '-o', 'wide'], { env: env(), registry });
    expect(wide.stdout).toMatch(/^NAME\s+SLOS SERVED\s+ID\s+AGE\s+DESCRIPTION\s+CREATED\s+UPDATED$/m);
    const got = await run(['get', 'service', 'svc-000001', '--json'], { env: env(), registry });
    expect(JSON.parse(got.stdout)).toMatchObject({ id: 'svc-000001', name: 'checkout' });
    const unknown = await run(['list', 'widgets'], { env: env(), registry });
    expect(unknown.stderr).toContain('use one of slis, slos, organizations (orgs), agreements, services (svc).');
  });

  test('the CLI: used-by finds what refers through its reference field; help and completion name it', async () => {
    const usedBy = await run(['used-by', 'slo', sloId], { env: env(), registry });
    expect(usedBy.code).toBe(0);
    expect(usedBy.stdout).toMatch(/^services\s+svc-000001\s+checkout$/m);
    expect(usedBy.stderr).toMatch(/is used by 1 service\.$/m);

    const help = await run(['create', '--help'], { registry });
    expect(help.stdout).toContain('services (svc)');
    expect(help.stdout).toContain('Fields of a service (* required):');
    expect(help.stdout).toMatch(/^ {2}slo_ids\s+a list of SLO ids/m);
    const completion = await run(['__complete', 'list', ''], { env: env(), registry });
    expect(completion.stdout.split('\n')).toContain('services');
  });

  test('the dashboard: 5 opens it, the tab shows its total, Enter its details, c its create form', async () => {
    // Tall enough for the whole help in two columns; read from the view model (the screens through Ink are test/tui's).
    const client = sandboxClient(sandbox, { registry });
    const d = driveClient(client, { registry, columns: 120, rows: 60, realTimers: true });
    const tabs = () =>
      d
        .view()
        .header.tabs.map((t) => t.label)
        .join('');
    try {
      await d.until((v) => v.status.text.startsWith('slis · page') && v.status.loading === null, 'the first list');
      d.key('5');
      await d.until(
        (v) => v.status.text.startsWith('services · page 1 of 1') && d.rows().some((r) => r.includes('checkout')),
        'the services',
      );
      expect(tabs()).toContain('5 Services (1)');
      d.key('?');
      expect(d.text()).toContain('1 2 3 4 5');
      expect(d.text()).toContain('switch resource');
      expect(d.text()).toContain('agreements, services');
      d.key('G');
      expect(d.text()).toContain(':slis  :slos  :orgs  :agreements  :svc');
      d.key('Esc');
      expect(d.view().screen.kind).toBe('list');
      d.key('Enter');
      await d.until((v) => v.body.kind === 'detail' && d.text().includes('takes the money'), 'the details');
      expect(d.text()).toContain('SERVICE checkout');
      expect(d.text()).toMatch(/^id\s*svc-000001$/m);
      d.key('Esc');
      await d.until((v) => v.body.kind === 'list' && v.body.header.includes('SLOS SERVED'), 'the list again');
      d.key('c');
      const screen = d.view().screen;
      expect(screen.kind === 'forms' && screen.state.kind === 'form' && screen.state.form.def.name).toBe('services');
      d.type('search');
      d.key('Ctrl+S');
      await d.until(() => d.message() === 'Created service “search” (svc-000002).', 'the service created');
      d.key(':');
      d.type('svc');
      d.key('Enter');
      await d.until(
        (v) => v.status.text.startsWith('services · page 1 of 1 · total 2') && v.status.loading === null,
        'the services after :svc',
      );
      d.key('2');
      await d.until(
        (v) => v.status.text.startsWith('slos · page 1 of 1') && d.rows().some((r) => r.includes('checkout 99.9')),
        'the SLO',
      );
      d.key('u');
      await d.until((v) => v.body.kind === 'relations' && v.body.view.complete, 'what uses it');
      expect(d.text()).toContain('service checkout');
      expect(d.text()).toContain('used by 1 service');
    } finally {
      disposeDrivers();
      await client.close();
    }
  });
});
