/** A service that names an agreement's SLOs differently, and a profile that says so. */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { expectSlotuiError, json, startHttpsServer } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

describe('fields named by the profile', () => {
  it("list, get, create and update speak slotui's names to slotui and the service's to the service", async () => {
    const agreement = { id: 'agr-1', name: 'Gold', org: 'org-1', objective_ids: ['slo-1', 'slo-2'] };
    const server = await startHttpsServer((req, res) => {
      if (req.method === 'GET' && req.url?.startsWith('/v1/agreements/?'))
        json(res, 200, { total: 1, results: [agreement], next: null, previous: null });
      else if (req.method === 'GET') json(res, 200, agreement);
      else json(res, req.method === 'POST' ? 201 : 200, { ...agreement, ...(JSON.parse(req.body || '{}') as object) });
    });
    cleanups.push(() => server.close());
    const client = createClient({
      baseUrl: server.origin,
      token: 't',
      ca: server.caPem,
      fields: { agreements: { slo_ids: 'objective_ids', organization_id: 'org' } },
    });
    cleanups.push(() => client.close());

    const page = await client.listPage('agreements');
    expect(page.results[0]).toMatchObject({ organization_id: 'org-1', slo_ids: ['slo-1', 'slo-2'] });
    expect(page.results[0]).not.toHaveProperty('objective_ids');
    const pages = [];
    for await (const p of client.pages('agreements')) pages.push(p);
    expect(pages[0]?.results[0]).toMatchObject({ slo_ids: ['slo-1', 'slo-2'] });
    expect(await client.get('agreements', 'agr-1')).toMatchObject({ slo_ids: ['slo-1', 'slo-2'] });

    const created = await client.create('agreements', { name: 'New', organization_id: 'org-2', slo_ids: ['slo-3'] });
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ name: 'New', org: 'org-2', objective_ids: ['slo-3'] });
    expect(created).toMatchObject({ organization_id: 'org-2', slo_ids: ['slo-3'] });
    await client.update('agreements', 'agr-1', { slo_ids: [] });
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ objective_ids: [] });
  });

  it('a profile naming a field the resource does not have is refused before any request', async () => {
    const error = await expectSlotuiError(() =>
      createClient({ baseUrl: 'https://127.0.0.1:9', fields: { slos: { sli: 'x' } } }),
    );
    expect(error.kind).toBe('config');
    expect(error.message).toMatch(/names "sli", which SLOs do not have/);
  });
});
