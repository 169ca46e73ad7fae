/**
 * The registry is the one truth about resources: a registry with one more
 * resource ("services": a name, a description and the SLOs they serve) works
 * in the sandbox, the CLI (`list`, `get`, `used-by`, help) and the dashboard
 * (its number key and tab, the help, the list, details, the create form, `u`)
 * with no other change, and a data file without a collection of services
 * loads it as empty.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRegistry, REGISTRY, type ResourceDef, type ResourceName } from '../../src/api/resources.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { run } from '../cli/helpers.js';
import { KEYS, renderDashboard, sandboxClient, statusLineOf, waitForFrame, waitForText } from '../tui/helpers.js';

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
  columns: [
    { id: 'name', header: 'NAME', get: (r) => String(r.name ?? ''), width: 30, minWidth: 10, priority: 10 },
    {
      id: 'description',
      header: 'DESCRIPTION',
      get: (r) => String(r.description ?? ''),
      width: 40,
      minWidth: 10,
      priority: 5,
    },
    { id: 'id', header: 'ID', get: (r) => r.id, width: 12, minWidth: 6, priority: 2 },
  ],
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true },
    { key: 'description', label: 'Description', kind: 'multiline', required: false },
    { key: 'slo_ids', label: 'SLOs served', kind: 'reference-list', references: 'slos', required: false },
  ],
  detailOrder: ['id', 'name', 'description', 'slo_ids', 'created_at', 'updated_at'],
  label: (r) => String(r.name ?? r.id),
};
const registry = createRegistry([...REGISTRY.defs, services]);
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
    expect(listed.stdout).toMatch(/^NAME\s+DESCRIPTION\s+ID$/m);
    expect(listed.stdout).toMatch(/^checkout\s+takes the money\s+svc-000001$/m);
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
    const d = renderDashboard({ client: sandboxClient(sandbox, { registry }), registry, columns: 120, rows: 30 });
    try {
      await waitForFrame(d, (f) => statusLineOf(f).startsWith('slis · page'), 'the first list');
      d.press('5');
      let frame = await waitForFrame(
        d,
        (f) => statusLineOf(f).startsWith('services · page 1 of 1') && f.includes('checkout'),
        'the services',
      );
      expect(frame).toContain('5 Services (1)');
      d.press('?');
      frame = await waitForText(d, '1 2 3 4 5', 'switch resource');
      expect(frame).toContain('agreements, services');
      d.press('G');
      await waitForText(d, ':slis  :slos  :orgs  :agreements  :svc');
      d.press(KEYS.escape);
      await waitForFrame(d, (f) => !f.includes('Help ·'), 'the help closed');
      d.press(KEYS.enter);
      frame = await waitForText(d, 'SERVICE checkout', 'takes the money');
      expect(frame).toMatch(/^id\s+svc-000001$/m);
      d.press(KEYS.escape);
      await waitForFrame(d, (f) => f.includes('DESCRIPTION'), 'the list again');
      d.press('c');
      await waitForText(d, 'New service');
      d.type('search');
      d.press('\u0013');
      await waitForText(d, 'Created service “search” (svc-000002).');
      d.press(':');
      d.type('svc');
      d.press(KEYS.enter);
      await waitForFrame(
        d,
        (f) => statusLineOf(f).startsWith('services · page 1 of 1 · total 2'),
        'the services after :svc',
      );
      d.press('2');
      await waitForFrame(
        d,
        (f) => statusLineOf(f).startsWith('slos · page 1 of 1') && f.includes('checkout 99.9'),
        'the SLO',
      );
      d.press('u');
      await waitForText(d, 'service checkout', 'used by 1 service');
    } finally {
      d.unmount();
    }
  });
});
