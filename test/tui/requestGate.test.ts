/**
 * The order of the dashboard's requests: requests the user waits for go at
 * once; background ones over their own connection, one at a time; a
 * background one the user comes to wait for goes at once over the main
 * connection, and one dropped before it was sent is never sent.
 */
import { describe, expect, test } from 'vitest';
import { isSlotuiError } from '../../src/api/errors.js';
import { RequestGate } from '../../src/tui/state/requestGate.js';
import { waitUntil } from './testing.js';

/** A request whose answer the test gives: records when it was sent. */
function controlled(log: string[], name: string) {
  let answer!: (value: string) => void;
  const send = (background: boolean) => {
    log.push(background ? `${name} (background)` : name);
    return new Promise<string>((resolve) => {
      answer = resolve;
    });
  };
  return { send, answer: (value = name) => answer(value) };
}

describe('RequestGate', () => {
  test('a request the user waits for is sent at once; background ones go beside it over their own connection, one at a time', async () => {
    const gate = new RequestGate();
    const sent: string[] = [];
    const page = controlled(sent, 'page');
    const prefetch = controlled(sent, 'prefetch');
    const count = controlled(sent, 'count');
    const pageTicket = gate.now(page.send);
    const prefetchTicket = gate.later(prefetch.send);
    const countTicket = gate.later(count.send);
    expect(sent).toEqual(['page', 'prefetch (background)']);
    expect(countTicket.sent).toBe(false);
    // A request the user waits for does not wait for the background one.
    const next = controlled(sent, 'next');
    gate.now(next.send);
    expect(sent).toEqual(['page', 'prefetch (background)', 'next']);
    prefetch.answer();
    await prefetchTicket.promise;
    await waitUntil(() => sent.length === 4, 'the count to be sent');
    expect(sent[3]).toBe('count (background)');
    count.answer();
    page.answer();
    next.answer();
    await expect(countTicket.promise).resolves.toBe('count');
    await expect(pageTicket.promise).resolves.toBe('page');
    await waitUntil(() => gate.underWay === 0, 'nothing under way');
  });

  test('promote sends a waiting background request at once over the main connection; drop forgets one not yet sent', async () => {
    const gate = new RequestGate();
    const sent: string[] = [];
    const prefetch = controlled(sent, 'prefetch');
    const count = controlled(sent, 'count');
    const other = controlled(sent, 'other');
    const prefetchTicket = gate.later(prefetch.send);
    const countTicket = gate.later(count.send);
    const otherTicket = gate.later(other.send);
    expect(sent).toEqual(['prefetch (background)']);
    countTicket.promote();
    expect(sent).toEqual(['prefetch (background)', 'count']);
    otherTicket.drop();
    const error: unknown = await otherTicket.promise.catch((e: unknown) => e);
    expect(isSlotuiError(error) && error.kind).toBe('cancelled');
    // A sent request cannot be dropped: it is left to finish.
    prefetchTicket.drop();
    prefetch.answer();
    count.answer();
    await expect(prefetchTicket.promise).resolves.toBe('prefetch');
    await expect(countTicket.promise).resolves.toBe('count');
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(['prefetch (background)', 'count']);
    expect(gate.underWay).toBe(0);
  });
});
