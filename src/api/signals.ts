/**
 * One request's signal over longer-lived ones (the transport's closing
 * signal, a walk's signal for the page asked ahead).
 *
 * AbortSignal.any would do, but each call leaves on every source a weak
 * reference and cleanup registrations that go only when that source is
 * collected: a source that lives as long as the program gathers one set per
 * request, and the collector walks them all again and again, so the cost of
 * a request grows with the requests made before it (10,000 requests took
 * seconds of CPU for their signals alone; docs/performance.md). Here the
 * sources get a listener each, removed when the request is done.
 */

export interface LinkedSignal {
  /** Aborts when either source does, with that source's reason. */
  signal: AbortSignal;
  /** Lets go of the sources (the request is done); the signal no longer follows them. */
  release(): void;
}

const NOTHING_TO_RELEASE = () => {};

export function eitherSignal(first: AbortSignal, second: AbortSignal): LinkedSignal {
  // An aborted source is the answer as it is (AbortSignal.any gives a signal aborted with its reason).
  if (first.aborted) return { signal: first, release: NOTHING_TO_RELEASE };
  if (second.aborted) return { signal: second, release: NOTHING_TO_RELEASE };
  const controller = new AbortController();
  const release = () => {
    first.removeEventListener('abort', onFirst);
    second.removeEventListener('abort', onSecond);
  };
  const onFirst = () => {
    release();
    controller.abort(first.reason);
  };
  const onSecond = () => {
    release();
    controller.abort(second.reason);
  };
  first.addEventListener('abort', onFirst);
  second.addEventListener('abort', onSecond);
  return { signal: controller.signal, release };
}
