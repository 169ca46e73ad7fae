/**
 * The order in which the dashboard's requests go out. Requests the user waits
 * for are sent at once, over the session's main connection. Requests made in
 * case (the next page, the other resources' counts, gathering an index) go
 * over a background connection of their own, one at a time, so they never
 * hold up one the user waits for and never crowd the service. A background
 * request the user comes to wait for (paging onto a page being prefetched)
 * is sent at once, over the main connection if it was not sent yet; one nobody
 * wants any more is dropped before it is sent, at no cost.
 */
import { SlotuiError } from '../../api/errors.js';

export interface Ticket<T> {
  promise: Promise<T>;
  /** Whether the request has been handed to the client (it may be on the wire). */
  readonly sent: boolean;
  /** Send it now: the user waits for it. */
  promote(): void;
  /** Forget it if it was not sent yet (its promise rejects as cancelled); a sent one is left alone. */
  drop(): void;
}

interface Waiting {
  send(background: boolean): void;
  dropped: boolean;
}

/** Sends the request; `background` says it goes over the background connection. */
export type Send<T> = (background: boolean) => Promise<T>;

export class RequestGate {
  private active = 0;
  private activeBackground = 0;
  private readonly waiting: Waiting[] = [];

  /** Sends now, over the main connection; for requests the user waits for. */
  now<T>(send: Send<T>): Ticket<T> {
    return this.ticket(send, false);
  }

  /** Sends over the background connection, one at a time; for requests made in case. */
  later<T>(send: Send<T>): Ticket<T> {
    return this.ticket(send, true);
  }

  /** Requests sent and not answered yet (tests). */
  get underWay(): number {
    return this.active;
  }

  private ticket<T>(send: Send<T>, wait: boolean): Ticket<T> {
    let sent = false;
    let resolve!: (value: T) => void;
    let reject!: (reason: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const entry: Waiting = {
      dropped: false,
      send: (background) => {
        if (sent || entry.dropped) return;
        sent = true;
        this.active++;
        if (background) this.activeBackground++;
        let result: Promise<T>;
        try {
          result = send(background);
        } catch (error) {
          result = Promise.reject(error);
        }
        result.then(resolve, reject).finally(() => {
          this.active--;
          if (background) this.activeBackground--;
          // After the answer's own continuations: a walk that goes on to its next page
          // sends that request first.
          setImmediate(() => this.pump());
        });
      },
    };
    if (wait) {
      this.waiting.push(entry);
      this.pump();
    } else {
      entry.send(false);
    }
    return {
      promise,
      get sent() {
        return sent;
      },
      promote: () => entry.send(false),
      drop: () => {
        if (sent || entry.dropped) return;
        entry.dropped = true;
        reject(new SlotuiError('cancelled', 'The request was cancelled.'));
        this.pump();
      },
    };
  }

  private pump(): void {
    while (this.activeBackground === 0 && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      if (!next.dropped) next.send(true);
    }
  }
}
