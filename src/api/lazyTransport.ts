/**
 * A Transport whose HTTP stack (http.ts: undici, node:tls, the TLS context) is
 * loaded at its first request, not when the client is made: the dashboard
 * draws the page kept from the last run before any of it is loaded. Scrubbing
 * the token needs none of it, and a transport closed before its first request
 * never loads it.
 */
import type { Transport, TransportOptions } from './http.js';
import { tokenScrub } from './tokenScrub.js';

type CloseOptions = Parameters<Transport['close']>[0];
type HttpModule = Pick<typeof import('./http.js'), 'createTransport'>;

/** `load` gives http.ts (tests count when it is asked for). */
export function lazyTransport(
  options: TransportOptions,
  load: () => Promise<HttpModule> = () => import('./http.js'),
): Transport {
  const { scrub, guard } = tokenScrub(options.token);
  let loaded: Promise<Transport> | undefined;
  let closedWith: CloseOptions | undefined;
  const transport = () =>
    (loaded ??= load().then(({ createTransport }) => {
      const made = createTransport(options);
      // Closed before its first request: a request now is refused as by a closed transport.
      if (closedWith) void made.close(closedWith);
      return made;
    }));
  return {
    send: async (call) => (await transport()).send(call),
    guard,
    scrub,
    async close(closeOptions = {}) {
      if (loaded) return (await loaded).close(closeOptions);
      closedWith = closeOptions;
    },
  };
}
