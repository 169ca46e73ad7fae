/**
 * Pagination against the sandbox over real TLS (its CA given to the client): many pages over one
 * keep-alive pool, and under socket faults. The rest of paging is tested over the fake API
 * (pagination.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/types.js';
import { collect, expectOnceInOrder } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function sandboxWith(options: SandboxOptions): Promise<{ sandbox: SandboxHandle; client: ApiClient }> {
  const sandbox = await startSandbox(options);
  cleanups.push(() => sandbox.close());
  const client = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, ca: sandbox.caPem });
  cleanups.push(() => client.close());
  return { sandbox, client };
}

const listRequests = (sandbox: SandboxHandle, resource = 'slis') =>
  sandbox.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`/v1/${resource}/`));

describe('pagination against the sandbox', () => {
  it('many pages: follows next exactly as given, ids once and in order', async () => {
    const { client, sandbox } = await sandboxWith({ sample: false, seed: 25 });
    const { pages } = await collect(client.pages('slis', { limit: 10 }));
    expect(pages.map((p) => [p.offset, p.limit, p.results.length])).toEqual([
      [0, 10, 10],
      [10, 10, 10],
      [20, 10, 5],
    ]);
    expectOnceInOrder(pages, 25);
    expect(pages[1]?.previous).not.toBeNull();
    // Each request after the first is the previous page's next link, verbatim.
    const paths = listRequests(sandbox).map((r) => r.path);
    expect(paths[0]).toBe('/v1/slis/?limit=10&offset=0');
    for (let i = 1; i < pages.length; i++) {
      const next = new URL(pages[i - 1]!.next!);
      expect(paths[i]).toBe(next.pathname + next.search);
      expect(pages[i]?.url).toBe(next.href);
    }
  });

  it('list --all style iteration over 10,000 SLIs yields each id once, in order', async () => {
    const { client, sandbox } = await sandboxWith({ sample: false, seed: 10_000 });
    let count = 0;
    let pagesSeen = 0;
    let lastTime = -Infinity;
    const ids = new Set<string>();
    for await (const page of client.pages('slis', { limit: 100 })) {
      pagesSeen++;
      expect(page.total).toBe(10_000);
      for (const record of page.results) {
        const time = Date.parse(String(record.created_at));
        expect(time).toBeGreaterThan(lastTime);
        lastTime = time;
        ids.add(record.id);
        count++;
      }
    }
    expect(count).toBe(10_000);
    expect(ids.size).toBe(10_000);
    expect(pagesSeen).toBe(100);
    expect(listRequests(sandbox)).toHaveLength(100);
    // One keep-alive pool: far fewer TLS connections than requests.
    expect(sandbox.stats().connections).toBeLessThanOrEqual(2);
  });

  it('under transient faults (20% of requests) every record comes once, in order, or a clear error; never a gap', async () => {
    const { client, sandbox } = await sandboxWith({ sample: false, seed: 10_000 });
    const reference: string[] = [];
    for await (const page of client.pages('slis', { limit: 100 })) reference.push(...page.results.map((r) => r.id));
    expect(reference).toHaveLength(10_000);

    for (const seed of [1, 2, 3]) {
      sandbox.setFaults({
        errorRate: 0.1,
        errorStatuses: [429, 502, 503],
        resetRate: 0.05,
        truncateRate: 0.05,
        retryAfterSeconds: 0,
        seed,
      });
      const waits: number[] = [];
      const faulty = createClient({
        baseUrl: sandbox.baseUrl,
        token: sandbox.token,
        ca: sandbox.caPem,
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      cleanups.push(() => faulty.close());
      const seen: string[] = [];
      let failure: unknown;
      try {
        for await (const page of faulty.pages('slis', { limit: 100 })) seen.push(...page.results.map((r) => r.id));
      } catch (error) {
        failure = error;
      }
      // Whatever happened, what was yielded is exactly the start of the real sequence.
      expect(seen).toEqual(reference.slice(0, seen.length));
      if (failure === undefined) expect(seen).toHaveLength(10_000);
      else {
        expect(['server', 'rate-limited', 'network', 'protocol']).toContain((failure as { kind?: string }).kind);
        expect((failure as Error).message).not.toContain(sandbox.token);
      }
      expect(waits.length).toBeGreaterThan(0);
    }
  });
});
