import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seededRandom } from '../../src/sandbox/faults.js';
import { startHarness, waitFor, type Harness, type ListBody } from './helpers.js';

describe('fault switches', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  test('latencyMs delays API answers: a request sent after it, without latency, is answered first', async () => {
    const before = h.sandbox.requests.length;
    h.sandbox.setFaults({ latencyMs: 2_000 });
    let slowDone = false;
    const slow = h.call('/v1/slis/').then((res) => {
      slowDone = true;
      return res;
    });
    await waitFor(() => h.sandbox.requests.length > before);
    h.sandbox.setFaults({});
    const quick = await h.call('/v1/slos/');
    expect(quick.status).toBe(200);
    expect(slowDone).toBe(false);
    expect((await slow).status).toBe(200);
  });

  test('errorRate answers the given statuses; 429 and 503 carry Retry-After', async () => {
    h.sandbox.setFaults({ errorRate: 1, errorStatuses: [429], retryAfterSeconds: 7 });
    const limited = await h.call('/v1/slis/');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect((limited.json as { detail: string }).detail).toMatch(/\.$/);

    h.sandbox.setFaults({ errorRate: 1, errorStatuses: [503] });
    const unavailable = await h.call('/v1/slis/');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers['retry-after']).toBe('1');

    h.sandbox.setFaults({ errorRate: 1 });
    const failed = await h.call('/v1/slis/');
    expect(failed.status).toBe(500);
    expect(failed.headers['retry-after']).toBeUndefined();
    h.sandbox.setFaults({});
    expect((await h.call('/v1/slis/')).status).toBe(200);
  });

  test('a faulted create has no effect (the request was not handled)', async () => {
    const before = ((await h.call('/v1/organizations/')).json as ListBody).total;
    h.sandbox.setFaults({ errorRate: 1, errorStatuses: [503] });
    expect((await h.call('/v1/organizations/', { method: 'POST', json: { name: 'Never' } })).status).toBe(503);
    h.sandbox.setFaults({});
    expect(((await h.call('/v1/organizations/')).json as ListBody).total).toBe(before);
  });

  test('faults apply after auth and only to /v1', async () => {
    h.sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    expect((await h.call('/v1/slis/', { token: null })).status).toBe(401);
    expect((await h.call('/login', { token: null })).status).toBe(200);
    h.sandbox.setFaults({});
  });

  test('the dice are seeded: the same seed fails the same requests', async () => {
    const statuses = async () => {
      h.sandbox.setFaults({ errorRate: 0.5, errorStatuses: [500, 502], seed: 42 });
      const seen: number[] = [];
      for (let i = 0; i < 12; i++) seen.push((await h.call('/v1/slis/?limit=1')).status);
      return seen;
    };
    const first = await statuses();
    const second = await statuses();
    h.sandbox.setFaults({});
    expect(second).toEqual(first);
    expect(first).toContain(200);
    expect(first.some((s) => s === 500 || s === 502)).toBe(true);
  });

  test('htmlRate answers 200 with an HTML page', async () => {
    h.sandbox.setFaults({ htmlRate: 1 });
    const res = await h.call('/v1/slis/');
    h.sandbox.setFaults({});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toMatch(/^<!doctype html>/);
  });

  test('truncateRate promises a longer body than it sends, then drops the connection', async () => {
    h.sandbox.setFaults({ truncateRate: 1 });
    const res = await request(`${h.sandbox.baseUrl}/v1/slis/`, {
      dispatcher: h.agent,
      headers: { authorization: `Bearer ${h.sandbox.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(100);
    await expect(res.body.text()).rejects.toThrow();
    h.sandbox.setFaults({});
    expect((await h.call('/v1/slis/')).status).toBe(200);
  });

  test('resetRate drops the connection without an answer', async () => {
    h.sandbox.setFaults({ resetRate: 1 });
    await expect(h.call('/v1/slis/')).rejects.toThrow();
    h.sandbox.setFaults({});
    expect((await h.call('/v1/slis/')).status).toBe(200);
  });

  test('hangRate never answers, and a client timeout ends the wait', async () => {
    const agent = new Agent({ connect: { ca: h.sandbox.caPem }, headersTimeout: 300 });
    try {
      h.sandbox.setFaults({ hangRate: 1 });
      await expect(
        request(`${h.sandbox.baseUrl}/v1/slis/`, {
          dispatcher: agent,
          headers: { authorization: `Bearer ${h.sandbox.token}` },
        }),
      ).rejects.toThrow(/timeout/i);
    } finally {
      h.sandbox.setFaults({});
      await agent.destroy();
    }
  });
});

test('close() ends requests that hang', async () => {
  const h = await startHarness({ faults: { hangRate: 1 } });
  const pending = h.call('/v1/slis/').then(
    () => 'answered',
    () => 'failed',
  );
  await waitFor(() => h.sandbox.requests.length === 1);
  await h.sandbox.close();
  expect(await pending).toBe('failed');
  await h.agent.close();
});

test('seededRandom is deterministic and spread over [0, 1)', () => {
  const a = seededRandom(7);
  const b = seededRandom(7);
  const values = Array.from({ length: 1000 }, () => a());
  expect(Array.from({ length: 1000 }, () => b())).toEqual(values);
  expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...values)).toBeLessThan(1);
  const low = values.filter((v) => v < 0.5).length;
  expect(low).toBeGreaterThan(400);
  expect(low).toBeLessThan(600);
});
