import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness, type ListBody } from './helpers.js';

type ErrorBody = { detail: string; errors?: Record<string, string[]> };

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const newSli = {
  name: 'billing-api availability',
  type: 'availability',
  description: 'Share of billing requests without a server error.',
  unit_of_measure: '%',
  queries: {
    good: {
      select: 'count(*)',
      from: 'http_requests',
      where: "service = 'billing-api' AND status_code < 500",
      limit: 1,
    },
    total: { select: 'count(*)', from: 'http_requests', where: "service = 'billing-api'", limit: 1 },
  },
  formula: 'good / total * 100',
};

function newSlo(sliId: string): Record<string, unknown> {
  return {
    name: 'billing-api availability 99.9%',
    description: 'Monthly availability objective.',
    service_level_indicator_id: sliId,
    time_window_type: 'rolling',
    time_window_value: '30',
    time_window_unit: 'day',
    target_value: '99.9',
    target_unit: '%',
    interval: 60,
    on_missing_interval: 'ignore',
    benchmark_operator: '>=',
    benchmark_value: '99.5',
  };
}

describe('create, read, update, delete', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  test('POST creates an SLI (201), it reads back and is listed last', async () => {
    const created = await h.call('/v1/slis/', { method: 'POST', json: newSli });
    expect(created.status).toBe(201);
    const record = created.json as Record<string, unknown> & { id: string };
    expect(record).toMatchObject(newSli);
    expect(record.id).toMatch(/^sli-\d{6}$/);
    expect(record.created_at).toMatch(ISO_MS);
    expect(record.updated_at).toBe(record.created_at);

    const read = await h.call(`/v1/slis/${record.id}/`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(record);
    const noSlash = await h.call(`/v1/slis/${record.id}`);
    expect(noSlash.json).toEqual(record);

    const list = (await h.call('/v1/slis/?limit=1&offset=30')).json as ListBody;
    expect(list.total).toBe(31);
    expect(list.results[0]!.id).toBe(record.id);
    const before = (await h.call('/v1/slis/?limit=1&offset=29')).json as ListBody;
    expect(Date.parse(record.created_at as string)).toBeGreaterThan(Date.parse(before.results[0]!.created_at));
  });

  test('POST creates an SLO on an existing SLI', async () => {
    const res = await h.call('/v1/slos/', { method: 'POST', json: newSlo('sli-000001') });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ...newSlo('sli-000001'), id: expect.stringMatching(/^slo-/) });
  });

  test('unknown fields are ignored, as are id and timestamps in the body', async () => {
    const res = await h.call('/v1/organizations/', {
      method: 'POST',
      json: { name: 'Hooli', colour: 'blue', id: 'mine', created_at: '2000-01-01T00:00:00.000Z' },
    });
    expect(res.status).toBe(201);
    const record = res.json as Record<string, unknown>;
    expect(record.colour).toBeUndefined();
    expect(record.id).toMatch(/^org-\d{6}$/);
    expect(record.created_at).not.toBe('2000-01-01T00:00:00.000Z');
  });

  test('missing required fields give 400 with a message per field', async () => {
    const res = await h.call('/v1/slos/', { method: 'POST', json: { description: 'no name' } });
    expect(res.status).toBe(400);
    const body = res.json as ErrorBody;
    expect(body.detail).toBe('Some fields are not valid.');
    expect(Object.keys(body.errors!).sort()).toEqual([
      'name',
      'service_level_indicator_id',
      'target_value',
      'time_window_type',
      'time_window_unit',
      'time_window_value',
    ]);
    expect(body.errors!.name).toEqual(['This field is required.']);
  });

  test('wrong types give 400 naming the field', async () => {
    const res = await h.call('/v1/slos/', {
      method: 'POST',
      json: { ...newSlo('sli-000001'), interval: 'abc', target_value: 'high' },
    });
    expect(res.status).toBe(400);
    const errors = (res.json as ErrorBody).errors!;
    expect(errors.interval).toEqual(['Must be a number.']);
    expect(errors.target_value).toEqual(['Must be a number, such as 99.9.']);
    const fractional = await h.call('/v1/slos/', { method: 'POST', json: { ...newSlo('sli-000001'), interval: 1.5 } });
    expect((fractional.json as ErrorBody).errors).toEqual({ interval: ['Must be a whole number.'] });
  });

  test('nested query errors carry a dotted path', async () => {
    const res = await h.call('/v1/slis/', {
      method: 'POST',
      json: { name: 'x', type: 'latency', queries: { p95: { select: 1, from: 'f', where: 'w', limit: 1 } } },
    });
    expect(res.status).toBe(400);
    expect((res.json as ErrorBody).errors).toEqual({ 'queries.p95.select': ['Must be a string.'] });
  });

  test('an SLO on an unknown SLI, an agreement of an unknown organization are refused', async () => {
    const slo = await h.call('/v1/slos/', { method: 'POST', json: newSlo('sli-999999') });
    expect(slo.status).toBe(400);
    expect(Object.keys((slo.json as ErrorBody).errors!)).toEqual(['service_level_indicator_id']);
    const agreement = await h.call('/v1/agreements/', {
      method: 'POST',
      json: { name: 'A', organization_id: 'org-999999', slo_ids: ['slo-000001', 'slo-999999'] },
    });
    expect(agreement.status).toBe(400);
    expect((agreement.json as ErrorBody).errors).toEqual({
      organization_id: ['No organization has the id org-999999.'],
      slo_ids: ['No SLO has the id slo-999999.'],
    });
    const ok = await h.call('/v1/agreements/', {
      method: 'POST',
      json: { name: 'A', organization_id: 'org-000001', slo_ids: ['slo-000001'] },
    });
    expect(ok.status).toBe(201);
  });

  test('415 without a JSON content type; 400 for broken JSON or a non-object', async () => {
    const text = await h.call('/v1/slis/', {
      method: 'POST',
      body: JSON.stringify(newSli),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect((text.json as ErrorBody).detail).toMatch(/application\/json/);
    const none = await h.call('/v1/slis/', { method: 'POST', body: JSON.stringify(newSli) });
    expect(none.status).toBe(415);
    const withCharset = await h.call('/v1/organizations/', {
      method: 'POST',
      body: '{"name":"Charset Inc"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(withCharset.status).toBe(201);
    const broken = await h.call('/v1/slis/', {
      method: 'POST',
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.json).toEqual({ detail: 'The body is not valid JSON.' });
    const array = await h.call('/v1/slis/', { method: 'POST', json: [newSli] });
    expect(array.status).toBe(400);
    expect(array.json).toEqual({ detail: 'The body must be a JSON object.' });
  });

  test('PATCH validates only the given fields and moves updated_at', async () => {
    const created = (await h.call('/v1/slis/', { method: 'POST', json: newSli })).json as Record<string, string>;
    const patched = await h.call(`/v1/slis/${created.id}/`, { method: 'PATCH', json: { description: 'Changed.' } });
    expect(patched.status).toBe(200);
    const record = patched.json as Record<string, string>;
    expect(record.description).toBe('Changed.');
    expect(record.name).toBe(newSli.name);
    expect(record.created_at).toBe(created.created_at);
    expect(Date.parse(record.updated_at!)).toBeGreaterThan(Date.parse(created.updated_at!));
    expect((await h.call(`/v1/slis/${created.id}/`)).json).toEqual(record);

    const bad = await h.call(`/v1/slis/${created.id}/`, { method: 'PATCH', json: { name: '' } });
    expect(bad.status).toBe(400);
    expect((bad.json as ErrorBody).errors).toEqual({ name: ['Required.'] });
    const badRef = await h.call('/v1/slos/slo-000001/', {
      method: 'PATCH',
      json: { service_level_indicator_id: 'sli-424242' },
    });
    expect(badRef.status).toBe(400);
    const missing = await h.call('/v1/slis/sli-424242/', { method: 'PATCH', json: { name: 'x' } });
    expect(missing.status).toBe(404);
    const noType = await h.call(`/v1/slis/${created.id}/`, { method: 'PATCH', body: '{"name":"x"}' });
    expect(noType.status).toBe(415);
  });

  test('DELETE answers 204 with no body; the record is gone', async () => {
    const created = (await h.call('/v1/organizations/', { method: 'POST', json: { name: 'Short-lived' } }))
      .json as Record<string, string>;
    const total = ((await h.call('/v1/organizations/')).json as ListBody).total;
    const deleted = await h.call(`/v1/organizations/${created.id}/`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await h.call(`/v1/organizations/${created.id}/`)).status).toBe(404);
    expect(((await h.call('/v1/organizations/')).json as ListBody).total).toBe(total - 1);
    expect((await h.call(`/v1/organizations/${created.id}/`, { method: 'DELETE' })).status).toBe(404);
    // Ids are not reused after a delete.
    const next = (await h.call('/v1/organizations/', { method: 'POST', json: { name: 'After' } })).json as Record<
      string,
      string
    >;
    expect(next.id).not.toBe(created.id);
  });

  test('404 for unknown records, resources and paths; 405 for wrong methods', async () => {
    const unknownRecord = await h.call('/v1/slis/sli-424242/');
    expect(unknownRecord.status).toBe(404);
    expect(unknownRecord.json).toEqual({ detail: 'Not found.' });
    expect((await h.call('/v1/widgets/')).status).toBe(404);
    expect((await h.call('/v1/slis/a/b/')).status).toBe(404);
    expect((await h.call('/v2/slis/')).status).toBe(404);
    expect((await h.call('/nothing-here')).json).toEqual({ detail: 'Not found.' });

    const put = await h.call('/v1/slis/sli-000001/', { method: 'PUT', json: newSli });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
    expect((put.json as ErrorBody).detail).toMatch(/not allowed/);
    const deleteList = await h.call('/v1/slis/', { method: 'DELETE' });
    expect(deleteList.status).toBe(405);
    expect(deleteList.headers.allow).toBe('GET, HEAD, POST');
  });
});
