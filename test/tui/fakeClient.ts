/**
 * An ApiClient over records in memory, for unit tests of stores and
 * controllers: pages by limit and offset with next/previous links, ids made
 * up on create, and a log of what was called.
 */
import { SlotuiError } from '../../src/api/errors.js';
import type { ResourceName } from '../../src/api/resources.js';
import type { ApiRecord } from '../../src/api/record.js';
import type { ApiClient, ListOptions, Page } from '../../src/api/types.js';

export interface FakeClient extends ApiClient {
  records: Record<string, ApiRecord[]>;
  /** "method resource[ id]" for each call, in order. */
  calls: string[];
}

const BASE = 'https://fake.test';

export function fakeClient(
  records: Record<string, ApiRecord[]> = {},
  options: { readOnly?: boolean } = {},
): FakeClient {
  const calls: string[] = [];
  let next = 1000;
  const all = (resource: string) => (records[resource] ??= []);
  const page = (resource: ResourceName, limit: number, offset: number): Page => {
    const list = all(resource);
    const link = (o: number) => `${BASE}/v1/${resource}/?limit=${limit}&offset=${o}`;
    return {
      total: list.length,
      results: list.slice(offset, offset + limit),
      next: offset + limit < list.length ? link(offset + limit) : null,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
      url: link(offset),
      limit,
      offset,
    };
  };
  const find = (resource: ResourceName, id: string) => {
    const record = all(resource).find((r) => r.id === id);
    if (!record) throw new SlotuiError('not-found', `No ${resource} with id ${id}.`, { status: 404 });
    return record;
  };
  const client: FakeClient = {
    records,
    calls,
    baseUrl: BASE,
    readOnly: options.readOnly ?? false,
    resourceUrl: (resource) => `${BASE}/v1/${resource}/`,
    async listPage(resource, opts: ListOptions = {}) {
      calls.push(`list ${resource}`);
      return page(resource, opts.limit ?? 10, opts.offset ?? 0);
    },
    async followPage(resource, url) {
      calls.push(`follow ${resource}`);
      const u = new URL(url);
      return page(resource, Number(u.searchParams.get('limit')), Number(u.searchParams.get('offset')));
    },
    async *pages(resource, opts: ListOptions = {}) {
      const limit = opts.limit ?? 10;
      for (let offset = opts.offset ?? 0; offset < all(resource).length; offset += limit)
        yield page(resource, limit, offset);
    },
    async get(resource, id) {
      calls.push(`get ${resource} ${id}`);
      return find(resource, id);
    },
    async create(resource, body) {
      calls.push(`create ${resource}`);
      const record = { id: `${resource}-${next++}`, ...body } as ApiRecord;
      all(resource).push(record);
      return record;
    },
    async update(resource, id, patch) {
      calls.push(`update ${resource} ${id}`);
      // As a service does: a new copy stored and answered, never the object handed out before.
      const list = all(resource);
      const at = list.indexOf(find(resource, id));
      list[at] = { ...list[at]!, ...patch } as ApiRecord;
      return { ...list[at]! };
    },
    async remove(resource, id) {
      calls.push(`remove ${resource} ${id}`);
      find(resource, id);
      records[resource] = all(resource).filter((r) => r.id !== id);
    },
    async probe() {},
    async close() {},
  };
  return client;
}
