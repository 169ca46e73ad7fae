import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { startHarness, type ListBody } from './helpers.js';

describe('the data file', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'slotui-sandbox-test-'));
    file = join(dir, 'data.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('is created at start (mode 0600) and keeps changes across a restart', async () => {
    const first = await startHarness({ dataFile: file });
    let createdId: string;
    try {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const created = await first.call('/v1/slis/', {
        method: 'POST',
        json: { name: 'kept across restarts', type: 'latency' },
      });
      expect(created.status).toBe(201);
      createdId = (created.json as { id: string }).id;
      expect((await first.call('/v1/slos/slo-000003/', { method: 'PATCH', json: { target_value: '98' } })).status).toBe(
        200,
      );
      expect((await first.call('/v1/agreements/agr-000005/', { method: 'DELETE' })).status).toBe(204);
    } finally {
      await first.close();
    }
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Only the data file is left: the temp files were renamed over it.
    expect(await readdir(dir)).toEqual(['data.json']);

    const second = await startHarness({ dataFile: file });
    try {
      expect(((await second.call(`/v1/slis/${createdId}/`)).json as { name: string }).name).toBe(
        'kept across restarts',
      );
      expect(((await second.call('/v1/slos/slo-000003/')).json as { target_value: string }).target_value).toBe('98');
      expect((await second.call('/v1/agreements/agr-000005/')).status).toBe(404);
      expect(((await second.call('/v1/slis/')).json as ListBody).total).toBe(31);
      // The id counter is kept too: the next id is new.
      const next = (await second.call('/v1/slis/', { method: 'POST', json: { name: 'n', type: 't' } })).json as {
        id: string;
      };
      expect(next.id > createdId).toBe(true);
    } finally {
      await second.close();
    }
  });

  test('each change is on disk when the answer arrives', async () => {
    const h = await startHarness({ dataFile: file, sample: false });
    try {
      await h.call('/v1/organizations/', { method: 'POST', json: { name: 'On disk' } });
      const saved = JSON.parse(await readFile(file, 'utf8')) as {
        collections: { organizations: { records: { name: string }[] } };
      };
      expect(saved.collections.organizations.records.map((r) => r.name)).toEqual(['On disk']);
    } finally {
      await h.close();
    }
  });

  test('an existing file wins over sample and seed options', async () => {
    const first = await startHarness({ dataFile: file, sample: false, seed: 3 });
    await first.close();
    const second = await startHarness({ dataFile: file, seed: 50 });
    try {
      expect(((await second.call('/v1/slis/')).json as ListBody).total).toBe(3);
    } finally {
      await second.close();
    }
  });

  test('a data file in a missing folder makes startSandbox fail with a clear error', async () => {
    await expect(startSandbox({ dataFile: join(dir, 'missing', 'data.json') })).rejects.toThrow(
      /cannot be used: it cannot be written \(ENOENT\)\. Check that its folder exists/,
    );
  });

  test('a file without some collections loads them empty, and keeps collections of resources it does not know', async () => {
    const other = {
      nextNumber: 2,
      records: [{ id: 'x-1', created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z' }],
    };
    await writeFile(
      file,
      JSON.stringify({
        format: 'slotui-sandbox-data',
        version: 1,
        collections: { slis: { records: [] }, widgets: other },
      }),
    );
    const sandbox = await startHarness({ dataFile: file });
    try {
      expect(((await sandbox.call('/v1/agreements/')).json as ListBody).total).toBe(0);
      const created = await sandbox.call('/v1/organizations/', { method: 'POST', json: { name: 'first' } });
      expect((created.json as { id: string }).id).toBe('org-000001');
    } finally {
      await sandbox.close();
    }
    const saved = JSON.parse(await readFile(file, 'utf8')) as { collections: Record<string, unknown> };
    expect(saved.collections.widgets).toEqual(other);
  });

  test.each([
    ['not JSON', '{"format": '],
    ['another format', JSON.stringify({ hello: 'world' })],
    [
      'a record without id',
      JSON.stringify({
        format: 'slotui-sandbox-data',
        version: 1,
        collections: {
          slis: {
            records: [{ name: 'x', created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z' }],
          },
          slos: { records: [] },
          organizations: { records: [] },
          agreements: { records: [] },
        },
      }),
    ],
    [
      'a collection without records',
      JSON.stringify({ format: 'slotui-sandbox-data', version: 1, collections: { slis: { nextNumber: 1 } } }),
    ],
  ])('a broken file (%s) makes startSandbox fail with a clear error', async (_what, content) => {
    await writeFile(file, content);
    await expect(startSandbox({ dataFile: file })).rejects.toThrow(
      /sandbox data file .*data\.json cannot be used: .*delete it/,
    );
  });
});
