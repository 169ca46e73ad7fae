import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { budgetOf } from '../../src/domain/sloMath.js';
import { rawRequest, startHarness, type Harness, type ListBody } from './helpers.js';

describe('lists over the sample data', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  test('defaults to limit 10, offset 0, with an absolute next and no previous', async () => {
    const res = await h.call('/v1/slis/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json as ListBody;
    expect(Object.keys(body).sort()).toEqual(['next', 'previous', 'results', 'total']);
    expect(body.total).toBe(30);
    expect(body.results).toHaveLength(10);
    expect(body.previous).toBeNull();
    expect(body.next).toBe(`${h.sandbox.baseUrl}/v1/slis/?limit=10&offset=10`);
  });

  test('following next to the end visits every record once, in chronological order', async () => {
    const seen: ListBody['results'] = [];
    let url: string | null = `${h.sandbox.baseUrl}/v1/slis/?limit=7&offset=0`;
    let pages = 0;
    while (url && pages < 20) {
      const body = (await h.call(url)).json as ListBody;
      seen.push(...body.results);
      url = body.next;
      pages++;
    }
    expect(url).toBeNull();
    expect(pages).toBe(5);
    expect(new Set(seen.map((r) => r.id)).size).toBe(30);
    const created = seen.map((r) => Date.parse(r.created_at));
    for (let i = 1; i < created.length; i++) expect(created[i]).toBeGreaterThan(created[i - 1]!);
  });

  test('a middle page links both ways; the last page has next null', async () => {
    const middle = (await h.call('/v1/slis/?limit=10&offset=10')).json as ListBody;
    expect(middle.previous).toBe(`${h.sandbox.baseUrl}/v1/slis/?limit=10&offset=0`);
    expect(middle.next).toBe(`${h.sandbox.baseUrl}/v1/slis/?limit=10&offset=20`);
    const last = (await h.call('/v1/slis/?limit=10&offset=20')).json as ListBody;
    expect(last.results).toHaveLength(10);
    expect(last.next).toBeNull();
    expect(last.previous).toBe(`${h.sandbox.baseUrl}/v1/slis/?limit=10&offset=10`);
  });

  test('an offset past the end gives an empty page with next null', async () => {
    const body = (await h.call('/v1/slis/?offset=500')).json as ListBody;
    expect(body.total).toBe(30);
    expect(body.results).toEqual([]);
    expect(body.next).toBeNull();
    expect(body.previous).not.toBeNull();
  });

  test('a limit above 100 is capped, and the links carry the capped limit', async () => {
    const h2 = await startHarness({ sample: false, seed: 250 });
    try {
      const body = (await h2.call('/v1/slis/?limit=1000')).json as ListBody;
      expect(body.results).toHaveLength(100);
      expect(body.next).toBe(`${h2.sandbox.baseUrl}/v1/slis/?limit=100&offset=100`);
    } finally {
      await h2.close();
    }
  });

  test('maxLimit is configurable', async () => {
    const h2 = await startHarness({ maxLimit: 5 });
    try {
      const body = (await h2.call('/v1/slis/?limit=50')).json as ListBody;
      expect(body.results).toHaveLength(5);
      expect(body.next).toBe(`${h2.sandbox.baseUrl}/v1/slis/?limit=5&offset=5`);
    } finally {
      await h2.close();
    }
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['offset=-5', 'offset'],
    ['offset=x', 'offset'],
  ])('%s is refused with a field error', async (query, field) => {
    const res = await h.call(`/v1/slis/?${query}`);
    expect(res.status).toBe(400);
    const body = res.json as { detail: string; errors: Record<string, string[]> };
    expect(body.detail).toMatch(/\.$/);
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]![0]).toMatch(/whole number/);
  });

  test('every resource has a list, with and without the trailing slash', async () => {
    const expected = { slis: 30, slos: 20, organizations: 4, agreements: 5 };
    for (const [name, total] of Object.entries(expected)) {
      for (const path of [`/v1/${name}/`, `/v1/${name}`]) {
        const res = await h.call(path);
        expect(res.status, path).toBe(200);
        expect((res.json as ListBody).total, path).toBe(total);
      }
    }
  });

  test('links follow the host the client used when it is localhost', async () => {
    const port = new URL(h.sandbox.baseUrl).port;
    const body = (await h.call(`https://localhost:${port}/v1/slos/`)).json as ListBody;
    expect(body.next).toBe(`https://localhost:${port}/v1/slos/?limit=10&offset=10`);
  });

  test('a forged Host header does not leak into the links', async () => {
    const res = await rawRequest(
      h.sandbox,
      `GET /v1/slos/ HTTP/1.1\r\nHost: evil.example:443\r\nAuthorization: Bearer ${h.sandbox.token}`,
    );
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body) as ListBody;
    expect(body.next).toBe(`${h.sandbox.baseUrl}/v1/slos/?limit=10&offset=10`);
  });
});

describe('sample data', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  test('looks real and is consistent: SLOs point at SLIs, agreements at organizations and SLOs', async () => {
    const slis = ((await h.call('/v1/slis/?limit=100')).json as ListBody).results;
    const slos = ((await h.call('/v1/slos/?limit=100')).json as ListBody).results;
    const orgs = ((await h.call('/v1/organizations/?limit=100')).json as ListBody).results;
    const agreements = ((await h.call('/v1/agreements/?limit=100')).json as ListBody).results;
    const sliIds = new Set(slis.map((r) => r.id));
    const sloIds = new Set(slos.map((r) => r.id));
    const orgIds = new Set(orgs.map((r) => r.id));
    expect(slis.length).toBeGreaterThanOrEqual(25);
    expect(slos.length).toBeGreaterThanOrEqual(15);
    for (const sli of slis) {
      expect(['availability', 'latency', 'error_rate', 'throughput']).toContain(sli.type);
      const queries = Object.values(sli.queries as Record<string, Record<string, unknown>>);
      expect(queries.length).toBeGreaterThanOrEqual(1);
      expect(queries.length).toBeLessThanOrEqual(3);
      for (const q of queries) expect(Object.keys(q).sort()).toEqual(['from', 'limit', 'select', 'where']);
      expect(sli.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(sli.created_at)).toBeLessThan(Date.now());
    }
    for (const slo of slos) {
      expect(sliIds.has(slo.service_level_indicator_id as string)).toBe(true);
      expect(Number.isInteger(slo.interval)).toBe(true);
      expect(Number.isFinite(Number(slo.target_value))).toBe(true);
    }
    for (const a of agreements) {
      expect(orgIds.has(a.organization_id as string)).toBe(true);
      for (const id of a.slo_ids as string[]) expect(sloIds.has(id)).toBe(true);
    }
  });

  test('is deterministic: two sandboxes serve the same records', async () => {
    const other = await startHarness();
    try {
      const mine = (await h.call('/v1/slos/?limit=100')).json;
      const theirs = (await other.call('/v1/slos/?limit=100')).json as ListBody;
      expect(theirs.results).toEqual((mine as ListBody).results);
    } finally {
      await other.close();
    }
  });

  test('sample: false starts empty', async () => {
    const empty = await startHarness({ sample: false });
    try {
      const body = (await empty.call('/v1/slis/')).json as ListBody;
      expect(body).toEqual({ total: 0, results: [], next: null, previous: null });
    } finally {
      await empty.close();
    }
  });
});

describe('seeded data', () => {
  test('100,000 seeded SLIs: a deep page comes back with the right ids', async () => {
    const h = await startHarness({ sample: false, seed: 100_000 });
    try {
      const res = await h.call('/v1/slis/?limit=10&offset=99990');
      expect(res.status).toBe(200);
      const body = res.json as ListBody;
      expect(body.total).toBe(100_000);
      expect(body.results.map((r) => r.id)).toEqual(
        Array.from({ length: 10 }, (_, i) => `sli-${String(99_991 + i).padStart(6, '0')}`),
      );
      expect(body.results.map((r) => r.name).slice(0, 4)).toEqual([
        'svc-99991 error rate',
        'svc-99992 throughput',
        'svc-99993 availability',
        'svc-99994 latency p95',
      ]);
      expect(body.next).toBeNull();
      expect(body.previous).toBe(`${h.sandbox.baseUrl}/v1/slis/?limit=10&offset=99980`);
    } finally {
      await h.close();
    }
  });

  test('seeded SLIs follow the sample data in time', async () => {
    const h = await startHarness({ seed: 5 });
    try {
      const body = (await h.call('/v1/slis/?limit=10&offset=28')).json as ListBody;
      expect(body.total).toBe(35);
      expect(body.results.map((r) => r.name)).toEqual([
        'orders-db latency p95',
        'orders-db error rate',
        'svc-00001 availability',
        'svc-00002 latency p95',
        'svc-00003 error rate',
        'svc-00004 throughput',
        'svc-00005 availability',
      ]);
      expect(Date.parse(body.results[2]!.created_at)).toBeGreaterThan(Date.parse(body.results[1]!.created_at));
    } finally {
      await h.close();
    }
  });

  test('seeded SLOs follow the sample ones, refer to existing SLIs and all have a budget', async () => {
    const h = await startHarness({ seedSlos: 1000 });
    try {
      const body = (await h.call('/v1/slos/?limit=100&offset=920')).json as ListBody;
      expect(body.total).toBe(1020);
      expect(body.results[0]!.id).toBe('slo-000921');
      const sliIds = new Set(((await h.call('/v1/slis/?limit=100')).json as ListBody).results.map((r) => r.id));
      const now = new Date(Date.UTC(2026, 1, 1));
      for (const slo of body.results) {
        expect(sliIds.has(String(slo.service_level_indicator_id))).toBe(true);
        expect(budgetOf(slo, now).ok).toBe(true);
      }
    } finally {
      await h.close();
    }
  });
});
