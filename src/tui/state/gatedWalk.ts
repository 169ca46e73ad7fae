/**
 * The record index's pages, read through the session's RequestGate as
 * background requests: over the background connection, one at a time with
 * the other requests made in case, so a page the user waits for never
 * queues behind them. The walk itself is the
 * API's pages iterator (walkPages), so its rules against loops and runaway
 * lists hold; the client checks each link's origin as it follows it.
 */
import { walkPages } from '../../api/pagination.js';
import type { PageWalk } from '../../api/recordIndex.js';
import type { ViewRegistry } from '../../presentation/resources.js';
import type { ApiClient, Page } from '../../api/types.js';
import type { RequestGate } from './requestGate.js';

export function gatedWalk(client: ApiClient, gate: RequestGate, registry: ViewRegistry): PageWalk {
  const later = (send: (background: boolean) => Promise<Page>, signal?: AbortSignal): Promise<Page> => {
    const ticket = gate.later(send);
    signal?.addEventListener('abort', () => ticket.drop(), { once: true });
    return ticket.promise;
  };
  return (resource, { limit, signal }) =>
    walkPages(
      registry.get(resource),
      {
        first: (s) => later((background) => client.listPage(resource, { limit, signal: s, background }), s),
        follow: (link, _relativeTo, s) =>
          later((background) => client.followPage(resource, link, { signal: s, background }), s),
        resolve: (link, relativeTo) => new URL(link, relativeTo),
      },
      signal,
    );
}
