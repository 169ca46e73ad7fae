/**
 * The transport's options for a test over undici's MockAgent: one try, no waiting between tries,
 * requests to the agent instead of the pools.
 */
import type { TransportOptions } from '../../src/api/http.js';
import { DEFAULT_RETRY, DEFAULT_TIMEOUTS } from '../../src/api/requestPolicy.js';
import type { RequestDispatcher } from '../../src/api/types.js';

export function mockTransportOptions(origin: string, dispatcher: RequestDispatcher, token = 'tok'): TransportOptions {
  return {
    base: new URL(`${origin}/v1/`),
    token,
    readOnly: false,
    timeouts: DEFAULT_TIMEOUTS,
    retry: { ...DEFAULT_RETRY, tries: 1 },
    sleep: async () => undefined,
    userAgent: 'slotui-test',
    dispatcher,
  };
}
