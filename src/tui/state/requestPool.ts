/**
 * The requests of one list, by key (a page's URL, or its offset and limit):
 * whoever asks for a key shares the one request under way; a request the
 * user waits for is sent at once, a background one (a prefetch, a count)
 * through the gate, over the background connection. When the last holder
 * lets go of an unfinished request: one not sent yet is dropped; a background
 * one already sent is let finish (its answer is still worth keeping); one the
 * user waited for is aborted (a slow answer nobody wants would hold the
 * connection). Answers go to `onResult` (the list's page cache).
 */
import { RequestGate, type Ticket } from './requestGate.js';

export type Priority = 'now' | 'background';

/** Sends the request; `background` asks for the background connection. */
export type Fetcher<T> = (signal: AbortSignal, background: boolean) => Promise<T>;

export interface Hold<T> {
  promise: Promise<T>;
  release(): void;
}

interface Flight<T> {
  promise: Promise<T>;
  controller: AbortController;
  ticket: Ticket<T> | null;
  holders: number;
  settled: boolean;
}

export interface RequestPoolOptions<T> {
  /** Shared by the lists of one session; default: one of its own. */
  gate?: RequestGate;
  /** Told of every answer (a request's key and the value). */
  onResult?: (key: string, value: T) => void;
}

export class RequestPool<T> {
  private readonly gate: RequestGate;
  private readonly flights = new Map<string, Flight<T>>();
  private disposed = false;

  constructor(private readonly options: RequestPoolOptions<T> = {}) {
    this.gate = options.gate ?? new RequestGate();
  }

  /** Requests under way or waiting. */
  get pending(): number {
    return this.flights.size;
  }

  acquire(key: string, fetcher: Fetcher<T>, priority: Priority = 'now'): Hold<T> {
    let flight = this.flights.get(key);
    if (!flight) {
      const controller = new AbortController();
      const send = (background: boolean) => fetcher(controller.signal, background);
      const ticket = priority === 'now' ? this.gate.now(send) : this.gate.later(send);
      flight = this.track(key, ticket.promise, controller, ticket);
    }
    if (priority === 'now') flight.ticket?.promote();
    const held = flight;
    held.holders++;
    let released = false;
    return {
      promise: held.promise,
      release: () => {
        if (released) return;
        released = true;
        held.holders--;
        if (held.holders > 0 || held.settled) return;
        if (held.ticket && !held.ticket.sent) held.ticket.drop();
        else if (priority === 'background')
          return; // sent: let it finish
        else held.controller.abort();
        if (this.flights.get(key) === held) this.flights.delete(key);
      },
    };
  }

  /** Takes over a request made elsewhere (the first page asked for before the dashboard loaded). */
  adopt(key: string, promise: Promise<T>): void {
    if (!this.flights.has(key)) this.track(key, promise, new AbortController(), null);
  }

  /** Drops what is waiting and aborts what is under way; answers after this are ignored. */
  dispose(): void {
    this.disposed = true;
    for (const flight of this.flights.values()) {
      flight.ticket?.drop();
      flight.controller.abort();
    }
    this.flights.clear();
  }

  private track(key: string, promise: Promise<T>, controller: AbortController, ticket: Ticket<T> | null): Flight<T> {
    const created: Flight<T> = { promise, controller, ticket, holders: 0, settled: false };
    const settle = () => {
      created.settled = true;
      if (this.flights.get(key) === created) this.flights.delete(key);
    };
    promise.then((value) => {
      settle();
      if (!this.disposed) this.options.onResult?.(key, value);
    }, settle);
    this.flights.set(key, created);
    return created;
  }
}
