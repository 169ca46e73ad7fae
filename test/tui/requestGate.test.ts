/**
 * The order of the dashboard's requests on its one connection: requests the
 * user waits for go at once; background ones one at a time, only while
 * nothing else is under way; a background one the user comes to wait for goes
 * at once, and one dropped before it was sent is never sent.
 */
import { describe, expect, test } from 'vitest';
import { isSlotuiError } from '../../src/api/errors.js';
import { RequestGate } from '../../src/tui/state/requestGate.js';
import { waitUntil } from './helpers.js';

/** A request whose answer the test gives: records when it was sent. */
function controlled(log: string[], name: string) {
  let answer!: (value: string) => void;
  const send = () => {
    log.push(name);
    return new Promise<string>((resolve) => {
      answer = resolve;
    });
  };
  return { send, answer: (value = name) => answer(value) };
}

describe('RequestGate', () => {
  test('a request the user waits for is sent at once, background ones wait until nothing is under way', async () => {
    const gate = new RequestGate();
    const sent: string[] = [];
    const page = controlled(sent, 'page');
    const prefetch = controlled(sent, 'prefetch');
    const count = controlled(sent, 'count');
    const pageTicket = gate.now(page.send);
    const prefetchTicket = gate.later(prefetch.send);
    const countTicket = gate.later(count.send);
    expect(sent).toEqual(['page']);
    expect(prefetchTicket.sent).toBe(false);
    page.answer();
    await expect(pageTicket.promise).resolves.toBe('page');
    // One background request at a time.
    await waitUntil(() => sent.length === 2, 'the prefetch to be sent');
    expect(sent).toEqual(['page', 'prefetch']);
    // A request the user waits for does not wait for the background one.
    const next = controlled(sent, 'next');
    gate.now(next.send);
    expect(sent).toEqual(['page', 'prefetch', 'next']);
    prefetch.answer();
    await prefetchTicket.promise;
    next.answer();
    await waitUntil(() => sent.length === 4, 'the count to be sent');
    count.answer();
    await expect(countTicket.promise).resolves.toBe('count');
    expect(gate.underWay).toBe(0);
  });

  test('promote sends a waiting background request at once; drop forgets one not yet sent', async () => {
    const gate = new RequestGate();
    const sent: string[] = [];
    const page = controlled(sent, 'page');
    const prefetch = controlled(sent, 'prefetch');
    const count = controlled(sent, 'count');
    gate.now(page.send);
    const prefetchTicket = gate.later(prefetch.send);
    const countTicket = gate.later(count.send);
    prefetchTicket.promote();
    expect(sent).toEqual(['page', 'prefetch']);
    countTicket.drop();
    const error: unknown = await countTicket.promise.catch((e: unknown) => e);
    expect(isSlotuiError(error) && error.kind).toBe('cancelled');
    // A sent request cannot be dropped: it is left to finish.
    prefetchTicket.drop();
    page.answer();
    prefetch.answer();
    await expect(prefetchTicket.promise).resolves.toBe('prefetch');
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(['page', 'prefetch']);
    expect(gate.underWay).toBe(0);
  });
});
