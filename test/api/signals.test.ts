/**
 * One request's signal over longer-lived ones (src/api/signals.ts), and the transport using it:
 * a signal given to request after request is left with nothing of theirs (counted in listeners).
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import MockAgent from 'undici/lib/mock/mock-agent.js';
import { createTransport } from '../../src/api/http.js';
import { RESOURCES } from '../../src/api/resources.js';
import { eitherSignal } from '../../src/api/signals.js';
import { mockTransportOptions } from './mockTransport.js';

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;
/** What AbortSignal.any leaves on a source, one for each signal made over it (Node keeps them in a set under this symbol). */
const dependants = (signal: AbortSignal) =>
  Object.getOwnPropertySymbols(signal)
    .filter((symbol) => symbol.description === 'kDependantSignals')
    .reduce((n, symbol) => n + ((signal as unknown as Record<symbol, Set<unknown>>)[symbol]?.size ?? 0), 0);

describe('eitherSignal', () => {
  it.each([0, 1])('aborts when source %i does, with its reason, and lets go of both', (which) => {
    const sources = [new AbortController(), new AbortController()];
    const linked = eitherSignal(sources[0]!.signal, sources[1]!.signal);
    expect(linked.signal.aborted).toBe(false);
    expect(sources.map((s) => listeners(s.signal))).toEqual([1, 1]);
    const reason = new Error(`source ${which}`);
    sources[which]!.abort(reason);
    expect(linked.signal.aborted).toBe(true);
    expect(linked.signal.reason).toBe(reason);
    expect(sources.map((s) => listeners(s.signal))).toEqual([0, 0]);
  });

  it('released: no listener left on either source, and an abort after it is not followed', () => {
    const first = new AbortController();
    const second = new AbortController();
    for (let i = 0; i < 100; i++) eitherSignal(first.signal, second.signal).release();
    expect([listeners(first.signal), listeners(second.signal)]).toEqual([0, 0]);
    const linked = eitherSignal(first.signal, second.signal);
    linked.release();
    first.abort();
    expect(linked.signal.aborted).toBe(false);
  });

  it('a source already aborted is the signal itself, nothing to let go of', () => {
    const aborted = AbortSignal.abort(new Error('gone'));
    const live = new AbortController();
    expect(eitherSignal(aborted, live.signal).signal).toBe(aborted);
    expect(eitherSignal(live.signal, aborted).signal).toBe(aborted);
    expect(listeners(live.signal)).toBe(0);
  });
});

describe('the transport', () => {
  const agents: MockAgent[] = [];
  afterEach(async () => {
    while (agents.length > 0) await agents.pop()!.close();
  });

  it('a signal given to request after request is left with nothing of theirs', async () => {
    const origin = 'https://api.test';
    const agent = new MockAgent();
    agent.disableNetConnect();
    agents.push(agent);
    agent
      .get(origin)
      .intercept({ path: '/v1/slis/', method: 'GET' })
      .reply(200, JSON.stringify({ total: 0, results: [] }))
      .times(20);
    const transport = createTransport(mockTransportOptions(origin, agent));
    const walk = new AbortController();
    const url = new URL(`${origin}/v1/slis/`);
    const target = { resource: 'slis', def: RESOURCES.slis, action: 'list' } as const;
    for (let i = 0; i < 20; i++) {
      const answer = await transport.send({ method: 'GET', url, target, signal: walk.signal });
      expect(answer.status).toBe(200);
      expect(listeners(walk.signal)).toBe(0);
    }
    expect(dependants(walk.signal)).toBe(0);
    // The measure itself sees what AbortSignal.any leaves.
    const other = new AbortController();
    AbortSignal.any([other.signal]);
    expect(dependants(other.signal)).toBe(1);
    await transport.close();
  });
});
