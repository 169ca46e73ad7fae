/**
 * A request the user waits for never waits behind a background one: the
 * dashboard's prefetch and counts go over a connection of their own, so a
 * prefetch the server trickles out forever does not stop the next list from
 * loading. Read from the dashboard's view model (test/tui/driver.ts), not
 * through Ink.
 */
import type { ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createTlsMaterial } from '../../src/sandbox/tls.js';
import { disposeDrivers, driveClient } from './driver.js';
import { waitUntil } from './helpers.js';

let server: Server;
let origin: string;
let cert: string;
const trickling = new Set<ServerResponse>();
const timers = new Set<ReturnType<typeof setInterval>>();

const record = (resource: string, n: number) => ({ id: `${resource.slice(0, 3)}-${n}`, name: `${resource} ${n}` });

beforeAll(async () => {
  const tls = await createTlsMaterial();
  cert = tls.cert;
  server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const resource = /^\/v1\/(\w+)\//.exec(url.pathname)?.[1] ?? '';
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    if (resource === 'slis' && offset > 0) {
      // The prefetch of the second page: headers at once, then a byte now and then, never the end.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"total": 40, "results": [');
      trickling.add(res);
      const timer = setInterval(() => res.write(' '), 200);
      timers.add(timer);
      return;
    }
    const total = resource === 'slis' ? 40 : 3;
    const results = Array.from({ length: Math.min(limit, total - offset) }, (_, i) => record(resource, offset + i + 1));
    const next = offset + limit < total ? `${origin}/v1/${resource}/?limit=${limit}&offset=${offset + limit}` : null;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ total, results, next, previous: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  for (const res of trickling) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('switching resource loads while the prefetch of the next page trickles', async () => {
  const client = createClient({ baseUrl: origin, token: 'test-token', ca: cert, retry: { tries: 1 }, connections: 1 });
  const d = driveClient(client, { realTimers: true });
  try {
    await d.until(
      (v) => v.status.text.startsWith('slis · page 1 of') && d.rows().some((r) => r.startsWith('slis 1 ')),
      'the SLIs',
    );
    // The prefetch of page 2 is on the wire (trickling) before the switch.
    await waitUntil(() => trickling.size > 0, 'the prefetch to start');
    d.key('2');
    await d.until(
      (v) => v.status.text.startsWith('slos · page 1 of 1') && d.rows().some((r) => r.startsWith('slos 1 ')),
      'the SLOs',
    );
    expect(d.rows().some((r) => r.startsWith('slos 3 '))).toBe(true);
  } finally {
    disposeDrivers();
    await client.close();
  }
});
