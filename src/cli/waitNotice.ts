/**
 * What the CLI waits for, said on a terminal: a request that has not ended
 * after WAIT_NOTICE_MS shows "Waiting for HOST to answer GET /v1/slis/ (5 s)…"
 * on stderr, redrawn each second and erased when the answer comes (the client
 * may wait up to its deadline, 60 s, in silence otherwise). Nothing is drawn
 * into a pipe or a file.
 */
import type { RequestObserver } from '../api/types.js';
import { createProgress, type ProgressOptions, type ProgressStream } from './progress.js';

const WAIT_NOTICE_MS = 2000;

export interface WaitNoticeOptions extends Omit<ProgressOptions, 'delayMs'> {
  /** How long a request runs before it is said (default WAIT_NOTICE_MS). */
  afterMs?: number;
}

export function waitNotice(stream: ProgressStream, options: WaitNoticeOptions = {}): RequestObserver {
  if (stream.isTTY !== true) return () => () => {};
  const afterMs = options.afterMs ?? WAIT_NOTICE_MS;
  const line = createProgress(stream, { ...options, delayMs: 0, intervalMs: 0 });
  const waiting = new Map<object, { what: string; since: number }>();
  let timer: NodeJS.Timeout | undefined;

  const draw = () => {
    const oldest = waiting.values().next();
    if (oldest.done) return;
    const seconds = Math.floor((performance.now() - oldest.value.since) / 1000);
    line.update(`Waiting for ${oldest.value.what} (${seconds} s)…`);
    timer = setTimeout(draw, 1000);
    timer.unref();
  };

  return ({ method, url }) => {
    const key = {};
    waiting.set(key, { what: `${url.host} to answer ${method} ${url.pathname}`, since: performance.now() });
    if (!timer) {
      timer = setTimeout(draw, afterMs);
      timer.unref();
    }
    return () => {
      waiting.delete(key);
      if (waiting.size > 0) return;
      clearTimeout(timer);
      timer = undefined;
      line.clear();
    };
  };
}
