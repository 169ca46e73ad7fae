/** A service that names an agreement's SLOs differently, and a profile that says so (over the fake API). */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { FAKE_TOKEN, fakeApi, type FakeApi } from '../fakeApi.js';
import { expectSlotuiError } from './helpers.js';

const apis: FakeApi[] = [];
afterEach(async () => {
  for (const api of apis.splice(0)) {
    try {
      api.verify();
    } finally {
      await api.close();
    }
  }
});

describe('fields named by the profile', () => {
  it("list, get, create and update speak slotui's names to slotui and the service's to the service", async () => {
    const agreement = { id: 'agr-1', name: 'Gold', org: 'org-1', objective_ids: ['slo-1', 'slo-2'] };
    const api = fakeApi();
    apis.push(api);
    const list = { status: 200, body: { total: 1, results: [agreement], next: null, previous: null } };
    api.stub('GET', '/v1/agreements/?limit=10&offset=0', list, { times: 2 });
    api.stub('GET', '/v1/agreements/agr-1/', { status: 200, body: agreement });
    api.stub(
      'POST',
      '/v1/agreements/',
      { status: 201, body: { id: 'agr-2', name: 'New', org: 'org-2', objective_ids: ['slo-3'] } },
      // Sent under the service's names.
      {
        body: (json) =>
          JSON.stringify(json) === JSON.stringify({ name: 'New', org: 'org-2', objective_ids: ['slo-3'] }),
      },
    );
    api.stub(
      'PATCH',
      '/v1/agreements/agr-1/',
      { status: 200, body: { ...agreement, objective_ids: [] } },
      { body: (json) => JSON.stringify(json) === JSON.stringify({ objective_ids: [] }) },
    );
    const client = createClient({
      baseUrl: api.origin,
      token: FAKE_TOKEN,
      dispatcher: api.dispatcher,
      fields: { agreements: { slo_ids: 'objective_ids', organization_id: 'org' } },
    });

    const page = await client.listPage('agreements');
    expect(page.results[0]).toMatchObject({ organization_id: 'org-1', slo_ids: ['slo-1', 'slo-2'] });
    expect(page.results[0]).not.toHaveProperty('objective_ids');
    const pages = [];
    for await (const p of client.pages('agreements')) pages.push(p);
    expect(pages[0]?.results[0]).toMatchObject({ slo_ids: ['slo-1', 'slo-2'] });
    expect(await client.get('agreements', 'agr-1')).toMatchObject({ slo_ids: ['slo-1', 'slo-2'] });

    const created = await client.create('agreements', { name: 'New', organization_id: 'org-2', slo_ids: ['slo-3'] });
    expect(created).toMatchObject({ organization_id: 'org-2', slo_ids: ['slo-3'] });
    expect(await client.update('agreements', 'agr-1', { slo_ids: [] })).toMatchObject({ slo_ids: [] });
    await client.close();
  });

  it('a profile naming a field the resource does not have is refused before any request', async () => {
    const error = await expectSlotuiError(() =>
      createClient({ baseUrl: 'https://127.0.0.1:9', fields: { slos: { sli: 'x' } } }),
    );
    expect(error.kind).toBe('config');
    expect(error.message).toMatch(/names "sli", which SLOs do not have/);
  });
});
