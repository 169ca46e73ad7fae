/**
 * The order in which the dashboard's page requests go out. The dashboard talks
 * over one kept-alive connection (one TLS handshake per session), where
 * requests wait their turn: a page the user asked for must not queue behind
 * pages fetched only in case (the next page, the other resources' counts).
 *
 * So requests the user waits for are sent at once, and background requests
 * one at a time, only while nothing else is under way. A background request
 * the user comes to wait for (paging onto a page being prefetched) is sent at
 * once; one nobody wants any more is dropped before it is sent, at no cost.
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
  send(): void;
  dropped: boolean;
}

export class RequestGate {
  private active = 0;
  private readonly waiting: Waiting[] = [];

  /** Sends now; for requests the user waits for. */
  now<T>(send: () => Promise<T>): Ticket<T> {
    return this.ticket(send, false);
  }

  /** Sends when nothing else is under way, one at a time; for requests made in case. */
  later<T>(send: () => Promise<T>): Ticket<T> {
    return this.ticket(send, true);
  }

  /** Requests sent and not answered yet (tests). */
  get underWay(): number {
    return this.active;
  }

  private ticket<T>(send: () => Promise<T>, wait: boolean): Ticket<T> {
    let sent = false;
    let resolve!: (value: T) => void;
    let reject!: (reason: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const entry: Waiting = {
      dropped: false,
      send: () => {
        if (sent || entry.dropped) return;
        sent = true;
        this.active++;
        let result: Promise<T>;
        try {
          result = send();
        } catch (error) {
          result = Promise.reject(error);
        }
        result.then(resolve, reject).finally(() => {
          this.active--;
          // After the answer's own continuations: a walk that goes on to its next page
          // sends that request first, before a background one takes the connection.
          setImmediate(() => this.pump());
        });
      },
    };
    if (wait) {
      this.waiting.push(entry);
      this.pump();
    } else {
      entry.send();
    }
    return {
      promise,
      get sent() {
        return sent;
      },
      promote: () => entry.send(),
      drop: () => {
        if (sent || entry.dropped) return;
        entry.dropped = true;
        reject(new SlotuiError('cancelled', 'The request was cancelled.'));
        this.pump();
      },
    };
  }

  private pump(): void {
    while (this.active === 0 && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      if (!next.dropped) next.send();
    }
  }
}
